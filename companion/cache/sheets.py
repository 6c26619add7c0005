"""Sheets derived once and kept, so a write does not replay the game it adds to.

The truth stays the stored rounds; a sheet is only ever kept under the state it was derived
from:

- within a transaction, the sheet a write produced is kept in the session for that game
  with the revision, setup and number of rounds it belongs to: the next round of an import
  (or a second write in the same request) starts from it instead of from round 1;
- when the transaction commits, that sheet joins the process's LRU under (edit_key,
  revision): the write's unit of work runs :func:`published` after its commit
  (companion.services.games.written). A revision names one committed state of a game for
  good, so the pair is a safe key; a rollback forgets it (what is kept belongs to the
  transaction it was kept in).
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import inspect
from sqlalchemy.orm import Session

from companion import models, scoring
from companion.cache import stores

_PENDING = "derived_sheets"


_Entry = tuple[str, int, scoring.Setup, int, scoring.Sheet]


def _pending(session: Session) -> dict[int, _Entry]:
    """The sheets kept in the session's current transaction (none in a new one)."""
    transaction = session.get_transaction()
    found = session.info.get(_PENDING)
    if found is None or found[0] is not transaction:
        found = session.info[_PENDING] = (transaction, {})
    entries: dict[int, _Entry] = found[1]
    return entries


def remember(session: Session, game: models.Game, setup: scoring.Setup,
             sheet: scoring.Sheet) -> None:
    """``sheet`` is ``game``'s sheet as it stands now (its revision, setup and rounds)."""
    _pending(session)[game.id] = (game.edit_key, game.revision, setup, len(sheet.rounds), sheet)


def pending(session: Session, game: models.Game, setup: scoring.Setup
            ) -> scoring.Sheet | None:
    """The sheet a write of this transaction left ``game`` with, when it is still as that
    write left it (None: this transaction kept none, or changed the game since)."""
    entry = _pending(session).get(game.id)
    if entry is None:
        return None
    _key, revision, known_setup, count, sheet = entry
    if (revision, known_setup) == (game.revision, setup) and _counts(game, count):
        return sheet
    return None


def kept(edit_key: str, revision: int, game: models.Game | None = None
         ) -> scoring.Sheet | None:
    """The committed sheet of revision ``revision`` of the game behind ``edit_key``, when
    this process keeps it (``game``: its row, for a second look at its rounds)."""
    found = stores.sheets.find((edit_key, revision))
    if found is not None and (game is None or _counts(game, len(found.rounds))):
        return found
    return None


def keep(edit_key: str, revision: int, sheet: scoring.Sheet) -> None:
    """``sheet`` is the committed sheet of revision ``revision``: the process keeps it."""
    stores.sheets.put((edit_key, revision), sheet)


def _counts(game: models.Game, count: int) -> bool:
    """A second look where the rounds are in memory anyway: they are ``count``. (A revision
    names one state of the game's rounds for good: every write adds one.)"""
    if "rounds" in inspect(game).unloaded:
        return True
    return len(game.rounds) == count


#: How many revisions back a process looks for a sheet it can continue (it served a poll a
#: few rounds ago, while another worker took the writes).
LOOK_BACK = 16


def earlier(game: models.Game) -> tuple[int, scoring.Sheet] | None:
    """The newest sheet of ``game`` this process keeps from a revision before the current
    one (at most LOOK_BACK back), with that revision."""
    for revision in range(game.revision - 1, max(game.revision - 1 - LOOK_BACK, 0), -1):
        found = stores.sheets.find((game.edit_key, revision))
        if found is not None:
            return revision, found
    return None


def published(session: Session) -> Callable[[], None]:
    """What makes the sheets this transaction keeps the process's: to run after it commits."""
    entries = _pending(session)

    def publish() -> None:
        for key, revision, _setup, _count, sheet in entries.values():
            keep(key, revision, sheet)
        entries.clear()

    return publish
