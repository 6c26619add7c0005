"""The CSV export of a game known by its final result (typed from paper, logged elsewhere):
a ``final`` row per player saying the phases completed, the penalty points, the board
game's marker and the place, beside the round rows of the games played round by round."""

from __future__ import annotations

import csv
import io
from typing import Any

from tests.kits.group_games import card_round
from tests.kits.logs import CARD, typed


def rows(api: Any, path: str) -> list[dict[str, str]]:
    response = api.client.get(path)
    assert response.status_code == 200 and response.mimetype == "text/csv"
    return list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))


def test_a_game_typed_from_paper_has_a_final_row_per_player(api) -> None:
    game = typed(api, CARD, played_at="2026-03-14T19:30:00Z").get_json()
    found = rows(api, f"/api/games/{game['view_id']}/export.csv")
    assert [(row["round"], row["seat"], row["player"], row["phases_done"], row["points"],
             row["total"], row["place"], row["phase_tried"], row["went_out"], row["marker"])
            for row in found] == [
        ("final", "1", "Ann", "10", "85", "85", "2", "", "", ""),
        ("final", "2", "Ben", "10", "60", "60", "1", "", "", ""),
        ("final", "3", "Cleo", "9", "20", "20", "3", "", "", "")]
    assert {row["date"] for row in found} == {"2026-03-14"}
    assert {row["tiebreak"] for row in found} == {"False"}


def test_a_board_game_typed_from_paper_gives_its_markers(api) -> None:
    game = typed(api, [{"player": "Ann", "marker": 8}, {"player": "Ben", "marker": 11}],
                 edition="board").get_json()
    found = rows(api, f"/api/games/{game['id']}/export.csv")
    assert [(row["player"], row["marker"], row["place"], row["points"], row["phases_done"])
            for row in found] == [("Ann", "8", "2", "", ""), ("Ben", "11", "1", "", "")]


def test_a_group_lists_round_rows_and_final_rows_side_by_side(api) -> None:
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    played = api.post(f"/api/groups/{group['id']}/games",
                      {"players": ["Ann", "Ben"], "phases": [1]}).get_json()
    assert api.round(played, card_round("Ann", {"Ben": 60})).status_code == 201
    assert typed(api, CARD, path=f"/api/groups/{group['id']}/games").status_code == 201
    found = rows(api, f"/api/groups/{group['view_id']}/export.csv")
    assert sorted(row["round"] for row in found) == ["1", "1", "final", "final", "final"]
    round_rows = [row for row in found if row["round"] == "1"]
    assert {(row["phases_done"], row["place"]) for row in round_rows} == {("", "")}
    assert len({row["game"] for row in found}) == 2
