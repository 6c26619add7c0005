"""The round page's writes go through the API's request and the services' rules: what the page
shows for a refusal is what the services decided, in the API's words where both say it."""

from __future__ import annotations

import re

from tests.kits.page_forms import PLAYERS, round_form, start

LAID = [True, True, True, False]


def rounds(client, url):
    return client.get(url.replace("/games/", "/api/games/")).get_json()["rounds"]


def test_a_masters_phase_done_before_is_refused_next_to_its_field_as_in_the_api(client, api):
    game = api.new_game(["Ann", "Ben"], edition="masters")
    api.round(game, [{"player": "Ann", "phase": 4, "points": 0},
                     {"player": "Ben", "phase": False, "points": 60}])
    page = client.post(f"/games/{game['id']}/round", data={
        "number": "2", "went_out": "Ben",
        "results-0-player": "Ann", "results-0-phase": "4", "results-0-points": "20",
        "results-1-player": "Ben", "results-1-phase": "7", "results-1-points": "0"})
    answer = api.round(game, [{"player": "Ann", "phase": 4, "points": 20},
                              {"player": "Ben", "phase": 7, "points": 0, "went_out": True}])
    said = answer.get_json()["details"][0]["message"]
    assert page.status_code == 422 and answer.status_code == 422
    assert "already completed phase 4" in said
    html = page.get_data(as_text=True)
    assert said[0].upper() + said[1:] in html  # the same words, as a sentence beside the field
    assert len(api.client.get(f"/api/games/{game['id']}").get_json()["rounds"]) == 1


def test_a_round_form_whose_revision_is_not_a_number_stores_nothing(client):
    url = start(client)
    page = client.post(url + "/round", data={
        **round_form(PLAYERS, [0, 25, 20, 75], LAID, "Michaela"), "revision": "abc"})
    assert page.status_code == 422
    assert "This form was incomplete. Nothing was stored" in page.get_data(as_text=True)
    assert rounds(client, url) == []


def test_the_undo_button_takes_the_apis_guards(client):
    url = start(client)
    client.post(url + "/round", data={**round_form(PLAYERS, [0, 25, 20, 75], LAID, "Michaela"),
                                      "revision": "1"})
    for guards, said in (({"revision": "abc"}, "form was incomplete. Try again"),
                         ({"revision": "1"}, "the sheet changed on another phone"),
                         ({"number": "2"}, "the sheet changed on another phone")):
        page = client.post(url + "/undo", data=guards, follow_redirects=True)
        assert said in page.get_data(as_text=True), guards
        assert len(rounds(client, url)) == 1
    page = client.post(url + "/undo", data={"number": "1", "revision": "2"},
                       follow_redirects=True)
    assert "Round 1 removed." in page.get_data(as_text=True) and rounds(client, url) == []


def test_a_players_change_from_an_older_revision_changes_nothing(client):
    url = start(client)
    page = client.post(url + "/players/rename", data={
        "player": "Horst", "name": "Horst K", "revision": "7"}, follow_redirects=True)
    assert "the game changed on another phone" in page.get_data(as_text=True)
    players = client.get(url.replace("/games/", "/api/games/")).get_json()["players"]
    assert [player["name"] for player in players] == PLAYERS


def test_the_edit_form_is_filled_from_the_rounds_json(client):
    url = start(client)
    client.post(url + "/round", data=round_form(PLAYERS, [0, 25, 20, 75], LAID, "Michaela"))
    html = client.get(url + "/rounds/1/edit").get_data(as_text=True)
    shown = re.findall(r'name="results-\d-points"[^>]*value="([^"]*)"', html)
    assert shown == ["0", "25", "20", "75"]
    assert re.search(r'<input checked[^>]*name="went_out"[^>]*value="Michaela"', html) or \
        re.search(r'name="went_out"[^>]*value="Michaela"[^>]*checked', html)
    laid = re.findall(r'<input[^>]*name="results-(\d)-laid"[^>]*>', html)
    ticked = [re.search(rf'<input[^>]*checked[^>]*name="results-{n}-laid"', html) is not None
              or re.search(rf'name="results-{n}-laid"[^>]*checked', html) is not None
              for n in laid]
    assert ticked == LAID
