"""Game-night groups through the JSON API: start a group's games, finish them, and compare the
records kept with a replay."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from flask import Flask
from sqlalchemy import update

from companion import models
from companion.cache import stores
from companion.infra.extensions import db
from companion.scoring.records import GroupRecords, group_records
from companion.services import groups

WIN = {"phase": True, "points": 0}


def card_round(winner: str, others: dict[str, int | bool]) -> list[dict[str, Any]]:
    """``winner`` went out; each other player laid (True: 20 points) or not (points)."""
    results = [{"player": winner, **WIN}]
    for name, value in others.items():
        laid = value is True
        results.append({"player": name, "phase": laid, "points": 20 if laid else value})
    return results


def start(api: Any, group: dict[str, Any], players: list[str], **options: Any) -> dict[str, Any]:
    response = api.post(f"/api/groups/{group['id']}/games", {"players": players, **options})
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def finish_short(api: Any, game: dict[str, Any], winner: str, loser: str) -> None:
    """Phases 1-2: ``winner`` goes out twice while ``loser`` never lays phase 1."""
    for _ in range(2):
        assert api.round(game, card_round(winner, {loser: 60})).status_code == 201


def board_win(api: Any, game: dict[str, Any], winner: str, other: str) -> None:
    for _ in range(5):  # 1 → 3 → 5 → 7 → 9 → wreath
        response = api.round(game, [{"player": winner, "phase": True, "went_out": True},
                                    {"player": other, "phase": False}])
        assert response.status_code == 201, response.get_json()


def comparable(records: GroupRecords) -> GroupRecords:
    """The reference lists a player's wreath rounds in the order won, the tallies sorted."""
    players = tuple(dataclasses.replace(player, wreath_rounds=tuple(sorted(player.wreath_rounds)))
                    for player in records.players)
    return dataclasses.replace(records, players=players)


def kept_and_replayed(app: Flask, key: str) -> tuple[GroupRecords, GroupRecords]:
    with app.app_context():
        group = groups.find_group(key)
        assert group is not None
        stores.forget()
        kept = groups.derived(group[0]).records
        replayed = group_records([groups.played(game) for game in groups.games_of(group[0])],
                                 groups.aliases_of(group[0]))
        db.session.rollback()
    return comparable(kept), comparable(replayed)


def assert_kept(app: Flask, key: str) -> GroupRecords:
    kept, replayed = kept_and_replayed(app, key)
    assert kept == replayed
    return kept


def long_group(size: int) -> models.Group:
    """A group of ``size`` finished games of Ann and Ben, as a request finds it."""
    group = groups.create_group(f"g{size}")
    tallies = {"ann": _entry("Ann", size), "ben": _entry("Ben", size)}
    group.tallies = json.dumps({"finished": size, "players": tallies})
    for number in range(size):
        db.session.add(models.Game(
            edition="original", group_id=group.id, winners='["Ann"]', played_rounds=2,
            players=[models.Player(seat=0, name="Ann"), models.Player(seat=1, name="Ben")]))
        if number % 200 == 0:
            db.session.flush()
    db.session.commit()
    # Finished, as their rounds would have made them (a game without rounds is kept as
    # "playing" when it is written).
    db.session.execute(update(models.Game).where(models.Game.group_id == group.id)
                       .values(status="finished"))
    db.session.commit()
    key = group.edit_key
    db.session.remove()  # a request starts with none of the games in its session
    found = groups.find_group(key)
    assert found is not None
    return found[0]


def _entry(name: str, games: int) -> dict[str, Any]:
    return {"played": games, "won": 0, "shared": 0, "card_rounds": 0, "card_points": 0,
            "board_played": 0, "board_won": 0, "wreath": {}, "phases": {}, "best": None,
            "worst": None, "first": ["2026-01-01T19:00:00.000000", name]}
