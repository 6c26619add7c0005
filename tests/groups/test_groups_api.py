"""Groups through the JSON API: start one, gather card and board games, records, merged
spellings, rematch, and the read-only link."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.kits.group_games import board_win, card_round, finish_short, start


@pytest.fixture
def group(api: Any) -> dict[str, Any]:
    response = api.post("/api/groups", {"name": "Friday"})
    assert response.status_code == 201
    return dict(response.get_json())


def test_a_group_with_finished_and_unfinished_card_and_board_games(api: Any, group) -> None:
    first = start(api, group, ["Ann", "Ben"], phases=[1, 2])
    finish_short(api, first, "Ann", "Ben")
    second = start(api, group, ["ann", "Ben", "Cem"], phases=[1, 2])
    for round in (card_round("Ben", {"ann": 50, "Cem": 70}), card_round("Ben", {"ann": True,
                                                                              "Cem": 65})):
        assert api.round(second, round).status_code == 201
    unfinished = start(api, group, ["Ann", "Ben"])
    assert api.round(unfinished, card_round("Ann", {"Ben": 80})).status_code == 201
    board = start(api, group, ["Ann", "Ben"], edition="board")
    board_win(api, board, "Ann", "Ben")

    data = api.client.get(f"/api/groups/{group['view_id']}").get_json()
    assert [game["view_id"] for game in data["games"]] == [
        board["view_id"], unfinished["view_id"], second["view_id"], first["view_id"]]
    assert [game["status"] for game in data["games"]] == [
        "finished", "playing", "finished", "finished"]
    assert data["games"][0]["winners"] == ["Ann"] and data["games"][1]["winners"] == []
    players = {player["name"]: player for player in data["players"]}
    assert list(players) == ["Ann", "Ben", "Cem"]  # most wins first
    ann, ben = players["Ann"], players["Ben"]
    assert (ann["played"], ann["won"], ann["win_rate"]) == (3, 2, 0.667)
    assert (ben["played"], ben["won"]) == (3, 1)
    # Ann's card rounds: 0, 0 (first game), 50, 20 (second): 70 over 4 rounds.
    assert ann["average_points"] == 17.5
    assert ann["best"]["points"] == 0 and ann["worst"]["points"] == 70
    assert ann["board"] == {"played": 1, "won": 1, "wreath_rounds": [5], "fastest_wreath": 5}
    # Phase 1 in the card games: Ann first try, Ben never (2 rounds), ann second try,
    # Ben first, Cem never (2 rounds).
    phase_one = next(p for p in data["phases"] if p["edition"] == "original" and p["phase"] == 1)
    assert (phase_one["tried"], phase_one["first_try"], phase_one["completed"]) == (5, 2, 3)
    assert "id" not in data and all("id" not in game for game in data["games"])


def test_edit_link_lists_the_games_edit_links_and_the_view_link_does_not(api: Any,
                                                                        group) -> None:
    game = start(api, group, ["Ann", "Ben"])
    edit = api.client.get(f"/api/groups/{group['id']}").get_json()
    assert edit["id"] == group["id"] and edit["games"][0]["id"] == game["id"]
    assert "edit" in edit["links"]


def test_a_read_only_link_changes_nothing(api: Any, group) -> None:
    view = group["view_id"]
    assert api.post(f"/api/groups/{view}/games", {"players": ["A", "B"]}).status_code == 404
    assert api.post(f"/api/groups/{view}/aliases",
                    {"spelling": "A", "name": "B"}).status_code == 404


def test_adding_a_game_played_earlier_needs_its_edit_link(api: Any, group) -> None:
    game = api.new_game(["Ann", "Ben"])
    refused = api.post(f"/api/groups/{group['id']}/games", {"game": game["view_id"]})
    assert refused.status_code == 404
    added = api.post(f"/api/groups/{group['id']}/games", {"game": game["links"]["edit"]})
    assert added.status_code == 200
    assert [g["view_id"] for g in added.get_json()["games"]] == [game["view_id"]]
    assert api.client.get(f"/api/games/{game['id']}").get_json()["revision"] == 2
    other = api.post("/api/groups", {}).get_json()
    moved = api.post(f"/api/groups/{other['id']}/games", {"game": game["id"]})
    assert moved.status_code == 409
    assert "another group" in moved.get_json()["error"]


def test_merging_two_spellings_and_undoing_it(api: Any, group) -> None:
    one = start(api, group, ["Michaela", "Ben"], phases=[1, 2])
    finish_short(api, one, "Michaela", "Ben")
    two = start(api, group, ["Micha", "Ben"], phases=[1, 2])
    finish_short(api, two, "Micha", "Ben")
    merged = api.post(f"/api/groups/{group['id']}/aliases",
                      {"spelling": "micha", "name": "Michaela"})
    assert merged.status_code == 200
    data = merged.get_json()
    assert data["aliases"] == [{"spelling": "micha", "name": "Michaela"}]
    assert [(p["name"], p["won"]) for p in data["players"]] == [("Michaela", 2), ("Ben", 0)]
    apart = api.client.delete(f"/api/groups/{group['id']}/aliases/micha").get_json()
    assert {p["name"] for p in apart["players"]} == {"Michaela", "Micha", "Ben"}


@pytest.mark.parametrize(("body", "message"), [
    ({"spelling": "Zed", "name": "Ben"}, "Nobody called Zed"),
    ({"spelling": "Ben", "name": "ben"}, "two different players"),
    ({"spelling": 3, "name": "Ben"}, "must be a player's name"),
])
def test_a_merge_that_makes_no_sense_is_refused(api: Any, group, body, message) -> None:
    start(api, group, ["Ann", "Ben"])
    response = api.post(f"/api/groups/{group['id']}/aliases", body)
    assert response.status_code == 400
    assert message in response.get_json()["error"]
    assert api.client.get(f"/api/groups/{group['id']}").get_json()["aliases"] == []


def test_rematch_same_players_and_options_deal_passes_on_same_group(api: Any, group) -> None:
    game = start(api, group, ["Ann", "Ben", "Cem"], phases=[1], knocking=True, dealer="Cem")
    early = api.post(f"/api/games/{game['id']}/rematch", {})
    assert early.status_code == 409 and "Finish this game" in early.get_json()["error"]
    assert api.round(game, card_round("Ann", {"Ben": 50, "Cem": 60})).status_code == 201
    assert api.post(f"/api/games/{game['view_id']}/rematch", {}).status_code == 404
    response = api.post(f"/api/games/{game['id']}/rematch", {"group": group["links"]["edit"]})
    assert response.status_code == 201
    new = response.get_json()
    assert [p["name"] for p in new["players"]] == ["Ann", "Ben", "Cem"]
    assert (new["phases"], new["knocking"], new["dealer"]) == ([1], True, "Ann")
    listed = api.client.get(f"/api/groups/{group['id']}").get_json()["games"]
    assert listed[0]["view_id"] == new["view_id"] and len(listed) == 2


def test_a_read_only_link_to_add_a_game_is_named_as_such(api: Any, group) -> None:
    game = api.new_game(["Ann", "Ben"])
    answer = api.post(f"/api/groups/{group['id']}/games", {"game": game["links"]["view"]})
    assert answer.status_code == 404  # as for an unknown link: it is no edit link
    assert answer.get_json()["error"].startswith("That is the game's read-only link")


def test_a_games_edit_link_alone_cannot_add_rematches_to_its_group(api: Any, group) -> None:
    game = start(api, group, ["Ann", "Ben"], phases=[1])
    assert api.round(game, card_round("Ann", {"Ben": 50})).status_code == 201
    started = []
    for body in ({}, {"group": group["view_id"]}, {"group": "no-such-group"}):
        response = api.post(f"/api/games/{game['id']}/rematch", body)
        started.append((response.status_code, response.get_json()["id"]))
    # One rematch per game: the first request starts it, the others are sent to it.
    assert [status for status, _key in started] == [201, 200, 200]
    assert len({key for _status, key in started}) == 1
    assert api.post(f"/api/games/{game['id']}/rematch", {"group": 7}).status_code == 400
    games = api.client.get(f"/api/groups/{group['id']}").get_json()["games"]
    assert [listed["view_id"] for listed in games] == [game["view_id"]]


def test_board_rematch_passes_the_start_on(api: Any) -> None:
    game = api.new_game(["Ann", "Ben"], edition="board", starter="Ben")
    board_win(api, game, "Ann", "Ben")
    new = api.post(f"/api/games/{game['id']}/rematch", {}).get_json()
    assert new["edition"] == "board" and new["starter"] == "Ann"


@pytest.mark.parametrize("body", [{"name": 5}, {"name": "x" * 41}, {"name": "a\u0007b"}])
def test_a_bad_group_name_is_refused(api: Any, body) -> None:
    response = api.post("/api/groups", body)
    assert response.status_code == 400 and response.get_json()["error"]


def test_unknown_group_and_not_json(client: FlaskClient) -> None:
    assert client.get("/api/groups/nope").status_code == 404
    assert client.get("/api/groups/" + "x" * 65).status_code == 404
    response = client.post("/api/groups", data="name", content_type="text/plain")
    assert response.status_code == 415
