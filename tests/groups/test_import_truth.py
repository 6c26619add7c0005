"""An import refuses what cannot be true (issue 31): times before Phase 10 came out (1982) or
after tomorrow, offsets that carry a time past the calendar, a round entered before its game
started, players who change before rounds the game does not have, more rounds than a game
holds. Each is a 422 naming the field, and nothing is stored."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import models
from companion.infra.extensions import db
from companion.limits import MAX_ROUNDS

ANN_OUT = [{"player": "Ann", "phase": True, "points": 0, "went_out": True},
           {"player": "Ben", "phase": False, "points": 50}]


def game_file(**game: Any) -> dict[str, Any]:
    rounds = [{"results": ANN_OUT, "at": "2026-11-20T19:10:00"},
              {"results": ANN_OUT, "at": "2026-11-20T19:20:00"}]
    return {"format": "phase10-companion", "version": 1, "kind": "game", "game": {
        "edition": "original", "players": ["Ann", "Ben"], "dealer": "Ann",
        "created_at": "2026-11-20T19:00:00", "rounds": rounds, **game}}


def stored(app: Flask) -> tuple[int, int, int]:
    with app.app_context():
        return tuple(db.session.execute(db.select(db.func.count()).select_from(table))
                     .scalar_one() for table in (models.Game, models.Group, models.Player))


def at_round(file: dict[str, Any], index: int, at: str) -> dict[str, Any]:
    changed = copy.deepcopy(file)
    changed["game"]["rounds"][index]["at"] = at
    return changed


TOMORROW_AND_A_BIT = (datetime.now(UTC) + timedelta(days=2)).isoformat(timespec="seconds")
IMPOSSIBLE = [
    (game_file(created_at="0001-01-01T00:00:00"), "created_at", "from 1982"),
    (game_file(created_at="1981-12-31T23:59:59"), "created_at", "from 1982"),
    (game_file(created_at="0001-01-01T00:00:00+14:00"), "created_at", "date and time"),
    (game_file(created_at="9999-12-31T23:59:59-14:00"), "created_at", "date and time"),
    (game_file(created_at=TOMORROW_AND_A_BIT), "created_at", "to today"),
    (at_round(game_file(), 1, "9999-12-31T23:59:59"), "at", "from 1982"),
    (at_round(game_file(), 0, "2026-11-20T18:59:59"), "at", "before the game started"),
    (game_file(changes=[{"round": -1, "join": "Cem"}]), "changes", "before round -1"),
    (game_file(changes=[{"round": 10 ** 20, "join": "Cem"}]), "changes", "rounds 1 to 2"),
    (game_file(changes=[{"round": 4, "leave": "Ben"}]), "changes", "before round 2 to 3"),
    (game_file(changes=[{"round": 1, "join": "Cem"}]), "changes", "before round 1"),
    (game_file(rounds=[{"results": ANN_OUT}] * (MAX_ROUNDS + 1)), "rounds", "at most 2000"),
]


@pytest.mark.parametrize(("file", "field", "words"), IMPOSSIBLE)
def test_what_cannot_be_true_is_refused_naming_the_field(app: Flask, client: FlaskClient,
                                                        file: dict[str, Any], field: str,
                                                        words: str) -> None:
    before = stored(app)
    for body in (file, {"format": "phase10-companion", "version": 1, "kind": "group",
                        "group": {"name": "Friday", "games": [file["game"]]}}):
        answer = client.post("/api/import", json=body)
        assert answer.status_code == 422, answer.get_json()
        (detail,) = answer.get_json()["details"]
        assert detail["field"] == field and words in detail["message"], detail
        assert stored(app) == before


def test_a_group_created_before_1982_is_refused(client: FlaskClient) -> None:
    body = {"format": "phase10-companion", "version": 1, "kind": "group",
            "group": {"name": "Friday", "created_at": "1970-01-01T00:00:00", "games": []}}
    answer = client.post("/api/import", json=body)
    assert answer.status_code == 422 and answer.get_json()["details"][0]["field"] == "created_at"


def test_what_can_be_true_still_imports(client: FlaskClient) -> None:
    fine = game_file(changes=[{"round": 3, "join": "Cem"}],
                     created_at="2026-11-20T20:00:00+01:00")  # 19:00 UTC
    answer = client.post("/api/import", json=fine)
    assert answer.status_code == 201, answer.get_json()
    game = answer.get_json()
    assert game["created_at"].startswith("2026-11-20T19:00")
    assert [player["name"] for player in game["players"]] == ["Ann", "Ben", "Cem"]
    assert len(game["rounds"]) == 2


def test_the_longest_game_that_can_be_true_joins_a_group(client: FlaskClient) -> None:
    """The issue's game of 10,006 years made the group's tallies overflow (a 500); the
    longest an import takes now (1982 to today) fits them."""
    today = datetime.now(UTC).replace(microsecond=0).isoformat()
    file = game_file(created_at="1982-01-01T00:00:00", phases=[1],
                     rounds=[{"results": ANN_OUT, "at": today}])
    game = client.post("/api/import", json=file).get_json()
    assert game["status"] == "finished" and game["duration_s"] > 40 * 365 * 86400
    group = client.post("/api/groups", json={"name": "Friday"}).get_json()
    added = client.post(f"/api/groups/{group['id']}/games", json={"game": game["id"]})
    assert added.status_code in (200, 201), added.get_json()
    page = client.get(f"/groups/{group['id']}")
    assert page.status_code == 200
