"""Round forms made on an older page (another phone wrote meanwhile): stored when they change
nothing that changed since, otherwise shown as a conflict about the round they were typed
for, with both versions and the entries kept; never stored under another round's number."""

from __future__ import annotations

import json
import re

from tests.kits.page_forms import PLAYERS, round_form, start

LAID = [True, True, True, False]


def api_of(url: str) -> str:
    return url.replace("/games/", "/api/games/")


def game(client, url):
    return client.get(api_of(url)).get_json()


def points(client, url):
    return [[r["points"] for r in round_["results"]] for round_ in game(client, url)["rounds"]]


def hidden(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', html)
    assert found, name
    return found.group(1).replace("&#34;", '"').replace("&quot;", '"')


def test_a_new_round_typed_for_a_round_another_phone_stored_is_a_conflict_about_it(client):
    url = start(client)
    form_page = client.get(url + "/round").get_data(as_text=True)
    revision = hidden(form_page, "revision")
    theirs = round_form(PLAYERS, [0, 25, 20, 75], LAID, "Michaela")
    assert client.post(url + "/round", data={**theirs, "revision": revision}).status_code == 303
    mine = round_form(PLAYERS, [0, 35, 20, 75], LAID, "Michaela")
    answer = client.post(url + "/round", data={**mine, "revision": revision})
    html = answer.get_data(as_text=True)
    assert answer.status_code == 409
    assert "Round 1 was stored on another phone" in html
    assert "Horst: 25, phase laid" in html  # their version ...
    assert 'value="35"' in html  # ... and mine, still typed
    assert "<h1>Edit round 1</h1>" in html and "Replace round 1 with mine" in html
    action = re.search(r'<form method="post" novalidate class="round-form" action="([^"]+)"',
                       html).group(1)
    assert action.endswith("/rounds/1/edit")
    assert points(client, url) == [[0, 25, 20, 75]]  # nothing stored, nothing as round 2
    # Storing it again is the person's informed choice: it replaces round 1, as round 1.
    again = {**mine, "revision": hidden(html, "revision"), "before": hidden(html, "before")}
    assert client.post(action, data=again).status_code == 303
    assert points(client, url) == [[0, 35, 20, 75]]


def test_a_new_round_typed_before_rounds_were_taken_back_is_not_stored_as_another(client):
    url = start(client)
    first = round_form(PLAYERS, [0, 25, 20, 75], LAID, "Michaela")
    client.post(url + "/round", data={**first, "revision": "1"})
    second = round_form(PLAYERS, [25, 0, 20, 75], LAID, "Horst", number=2)
    assert client.post(url + "/round", data={**second, "revision": "2"}).status_code == 303
    typed_for_three = round_form(PLAYERS, [5, 0, 20, 75], LAID, "Horst", number=3)
    client.post(url + "/undo", data={"number": "2", "revision": "3"})  # another phone
    answer = client.post(url + "/round", data={**typed_for_three, "revision": "3"})
    html = answer.get_data(as_text=True)
    assert answer.status_code == 409
    assert "Round 3 cannot come next: the next round of this game is round 2." in html
    assert 'value="5"' in html
    assert len(game(client, url)["rounds"]) == 1


def test_an_older_page_that_changes_nothing_changed_since_is_stored(client):
    url = start(client)
    client.post(url + "/round", data={**round_form(PLAYERS, [0, 25, 20, 75], LAID, "Michaela"),
                                      "revision": "1"})
    client.post(url + "/round", data={**round_form(PLAYERS, [25, 0, 20, 75], LAID, "Horst", 2),
                                      "revision": "2"})
    edit_one = client.get(url + "/rounds/1/edit").get_data(as_text=True)
    before = hidden(edit_one, "before")
    assert {r["player"]: r["points"] for r in json.loads(before)}["Horst"] == 25
    # Another phone corrects round 2; round 1, which this page edits, did not change.
    client.post(url + "/rounds/2/edit", data={
        **round_form(PLAYERS, [30, 0, 20, 75], LAID, "Horst", 2), "revision": "3",
        "before": hidden(client.get(url + "/rounds/2/edit").get_data(as_text=True), "before")})
    mine = round_form(PLAYERS, [0, 45, 20, 75], LAID, "Michaela")
    assert client.post(url + "/rounds/1/edit",
                       data={**mine, "revision": "3", "before": before}).status_code == 303
    assert points(client, url) == [[0, 45, 20, 75], [30, 0, 20, 75]]  # both changes kept
    # A new round from a page older than both corrections adds round 3: nothing it overwrites.
    third = round_form(PLAYERS, [0, 5, 20, 75], LAID, "Michaela", 3)
    assert client.post(url + "/round", data={**third, "revision": "3"}).status_code == 303
    assert len(points(client, url)) == 3


def test_an_older_page_of_a_round_that_changed_since_shows_both_versions(client):
    url = start(client)
    client.post(url + "/round", data={**round_form(PLAYERS, [0, 25, 20, 75], LAID, "Michaela"),
                                      "revision": "1"})
    page = client.get(url + "/rounds/1/edit").get_data(as_text=True)
    before, revision = hidden(page, "before"), hidden(page, "revision")
    client.post(url + "/rounds/1/edit", data={  # another phone: Horst 25 -> 60
        **round_form(PLAYERS, [0, 60, 20, 75], [True, False, True, False], "Michaela"),
        "revision": revision, "before": before})
    mine = round_form(PLAYERS, [0, 25, 20, 35], LAID, "Michaela")  # Thomas 75 -> 35
    answer = client.post(url + "/rounds/1/edit",
                         data={**mine, "revision": revision, "before": before})
    html = answer.get_data(as_text=True)
    assert answer.status_code == 409
    assert "Round 1 on the sheet now:" in html and "Horst: 60" in html
    assert points(client, url) == [[0, 60, 20, 75]]  # the correction is not reverted
