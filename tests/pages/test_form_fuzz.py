"""Random input to every form, sent with a valid CSRF token (so it reaches the form's own
checks): never a 500, and a rejected round stores nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = settings(max_examples=40, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))
TEXT = st.text(max_size=12) | st.sampled_from(["0", "35", "²", "①", "1" * 5000, "-5", "y",
                                               "original", "board", "masters", "Ann", "x\x00"])
ROUND_FIELDS = ["number", "revision", "went_out", "confirm", "results-0-player",
                "results-0-points", "results-0-laid", "results-0-phase", "results-1-player",
                "results-1-points", "results-1-laid", "results-9-player"]


def form_data(names: list[str]) -> st.SearchStrategy[dict[str, str]]:
    return st.dictionaries(st.sampled_from(names), TEXT, max_size=len(names))


@pytest.fixture
def guarded(app: Flask):
    """A client whose forms carry a real CSRF token, and a game of each edition."""
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    games = {}
    for edition in ("original", "masters", "board"):
        answer = client.post("/api/games", json={"players": ["Ann", "Ben"], "edition": edition})
        games[edition] = answer.get_json()["id"]
    page = client.get("/games/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    return client, token, games


@SETTINGS
@given(fields=form_data(ROUND_FIELDS), edition=st.sampled_from(["original", "masters", "board"]))
def test_round_forms_never_answer_500_and_store_only_whole_rounds(guarded, fields, edition):
    client, token, games = guarded
    key = games[edition]
    for path in (f"/games/{key}/round", f"/games/{key}/rounds/1/edit", f"/games/{key}/undo"):
        response = client.post(path, data={**fields, "csrf_token": token})
        assert response.status_code < 500, (path, fields, response.get_data(as_text=True))
    rounds = client.get(f"/api/games/{key}").get_json()["rounds"]
    assert all(sorted(r["player"] for r in round_["results"]) == ["Ann", "Ben"]
               for round_ in rounds)


def form_field_names() -> list[str]:
    """Every field name a form of the app declares or a template writes, so that a new form is
    fuzzed as soon as it exists."""
    names = set()
    for module in (ROOT / "companion").rglob("*.py"):
        names |= set(re.findall(r"^\s+(\w+) = \w*(?:Field|FieldList)\(", module.read_text(), re.M))
    for template in (ROOT / "templates").rglob("*.html"):
        names |= set(re.findall(r'name="([\w-]+)"', template.read_text()))
    return sorted(names - {"csrf_token"})


ANY_FIELD = form_field_names() + ["results-0-points", "results-1-laid", "groups-3", "names-5"]


def post_routes(app: Flask) -> list[str]:
    """Every page route that takes a POST (the API has its own schema tests)."""
    return sorted({rule.rule for rule in app.url_map.iter_rules()
                   if "POST" in (rule.methods or ()) and not rule.rule.startswith("/api")})


@pytest.mark.slow
@SETTINGS
@given(fields=form_data(ANY_FIELD), action=st.sampled_from(["rename", "add", "remove", "x"]))
def test_every_form_route_never_answers_500(guarded, app, fields, action):
    client, token, games = guarded
    group = client.post("/api/groups", json={"name": "Friday"}).get_json() or {}
    for rule in post_routes(app):
        key = group.get("id", "none") if rule.startswith("/groups/") else games["original"]
        path = (rule.replace("<key>", key).replace("<int:number>", "1")
                .replace("<action>", action))
        response = client.post(path, data={**fields, "csrf_token": token})
        assert response.status_code < 500, (path, fields, response.get_data(as_text=True))


def test_a_form_without_the_token_changes_nothing(guarded):
    client, _token, games = guarded
    response = client.post(f"/games/{games['original']}/round", data={
        "results-0-player": "Ann", "results-0-points": "0", "results-0-laid": "y",
        "results-1-player": "Ben", "results-1-points": "60", "went_out": "Ann"})
    assert response.status_code == 400
    assert client.get(f"/api/games/{games['original']}").get_json()["rounds"] == []
