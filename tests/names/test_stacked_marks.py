"""At most MAX_MARKS (4) combining marks on one character of a name (issue 43): "a" under 399
accents was one character, accepted, and drawn as a stripe over the sheet, the group page
and the standings picture. Writing stacks fewer (Vietnamese two, Hebrew three, Burmese
four); more is refused with one sentence wherever a name arrives, and nothing is stored."""

from __future__ import annotations

from collections.abc import Callable
from html import unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import models, player_names
from companion.infra.extensions import db
from companion.limits import MAX_MARKS
from tests.kits.house import editor_post

#: The issue's name: one character as seen, 400 code points.
TOWER = "a" + "\u0301" * 399
FIVE = "Max" + "\u0301\u0300\u0302\u0303\u0304"  # five marks on x (none composes)
SENTENCE = f"a name has at most {MAX_MARKS} accents or other marks on one letter"
STORED_SENTENCE = "too many accents or joined emoji to keep"
WRITING = {
    "Vietnamese typed apart (NFD)": "Nguye\u0302\u0303n",
    "Hebrew with dagesh, vowel and cantillation": "בְּרֵאשִׁ֖ית",
    "Burmese Kyaw (four)": "ကျော်",
    "Devanagari conjuncts": "स्त्री",
    "Tibetan stack": "བསྒྲུབས",
    "Thai with a tone": "กิ่ง",
    "a keycap emoji": "Ann 1\ufe0f\u20e3",
    "four accents": "a\u0301\u0300\u0302\u0303",
}
STORED: list[type[Any]] = [models.Game, models.Group, models.HouseEdition, models.Player,
                           models.Alias]


def counts(app: Flask) -> dict[str, int]:
    with app.app_context():
        return {table.__name__: db.session.execute(
            db.select(db.func.count()).select_from(table)).scalar_one() for table in STORED}


def test_the_rule_counts_marks_on_one_character() -> None:
    assert player_names.stacked(TOWER) == 398  # NFC folds the first accent into á
    assert player_names.stacked(FIVE) == 5
    assert player_names.stacked("x\u0301\u200d\u0301\u200d\u0301\u200d\u0301\u200d\u0301") == 5
    assert player_names.refusal(TOWER, 30) is not None
    assert player_names.refusal(FIVE, 30) == player_names.STACKED
    for name in WRITING.values():
        assert player_names.stacked(name) <= MAX_MARKS, name
        assert player_names.refusal(name, 30) is None, name


def game_of(client: FlaskClient) -> dict[str, Any]:
    return client.post("/api/games", json={"players": ["Ann", "Ben"]}).get_json()


def group_of(client: FlaskClient) -> dict[str, Any]:
    group = client.post("/api/groups", json={"name": "Fridays"}).get_json()
    game = game_of(client)
    client.post(f"/api/groups/{group['id']}/games", json={"game": game["id"]})
    return group


def api_error(answer: Any) -> str:
    assert 400 <= answer.status_code < 500, answer.get_data(as_text=True)[:300]
    return str(answer.get_json()["error"])


def page_error(answer: Any) -> str:
    """The form again, with the sentence next to the field (200 or 422), never the redirect
    of a write that was stored (303)."""
    assert answer.status_code in (200, 400, 422), answer.status_code
    return unescape(answer.get_data(as_text=True))


#: Every place a name arrives: the API, the pages' forms, groups, imports, house rules.
WRITES: dict[str, Callable[[FlaskClient, str], str]] = {
    "API: new game": lambda c, n: api_error(
        c.post("/api/games", json={"players": [n, "Ben"]})),
    "API: join": lambda c, n: api_error(
        c.post(f"/api/games/{game_of(c)['id']}/players", json={"name": n})),
    "API: rename": lambda c, n: api_error(
        c.patch(f"/api/games/{game_of(c)['id']}/players/Ben", json={"name": n})),
    "API: group": lambda c, n: api_error(c.post("/api/groups", json={"name": n})),
    "API: group's player renamed": lambda c, n: api_error(
        c.patch(f"/api/groups/{group_of(c)['id']}/players/Ann", json={"name": n})),
    "API: house rules": lambda c, n: api_error(c.post("/api/editions", json={
        "name": n, "phases": [[{"kind": "set", "size": 3}]]})),
    "import: group": lambda c, n: api_error(c.post("/api/import", json={
        "format": "phase10-companion", "version": 1, "kind": "group",
        "group": {"name": n, "games": []}})),
    "import: player": lambda c, n: api_error(c.post("/api/import", json={
        "format": "phase10-companion", "version": 1, "kind": "game",
        "game": {"edition": "original", "players": [n, "Ben"], "rounds": []}})),
    "form: new game": lambda c, n: page_error(c.post("/games/new", data={
        "names-0": n, "names-1": "Ben", "edition": "original", "first": "0",
        "phase_set": "all"})),
    "form: join": lambda c, n: page_error(
        c.post(f"/games/{game_of(c)['id']}/players/add", data={"name": n})),
    "form: group": lambda c, n: page_error(c.post("/groups/new", data={"name": n})),
    "form: house rules": lambda c, n: page_error(
        c.post("/editions/new", data=editor_post(name=n))),
    "form: printed sheet": lambda c, n: page_error(
        c.get("/print/blank.pdf", query_string={"name": [n, "Ben"]})),
}
#: Writes that make a game (or a group and its game) before they try the name.
MADE = {"API: join": 2, "API: rename": 2, "form: join": 2, "API: group's player renamed": 2}


@pytest.mark.parametrize("name", [TOWER, FIVE], ids=["399 accents", "five"])
@pytest.mark.parametrize("write", list(WRITES))
def test_a_tower_of_marks_is_refused_everywhere_with_one_sentence(
        app: Flask, client: FlaskClient, write: str, name: str) -> None:
    before = counts(app)
    said = WRITES[write](client, name).lower()
    # A group's name is 40 code points at most: the tower is too long to keep before it is
    # too tall; five marks are refused as such everywhere.
    too_long = STORED_SENTENCE in said or "a group's name has at most 40 characters" in said
    assert SENTENCE.lower() in said or (name == TOWER and too_long), said[:2000]
    after = counts(app)
    players = MADE.get(write, 0)
    assert after["Player"] - before["Player"] == players
    assert after["Game"] - before["Game"] == (1 if players else 0)
    assert after["Group"] - before["Group"] == (1 if "group's" in write else 0)
    assert after["HouseEdition"] == before["HouseEdition"]
    assert after["Alias"] == before["Alias"]


@pytest.mark.parametrize("name", list(WRITING.values()), ids=list(WRITING))
def test_names_of_real_writing_are_kept(client: FlaskClient, name: str) -> None:
    answer = client.post("/api/games", json={"players": [name, "Ben"]})
    assert answer.status_code == 201, answer.get_json()
    assert [player["name"] for player in answer.get_json()["players"]][0] == \
        player_names.clean(name)
