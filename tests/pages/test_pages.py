"""Pages through the test client: forms, errors next to fields, escaping, edit rights."""

from __future__ import annotations

import re

from tests.kits.page_forms import PLAYERS, new_game_form, round_form, start


def test_home_links_every_part_of_the_app(client):
    html = client.get("/").get_data(as_text=True)
    for path in ("/games/new", "/games/new?edition=board", "/checker", "/print"):
        assert f'href="{path}"' in html or f"href=\"http://companion.test{path}\"" in html


def test_starting_a_game_leads_to_its_sheet(client):
    sheet = client.get(start(client)).get_data(as_text=True)
    for name in PLAYERS:
        assert name in sheet
    assert "Enter round 1" in sheet and "Michaela deals" in sheet


def test_names_are_escaped_everywhere(client):
    url = start(client, ["<script>x</script>", "Bob & Co"])
    html = client.get(url).get_data(as_text=True)
    assert "<script>x</script>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html and "Bob &amp; Co" in html


def test_a_new_game_with_one_player_is_refused_next_to_the_names(client):
    response = client.post("/games/new", data=new_game_form(["Solo"]))
    assert response.status_code == 200
    assert "A game has 2 to 6 players" in response.get_data(as_text=True)


def test_a_name_typed_twice_is_marked_on_its_own_field_and_named(client):
    html = client.post("/games/new", data=new_game_form(["Ann", "Ben", "ann"])
                       ).get_data(as_text=True)
    assert "“ann” is in this game twice: every player needs a different name" in html
    invalid = re.findall(r'<input[^>]*aria-invalid="true"[^>]*>', html)
    assert len(invalid) == 1 and 'id="names-2"' in invalid[0]
    assert 'class="field has-error"' not in html.split('id="names-0"')[0][-400:]


def test_a_sentence_starts_with_a_capital_but_what_was_typed_stays_as_typed(client):
    html = client.post("/checker", data={"edition": "original", "phase": "1", "mode": "hand",
                                         "hand": "hello 7r"}).get_data(as_text=True)
    assert "“hello” is not a card" in html and "“Hello”" not in html
    games = client.post("/api/games", json={"players": ["Ann", "  "]}).get_json()
    assert games["error"] == "Player 2 has no name: a name has 1 to 30 characters"


def test_a_round_is_entered_and_shows_on_the_sheet(client):
    url = start(client)
    response = client.post(url + "/round", data=round_form(
        PLAYERS, [0, 25, 20, 75], [True, True, True, False], "Michaela"))
    assert response.status_code == 303
    html = client.get(url).get_data(as_text=True)
    assert "Round 1 stored." in html and ">75<" in html and "Horst deals" in html


def test_a_rejected_round_shows_the_reason_next_to_the_field_and_stores_nothing(client):
    url = start(client)
    response = client.post(url + "/round", data=round_form(
        PLAYERS, [0, 23, 20, "abc"], [True, True, True, False], "Michaela"))
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Points are a whole number like 35." in html
    response = client.post(url + "/round", data=round_form(
        PLAYERS, [0, 23, 20, 75], [True, True, True, False], "Michaela"))
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    # Horst's 23 points: the reason names them, next to Horst's points field.
    assert re.search(r'class="field-error"[^>]*>23 points are not possible: every card is '
                     r'worth 5, 10, 15 or 20 points, so Horst', html), html
    assert "No rounds yet." in client.get(url).get_data(as_text=True)


def test_warnings_need_a_confirmation(client):
    url = start(client)
    data = round_form(PLAYERS, [0, 25, 20, 20], [True, True, True, False], "Michaela")
    response = client.post(url + "/round", data=data)
    assert response.status_code == 422 and "Yes, these numbers are right" in response.get_data(
        as_text=True)
    response = client.post(url + "/round", data={**data, "confirm": "y"})
    assert response.status_code == 303


def test_undo_removes_the_last_round(client):
    url = start(client)
    client.post(url + "/round", data=round_form(PLAYERS, [0, 25, 20, 75],
                                                [True, True, True, False], "Michaela"))
    response = client.post(url + "/undo", data={"number": "1"})
    assert response.status_code == 303
    assert "No rounds yet." in client.get(url).get_data(as_text=True)


def test_the_read_only_link_shows_the_sheet_without_forms(client, api):
    game = api.new_game(PLAYERS)
    html = client.get(f"/games/{game['view_id']}").get_data(as_text=True)
    assert "Michaela" in html and "Enter round" not in html and game["id"] not in html
    assert client.get(f"/games/{game['view_id']}/round").status_code == 404
    assert client.post(f"/games/{game['view_id']}/undo").status_code == 404


def test_no_state_changes_on_get(client, api):
    game = api.new_game(PLAYERS)
    api.round(game, [{"player": n, "phase": n == "Horst", "points": 0 if n == "Horst" else 60}
                     for n in PLAYERS])
    assert client.get(f"/games/{game['id']}/undo").status_code == 405
    assert len(client.get(f"/api/games/{game['id']}").get_json()["rounds"]) == 1


def test_a_malformed_link_is_a_404_page(client):
    response = client.get("/games/" + "x" * 500)
    assert response.status_code == 404 and "check the link" in response.get_data(as_text=True)


def test_board_game_pages(client):
    url = start(client, ["Anna", "Björn", "Carla"], edition="board")
    html = client.get(url).get_data(as_text=True)
    assert "<svg" in html and "Laurel wreath" in html and "Anna starts" in html
    response = client.post(url + "/round", data={
        "number": "1", "went_out": "Björn", "results-0-player": "Anna", "results-0-laid": "y",
        "results-1-player": "Björn", "results-1-laid": "y", "results-2-player": "Carla"})
    assert response.status_code == 303
    html = client.get(url).get_data(as_text=True)
    assert "Carla starts" in html


def test_the_checker_page_finds_a_laydown(client):
    response = client.post("/checker", data={"edition": "original", "phase": "1", "mode": "hand",
                                             "hand": "4r 4b 4g 8r 8y 8b 2r"})
    html = response.get_data(as_text=True)
    assert "this hand can complete phase 1" in html


def test_the_checker_page_reads_a_colour_word_after_a_space(client):
    """ "4 red" as the help writes colour words, with a space: the cards, not "“4” is not a
    card"."""
    html = client.post("/checker", data={"edition": "original", "phase": "1", "mode": "hand",
                                         "hand": "4 red 4 blau 4g 8 rouge 8y 8b 2r"}
                       ).get_data(as_text=True)
    assert "this hand can complete phase 1" in html and "is not a card" not in html


def test_the_checker_page_names_a_bad_card_next_to_the_field(client):
    response = client.post("/checker", data={"edition": "original", "phase": "1", "mode": "hand",
                                             "hand": "4r 13x"})
    assert "is not a card" in response.get_data(as_text=True)


def test_pages_send_security_headers(client, api):
    game = api.new_game(PLAYERS)
    response = client.get(f"/games/{game['id']}")
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["Referrer-Policy"] == "strict-origin"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_no_shared_cache_keeps_an_answer_that_carries_an_edit_link(client, api):
    game = api.new_game(PLAYERS)
    group = api.post("/api/groups", {"name": "Fridays"}).get_json()
    edit = group["links"]["edit"].rsplit("/", 1)[1]
    carrying = [f"/games/{game['id']}", f"/api/games/{game['id']}", f"/games/{game['id']}/live",
                f"/games/{game['id']}/sheet.pdf", f"/api/games/{game['id']}/export",
                f"/api/games/{game['id']}/export.csv", f"/groups/{edit}", f"/api/groups/{edit}",
                f"/api/groups/{edit}/export", f"/api/groups/{edit}/export.csv", "/"]
    for url in carrying:
        with client.get(url) as response:
            assert response.status_code == 200, url
            cache = response.cache_control
            assert (cache.private or cache.no_store) and not cache.public, (url, cache)
            assert "camera=()" in response.headers["Permissions-Policy"], url
    # What holds no link is still shared: the static files and the blank sheet.
    for url in ["/static/app.css", "/print/blank.pdf"]:
        with client.get(url) as response:
            assert response.cache_control.public, url
            assert "Permissions-Policy" in response.headers, url


def test_a_masters_round_offers_only_the_phases_still_open(client, api):
    game = api.new_game(["Ann", "Ben"], edition="masters")
    api.round(game, [{"player": "Ann", "phase": 4, "points": 0},
                     {"player": "Ben", "phase": False, "points": 60}])
    html = client.get(f"/games/{game['id']}/round").get_data(as_text=True)
    ann = html[html.index('data-player="Ann"'):html.index('data-player="Ben"')]
    assert '<option value="3">phase 3</option>' in ann and '<option value="4">' not in ann
    response = client.post(f"/games/{game['id']}/round", data={
        "number": "2", "went_out": "Ben",
        "results-0-player": "Ann", "results-0-phase": "4", "results-0-points": "20",
        "results-1-player": "Ben", "results-1-phase": "7", "results-1-points": "0"})
    assert response.status_code == 422  # phase 4 is no longer a choice for Ann
    response = client.post(f"/games/{game['id']}/round", data={
        "number": "2", "went_out": "Ben",
        "results-0-player": "Ann", "results-0-phase": "", "results-0-points": "55",
        "results-1-player": "Ben", "results-1-phase": "7", "results-1-points": "0"})
    assert response.status_code == 303
    players = client.get(f"/api/games/{game['id']}").get_json()["players"]
    assert [p["phases_done"] for p in players] == [[4], [7]]


def test_the_qr_code_holds_the_read_only_link_only(client, api):
    game = api.new_game(PLAYERS)
    for key in (game["id"], game["view_id"]):
        response = client.get(f"/games/{key}/qr.svg")
        assert response.status_code == 200 and response.mimetype == "image/svg+xml"
        assert response.get_data() == client.get(f"/games/{game['view_id']}/qr.svg").get_data()
    assert client.get("/games/nope/qr.svg").status_code == 404


def test_undo_without_a_round_number_names_the_round_it_removed(client):
    url = start(client)
    client.post(url + "/round", data=round_form(PLAYERS, [0, 25, 20, 75],
                                                [True, True, True, False], "Michaela"))
    client.post(url + "/undo", data={})
    assert "Round 1 removed." in client.get(url).get_data(as_text=True)
