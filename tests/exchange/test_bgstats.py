"""BG Stats in and out: its export file read into a group of games known by their final
result, a group written as one, and the createPlay link of a finished game."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import unquote

import pytest
from sqlalchemy import select

from companion import models
from companion.infra.extensions import db
from companion.scoring.records import group_records
from companion.services import groups
from tests.kits.logs import CARD, bgstats, games_of, play, stored, typed


def imported(api: Any, data: dict[str, Any], query: str = "") -> Any:
    return api.client.post(f"/api/import{query}", json=data)


def test_the_phase_10_plays_of_a_bgstats_file_become_a_group(app, api) -> None:
    data = bgstats([
        play([(1, "85", 2, False), (2, "40", 1, True), (3, "20", 3, False)]),
        play([(1, "10", None, True), (2, "90", None, False)], game=2),
        play([(1, "5", 1, True), (4, "60", 2, False)], ignored=True),
        play([(1, "0", 1, True), (2, "35", 2, False)], game=3, date="2026-03-15 20:00:00"),
    ])
    response = imported(api, data, "?tz=Europe/Berlin")
    assert response.status_code == 201, response.get_json()
    group = response.get_json()
    assert group["skipped"] == 2 and group["name"] == "BG Stats"
    first, masters = games_of(api, group)
    assert first["status"] == "finished" and first["rounds"] == []
    assert first["winners"] == ["Ben"] and first["standings"] == ["Ben", "Ann", "Cleo"]
    assert [line["points"] for line in first["final"]] == [85, 40, 20]
    assert [line["phases"] for line in first["final"]] == [None, None, None]
    assert first["created_at"] == "2026-03-14T18:30:00Z" and first["duration_s"] == 4500
    assert first["dealer"] is None and first["edition"] == "original"
    assert masters["edition"] == "masters" and masters["winners"] == ["Ann"]
    with app.app_context():  # the records derived once equal the records replayed
        stored_group = db.session.execute(select(models.Group)).scalar_one()
        kept = groups.derived(stored_group).records
        replayed = group_records([groups.played(game) for game in groups.games_of(stored_group)],
                                 groups.aliases_of(stored_group))
        assert kept.players == replayed.players and kept.pairs == replayed.pairs
        assert kept.lengths == replayed.lengths and kept.wins == replayed.wins


@pytest.mark.parametrize(("scores", "winners", "places"), [
    # Ranks missing: the winner first, then fewer points.
    ([(1, "85", None, False), (2, "40", None, True), (3, "20", None, False)],
     ["Ben"], [3, 1, 2]),
    # Nobody marked as the winner: the first place wins.
    ([(1, "85", 2, False), (2, "40", 1, False)], ["Ben"], [2, 1]),
    # A tie for the win, ranks equal.
    ([(1, "30", 1, True), (2, "30", 1, True), (3, "80", 3, False)], ["Ann", "Ben"], [1, 1, 3]),
    # Nobody marked and no ranks: fewer points win; equal points share the place.
    ([(1, "45", None, False), (2, "45", None, False), (3, "", None, False)],
     ["Ann", "Ben"], [1, 1, 3]),
])
def test_places_and_winners_as_the_log_gives_them(api, scores, winners, places) -> None:
    response = imported(api, bgstats([play(scores)]))
    assert response.status_code == 201, response.get_json()
    game, = games_of(api, response.get_json())
    assert game["winners"] == winners
    assert [line["place"] for line in game["final"]] == places


def test_anonymous_players_and_names_in_other_scripts(api) -> None:
    data = bgstats([play([(1, "10", 1, True), (2, "60", 2, False), (3, "70", 3, False),
                          (4, "80", 4, False)])],
                   players=["Ἀθηνᾶ", "Anonymous player", "Анна", "李"], anonymous=(2,))
    response = imported(api, data)
    assert response.status_code == 201, response.get_json()
    game, = games_of(api, response.get_json())
    assert [player["name"] for player in game["players"]] == ["Ἀθηνᾶ", "Anonymous", "Анна", "李"]

    two = bgstats([play([(1, "10", 1, True), (2, "60", 2, False), (3, "70", 3, False)])],
                  players=["Ann", "", "Guest"], anonymous=(2, 3))
    game, = games_of(api, imported(api, two).get_json())
    assert [player["name"] for player in game["players"]] == ["Ann", "Anonymous 1",
                                                              "Anonymous 2"]


def test_a_play_of_one_player_is_left_out_and_counted(api) -> None:
    data = bgstats([play([(1, "10", 1, True)]), play([(1, "10", 1, True), (2, "5", 2, False)])])
    response = imported(api, data)
    assert response.status_code == 201 and response.get_json()["skipped"] == 1


@pytest.mark.parametrize(("plays", "number"), [
    # One name twice in a play (two players of the log with one name).
    ([play([(1, "10", 1, True), (2, "20", 2, False)]),
      play([(1, "10", 1, True), (2, "20", 2, False), (3, "30", 3, False)])], 2),
    ([play([(1, "ten", 1, True), (2, "20", 2, False)])], 1),
    ([play([(1, "-5", 1, True), (2, "20", 2, False)])], 1),
    ([play([(1, "5", 1, True), (9, "20", 2, False)])], 1),
    ([play([(1, "5", 1, True), (2, "20", 2, False)], date="next Friday")], 1),
    ([play([(1, "5", 1, True), (2, "20", 2, False)]), {"gameRefId": 1, "playerScores": "x"}],
     2),
])
def test_a_play_that_cannot_be_a_game_is_422_naming_it_and_nothing_is_stored(
        api, plays, number) -> None:
    before = stored(api.client.application)
    response = imported(api, bgstats(plays, players=["Ann", "Ben", "ann"]))
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["details"][0]["play"] == number
    assert f"Play {number}" in response.get_json()["error"]
    assert stored(api.client.application) == before


def test_a_file_without_phase_10_plays_is_refused(api) -> None:
    before = stored(api.client.application)
    response = imported(api, bgstats([play([(1, "10", 1, True), (2, "5", 2, False)], game=2)]))
    assert response.status_code == 422
    assert stored(api.client.application) == before


def test_an_unknown_time_zone_is_400(api) -> None:
    response = imported(api, bgstats([play([(1, "10", 1, True), (2, "5", 2, False)])]),
                        "?tz=Mars/Olympus")
    assert response.status_code == 400


def _group_with_games(api: Any) -> dict[str, Any]:
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    path = f"/api/groups/{group['id']}/games"
    typed(api, CARD, path=path, played_at="2026-03-14T19:30:00+01:00", duration_s=5400)
    typed(api, [{"player": "Ann", "phases": 10, "points": 30},
                {"player": "Ben", "phases": 10, "points": 30}], path=path,
          played_at="2026-03-15T19:30:00+01:00")
    typed(api, [{"player": "Ann", "marker": 11}, {"player": "Dan", "marker": 6}], path=path,
          edition="board", played_at="2026-03-16T19:30:00+01:00", duration_s=1800)
    api.post(path, {"players": ["Ann", "Ben"]})  # not finished: not in the file
    return dict(group)


def test_a_group_exports_a_bgstats_file(api) -> None:
    group = _group_with_games(api)
    response = api.client.get(f"/api/groups/{group['view_id']}/export?format=bgstats"
                              "&tz=Europe/Berlin")
    assert response.status_code == 200
    data = json.loads(response.get_data())
    assert [(player["id"], player["name"]) for player in data["players"]] == [
        (1, "Ann"), (2, "Ben"), (3, "Cleo"), (4, "Dan")]
    assert all(isinstance(player["uuid"], str) for player in data["players"])
    assert [(game["name"], game.get("bggId"), game["highestWins"])
            for game in data["games"]] == [("Phase 10", 1258, False),
                                           ("Phase 10 Board Game", None, False)]
    first, tie, board = data["plays"]
    assert first["playDate"] == "2026-03-14 19:30:00" and first["durationMin"] == 90
    assert first["playerScores"] == [
        {"playerRefId": 1, "score": "85", "rank": 2, "winner": False, "newPlayer": False,
         "startPlayer": True, "seatOrder": 0},
        {"playerRefId": 2, "score": "60", "rank": 1, "winner": True, "newPlayer": False,
         "startPlayer": False, "seatOrder": 1},
        {"playerRefId": 3, "score": "20", "rank": 3, "winner": False, "newPlayer": False,
         "startPlayer": False, "seatOrder": 2}]
    assert [score["winner"] for score in tie["playerScores"]] == [True, True]
    assert tie["durationMin"] == 0  # not known
    assert [score["score"] for score in board["playerScores"]] == ["", ""]


def test_own_file_to_bgstats_file_and_back_keeps_the_games(api) -> None:
    group = _group_with_games(api)
    own = api.client.get(f"/api/groups/{group['view_id']}/export").get_json()
    copy = api.post("/api/import", own).get_json()
    bgstats_file = json.loads(api.client.get(
        f"/api/groups/{copy['view_id']}/export?format=bgstats").get_data())
    back = api.post("/api/import", bgstats_file)
    assert back.status_code == 201, back.get_json()
    before = [game for game in games_of(api, group) if game["status"] == "finished"]
    after = games_of(api, back.get_json())

    def seen(game: dict[str, Any]) -> tuple[Any, ...]:
        return (game["edition"], game["winners"], game["standings"], game["created_at"],
                game["duration_s"], [(line["player"], line["place"]) for line in game["final"]],
                [line["points"] for line in game["final"]])

    assert [seen(game) for game in after] == [seen(game) for game in before]
    again = api.client.get(f"/api/groups/{back.get_json()['view_id']}/export").get_json()
    assert api.post("/api/import", again).status_code == 201  # and into the own format


def test_a_finished_game_links_to_bgstats_create_play(api) -> None:
    game = typed(api, CARD, played_at="2026-03-14T19:30:00+01:00", duration_s=5400).get_json()
    link = game["links"]["bgstats"]
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    data = json.loads(unquote(link.split("data=", 1)[1]))
    assert data["sourceName"] == "Phase 10 Companion" and data["sourcePlayId"]
    assert game["view_id"] not in link  # no way back to the read-only link
    assert data["playDate"] == "2026-03-14T18:30:00Z" and data["durationMin"] == 90
    assert data["game"] == {"name": "Phase 10", "bggId": 1258}
    assert data["players"] == [
        {"name": "Ann", "score": 85, "winner": False, "startPlayer": True, "rank": 2},
        {"name": "Ben", "score": 60, "winner": True, "startPlayer": False, "rank": 1},
        {"name": "Cleo", "score": 20, "winner": False, "startPlayer": False, "rank": 3}]
    board = typed(api, [{"player": "Ann", "marker": 11}, {"player": "Ben", "marker": 3}],
                  edition="board").get_json()
    data = json.loads(unquote(board["links"]["bgstats"].split("data=", 1)[1]))
    assert "bggId" not in data["game"] and "durationMin" not in data
    assert all({"winner", "startPlayer"} <= set(player) for player in data["players"])
    unfinished = api.new_game(["Ann", "Ben"])
    assert "bgstats" not in unfinished["links"]
