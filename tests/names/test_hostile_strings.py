"""Hostile strings in every name and text field (issue 31): markup, 10,000 characters, floods
of combining marks, invisible and bidi characters, unpaired surrogates, NUL. Every text input
of every form the pages show, and every name and text field of the JSON routes, gets them: never
a 5xx, a refused write stores nothing, and no name that breaks the rule of every name
(companion.player_names.refusal) is ever stored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from companion import models, player_names
from companion.infra.extensions import db
from companion.limits import MAX_GROUP_NAME, MAX_NAME

#: Few examples (each sends every hostile string); no shrinking: a failure names its string.
SETTINGS = settings(max_examples=2, deadline=None, database=None,
                    phases=[Phase.explicit, Phase.generate],
                    suppress_health_check=list(HealthCheck))
HOSTILE = ["<script>alert(1)</script>", "<meta http-equiv=refresh content=0;/?p>",
           "\"'><img src=x onerror=alert(1)>", "{{ 7*7 }}", "%(name)s %s {0}", "x" * 10_000,
           "a" + "\u0301" * 5000, "\u202eevil\u202c", "\u2066x\u2069", "\u200b", "\u3164",
           "\u2800", "\u115f\u1160", "\ufe0f", "\u034f", "\x00", "Ann\x00", "\ud800",
           "a\udfffb", "Ann\U000e0041", " ", "", "ann ", "\u0410nna", "³", "٣", "\r\nX: y"]
#: One hostile piece, or a few glued together, or any text at all (surrogates included).
STRINGS = st.one_of(
    st.sampled_from(HOSTILE),
    st.lists(st.sampled_from(HOSTILE), min_size=2, max_size=3).map("".join),
    st.text(st.characters(exclude_categories=()), max_size=40))
#: Each example sends a different string to each field, in turn from the hostile ones and
#: the one it drew, starting at an offset it drew: few examples reach every field with each.
PLAN = st.tuples(st.integers(0, len(HOSTILE)), STRINGS)


def sent(plan: tuple[int, str], index: int) -> str:
    offset, drawn = plan
    pool = [*HOSTILE, drawn]
    return pool[(offset + index) % len(pool)]


#: Inputs whose value is text a person types (hidden ones carry names and links too).
TEXT_TYPES = {"text", "search", "url", "hidden", "textarea", "select", "radio", ""}


class Forms(HTMLParser):
    """Every form of a page: its action, method and fields (name, type, value)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.forms.append({"action": given.get("action", ""),
                               "method": given.get("method", "get").lower(), "fields": []})
        elif self.forms and tag in ("input", "textarea", "select") and given.get("name"):
            kind = given.get("type", "") if tag == "input" else tag
            if kind in ("checkbox", "radio") and "checked" not in given:
                return
            self.forms[-1]["fields"].append((given["name"], kind, given.get("value", "")))


def forms_of(page: str) -> list[dict[str, Any]]:
    parser = Forms()
    parser.feed(page)
    return parser.forms


def encoded(fields: list[tuple[str, str]]) -> str:
    """A form body as a browser would send it, unpaired surrogates passed through as bytes."""
    return urlencode(fields, encoding="utf-8", errors="surrogatepass")


def fingerprint(app: Flask) -> tuple[object, ...]:
    """Everything a write could have changed, and every stored name checked against the rule
    of every name."""
    with app.app_context():
        players = db.session.execute(db.select(models.Player.name)).scalars().all()
        groups = db.session.execute(db.select(models.Group.name)).scalars().all()
        aliases = db.session.execute(db.select(models.Alias.name)).scalars().all()
        revisions = db.session.execute(db.select(models.HouseRevision.definition)).scalars().all()
        rounds = db.session.execute(db.select(db.func.count(models.Round.id))).scalar_one()
    for name in (*players, *aliases):
        assert player_names.refusal(name, MAX_NAME) is None, repr(name)
    for name in groups:
        assert not name or player_names.refusal(name, MAX_GROUP_NAME,
                                                MAX_GROUP_NAME) is None, repr(name)
    for definition in revisions:
        house = json.loads(definition)["name"]
        assert player_names.refusal(house, MAX_GROUP_NAME) is None, repr(house)
    return (sorted(players), sorted(groups), sorted(aliases), len(revisions), rounds)


@pytest.fixture
def table(app: Flask) -> Iterator[dict[str, Any]]:
    """A client whose forms carry a real CSRF token, a game, a group with a finished game, and
    house rules."""
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    game = client.post("/api/games", json={"players": ["Ann", "Ben", "Cem"]}).get_json()
    group = client.post("/api/groups", json={"name": "Friday"}).get_json()
    house = client.post("/api/editions", json={"name": "Family", "phases": [
        [{"kind": "set", "size": 3}]]}).get_json()
    played = client.post(f"/api/groups/{group['id']}/games",
                         json={"players": ["Ann", "Ben"], "edition": house["edition"]}).get_json()
    client.post(f"/api/games/{played['id']}/rounds", json={"results": [
        {"player": "Ann", "phase": True, "points": 0, "went_out": True},
        {"player": "Ben", "phase": False, "points": 75}]})
    pages = [f"/games/{game['id']}/players", f"/games/{game['id']}/round", "/games/new",
             "/groups/new", f"/groups/{group['id']}",
             "/editions/new", f"/editions/{house['id']}", "/checker", "/print",
             f"/games/{game['id']}", f"/games/{played['id']}"]
    yield {"client": client, "game": game, "group": group, "house": house, "pages": pages}


def every_form_field(client: FlaskClient, pages: list[str]) -> Iterator[tuple[dict[str, Any],
                                                                             list[tuple[str, str]],
                                                                             int]]:
    """Each form of each page, with its fields, and the index of each text field in turn."""
    for path in pages:
        page = client.get(path)
        assert page.status_code == 200, path
        for form in forms_of(page.get_data(as_text=True)):
            fields = [(name, value) for name, _kind, value in form["fields"]]
            for index, (name, kind, _value) in enumerate(form["fields"]):
                if kind in TEXT_TYPES and name != "csrf_token":
                    yield {**form, "page": path}, fields, index


@pytest.mark.slow
@SETTINGS
@given(plan=PLAN)
def test_every_text_field_of_every_form(app: Flask, table: dict[str, Any],
                                        plan: tuple[int, str]) -> None:
    client: FlaskClient = table["client"]
    for number, (form, fields, index) in enumerate(every_form_field(client, table["pages"])):
        text = sent(plan, number)
        action = form["action"] or form["page"]
        body = [*fields[:index], (fields[index][0], text), *fields[index + 1:]]
        before = fingerprint(app)
        if form["method"] == "post":
            answer = client.post(action, data=encoded(body),
                                 content_type="application/x-www-form-urlencoded")
        else:
            answer = client.get(f"{action.partition('?')[0]}?{encoded(body)}")
        assert answer.status_code < 500, (action, fields[index][0], text[:80])
        if answer.status_code >= 400:
            assert fingerprint(app) == before, (action, fields[index][0], text[:80])


def json_writes(table: dict[str, Any], text: str) -> list[tuple[str, str, Any]]:
    """(method, path, body) of every JSON route that takes a name or text, ``text`` in it."""
    game, group, house = table["game"], table["group"], table["house"]
    path_name = quote(text, safe="", encoding="utf-8", errors="surrogatepass")
    six = [[{"kind": "set", "size": 3}]]
    file = {"format": "phase10-companion", "version": 1, "kind": "group", "group": {
        "name": text, "games": [{"edition": "original", "players": [text, "Ben"],
                                 "changes": [{"round": 2, "join": text}], "rounds": []}],
        "aliases": [{"spelling": text, "name": text}]}}
    return [
        ("POST", "/api/games", {"players": [text, "Ben"]}),
        ("POST", "/api/games", {"players": ["Ann", "Ben"], "dealer": text, "edition": text}),
        ("POST", f"/api/games/{game['id']}/players", {"name": text}),
        ("PATCH", f"/api/games/{game['id']}/players/Ben", {"name": text}),
        ("PATCH", f"/api/games/{game['id']}/players/{path_name}", {"name": "Zed"}),
        ("DELETE", f"/api/games/{game['id']}/players/{path_name}", None),
        ("POST", f"/api/games/{game['id']}/rounds", {"results": [
            {"player": text, "phase": True, "points": 0, "went_out": True}]}),
        ("POST", "/api/groups", {"name": text}),
        ("POST", f"/api/groups/{group['id']}/games", {"players": [text, "Ann"]}),
        ("POST", f"/api/groups/{group['id']}/games", {"game": text}),
        ("POST", f"/api/groups/{group['id']}/aliases", {"spelling": text, "name": "Ann"}),
        ("POST", f"/api/groups/{group['id']}/aliases", {"spelling": "Ben", "name": text}),
        ("PATCH", f"/api/groups/{group['id']}/players/Ann", {"name": text}),
        ("DELETE", f"/api/groups/{group['id']}/aliases/{path_name}", None),
        ("POST", "/api/editions", {"name": text, "phases": six}),
        ("PUT", f"/api/editions/{house['id']}", {"name": text, "phases": six}),
        ("POST", "/api/import", file),
        ("POST", "/api/check", {"hand": text, "phase": 1}),
        ("POST", "/api/hit", {"group": text, "card": text, "kind": "run"}),
        ("POST", "/api/outs", {"hand": text, "phase": 1, "seen": text}),
        ("GET", f"/api/games/{path_name}", None),
        ("GET", f"/api/editions/{path_name}", None),
    ]


@pytest.mark.slow
@SETTINGS
@given(plan=PLAN)
def test_every_name_and_text_of_every_json_route(app: Flask, table: dict[str, Any],
                                                 plan: tuple[int, str]) -> None:
    client: FlaskClient = table["client"]
    for number in range(len(HOSTILE) + 1):  # every string, each to a third of the routes
        text = sent(plan, number)
        routes = json_writes(table, text)
        for method, path, body in routes[number % 3::3]:
            before = fingerprint(app)
            answer = client.open(path, method=method, json=body)
            assert answer.status_code < 500, (method, path, text[:80], answer.get_json())
            if answer.status_code >= 400:
                assert fingerprint(app) == before, (method, path, text[:80])
                assert answer.get_json()["error"], (method, path)


def test_what_the_property_found(client: FlaskClient) -> None:
    """A NUL in a link PostgreSQL was asked about, half a surrogate pair in JSON or an export
    file: each was a 500."""
    assert client.get("/api/editions/Ann%00").status_code == 404
    assert client.post("/api/games", json={"players": ["Ann", "Ben"],
                                           "edition": "h\x00"}).status_code == 400
    for path in ("/api/groups", "/api/import"):
        answer = client.post(path, data='{"name": "a\\udfffb"}',
                             content_type="application/json")
        assert answer.status_code in (400, 422)
        assert "unpaired surrogate" in answer.get_json()["error"]
