"""What a write also keeps, besides what it stores: the one list.

Every write to a game ends with :func:`after_write` (companion.services.games: a round
recorded, undone or corrected, a player changed, a game started or put into a group), and
every change to a group's merged spellings with :func:`spellings_changed`. Neither works at
once: the use case's unit of work (companion.services.work) runs :func:`keep` once when its
block ends, before it commits, so an import of a thousand rounds keeps each game once, with
the group and players its game has by then.

:func:`keep` is the list, in order:

1. each game written keeps its line in its group's list and its facts in the group's
   records, with the pairs of its players (companion.services.group_records.keep, which
   calls companion.services.head_to_head.change);
2. each group whose merges changed derives its pairs again from the facts its games keep
   (companion.services.head_to_head.rebuild_merged): after the games, whose facts it reads.

Anything else a write must keep (a group's ratings, say) is added to :func:`keep`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from sqlalchemy.orm import Session

from companion import models
from companion.infra.extensions import db
from companion.scoring import Sheet
from companion.services import group_records, head_to_head, work

log = logging.getLogger(__name__)


@dataclass
class _Written:
    """What the open unit wrote that its end keeps: games (with their sheet as the last write
    left it), and the groups whose merges changed."""

    games: dict[int, tuple[models.Game, Sheet | Exception]] = field(default_factory=dict)
    merged: set[int] = field(default_factory=set)


def _written() -> _Written:
    """The open unit's list; the first entry asks the unit to run :func:`keep` at its end."""
    written, session = work.held(_Written, _Written), db.session()
    work.before_commit(keep, lambda: keep(session, written))
    return written


def after_write(game: models.Game, sheet: Sheet | Exception) -> None:
    """``game`` was written, and ``sheet`` is its sheet as the write left it (or why its
    stored rounds cannot be read: it is then left out of its group's records)."""
    _written().games[id(game)] = (game, sheet)


def spellings_changed(group: models.Group) -> None:
    """``group``'s merges (its aliases) changed: its pairs are derived again."""
    _written().merged.add(group.id)


def keep(session: Session, written: _Written) -> None:
    """Keep what the unit's writes also change (see the module's description): run by the
    unit of work before it commits."""
    session.flush()
    for game, sheet in written.games.values():
        if game not in session:
            continue  # a game started and then rolled back within the unit
        if isinstance(sheet, Exception):
            log.warning("game %s left out of its group's records: %s", game.id, sheet)
            continue
        group_records.keep(session, game, sheet)
    for group_id in sorted(written.merged):
        head_to_head.rebuild_merged(session, group_id)
    session.flush()
