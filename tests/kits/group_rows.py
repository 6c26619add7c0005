"""What is stored of a group, row by row, its links and ids left out: to compare a group an
import wrote at once with the same games stored one by one (tests/groups/test_import_bulk.py,
tests/exchange/test_log_bulk.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask
from sqlalchemy import event, select

from companion import models
from companion.infra.extensions import db


def _unlinked(value: Any, refs: dict[str, str]) -> Any:
    """``value`` with every game link in it named by the game's place in the group."""
    if isinstance(value, dict):
        return {key: _unlinked(item, refs) for key, item in value.items()}
    if isinstance(value, list):
        return [_unlinked(item, refs) for item in value]
    if isinstance(value, str):
        for ref, place in refs.items():
            value = value.replace(ref, place)
    return value


def stored(group_id: int) -> dict[str, Any]:
    group = db.session.get_one(models.Group, group_id)
    listed = list(db.session.execute(
        select(models.Game).where(models.Game.group_id == group_id)
        .order_by(models.Game.created_at, models.Game.id)).scalars())
    refs = {game.view_key: f"game {place}" for place, game in enumerate(listed)}
    places = {game.id: place for place, game in enumerate(listed)}
    found: dict[str, Any] = {
        "group": (group.name, group.created_at, group.revision,
                  _unlinked(json.loads(group.tallies or "null"), refs),
                  sorted((alias.alias, alias.name) for alias in group.aliases)),
        "games": [], "standings": [], "pairs": []}
    for game in listed:
        found["games"].append({
            "setup": (game.edition.key, game.phases, game.ten_rounds, game.knocking,
                      game.first_dealer, game.created_at, game.revision),
            "kept": (game.status, game.winners, game.played_rounds, game.counted_in == group_id,
                     game.last_round_at, _unlinked(json.loads(game.facts or "null"), refs)),
            "players": [(p.seat, p.name, p.joined_round, p.left_round) for p in game.players],
            "rounds": [(r.number, r.created_at, [
                (s.position, s.player, s.laid, s.phase, s.points, s.went_out)
                for s in r.results]) for r in game.rounds]})
    found["standings"] = sorted(
        (places[row.game_id], row.spelling, row.name, row.points,
         _unlinked(row.played_at, refs), _unlinked(row.view_key, refs), row.seconds)
        for row in db.session.execute(select(models.Standing)
                                      .where(models.Standing.group_id == group_id)).scalars())
    found["pairs"] = sorted(
        (places[row.game_id], row.first, row.second, _unlinked(row.seq, refs), row.ahead,
         row.run)
        for row in db.session.execute(select(models.PairGame)
                                      .where(models.PairGame.group_id == group_id)).scalars())
    return found


@contextmanager
def statements_sent(app: Flask) -> Iterator[list[str]]:
    """Every SQL statement ``app``'s engine sends meanwhile, in order: what a write costs."""
    found: list[str] = []
    with app.app_context():
        engine = db.engine

    def record(_connection: Any, _cursor: Any, statement: str, *_: Any) -> None:
        found.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    try:
        yield found
    finally:
        event.remove(engine, "before_cursor_execute", record)
