"""Bad input never gets a 500: random JSON thrown at every API route, and at the forms."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["7r", "W", "S", "13r", "run", "set", "board"]),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.sampled_from(["player", "phase", "points", "went_out", "results",
                                      "number", "confirm", "hand", "groups", "group", "card",
                                      "part", "cards", "edition", "players", "phases"]),
                      children, max_size=5),
    max_leaves=20)

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(body=json_values)
def test_checker_routes_answer_bad_input_with_4xx(client, body):
    for path in ("/api/check", "/api/hit", "/api/games"):
        response = client.post(path, json=body)
        assert response.status_code < 500, (path, body, response.get_data(as_text=True))


@SETTINGS
@given(body=json_values, number=st.integers(-3, 5))
def test_round_routes_answer_bad_input_with_4xx_and_store_nothing(client, api, body, number):
    game = api.new_game(["Ann", "Ben"])
    responses = (client.post(f"/api/games/{game['id']}/rounds", json=body),
                 client.put(f"/api/games/{game['id']}/rounds/{max(number, 0)}", json=body))
    for response in responses:
        assert response.status_code < 500, (body, response.get_data(as_text=True))
    after = client.get(f"/api/games/{game['id']}").get_json()
    # Whatever was accepted is a whole round of both players; whatever was refused left the
    # game as it was: every revision step is a stored round or correction.
    assert all(sorted(r["player"] for r in rnd["results"]) == ["Ann", "Ben"]
               for rnd in after["rounds"])
    stored = {response.status_code for response in responses if response.status_code < 300}
    if not stored:
        assert after["revision"] == game["revision"] and after["rounds"] == []


@pytest.mark.slow
@SETTINGS
@given(fields=st.dictionaries(st.sampled_from(
    ["number", "went_out", "confirm", "results-0-player", "results-0-points", "results-0-laid",
     "results-0-phase", "results-1-player", "results-1-points", "results-7-player"]),
    st.text(max_size=8), max_size=8))
def test_the_round_form_answers_bad_input_without_a_500(client, api, fields):
    for edition in ("original", "masters", "board"):
        game = api.new_game(["Ann", "Ben"], edition=edition)
        response = client.post(f"/games/{game['id']}/round", data=fields)
        assert response.status_code < 500, (edition, fields, response.get_data(as_text=True))
