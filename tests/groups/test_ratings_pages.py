"""The ratings on the group page (rank, name, the rating, how sure, the last game's change, a
trend) and each player's chance on a group game's sheet until round 1 is stored."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

from tests.kits.group_games import board_win, card_round, start


def finish(api: Any, game: dict[str, Any], winner: str, loser: str) -> None:
    assert api.round(game, card_round(winner, {loser: 60})).status_code == 201


@pytest.fixture
def group(api: Any) -> dict[str, Any]:
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    for winner, loser in (("Ann", "Ben"), ("Ann", "Ben"), ("Ben", "Cem")):
        finish(api, start(api, group, [winner, loser], phases=[1]), winner, loser)
    return dict(group)


def ratings_section(html: str) -> str:
    found = re.search(r'<section class="panel ratings".*?</section>', html, re.S)
    assert found is not None, "no ratings on the page"
    return found.group(0)


def test_the_group_page_ranks_the_players_by_rating_and_says_what_it_means(
        api: Any, group: dict[str, Any]) -> None:
    rated = api.client.get(f"/api/groups/{group['view_id']}").get_json()["ratings"]["card"]
    html = ratings_section(api.client.get(f"/groups/{group['view_id']}").get_data(as_text=True))
    assert "everybody starts at 0" in html and "last game changed" in html
    assert "Card games" in html and "Board games" not in html
    rows = re.findall(r"<tr><td class=\"rank\">(\d+)</td><th scope=\"row\"><bdi "
                      r"class=\"rating-name\">(\w+)</bdi><small class=\"muted\">(\w+) · "
                      r"<span class=\"games\">(\d+) games?</span></small></th>"
                      r"<td class=\"num\"><span class=\"rating\">"
                      r"([^<]+)</span><small class=\"change[^\"]*\"[^>]*>([^<]+)</small></td>"
                      r"<td><svg", html)
    assert [row[:5] for row in rows] == [
        (str(n), entry["name"], "provisional", str(entry["games"]),
         f"{entry['ordinal']:.1f}".replace("-", "−"))
        for n, entry in enumerate(rated, start=1)]
    ann_change = rows[0][5]
    assert ann_change.startswith("+")  # Ann's last game was a win
    assert html.count('class="trend"') == 3


def test_board_games_are_rated_in_a_table_of_their_own(api: Any, group: dict[str, Any]) -> None:
    board_win(api, start(api, group, ["Cem", "Dora"], edition="board"), "Dora", "Cem")
    html = ratings_section(api.client.get(f"/groups/{group['id']}").get_data(as_text=True))
    board = html.split("Board games", 1)[1]
    assert board.index("Dora") < board.index("Cem")


def test_a_group_without_a_finished_game_shows_no_ratings(api: Any) -> None:
    group = api.post("/api/groups", {}).get_json()
    assert "panel ratings" not in api.client.get(f"/groups/{group['id']}").get_data(as_text=True)


def test_a_new_game_in_the_group_shows_each_players_chance_until_round_1(
        api: Any, app: Flask, group: dict[str, Any]) -> None:
    game = start(api, group, ["Cem", "Ann", "Newcomer"], phases=[1])
    odds = api.post(f"/api/groups/{group['id']}/odds",
                    {"players": ["Cem", "Ann", "Newcomer"]}).get_json()["odds"]
    html = api.client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "Chances to win" in html
    shown = re.findall(r"<li><bdi>(\w+)</bdi> <strong>(\d+)%</strong></li>", html)
    assert shown == [(entry["name"], str(round(entry["chance"] * 100))) for entry in odds]
    # Another table's game changes the odds: the sheet is not kept with the old ones.
    finish(api, start(api, group, ["Ann", "Cem"], phases=[1]), "Cem", "Ann")
    again = api.client.get(f"/games/{game['view_id']}").get_data(as_text=True)
    newer = api.post(f"/api/groups/{group['id']}/odds",
                     {"players": ["Cem", "Ann", "Newcomer"]}).get_json()["odds"]
    assert re.findall(r"<li><bdi>(\w+)</bdi> <strong>(\d+)%</strong></li>", again) == [
        (entry["name"], str(round(entry["chance"] * 100))) for entry in newer]
    api.round(game, card_round("Ann", {"Cem": 60, "Newcomer": 60}))
    assert "Chances to win" not in api.client.get(f"/games/{game['id']}").get_data(as_text=True)


def test_next_game_seats_the_table_with_its_chances(api: Any, group: dict[str, Any]) -> None:
    page = api.client.get(f"/groups/{group['id']}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    answer = api.client.post(f"/groups/{group['id']}/next",
                             data={"csrf_token": token.group(1) if token else ""})
    assert answer.status_code == 303
    sheet = api.client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "Chances to win" in sheet
    assert re.findall(r"<li><bdi>(\w+)</bdi>", sheet) == ["Ben", "Cem"]


def test_a_game_outside_any_group_shows_no_chances(api: Any) -> None:
    game = api.new_game(["Ann", "Ben"])
    assert "Chances to win" not in api.client.get(f"/games/{game['id']}").get_data(as_text=True)


def test_a_result_typed_from_paper_shows_no_chances(api: Any, group: dict[str, Any]) -> None:
    """Finished at once, without rounds: there is nothing left to have a chance at."""
    typed = api.client.post(f"/api/groups/{group['id']}/games", json={"final": [
        {"player": "Ann", "phases": 10, "points": 40},
        {"player": "Ben", "phases": 8, "points": 95}]})
    assert typed.status_code == 201, typed.get_json()
    page = api.client.get(f"/games/{typed.get_json()['id']}").get_data(as_text=True)
    assert "Ann wins" in page
    assert "Chances to win" not in page
