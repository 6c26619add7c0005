"""Write guards and malformed input: a stale or malformed guard changes nothing, every bad
input gets a 4xx with a sentence, and HTTPS behind a proxy gets Secure cookies and HSTS."""

from __future__ import annotations

import pytest

from tests.kits.page_forms import PLAYERS, round_form, start

ROUND = {"results": [{"player": "Ann", "phase": True, "points": 0},
                     {"player": "Ben", "phase": False, "points": 60}]}


def rounds_of(client, game):
    return client.get(f"/api/games/{game['id']}").get_json()["rounds"]


def test_the_revision_starts_at_one_and_grows_by_one_per_write(api, client):
    game = api.new_game(["Ann", "Ben"])
    assert game["revision"] == 1
    path = f"/api/games/{game['id']}/rounds"
    assert client.post(path, json=ROUND).get_json()["revision"] == 2
    assert client.put(path + "/1", json=ROUND).get_json()["revision"] == 3
    assert client.delete(path + "/last").get_json()["revision"] == 4


@pytest.mark.parametrize("method, path, body", [
    ("post", "/rounds", ROUND),
    ("put", "/rounds/1", ROUND),
    ("delete", "/rounds/last?revision=1", None),
])
def test_a_stale_revision_gets_409_with_the_current_game_and_stores_nothing(
        api, client, method, path, body):
    game = api.new_game(["Ann", "Ben"])
    client.post(f"/api/games/{game['id']}/rounds", json=ROUND)  # another phone: revision 2
    before = client.get(f"/api/games/{game['id']}").get_json()
    if body is not None:
        body = {**body, "revision": 1}
    response = getattr(client, method)(f"/api/games/{game['id']}{path}", json=body)
    assert response.status_code == 409
    answer = response.get_json()
    assert "another device" in answer["error"]
    assert answer["game"]["revision"] == 2 and len(answer["game"]["rounds"]) == 1
    assert client.get(f"/api/games/{game['id']}").get_json() == before


@pytest.mark.parametrize("guard", [0, -1, "3", True, 2.5, [], None])
def test_a_malformed_guard_in_a_body_is_a_400_and_changes_nothing(api, client, guard):
    game = api.new_game(["Ann", "Ben"])
    path = f"/api/games/{game['id']}/rounds"
    for key in ("number", "revision"):
        body = {**ROUND, key: guard}
        response = client.post(path, json=body)
        if guard is None:  # no guard at all
            assert response.status_code == 201
            client.delete(path + "/last")
            continue
        assert response.status_code == 400, (key, guard)
        assert f"“{key}”" in response.get_json()["error"]
    assert rounds_of(client, game) == []


@pytest.mark.parametrize("query", ["number=abc", "number=0", "number=²", "revision=x",
                                   "revision=-2", "number=" + "1" * 5000])
def test_a_malformed_undo_guard_is_a_400_and_removes_nothing(api, client, query):
    game = api.new_game(["Ann", "Ben"])
    client.post(f"/api/games/{game['id']}/rounds", json=ROUND)
    response = client.delete(f"/api/games/{game['id']}/rounds/last?{query}")
    assert response.status_code == 400
    assert "whole number" in response.get_json()["error"]
    assert len(rounds_of(client, game)) == 1


def test_a_part_that_is_not_a_string_is_a_400(client):
    response = client.post("/api/hit", json={"group": {"part": ["run"], "cards": ["3r"]},
                                             "card": "4r"})
    assert response.status_code == 400
    assert "“part”" in response.get_json()["error"]


@pytest.mark.parametrize("path", ["/api/check", "/api/hit", "/api/games"])
def test_deeply_nested_json_is_a_400(client, path):
    response = client.post(path, data="[" * 5000 + "]" * 5000,
                           content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["error"]


def test_deeply_nested_json_to_a_game_is_a_400_and_stores_nothing(api, client):
    game = api.new_game(["Ann", "Ben"])
    nested = '{"results": ' + "[" * 5000 + "]" * 5000 + "}"
    path = f"/api/games/{game['id']}/rounds"
    for send, where in ((client.post, path), (client.put, path + "/1")):
        assert send(where, data=nested, content_type="application/json").status_code == 400
    assert rounds_of(client, game) == []


@pytest.mark.parametrize("suffix", ["", "/sheet.pdf", "/qr.svg", "/round"])
def test_a_nul_byte_in_a_game_link_is_a_404(api, client, suffix):
    game = api.new_game(["Ann", "Ben"])
    key = game["id"][:10] + "%00" + game["id"][10:]
    assert client.get(f"/api/games/{key}").status_code == 404
    assert client.get(f"/games/{key}{suffix}").status_code == 404
    assert client.post(f"/games/{key}/undo", data={}).status_code == 404
    assert client.delete(f"/api/games/{key}/rounds/last").status_code == 404


@pytest.mark.parametrize("points", ["²", "①", "٣٥", "3.5", "35 points", "--5"])
def test_points_that_are_not_plain_digits_are_refused_next_to_the_field(client, points):
    url = start(client)
    response = client.post(url + "/round", data=round_form(
        PLAYERS, [0, points, 20, 75], [True, True, True, False], "Michaela"))
    assert response.status_code == 422
    assert "Points are a whole number like 35." in response.get_data(as_text=True)
    assert "No rounds yet." in client.get(url).get_data(as_text=True)


@pytest.mark.parametrize("number", ["²", "abc", "1" * 5000])
def test_a_malformed_undo_form_removes_nothing(client, number):
    url = start(client)
    client.post(url + "/round", data=round_form(PLAYERS, [0, 25, 20, 75],
                                                [True, True, True, False], "Michaela"))
    response = client.post(url + "/undo", data={"number": number}, follow_redirects=True)
    assert "Nothing was undone" in response.get_data(as_text=True)
    assert "Undo round 1" in client.get(url).get_data(as_text=True)


def test_a_stale_round_form_tells_what_changed_and_keeps_the_entries(client):
    url = start(client)
    first = round_form(PLAYERS, [0, 25, 20, 75], [True, True, True, False], "Michaela")
    assert client.post(url + "/round", data={**first, "revision": "1"}).status_code == 303
    mine = round_form(PLAYERS, [0, 35, 20, 75], [True, True, True, False], "Michaela")
    response = client.post(url + "/rounds/1/edit", data={**mine, "revision": "1"})
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "The sheet changed on another phone" in html
    assert "Horst: 25, phase laid" in html  # what the other phone stored
    assert 'value="35"' in html and 'name="revision" type="hidden" value="2"' in html
    sheet = client.get(url.replace("/games/", "/api/games/")).get_json()
    assert sheet["rounds"][0]["results"][1]["points"] == 25  # nothing overwritten


def test_a_stale_undo_form_removes_nothing(client):
    url = start(client)
    client.post(url + "/round", data=round_form(PLAYERS, [0, 25, 20, 75],
                                                [True, True, True, False], "Michaela"))
    response = client.post(url + "/undo", data={"number": "1", "revision": "1"},
                           follow_redirects=True)
    assert "the sheet changed on another phone" in response.get_data(as_text=True)
    assert "Undo round 1" in response.get_data(as_text=True)


@pytest.mark.parametrize("players", ["²", "1" * 5000, "٣"])
def test_a_blank_sheet_with_a_malformed_player_count_is_a_400(client, players):
    response = client.get(f"/print/blank.pdf?players={players}")
    assert response.status_code == 400
    assert "whole number from 2 to 6" in response.get_data(as_text=True)


def test_the_checker_form_with_an_unknown_edition_is_answered_without_a_500(client):
    response = client.post("/checker", data={"edition": "chess", "phase": "1", "mode": "hand",
                                             "hand": "7r 7b 7g"})
    assert response.status_code < 500


def test_https_behind_a_proxy_gets_secure_cookies_and_hsts(app, client):
    app.config["PROXIES"] = 1
    from companion.infra import security

    security.init_app(app)
    response = client.post("/language", data={"lang": "de", "next": "/"},
                           headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in response.headers["Set-Cookie"]
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")
    plain = client.post("/language", data={"lang": "de", "next": "/"})
    assert "Secure" not in plain.headers["Set-Cookie"]
    assert "Strict-Transport-Security" not in plain.headers
