"""Seats for an evening through the JSON API (``POST /api/groups/<key>/seating``): sizes,
strength, tonight's tables mixed, new names welcome, and every refusal names its field and
stores nothing."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.scoring.seating import table_sizes
from tests.kits.group_games import finish_short, start


@pytest.fixture
def group(api: Any) -> dict[str, Any]:
    response = api.post("/api/groups", {"name": "Friday"})
    assert response.status_code == 201
    return dict(response.get_json())


def seat(api: Any, key: str, players: list[str], **body: Any) -> Any:
    return api.post(f"/api/groups/{key}/seating", {"players": players, **body})


@pytest.mark.parametrize("count", [2, 6, 7, 13, 18, 25, 36])
def test_everybody_is_seated_once_at_tables_as_equal_as_can_be(api: Any, group, count) -> None:
    names = [f"Player {number}" for number in range(count)]  # the group knows none of them
    response = seat(api, group["id"], names)
    assert response.status_code == 200, response.get_json()
    tables = response.get_json()["tables"]
    assert sorted(name for table in tables for name in table) == sorted(names)
    assert tuple(map(len, tables)) == table_sizes(count)


def test_the_strongest_players_sit_at_different_tables(api: Any, group) -> None:
    for winner, loser in (("Ann", "Eve"), ("Ben", "Fay"), ("Ann", "Gus"), ("Ben", "Hal")):
        finish_short(api, start(api, group, [winner, loser], phases=[1, 2]), winner, loser)
    # Ann and Ben won all their games; Eve, Fay, Gus and Hal lost theirs; the rest are new.
    players = ["Ann", "Ben", "Cem", "Dan", "Eve", "Fay", "Gus", "Hal"]
    tables = seat(api, group["view_id"], players).get_json()["tables"]
    assert len(tables) == 2
    assert not {"Ann", "Ben"} <= set(tables[0]) and not {"Ann", "Ben"} <= set(tables[1])
    for table in tables:  # one winner, one new player, two losers each
        assert len(set(table) & {"Cem", "Dan"}) == 1


def test_tonight_the_fewest_pairs_sit_together_again(api: Any, group) -> None:
    players = ["Ann", "Ben", "Cem", "Dan", "Eve", "Fay", "Gus", "Hal"]
    tonight = [players[:4], players[4:]]
    tables = seat(api, group["id"], players, tonight=tonight).get_json()["tables"]
    for table in tables:  # two of each earlier table: the fewest pairs again (one each)
        assert len(set(table) & set(tonight[0])) == 2
    again = [pair for table in tables for pair in combinations(table, 2)
             if any(set(pair) <= set(earlier) for earlier in tonight)]
    assert len(again) == 4


def test_tonight_names_people_gone_home_and_the_same_answer_comes_twice(api: Any, group) -> None:
    players = ["Ann", "Ben", "Cem", "Dan", "Eve", "Fay", "Gus"]
    tonight = [["ann", "BEN", "Zoe"], ["Cem", "Dan", "Yan"]]  # case aside; Zoe and Yan left
    first = seat(api, group["id"], players, tonight=tonight).get_json()
    assert seat(api, group["id"], players, tonight=tonight).get_json() == first
    for table in first["tables"]:
        assert not {"Ann", "Ben"} <= set(table) and not {"Cem", "Dan"} <= set(table)


def test_a_merged_spelling_is_the_same_person(api: Any, group) -> None:
    finish_short(api, start(api, group, ["Micha", "Ben"], phases=[1, 2]), "Micha", "Ben")
    finish_short(api, start(api, group, ["Michaela", "Ben"], phases=[1, 2]), "Ben", "Michaela")
    assert api.post(f"/api/groups/{group['id']}/aliases",
                    {"spelling": "Micha", "name": "Michaela"}).status_code == 200
    response = seat(api, group["id"], ["Michaela", "Ben", "Micha"])
    assert response.status_code == 422
    assert response.get_json()["details"][0]["field"] == "players"
    assert "Michaela / Micha" in response.get_json()["error"]


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"players": []}, "players", "nobody to seat"),
    ({"players": ["Ann"]}, "players", "at least 2 players"),
    ({"players": ["Ann", "Ben", "ann"]}, "players", "ann is named twice"),
    ({"players": [f"P{number}" for number in range(37)]}, "players", "at most 36"),
    ({"players": ["Ann", "   "]}, "players", "has no name"),
    ({"players": ["Ann", "x" * 31]}, "players", "30"),
    ({"players": ["Ann", "Ben"], "tonight": [["A", "B", "C", "D", "E", "F", "G"]]},
     "tonight", "at most 6 players"),
    ({"players": ["Ann", "Ben"], "tonight": [["A", "B"]] * 101}, "tonight", "at most 100"),
])
def test_a_refusal_names_its_field_and_stores_nothing(api: Any, group, body, field,
                                                      words) -> None:
    before = api.client.get(f"/api/groups/{group['id']}").get_json()
    response = api.post(f"/api/groups/{group['id']}/seating", body)
    assert response.status_code == 422
    answer = response.get_json()
    assert words.lower() in answer["error"].lower()
    assert answer["details"] == [{"field": field, "message": answer["error"]}]
    assert api.client.get(f"/api/groups/{group['id']}").get_json() == before


@pytest.mark.parametrize(("body", "words"), [
    ({}, "“players” must be a list"),
    ({"players": "Ann, Ben"}, "“players” must be a list"),
    ({"players": ["Ann", 7]}, "“players” must be a list"),
    ({"players": ["Ann", "Ben"], "tonight": ["Ann"]}, "“tonight” must be a list of tables"),
])
def test_a_body_not_shaped_as_documented_is_a_400(api: Any, group, body, words) -> None:
    response = api.post(f"/api/groups/{group['id']}/seating", body)
    assert response.status_code == 400
    assert words in response.get_json()["error"]


def test_a_proposal_stores_nothing_and_an_unknown_group_is_a_404(api: Any, group) -> None:
    start(api, group, ["Ann", "Ben"])
    before = api.client.get(f"/api/groups/{group['id']}").get_json()
    assert seat(api, group["id"], ["Ann", "Ben", "Cem", "Dan"]).status_code == 200
    assert api.client.get(f"/api/groups/{group['id']}").get_json() == before
    assert seat(api, "nosuchgroup", ["Ann", "Ben"]).status_code == 404


names = st.text(max_size=12)
bodies = st.one_of(
    st.fixed_dictionaries({"players": st.lists(names, max_size=40)},
                          optional={"tonight": st.lists(st.lists(names, max_size=8),
                                                        max_size=6)}),
    st.recursive(st.none() | st.booleans() | st.integers() | names,
                 lambda inner: st.lists(inner, max_size=4)
                 | st.dictionaries(st.sampled_from(["players", "tonight", "x"]), inner,
                                   max_size=3), max_leaves=12))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=bodies)
def test_any_body_is_answered_without_a_500_and_stores_nothing(api: Any, group, body) -> None:
    response = api.post(f"/api/groups/{group['id']}/seating", body)
    assert response.status_code in (200, 400, 415, 422), response.get_data(as_text=True)
    if response.status_code == 200:
        seated = sorted(name for table in response.get_json()["tables"] for name in table)
        assert len(seated) == len(body["players"])
    assert api.client.get(f"/api/groups/{group['id']}").get_json()["games"] == []
