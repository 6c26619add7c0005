"""The odds before a game (POST /api/groups/<key>/odds): openskill's ``predict_win`` on the
group's ratings, a newcomer at the default rating, and the refusals that name the field."""

from __future__ import annotations

from typing import Any

import pytest
from openskill.models import PlackettLuce

from tests.kits.group_games import board_win, card_round, start

MODEL = PlackettLuce()


@pytest.fixture
def group(api: Any) -> dict[str, Any]:
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    for winner, loser in (("Ann", "Ben"), ("Ann", "Ben"), ("Ben", "Cem")):
        game = start(api, group, [winner, loser], phases=[1])
        assert api.round(game, card_round(winner, {loser: 60})).status_code == 201
    board_win(api, start(api, group, ["Cem", "Ann"], edition="board"), "Cem", "Ann")
    return dict(group)


def ratings_of(api: Any, group: dict[str, Any], kind: str) -> dict[str, Any]:
    answer = api.client.get(f"/api/groups/{group['view_id']}").get_json()["ratings"]
    return {entry["name"]: MODEL.rating(entry["mu"], entry["sigma"]) for entry in answer[kind]}


def test_the_odds_are_openskills_predict_win_on_the_groups_ratings(api: Any,
                                                                   group: dict[str, Any]) -> None:
    rated = ratings_of(api, group, "card")
    answer = api.post(f"/api/groups/{group['view_id']}/odds",
                      {"players": ["Ben", " ann ", "Newcomer"]})
    assert answer.status_code == 200, answer.get_json()
    expected = MODEL.predict_win([[rated["Ben"]], [rated["Ann"]], [MODEL.rating()]])
    found = answer.get_json()["odds"]
    assert [entry["name"] for entry in found] == ["Ben", "ann", "Newcomer"]
    assert [entry["chance"] for entry in found] == pytest.approx(expected)
    assert sum(entry["chance"] for entry in found) == pytest.approx(1)
    assert found[1]["chance"] > found[2]["chance"]  # Ann won twice; a newcomer never played


def test_board_games_have_odds_of_their_own(api: Any, group: dict[str, Any]) -> None:
    rated = ratings_of(api, group, "board")
    answer = api.post(f"/api/groups/{group['id']}/odds",
                      {"players": ["Ann", "Cem"], "game": "board"}).get_json()["odds"]
    expected = MODEL.predict_win([[rated["Ann"]], [rated["Cem"]]])
    assert [entry["chance"] for entry in answer] == pytest.approx(expected)
    assert answer[1]["chance"] > answer[0]["chance"]  # Cem won the board game


def test_nobody_rated_yet_has_even_odds_and_one_player_alone_wins(api: Any) -> None:
    group = api.post("/api/groups", {}).get_json()
    answer = api.post(f"/api/groups/{group['id']}/odds", {"players": ["A", "B", "C", "D"]})
    assert [entry["chance"] for entry in answer.get_json()["odds"]] == pytest.approx([0.25] * 4)
    alone = api.post(f"/api/groups/{group['id']}/odds", {"players": ["A"]}).get_json()
    assert alone == {"odds": [{"name": "A", "chance": 1.0}]}


@pytest.mark.parametrize(("players", "says"), [
    ([], "name at least one player"),
    (["Ann", "ANN "], "Ann is named twice"),
    ([f"P{n}" for n in range(37)], "at most 36 players at once"),
    (["Ann", "  "], "every player needs a name"),
])
def test_a_list_of_players_the_odds_cannot_be_for_is_refused_naming_the_field(
        api: Any, group: dict[str, Any], players: list[str], says: str) -> None:
    answer = api.post(f"/api/groups/{group['id']}/odds", {"players": players})
    assert answer.status_code == 422
    body = answer.get_json()
    assert says.casefold() in body["error"].casefold()
    assert body["details"][0]["field"] == "players"


def test_thirty_six_players_have_odds(api: Any, group: dict[str, Any]) -> None:
    answer = api.post(f"/api/groups/{group['id']}/odds",
                      {"players": [f"P{n}" for n in range(36)]})
    assert answer.status_code == 200
    assert len(answer.get_json()["odds"]) == 36


def test_two_spellings_of_one_person_are_refused(api: Any, group: dict[str, Any]) -> None:
    merged = api.post(f"/api/groups/{group['id']}/aliases", {"spelling": "Cem", "name": "Ben"})
    assert merged.status_code == 200
    answer = api.post(f"/api/groups/{group['id']}/odds", {"players": ["Ben", "Cem"]})
    assert answer.status_code == 422
    assert answer.get_json()["details"][0]["field"] == "players"
    assert "one player in this group" in answer.get_json()["error"]


@pytest.mark.parametrize("body", [{"players": "Ann"}, {"players": [1, 2]}, {},
                                  {"players": ["Ann", "Ben"], "game": "chess"}])
def test_a_body_not_shaped_as_documented_is_a_400(api: Any, group: dict[str, Any],
                                                  body: dict[str, Any]) -> None:
    answer = api.post(f"/api/groups/{group['id']}/odds", body)
    assert answer.status_code == 400
    assert answer.get_json()["error"]


def test_an_unknown_group_is_a_404(api: Any) -> None:
    assert api.post("/api/groups/nothing-here/odds", {"players": ["A"]}).status_code == 404


def test_the_group_answer_lists_the_ratings_highest_ordinal_first(api: Any,
                                                                   group: dict[str, Any]) -> None:
    answer = api.client.get(f"/api/groups/{group['view_id']}").get_json()["ratings"]
    assert [entry["name"] for entry in answer["card"]] == ["Ann", "Ben", "Cem"]
    assert [entry["name"] for entry in answer["board"]] == ["Cem", "Ann"]
    assert [entry["games"] for entry in answer["card"]] == [2, 3, 1]
    assert set(answer["card"][0]) == {"name", "mu", "sigma", "ordinal", "games"}
