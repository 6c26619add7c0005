"""One rule for every name (issue 31): a player's, a group's and house rules' names, typed or
imported, are bounded in characters as seen and in code points, never render as nothing, and
are refused with the same sentence wherever they arrive; nothing refused is stored."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import models, player_names
from companion.infra.extensions import db

INVISIBLE = ["\u3164", "\u2800", "\u115f\u1160", "\ufe0f", "\u034f", "\u200b\u3164 ",
             "\u0301\u0301", "\U000e0041\U000e0042", "\uffa0"]
SEEN = "A name needs at least one character that can be seen"
ENGLAND = "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F"
HIDDEN_TAGS = "Ann\U000E0069\U000E0067\U000E006E"  # "ign" in tag characters after a name
SIX = [[{"kind": "set", "size": 3}]]
STORED: list[type[Any]] = [models.Game, models.Group, models.HouseEdition, models.Player]


def counts(app: Flask) -> dict[str, int]:
    with app.app_context():
        return {table.__name__: db.session.execute(
            db.select(db.func.count()).select_from(table)).scalar_one() for table in STORED}


def new_game(client: FlaskClient, name: str) -> Any:
    return client.post("/api/games", json={"players": [name, "Ben"]})


def join(client: FlaskClient, name: str) -> Any:
    game = client.post("/api/games", json={"players": ["Ann", "Ben"]}).get_json()
    return client.post(f"/api/games/{game['id']}/players", json={"name": name})


def rename(client: FlaskClient, name: str) -> Any:
    game = client.post("/api/games", json={"players": ["Ann", "Ben"]}).get_json()
    return client.patch(f"/api/games/{game['id']}/players/Ben", json={"name": name})


def group(client: FlaskClient, name: str) -> Any:
    return client.post("/api/groups", json={"name": name})


def house(client: FlaskClient, name: str) -> Any:
    return client.post("/api/editions", json={"name": name, "phases": SIX})


def imported_group(client: FlaskClient, name: str) -> Any:
    file = {"format": "phase10-companion", "version": 1, "kind": "group",
            "group": {"name": name, "games": []}}
    return client.post("/api/import", json=file)


def imported_player(client: FlaskClient, name: str) -> Any:
    file = {"format": "phase10-companion", "version": 1, "kind": "game",
            "game": {"edition": "original", "players": [name, "Ben"], "rounds": []}}
    return client.post("/api/import", json=file)


WRITES: dict[str, Callable[[FlaskClient, str], Any]] = {
    "new game": new_game, "join": join, "rename": rename, "group": group, "house": house,
    "imported group": imported_group, "imported player": imported_player}


def refused_with(app: Flask, client: FlaskClient, write: str, name: str) -> str:
    """The error of ``write`` with ``name``, after checking it stored nothing of its own."""
    before = counts(app)
    answer = WRITES[write](client, name)
    assert 400 <= answer.status_code < 500, answer.get_json()
    made = 2 if write in ("join", "rename") else 0  # the game the change was tried on
    after = counts(app)
    assert after["Group"] == before["Group"] and after["HouseEdition"] == before["HouseEdition"]
    assert after["Game"] == before["Game"] + (1 if made else 0)
    assert after["Player"] == before["Player"] + made
    return str(answer.get_json()["error"])


@pytest.mark.parametrize("write", list(WRITES))
@pytest.mark.parametrize("name", INVISIBLE)
def test_a_name_drawn_as_nothing_is_refused_everywhere_alike(app: Flask, client: FlaskClient,
                                                             write: str, name: str) -> None:
    assert SEEN.lower() in refused_with(app, client, write, name).lower()


@pytest.mark.parametrize("write", list(WRITES))
def test_tag_characters_only_in_a_flag(app: Flask, client: FlaskClient, write: str) -> None:
    assert "control characters" in refused_with(app, client, write, HIDDEN_TAGS)
    answer = WRITES[write](client, f"Ann {ENGLAND}")
    assert answer.status_code in (200, 201), answer.get_json()


@pytest.mark.parametrize("write", list(WRITES))
def test_a_flood_of_accents_is_bounded_in_code_points(app: Flask, client: FlaskClient,
                                                      write: str) -> None:
    """Few characters as seen, thousands of code points: the issue's 160 KB name."""
    error = refused_with(app, client, write, "a" + "\u0301" * 2000)
    assert "too many accents or joined emoji" in error


def test_a_house_name_of_forty_letters_under_accents_is_refused(client: FlaskClient) -> None:
    answer = house(client, ("a" + "\u0301" * 50) * 40)
    assert answer.status_code == 422
    assert "too many accents" in answer.get_json()["details"][0]["message"]


def test_the_rule_itself() -> None:
    for name in INVISIBLE:
        assert player_names.blank(name) and player_names.refusal(name, 30) is not None
    for name in ("Zoë", ENGLAND, "李小龍", "👨\u200d👩\u200d👧", "a\u3164", "ﾠA"):
        assert player_names.refusal(name, 30) is None, name
    assert player_names.unwanted(HIDDEN_TAGS) == "\U000E0069"
    assert player_names.refusal("x" * 31, 30) is not None
    assert player_names.refusal("x" * 30, 30) is None
