"""Rename, a late joiner and a player who leaves, through the API (docs/API.md)."""

from __future__ import annotations

ROUND = [{"player": "Ann", "phase": True, "points": 0},
         {"player": "Ben", "phase": False, "points": 60}]


def test_a_rename_rewrites_every_round_in_one_revision(client, api):
    game = api.new_game(["Ann", "Ben"])
    api.round(game, ROUND)
    response = client.patch(f"/api/games/{game['id']}/players/Ben",
                            json={"name": "Benjamin", "revision": 2})
    assert response.status_code == 200, response.get_json()
    changed = response.get_json()
    assert changed["revision"] == 3
    assert [line["name"] for line in changed["players"]] == ["Ann", "Benjamin"]
    assert changed["rounds"][0]["results"][1]["player"] == "Benjamin"
    assert changed["players"][1]["points"] == 60


def test_a_rename_to_a_taken_name_or_from_an_old_revision_changes_nothing(client, api):
    game = api.new_game(["Ann", "Ben"])
    taken = client.patch(f"/api/games/{game['id']}/players/Ben", json={"name": " ann "})
    assert taken.status_code == 400 and "already in this game" in taken.get_json()["error"]
    stale = client.patch(f"/api/games/{game['id']}/players/Ben",
                         json={"name": "Bea", "revision": 7})
    assert stale.status_code == 409 and stale.get_json()["game"]["revision"] == 1
    unknown = client.patch(f"/api/games/{game['id']}/players/Zoe", json={"name": "Bea"})
    assert unknown.status_code == 400
    assert client.patch(f"/api/games/{game['id']}/players/Ben", json=["Bea"]).status_code == 400
    after = client.get(f"/api/games/{game['id']}").get_json()
    assert [line["name"] for line in after["players"]] == ["Ann", "Ben"]
    assert after["revision"] == 1


def test_a_late_joiner_plays_from_the_next_round_with_the_highest_total(client, api):
    game = api.new_game(["Ann", "Ben"])
    api.round(game, ROUND)
    response = client.post(f"/api/games/{game['id']}/players", json={"name": "Cem"})
    assert response.status_code == 201, response.get_json()
    joined = response.get_json()
    cem = joined["players"][2]
    assert cem["name"] == "Cem" and cem["points"] == 60 and cem["current_phase"] == 1
    assert cem["round_points"] == [None] and joined["expected"] == ["Ann", "Ben", "Cem"]
    assert client.post(f"/api/games/{game['id']}/players",
                       json={"name": "cem"}).status_code == 400


def test_a_player_who_leaves_keeps_their_rounds(client, api):
    game = api.new_game(["Ann", "Ben", "Cem"])
    api.round(game, [*ROUND, {"player": "Cem", "phase": True, "points": 20}])
    response = client.delete(f"/api/games/{game['id']}/players/Ben")
    assert response.status_code == 200, response.get_json()
    left = response.get_json()
    assert left["expected"] == ["Ann", "Cem"] and left["players"][1]["points"] == 60
    assert client.delete(f"/api/games/{game['id']}/players/Cem").status_code == 400
    refused = api.round(game, ROUND)
    assert refused.status_code == 422 and "Ben does not play round 2" in refused.get_json()["error"]


def test_a_player_without_a_round_is_removed_altogether(client, api):
    game = api.new_game(["Ann", "Ben", "Cem"], dealer="Cem")
    response = client.delete(f"/api/games/{game['id']}/players/Ben")
    gone = response.get_json()
    assert [line["name"] for line in gone["players"]] == ["Ann", "Cem"]
    assert gone["dealer"] == "Cem"


def test_a_finished_game_keeps_its_players(client, api):
    game = api.new_game(["Ann", "Ben"], phases=[1])
    api.round(game, ROUND)
    response = client.post(f"/api/games/{game['id']}/players", json={"name": "Cem"})
    assert response.status_code == 409


def test_the_sheet_gives_who_left_no_next_phase_and_no_current_phase_frame(client, api):
    game = api.new_game(["Ann", "Ben", "Cem"])
    api.round(game, [*ROUND, {"player": "Cem", "phase": True, "points": 20}])
    client.delete(f"/api/games/{game['id']}/players/Ben")
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    standings = page.split('class="standings"')[1].split("</table>")[0]
    ben = next(item for item in standings.split("<tr") if ">Ben<" in item)
    cem = next(item for item in standings.split("<tr") if ">Cem<" in item)
    assert "left after round 1" in ben and 'class="gone"' in ben
    assert "phase 2" in cem and "left" not in cem
    assert page.count("<td class=\"current\">") == 2  # Ann's and Cem's, none for Ben


def test_a_name_refused_is_a_sentence_that_names_the_player(client, api):
    game = api.new_game(["Ann", "Ben"])
    empty = client.patch(f"/api/games/{game['id']}/players/Ben", json={"name": " "})
    assert empty.status_code == 400
    assert empty.get_json()["error"] == "Ben needs a name: a name has 1 to 30 characters"
    long = client.post(f"/api/games/{game['id']}/players", json={"name": "x" * 31})
    assert long.get_json()["error"].startswith("“" + "x" * 30 + "…” is too long")
