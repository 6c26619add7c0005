"""Sheets derived once and kept, so a write does not replay the game it adds to.

The truth stays the stored rounds; a sheet is only ever kept under the state it was derived
from:

- within a transaction, the sheet a write produced is kept in the session for that game
  with the revision, setup and number of rounds it belongs to: the next round of an import
  (or a second write in the same request) starts from it instead of from round 1;
- when the transaction commits, that sheet joins the process's LRU under (edit_key,
  revision). A revision names one committed state of a game for good, so the pair is a safe
  key; a rollback forgets it.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.orm import Session

from companion import models, scoring
from companion.cache import stores

_PENDING = "derived_sheets"


_Entry = tuple[str, int, scoring.Setup, int, scoring.Sheet]


def _pending(session: Session) -> dict[int, _Entry]:
    found: dict[int, _Entry] = session.info.setdefault(_PENDING, {})
    return found


def remember(session: Session, game: models.Game, setup: scoring.Setup,
             sheet: scoring.Sheet) -> None:
    """``sheet`` is ``game``'s sheet as it stands now (its revision, setup and rounds)."""
    _pending(session)[game.id] = (game.edit_key, game.revision, setup, len(sheet.rounds), sheet)


def recall(session: Session, game: models.Game, setup: scoring.Setup) -> scoring.Sheet | None:
    """The kept sheet of ``game`` as it stands now, or None when it must be replayed."""
    entry = _pending(session).get(game.id)
    if entry is not None:
        _key, revision, known_setup, count, sheet = entry
        if (revision, known_setup) == (game.revision, setup) and _counts(game, count):
            return sheet
        return None
    if game in session.new or session.is_modified(game):
        return None  # changed in this transaction and not yet derived: replay
    found = stores.sheets.find((game.edit_key, game.revision))
    if found is not None and _counts(game, len(found.rounds)):
        return found
    return None


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


@event.listens_for(Session, "after_commit")
def _committed(session: Session) -> None:
    for key, revision, _setup, _count, sheet in session.info.pop(_PENDING, {}).values():
        stores.sheets.put((key, revision), sheet)


@event.listens_for(Session, "after_rollback")
@event.listens_for(Session, "after_soft_rollback")
def _forgotten(session: Session, *_: Any) -> None:
    session.info.pop(_PENDING, None)
