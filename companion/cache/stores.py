"""Every store an app keeps, declared in one place, each weighed against the app's one byte
budget (``KEPT_BYTES``, ``COMPANION_KEPT_BYTES``): each app built in a process has its own
(:func:`init_app`, in ``app.extensions``), and ``stores.sheets`` and the like are the current
app's. Compiled templates alone are the process's (:data:`templates`): they are the same for
every app.

Pages, answers and pictures weigh what they hold; a derived object weighs an estimate of its
memory (``benchmarks/kept.py`` measures it against tracemalloc). The counts only stop a store
of many small values from costing more in bookkeeping than in values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import Flask, current_app, has_app_context
from markupsafe import Markup

from companion.cache.store import Budget, Kept
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
#: What the process's compiled templates may take together.
TEMPLATE_BYTES = 8 * 1024 * 1024


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


class Stores:
    """The stores of one app, under one budget of ``most_bytes``."""

    def __init__(self, most_bytes: int) -> None:
        self.budget = within = Budget(most_bytes)
        #: Pages rendered once per revision (companion.cache.pages; a sheet of 20 rounds:
        #: ~30 kB).
        self.pages: Kept[str] = Kept(512, weigh=len, within=within)
        #: JSON answers once per revision (a game of 20 rounds: ~15 kB).
        self.answers: Kept[bytes] = Kept(1024, weigh=len, within=within)
        #: Sheets replayed once per revision, by (edit_key, revision) (companion.cache.sheets).
        self.sheets: Kept[Sheet] = Kept(1024, weigh=sheet_bytes, within=within)
        #: Filled PDFs per revision, paper, language and address (a 2,000-round sheet draws
        #: in ~1 s).
        self.pdfs: Kept[bytes] = Kept(64, weigh=len, within=within)
        #: Standings pictures per revision and language (60–100 kB each).
        self.pictures: Kept[bytes] = Kept(64, weigh=len, within=within)
        #: A group's records and listed games by fingerprint
        #: (companion.services.groups.derived).
        self.groups: Kept[Derived] = Kept(32, weigh=derived_bytes, within=within)
        #: A group's records by what they are made of (they outlive a round of a game in
        #: progress).
        self.group_records: Kept[GroupRecords] = Kept(32, weigh=records_bytes, within=within)
        #: A group page's list, and its records and charts, per change, language and kind of
        #: link.
        self.group_blocks: Kept[Markup] = Kept(64, weigh=len, within=within)
        #: One line of a group's list of games each (a change redraws one line).
        self.group_rows: Kept[Markup] = Kept(4096, weigh=len, within=within)
        #: Editions of house rules built from a revision, by (database, revision key): a
        #: revision never changes, so nothing is ever stale (companion.services.editions).
        self.editions: Kept[Edition] = Kept(2048, weigh=_edition_bytes, within=within)
        #: The read-only link of the house rules a revision belongs to, by (database,
        #: revision key).
        self.edition_links: Kept[str] = Kept(2048, weigh=_link_bytes, within=within)

    def every(self) -> tuple[Kept[Any], ...]:
        return tuple(value for value in vars(self).values() if isinstance(value, Kept))


#: Compiled templates (companion.cache.templates), by template and settings: a few kB each,
#: the same for every app of the process, under a budget of their own.
templates: Kept[bytes] = Kept(256, weigh=len, within=Budget(TEMPLATE_BYTES))

_KEY = "companion_stores"


def init_app(app: Flask) -> None:
    """The app's own stores, under its KEPT_BYTES."""
    app.extensions[_KEY] = Stores(int(app.config["KEPT_BYTES"]))


def of_app() -> Stores:
    """The current app's stores."""
    found: Stores = current_app.extensions[_KEY]
    return found


if TYPE_CHECKING:  # the current app's stores, by name (stores.sheets, stores.pages, ...)
    pages: Kept[str]
    answers: Kept[bytes]
    sheets: Kept[Sheet]
    pdfs: Kept[bytes]
    pictures: Kept[bytes]
    groups: Kept[Derived]
    group_records: Kept[GroupRecords]
    group_blocks: Kept[Markup]
    group_rows: Kept[Markup]
    editions: Kept[Edition]
    edition_links: Kept[str]
else:
    def __getattr__(name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(of_app(), name)


def every() -> tuple[Kept[Any], ...]:
    """Every store of the current app, and the process's templates."""
    return (*of_app().every(), templates)


def forget(app: Flask | None = None) -> None:
    """Drop everything ``app`` keeps (else the current app, if any), and the compiled
    templates (tests and benchmarks measure a first view with it). No write needs it: every
    key names the revision or fingerprint it was made from."""
    kept: Stores | None = app.extensions[_KEY] if app is not None else (
        of_app() if has_app_context() else None)
    for store in (*(kept.every() if kept is not None else ()), templates):
        store.clear()
