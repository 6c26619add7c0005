"""Every store a process keeps, declared in one place, each weighed against the one byte
budget (companion.cache.store.budget, ``COMPANION_KEPT_BYTES``).

Pages, answers and pictures weigh what they hold; a derived object weighs an estimate of its
memory (``benchmarks/kept.py`` measures it against tracemalloc). The counts only stop a store
of many small values from costing more in bookkeeping than in values.
"""

from __future__ import annotations

from markupsafe import Markup

from companion.cache.store import Kept
from companion.editions import Edition
from companion.scoring import Sheet
from companion.scoring.records import Derived, GroupRecords

#: What a sheet costs besides its rounds, and each player's line of each round: at or above
#: what tracemalloc measures from 2 players and 5 rounds to 6 and 50 (benchmarks/kept.py).
SHEET_BYTES, LINE_BYTES = 8192, 560
#: What a group's records cost besides their entries, and each entry (a game listed, a
#: player, a phase, a pair, a finished game's winners).
RECORDS_BYTES, ENTRY_BYTES = 4096, 512
#: A built edition of house rules (its phases, deck and labels).
EDITION_BYTES = 16 * 1024


def sheet_bytes(sheet: Sheet) -> int:
    return SHEET_BYTES + LINE_BYTES * len(sheet.rounds) * len(sheet.players)


def records_bytes(records: GroupRecords) -> int:
    entries = (len(records.games) + len(records.players) + len(records.phases)
               + len(records.pairs) + len(records.wins))
    return RECORDS_BYTES + ENTRY_BYTES * entries


def derived_bytes(derived: Derived) -> int:
    return records_bytes(derived.records) + 128 * len(derived.edit_keys)


def _edition_bytes(_edition: Edition) -> int:
    return EDITION_BYTES


def _link_bytes(link: str) -> int:
    return 256 + len(link)


#: Pages rendered once per revision (companion.cache.pages; a sheet of 20 rounds: ~30 kB).
pages: Kept[str] = Kept(512, weigh=len)
#: JSON answers once per revision (a game of 20 rounds: ~15 kB).
answers: Kept[bytes] = Kept(1024, weigh=len)
#: Sheets replayed once per revision, by (edit_key, revision) (companion.cache.sheets).
sheets: Kept[Sheet] = Kept(1024, weigh=sheet_bytes)
#: Filled PDFs per revision, paper, language and address (a 2,000-round sheet draws in ~1 s).
pdfs: Kept[bytes] = Kept(64, weigh=len)
#: Standings pictures per revision and language (60–100 kB each).
pictures: Kept[bytes] = Kept(64, weigh=len)
#: A group's records and listed games by fingerprint (companion.services.groups.derived).
groups: Kept[Derived] = Kept(32, weigh=derived_bytes)
#: A group's records by what they are made of (they outlive a round of a game in progress).
group_records: Kept[GroupRecords] = Kept(32, weigh=records_bytes)
#: A group page's list, and its records and charts, per change, language and kind of link.
group_blocks: Kept[Markup] = Kept(64, weigh=len)
#: One line of a group's list of games each (a change redraws one line).
group_rows: Kept[Markup] = Kept(4096, weigh=len)
#: Editions of house rules built from a revision, by (database, revision key): a revision
#: never changes, so nothing is ever stale (companion.services.editions).
editions: Kept[Edition] = Kept(2048, weigh=_edition_bytes)
#: The read-only link of the house rules a revision belongs to, by (database, revision key).
edition_links: Kept[str] = Kept(2048, weigh=_link_bytes)

#: Compiled templates (companion.cache.templates), by template and settings: a few kB each.
templates: Kept[bytes] = Kept(256, weigh=len)

EVERY = (pages, answers, sheets, pdfs, pictures, groups, group_records, group_blocks,
         group_rows, editions, edition_links, templates)


def forget() -> None:
    """Drop everything this process keeps (tests and benchmarks measure a first view with
    it). No write needs it: every key names the revision or fingerprint it was made from."""
    for store in EVERY:
        store.clear()
