"""A group's records kept with every write, so that its page never replays its games.

Every write to a game ends with :func:`keep` and the sheet it made, once per unit of work,
before it commits (the list of what a write keeps: :mod:`companion.services.kept`):

- the game's own row keeps its line in the group's list (status, winners, rounds);
- when what the game adds to the records changed (it finished, an undo took the finish back, a
  finished round was corrected, it joined a group), the old facts are taken away from the group
  it was counted in and the new ones added, under the group row's lock, with the game's
  players in ``standing`` for the lookups a sum cannot keep;
- the group's revision grows, which names what its page shows;
- its pairs (head-to-head) change with it (:mod:`companion.services.head_to_head`).

So a write costs the same at a group's 10th and 1,000th game, and a view reads one row of
tallies and the few games it lists. A group stored before the tallies existed has none
(``tallies`` NULL) until :func:`companion.services.groups.tallies_of` derives them once.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from companion import models, player_names
from companion.scoring import Sheet, record_tallies
from companion.services import head_to_head, ratings

_JSON = {"separators": (",", ":"), "ensure_ascii": False}


def bump(session: Session, group_id: int) -> None:
    """The group's revision grows by one, in the database (never a stale value read before)."""
    session.execute(update(models.Group).where(models.Group.id == group_id)
                    .values(revision=models.Group.revision + 1)
                    .execution_options(synchronize_session=False))


def keep(session: Session, game: models.Game, sheet: Sheet) -> None:
    """``sheet`` is ``game`` as this transaction leaves it: keep its line and its facts."""
    game.status, game.played_rounds = sheet.status, len(sheet.rounds)
    game.winners = json.dumps(list(sheet.winners), **_JSON)  # type: ignore[arg-type]
    new = record_tallies.facts(sheet, game.view_key, game.created_at, game.last_round_at)
    where = game.group_id if new is not None else None
    for group_id in {game.group_id, game.counted_in} - {None}:
        bump(session, group_id)  # type: ignore[arg-type]
    old = json.loads(game.facts) if game.facts else None
    if old == new and game.counted_in == where:
        return
    if game.counted_in is not None and old is not None:
        _change(session, game.counted_in, game, old, -1)
    if where is not None and new is not None:
        _change(session, where, game, new, 1)
    ratings.keep(session, game, where, new)  # the group's ratings follow the same facts
    game.facts = None if new is None else json.dumps(new, **_JSON)  # type: ignore[arg-type]
    game.counted_in = where


def _change(session: Session, group_id: int, game: models.Game, facts: record_tallies.Facts,
            sign: int) -> None:
    group = models.locked_group(session, group_id)
    if group is None or group.tallies is None:
        return  # gone, or not derived yet: its first view derives everything
    kept = json.loads(group.tallies)
    if sign < 0:
        session.query(models.Standing).filter_by(game_id=game.id).delete(
            synchronize_session=False)
    else:
        session.add_all(models.Standing(
            group_id=group_id, game_id=game.id, spelling=player_names.key(player["name"]),
            name=player["name"], points=player["points"], played_at=facts["at"],
            view_key=facts["ref"], seconds=facts.get("seconds"))
            for player in facts["players"])
    session.flush()
    head_to_head.change(session, group, kept, game.id, facts, sign)
    lost = record_tallies.apply(kept["players"], facts, sign)
    for spelling in lost:
        kept["players"][spelling].update(_looked_up(session, group_id, spelling))
    length = kept.setdefault("length", record_tallies.no_length())
    if record_tallies.apply_length(length, facts, sign):
        length["longest"] = _longest(session, group_id)
    kept["finished"] += sign
    group.tallies = json.dumps(kept, **_JSON)  # type: ignore[arg-type]
    session.flush()


def _looked_up(session: Session, group_id: int, spelling: str) -> dict[str, Any]:
    """A spelling's best and worst game and first appearance among the group's finished
    games (three indexed lookups), as :func:`companion.scoring.record_tallies.extremes` gives
    them."""
    standing = models.Standing
    mine = select(standing.points, standing.played_at, standing.view_key).where(
        standing.group_id == group_id, standing.spelling == spelling)
    scored = mine.where(standing.points.is_not(None))
    best = session.execute(scored.order_by(standing.points, standing.played_at.desc())
                           .limit(1)).first()
    worst = session.execute(scored.order_by(standing.points.desc(), standing.played_at.desc())
                            .limit(1)).first()
    first = session.execute(select(standing.played_at, standing.name).where(
        standing.group_id == group_id, standing.spelling == spelling)
        .order_by(standing.played_at).limit(1)).first()
    return {"best": None if best is None else list(best),
            "worst": None if worst is None else list(worst),
            "first": None if first is None else list(first)}


def _longest(session: Session, group_id: int) -> list[Any] | None:
    """The group's longest finished game (one indexed lookup), as
    :func:`companion.scoring.record_tallies.longest` gives it."""
    standing = models.Standing
    found = session.execute(
        select(standing.seconds, standing.played_at, standing.view_key)
        .where(standing.group_id == group_id, standing.seconds.is_not(None))
        .order_by(standing.seconds.desc(), standing.played_at.desc()).limit(1)).first()
    return None if found is None else list(found)


def derive(session: Session, group: models.Group, sheets: list[tuple[models.Game, Sheet]]
           ) -> None:
    """Derive a group's tallies from all its games at once (a group stored before them)."""
    session.query(models.Standing).filter_by(group_id=group.id).delete(
        synchronize_session=False)
    session.query(models.PairGame).filter_by(group_id=group.id).delete(
        synchronize_session=False)
    group.tallies = models.NO_TALLIES
    session.flush()
    for game, sheet in sheets:
        game.facts, game.counted_in = None, None
        keep(session, game, sheet)
    session.flush()
