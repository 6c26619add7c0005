"""The round form's answers through the test client: every problem at once, and undo with
its way back (issue 11)."""

from __future__ import annotations

import re

from markupsafe import escape

PLAYERS = ["Ann", "Ben", "Cleo"]
ROUND = [{"player": "Ann", "phase": True, "points": 0},
         {"player": "Ben", "phase": False, "points": 60},
         {"player": "Cleo", "phase": True, "points": 20}]


def form(points, out=None):
    data = {"number": "1"} | ({"went_out": out} if out else {})
    for i, (name, value) in enumerate(zip(PLAYERS, points, strict=True)):
        data |= {f"results-{i}-player": name, f"results-{i}-points": value}
    return data


def test_every_problem_of_a_round_is_named_at_once(client, api):
    game = api.new_game(PLAYERS)
    html = client.post(f"/games/{game['id']}/round",
                       data=form(["", "52", "abc"])).get_data(as_text=True)
    assert "Enter the points of Ann" in html
    assert "52 points are not possible" in html
    assert "Points are a whole number like 35." in html
    assert "mark who went out" in html
    assert client.get(f"/api/games/{game['id']}").get_json()["rounds"] == []


def test_a_round_undone_can_be_restored_once(client, api):
    game = api.new_game(PLAYERS)
    api.round(game, ROUND)
    sheet = f"/games/{game['id']}"
    client.post(f"{sheet}/undo", data={"number": "1"})
    html = client.get(sheet).get_data(as_text=True)
    assert "Round 1 removed." in html and "Restore round 1" in html
    client.post(f"{sheet}/restore", data={})
    rounds = client.get(f"/api/games/{game['id']}").get_json()["rounds"]
    assert len(rounds) == 1
    assert "Restore round" not in client.get(sheet).get_data(as_text=True)
    client.post(f"{sheet}/restore", data={})  # a second tap restores nothing more
    assert len(client.get(f"/api/games/{game['id']}").get_json()["rounds"]) == 1


def test_no_restore_once_the_game_changed(client, api):
    game = api.new_game(PLAYERS)
    api.round(game, ROUND)
    sheet = f"/games/{game['id']}"
    client.post(f"{sheet}/undo", data={"number": "1"})
    api.round(game, [{**result, "points": 0 if result["player"] == "Ben" else 55,
                      "phase": result["player"] == "Ben"} for result in ROUND])
    response = client.post(f"{sheet}/restore", data={}, follow_redirects=True)
    assert "can no longer be restored" in response.get_data(as_text=True)
    rounds = client.get(f"/api/games/{game['id']}").get_json()["rounds"]
    assert len(rounds) == 1 and rounds[0]["results"][1]["points"] == 0


def test_refused_points_stay_in_their_field_exactly_as_typed(client, api):
    game = api.new_game(PLAYERS)
    for typed in (["", "-5", "abc"], ["0", "+60", "9999"], ["0", " 7 5", "12"]):
        page = client.post(f"/games/{game['id']}/round", data=form(typed))
        assert page.status_code == 422
        html = page.get_data(as_text=True)
        shown = re.findall(r'name="results-\d-points"[^>]*value="([^"]*)"', html)
        assert shown == [escape(value) for value in typed], (typed, shown)
    assert client.get(f"/api/games/{game['id']}").get_json()["rounds"] == []
