"""Games typed from a paper sheet: only the final result, stored finished without rounds."""

from __future__ import annotations

from io import BytesIO

import pytest
from pypdf import PdfReader
from sqlalchemy import select

from companion import models
from companion.infra.extensions import db
from companion.scoring.records import group_records
from companion.services import groups
from tests.kits.logs import CARD, stored, typed


def test_a_card_game_typed_from_paper_is_finished_and_ranked_by_the_sheets_rule(api) -> None:
    response = typed(api, CARD, played_at="2026-03-14T19:30:00+01:00", duration_s=5400)
    assert response.status_code == 201, response.get_json()
    game = response.get_json()
    assert game["status"] == "finished" and game["rounds"] == []
    assert game["winner"] == "Ben" and game["winners"] == ["Ben"]
    assert game["standings"] == ["Ben", "Ann", "Cleo"]
    assert game["created_at"] == "2026-03-14T18:30:00Z"
    assert game["ended_at"] == "2026-03-14T20:00:00Z" and game["duration_s"] == 5400
    assert game["final"] == [
        {"player": "Ann", "phases": 10, "points": 85, "marker": None, "place": 2},
        {"player": "Ben", "phases": 10, "points": 60, "marker": None, "place": 1},
        {"player": "Cleo", "phases": 9, "points": 20, "marker": None, "place": 3}]
    assert [player["phases_done"] for player in game["players"]] == [
        list(range(1, 11)), list(range(1, 11)), list(range(1, 10))]
    assert [player["points"] for player in game["players"]] == [85, 60, 20]
    again = api.client.get(f"/api/games/{game['view_id']}").get_json()
    assert again["final"] == game["final"] and again["status"] == "finished"


def test_equal_in_phases_and_points_share_a_place_and_a_tie_for_the_win_is_shared(api) -> None:
    final = [{"player": "Ann", "phases": 10, "points": 40},
             {"player": "Ben", "phases": 10, "points": 40},
             {"player": "Cleo", "phases": 7, "points": 90},
             {"player": "Dan", "phases": 7, "points": 90}]
    game = typed(api, final).get_json()
    assert game["winner"] is None and game["winners"] == ["Ann", "Ben"]
    assert game["tiebreak"] == [] and game["expected"] == []
    assert [line["place"] for line in game["final"]] == [1, 1, 3, 3]


def test_the_ten_rounds_variant_ranks_points_first(api) -> None:
    final = [{"player": "Ann", "phases": 9, "points": 120},
             {"player": "Ben", "phases": 6, "points": 95}]
    game = typed(api, final, ten_rounds=True).get_json()
    assert game["winners"] == ["Ben"]


def test_a_board_game_typed_from_paper_gives_markers(api) -> None:
    final = [{"player": "Ann", "marker": 8}, {"player": "Ben", "marker": 11},
             {"player": "Cleo", "marker": 8}]
    game = typed(api, final, edition="board").get_json()
    assert game["winner"] == "Ben" and game["standings"] == ["Ben", "Ann", "Cleo"]
    assert [player["marker"] for player in game["players"]] == [8, 11, 8]
    assert [line["place"] for line in game["final"]] == [2, 1, 2]
    assert game["duration_s"] is None and game["ended_at"] is None


@pytest.mark.parametrize(("final", "options", "field"), [
    ([{"player": "Ann", "phases": 10, "points": 7}, {"player": "Ben", "phases": 3, "points": 50}],
     {}, "final.0.points"),
    ([{"player": "Ann", "phases": 11, "points": 5}, {"player": "Ben", "phases": 3, "points": 50}],
     {}, "final.0.phases"),
    ([{"player": "Ann", "phases": 10, "points": 5}, {"player": "Ben", "phases": 3,
                                                     "points": -5}], {}, "final.1.points"),
    ([{"player": "Ann", "phases": 10, "points": 5}, {"player": "Ben", "points": 50}],
     {}, "final.1.phases"),
    ([{"player": "Ann", "phases": 9, "points": 5}, {"player": "Ben", "phases": 3, "points": 50}],
     {}, "final"),
    ([{"player": "Ann", "phases": 6, "points": 5}, {"player": "Ben", "phases": 3, "points": 50}],
     {"phases": [1, 2, 3, 4, 5]}, "final.0.phases"),
    ([{"player": "Ann", "marker": 11}, {"player": "Ben", "marker": 11}],
     {"edition": "board"}, "final"),
    ([{"player": "Ann", "marker": 11}, {"player": "Ben", "marker": 12}],
     {"edition": "board"}, "final.1.marker"),
    ([{"player": "Ann", "marker": 11}, {"player": "Ben", "points": 50}],
     {"edition": "board"}, "final.1.points"),
    ([{"player": "Ann", "phases": 10, "points": 5}, {"player": "Ben", "phases": 3, "points": 5}],
     {"players": ["Ann", "Ben", "Cleo"]}, "final"),
    ([{"player": "Ann", "phases": 10, "points": 5}, {"player": "Bob", "phases": 3, "points": 5}],
     {"players": ["Ann", "Ben"]}, "final.1.player"),
])
def test_a_bad_line_is_422_naming_its_field_and_nothing_is_stored(api, final, options,
                                                                   field) -> None:
    before = stored(api.client.application)
    response = typed(api, final, **options)
    assert response.status_code == 422, response.get_json()
    assert field in [detail["field"] for detail in response.get_json()["details"]]
    assert stored(api.client.application) == before


@pytest.mark.parametrize("body", [
    {"final": "Ann won"}, {"final": [{"player": "Ann", "phases": "ten", "points": 5},
                                     {"player": "Ben", "phases": 1, "points": 5}]},
    {"final": None, "players": ["Ann", "Ben"]},
    {"final": CARD, "played_at": "yesterday"}, {"final": CARD, "duration_s": -1},
])
def test_a_final_not_shaped_as_documented_is_400(api, body) -> None:
    before = stored(api.client.application)
    assert api.post("/api/games", body).status_code == 400
    assert stored(api.client.application) == before


def test_a_typed_game_joins_a_group_and_counts_in_its_records(api) -> None:
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    response = typed(api, CARD, path=f"/api/groups/{group['id']}/games", duration_s=3600,
                     played_at="2026-03-14T19:30:00Z")
    assert response.status_code == 201, response.get_json()
    data = api.client.get(f"/api/groups/{group['view_id']}").get_json()
    assert [(game["status"], game["final"]) for game in data["games"]] == [("finished", True)]
    players = {player["name"]: player for player in data["players"]}
    assert players["Ben"]["won"] == 1 and players["Ann"]["played"] == 1
    assert players["Ben"]["best"]["points"] == 60 and players["Cleo"]["worst"]["points"] == 20
    assert players["Ann"]["average_points"] is None  # points per round: rounds only
    assert data["phases"] == []  # how hard each phase is: rounds only
    assert data["length"]["longest"]["seconds"] == 3600 and data["length"]["games"] == 1
    pairs = {tuple(pair["players"]): pair for pair in data["head_to_head"]}
    assert pairs[("Ann", "Ben")]["ahead"] == [0, 1]
    assert pairs[("Ann", "Ben")]["average_points_difference"] == -25
    assert data["wins_over_time"] == [["Ben"]]


def test_the_group_records_kept_equal_the_records_replayed(app, api) -> None:
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    path = f"/api/groups/{group['id']}/games"
    typed(api, CARD, path=path, played_at="2026-03-14T19:30:00Z")
    typed(api, [{"player": "Ann", "marker": 11}, {"player": "Ben", "marker": 4}], path=path,
          edition="board", played_at="2026-03-15T19:30:00Z", duration_s=1200)
    with app.app_context():
        stored = db.session.execute(select(models.Group)).scalar_one()
        kept = groups.derived(stored).records
        replayed = group_records([groups.played(game) for game in groups.games_of(stored)],
                                 groups.aliases_of(stored))
        assert kept.players == replayed.players and kept.pairs == replayed.pairs
        assert kept.lengths == replayed.lengths
        assert kept.players[0].wreath_rounds == ()  # how many rounds: not known


def test_the_filled_pdf_has_a_final_row(api) -> None:
    game = typed(api, [{"player": "Ann", "phases": 10, "points": 85},
                       {"player": "Ben", "phases": 7, "points": 120}]).get_json()
    response = api.client.get(game["links"]["pdf"].replace("http://localhost", ""))
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(BytesIO(response.data)).pages)
    assert "Final" in text and "Winner: Ann" in text
    assert "85" in text and "120" in text


def test_own_export_and_import_keep_a_typed_game(api) -> None:
    game = typed(api, CARD, played_at="2026-03-14T19:30:00Z", duration_s=600).get_json()
    exported = api.client.get(f"/api/games/{game['view_id']}/export").get_json()
    assert exported["game"]["final"][1] == {"player": "Ben", "phases": 10, "points": 60,
                                            "marker": None, "place": 1}
    assert exported["game"]["rounds"] == [] and exported["game"]["duration_s"] == 600
    copy = api.post("/api/import", exported)
    assert copy.status_code == 201, copy.get_json()
    again = copy.get_json()
    for field in ("final", "winners", "standings", "created_at", "ended_at", "duration_s"):
        assert again[field] == game[field]
    exported["game"]["final"][0]["points"] = 7
    del exported["game"]["final"][0]["place"]  # places not all given: the sheet's rule
    refused = api.post("/api/import", exported)
    assert refused.status_code == 422
    assert refused.get_json()["details"][0]["field"] == "final.0.points"


def test_a_typed_game_takes_no_rounds_but_its_players_may_be_renamed(api) -> None:
    game = typed(api, CARD).get_json()
    refused = api.round(game, [{"player": "Ann", "phase": True, "points": 0},
                               {"player": "Ben", "phase": False, "points": 50},
                               {"player": "Cleo", "phase": False, "points": 50}])
    assert refused.status_code == 409
    renamed = api.client.patch(f"/api/games/{game['id']}/players/Ben", json={"name": "Benny"})
    assert renamed.status_code == 200, renamed.get_json()
    assert renamed.get_json()["winners"] == ["Benny"]
    assert renamed.get_json()["final"][1]["player"] == "Benny"
