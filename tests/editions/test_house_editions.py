"""House rules (issue 25): made on a page or through the API from parts the engine knows,
refused with a sentence per problem (and nothing stored), kept as revisions a game keeps, and
used wherever an edition is: games, rounds, the pad, the checker, the PDFs, export/import."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.kits.house import FAMILY, SIX, editor_post, game_with, make, pdf_text, round_of, stored


def test_house_rules_have_an_edit_link_and_a_read_only_twin(client: FlaskClient) -> None:
    made = make(client)
    assert made["values"] == {"low": 5, "high": 10, "skip": 15, "wild": 25}
    assert made["described"] == ["set of 3 + run of 3", "set of 4", "run of 5",
                                 "5 cards of one colour", "3 sets of 2", "colour run of 4"]
    assert re.fullmatch(r"h[a-z0-9]{15}", made["edition"])
    read_only = client.get(f"/api/editions/{made['view_id']}").get_json()
    assert "id" not in read_only and "edit" not in read_only["links"]
    assert read_only["phases"] == SIX
    assert client.get(f"/api/editions/{made['id']}").get_json()["id"] == made["id"]
    # Only the edit link saves a new revision.
    changed = {**FAMILY, "values": {"wild": 30}}
    assert client.put(f"/api/editions/{made['view_id']}", json=changed).status_code == 404
    edited = client.put(f"/api/editions/{made['id']}", json=changed).get_json()
    assert edited["revision"] == 2 and edited["values"]["wild"] == 30
    assert edited["edition"] != made["edition"]
    assert client.get("/api/editions/not-a-key-of-anything-here").status_code == 404


@pytest.mark.parametrize(("change", "field", "sentence"), [
    ({"phases": SIX + [[{"kind": "set", "size": 2}]] * 7}, "phases",
     "House rules have 1 to 12 phases, not 13"),
    ({"phases": []}, "phases", "House rules have 1 to 12 phases, not 0"),
    ({"phases": [[{"kind": "run", "size": 13}]]}, "phase-1",
     "Phase 1: a run holds at most 12 cards (1 to 12, and 12 and 1 are not neighbours), "
     "not 13"),
    ({"phases": [[{"kind": "set", "size": 6}, {"kind": "run", "size": 5}]]}, "phase-1",
     "Phase 1 needs 11 cards, but each player is dealt 10: it could never be laid"),
    ({"phases": [[{"kind": "set", "size": 2}]] * 2 + [[{"kind": "colour", "size": 2}] * 6]},
     "phase-3", "Phase 3 needs 12 cards, but each player is dealt 10: it could never be laid"),
    ({"phases": [[{"kind": "set", "size": 1}]]}, "phase-1",
     "Phase 1: a group has at least 2 cards, not 1"),
    ({"phases": [[{"kind": "pair", "size": 2}]]}, "phase-1",
     "Phase 1: each part is a kind (set, run, colour or colour run) and a number of cards"),
    ({"values": {"wild": -5}}, "values-wild", "A card costs 0 to 100 points, not -5"),
    ({"values": {"low": 1000}}, "values-low", "A card costs 0 to 100 points, not 1000"),
    ({"values": {"skip": "lots"}}, "values-skip",
     "A card's value is a whole number of points, not “lots”"),
    ({"name": "x" * 1000}, "name",
     "A name of house rules has at most 40 characters, not 1000"),
    ({"name": "  "}, "name", "Give the house rules a name"),
    ({"name": "bell\u0007"}, "name", "A name cannot hold control characters"),
])
def test_bad_rules_get_a_sentence_by_their_field_and_nothing_is_stored(
        client: FlaskClient, app: Flask, change: dict[str, Any], field: str,
        sentence: str) -> None:
    response = client.post("/api/editions", json={**FAMILY, **change})
    assert response.status_code == 422
    answer = response.get_json()
    assert answer["error"].startswith(sentence)
    assert any(detail["field"] == field and detail["message"].startswith(sentence)
               for detail in answer["details"])
    assert stored(app) == (0, 0)


def test_every_problem_is_named_at_once(client: FlaskClient) -> None:
    answer = client.post("/api/editions", json={
        "name": "y" * 1000, "phases": [[{"kind": "run", "size": 13}]] * 13,
        "values": {"wild": -1}}).get_json()
    assert [detail["field"] for detail in answer["details"]] == ["name", "phases",
                                                                  "values-wild"]


@pytest.mark.parametrize("body", [[], "rules", {"name": "A", "phases": "set of 3"},
                                  {"name": 5, "phases": SIX}])
def test_nonsense_is_refused_with_a_sentence(client: FlaskClient, app: Flask, body: Any) -> None:
    response = client.post("/api/editions", json=body)
    assert response.status_code in (400, 422)
    assert response.get_json()["error"]
    assert stored(app) == (0, 0)


def test_a_game_keeps_the_rules_it_started_with(client: FlaskClient) -> None:
    made = make(client)
    before = game_with(client, made["view_id"])
    assert before["edition"] == made["edition"] and before["phases"] == [1, 2, 3, 4, 5, 6]
    assert before["house_rules"]["values"]["wild"] == 25
    client.put(f"/api/editions/{made['id']}", json={
        "name": "Family rules", "phases": SIX[:3], "values": {"wild": 40}})
    kept = client.get(f"/api/games/{before['id']}").get_json()
    assert kept["phases"] == [1, 2, 3, 4, 5, 6] and kept["house_rules"]["values"]["wild"] == 25
    after = game_with(client, made["id"])
    assert after["phases"] == [1, 2, 3] and after["house_rules"]["values"]["wild"] == 40
    # 10 wilds at 25 are possible under the old revision, not in the rule book's deck.
    assert round_of(client, before, 230).status_code == 201
    assert round_of(client, game_with(client, "original"), 230).status_code == 422


def test_a_game_of_house_rules_is_played_to_its_last_phase(client: FlaskClient) -> None:
    game = game_with(client, make(client)["edition"])
    for _ in range(6):
        answer = round_of(client, game, 60)
        assert answer.status_code == 201
    assert answer.get_json()["status"] == "finished"
    assert answer.get_json()["winner"] == "Ann"
    assert round_of(client, game, 60).status_code == 409


def test_the_round_form_and_pad_use_the_values(client: FlaskClient) -> None:
    made = make(client, {**FAMILY, "values": {"low": 10, "high": 20, "skip": 30, "wild": 25}})
    game = game_with(client, made["view_id"])
    page = client.get(f"/games/{game['id']}/round").get_data(as_text=True)
    assert re.findall(r'data-value="(\d+)"', page) == ["10", "20", "30", "25"]
    assert 'data-least="100"' in page  # 10 cards at 10 at least: fewer ticks "phase done"
    # 75 is no sum of these values: every card is worth a multiple of 5, not of 10.
    assert round_of(client, game, 75).status_code == 422


def test_the_checker_and_coach_take_the_links(client: FlaskClient) -> None:
    made = make(client)
    hand = ["3r", "4r", "5r", "6r", "W", "9b"]
    answer = client.post("/api/check", json={"edition": made["view_id"], "phase": 6,
                                             "hand": hand}).get_json()
    assert answer["valid"] is True and answer["laydown"] == [["3r", "4r", "5r", "6r"]]
    outs = client.post("/api/outs", json={"edition": made["id"], "phase": 3,
                                          "hand": ["3r", "4g", "5b", "6y"]}).get_json()
    assert outs["short"] == 1 and "W" in outs["outs"]
    page = client.get(f"/checker?edition={made['view_id']}").get_data(as_text=True)
    assert f'<option selected value="{made["edition"]}">Family rules</option>' in page
    assert "colour run of 4" in page
    posted = client.post("/checker", data={"edition": made["edition"], "phase": "6",
                                           "mode": "hand", "hand": " ".join(hand)})
    assert posted.status_code == 200 and "3r" in posted.get_data(as_text=True)


def test_the_new_game_form_starts_a_game_of_house_rules(client: FlaskClient) -> None:
    made = make(client)
    form = client.get(f"/games/new?edition={made['view_id']}").get_data(as_text=True)
    assert f'value="{made["edition"]}"' in form and "Family rules" in form
    assert "All 6" in form and "All 10" not in form  # the phases in play: all six of them
    response = client.post("/games/new", data={"edition": made["edition"], "names-0": "Ann",
                                               "names-1": "Ben", "first": "0",
                                               "phase_set": "all"})
    assert response.status_code == 303, response.get_data(as_text=True)
    sheet = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Family rules" in sheet


def test_the_blank_and_filled_sheets_show_the_house_phases(client: FlaskClient) -> None:
    made = make(client)
    blank = client.get(f"/print/blank.pdf?edition={made['view_id']}&players=3")
    assert blank.status_code == 200 and blank.data.startswith(b"%PDF")
    assert "public" not in blank.headers["Cache-Control"]
    text = pdf_text(blank.data)
    assert "Family rules" in text and "Phase 6: colour run of 4" in text
    assert "Phase 7" not in text
    game = game_with(client, made["view_id"])
    round_of(client, game, 60)
    filled = client.get(f"/games/{game['view_id']}/sheet.pdf")
    assert filled.status_code == 200 and "Phase 6: colour run of 4" in pdf_text(filled.data)


def test_an_exported_game_brings_its_rules_along(client: FlaskClient, app: Flask) -> None:
    made = make(client)
    game = game_with(client, made["view_id"])
    round_of(client, game, 230)
    file = client.get(f"/api/games/{game['id']}/export").get_json()
    assert file["game"]["house_rules"]["values"]["wild"] == 25
    # Here, the same rules are found again; elsewhere (a key this app does not know) they
    # are stored anew and the game plays by them.
    same = client.post("/api/import", json=file).get_json()
    assert same["edition"] == made["edition"]
    assert stored(app) == (1, 1)
    elsewhere = copy.deepcopy(file)
    elsewhere["game"]["edition"] = "h" + "q" * 15
    moved = client.post("/api/import", json=elsewhere).get_json()
    assert moved["edition"] != made["edition"] and moved["house_rules"] == same["house_rules"]
    assert moved["rounds"] == same["rounds"] and moved["players"] == same["players"]
    assert stored(app) == (2, 2)
    broken = copy.deepcopy(elsewhere)
    broken["game"]["house_rules"]["phases"] = [[{"kind": "run", "size": 13}]]
    refused = client.post("/api/import", json=broken)
    assert refused.status_code == 422 and "run holds at most 12" in refused.get_json()["error"]
    assert stored(app) == (2, 2)


def test_an_unknown_edition_link_is_refused(client: FlaskClient) -> None:
    response = client.post("/api/games", json={"edition": "x" * 43, "players": ["A", "B"]})
    assert response.status_code == 400 and "is not an edition" in response.get_json()["error"]


def test_the_editor_previews_stores_and_shows_read_only(client: FlaskClient, app: Flask) -> None:
    start = client.get("/editions/new?preset=mattel").get_data(as_text=True)
    assert 'id="values-wild" name="values-wild" type="text" inputmode="numeric" size="4" ' \
           'maxlength="6" value="25"' in start
    assert "Phase 10</strong>: 2 sets of 3 + ..." not in start and "12 and 1 are not" in start
    preview = client.post("/editions/new", data=editor_post(preview="1"))
    page = preview.get_data(as_text=True)
    assert preview.status_code == 200 and stored(app) == (0, 0)
    assert "<strong>Phase 2</strong>: colour run of 4" in page
    # Room for one more phase: its row starts it with a group of the kind pressed.
    assert 'id="phase-3-label" tabindex="-1">Phase 3</span>' in page
    assert 'value="add-phase-set"' in page and 'name="phase-3-kind-1"' not in page
    response = client.post("/editions/new", data=editor_post())
    assert response.status_code == 303 and stored(app) == (1, 1)
    edit_key = response.headers["Location"].rsplit("/", 1)[1]
    mine = client.get(f"/editions/{edit_key}").get_data(as_text=True)
    view_key = re.search(r"/editions/([\w-]{40,})\"", mine.replace(edit_key, ""))
    assert view_key is not None
    shown = client.get(f"/editions/{view_key.group(1)}").get_data(as_text=True)
    assert "<strong>Phase 1</strong>: set of 3 + run of 3" in shown
    assert 'class="panel house-form"' not in shown
    assert client.post(f"/editions/{view_key.group(1)}", data=editor_post()).status_code == 404
    saved = client.post(f"/editions/{edit_key}", data=editor_post(**{"values-wild": "30"}))
    assert saved.status_code == 303 and stored(app) == (1, 2)


@pytest.mark.parametrize(("fields", "sentence"), [
    ({"name": "n" * 1000}, "A name of house rules has at most 40 characters, not 1000"),
    ({"values-wild": "-5"}, "A card costs 0 to 100 points, not -5"),
    ({"values-low": "five"}, "A card&#39;s value is a whole number of points, not “five”"),
    ({"phase-1-kind-1": "run", "phase-1-size-1": "13"}, "a run holds at most 12 cards"),
    ({"phase-3-kind-1": "colour", "phase-3-size-1": "6", "phase-3-kind-2": "colour run",
      "phase-3-size-2": "5"}, "Phase 3 needs 11 cards, but each player is dealt 10"),
    ({f"phase-{n}-kind-1": "set" for n in range(3, 14)} | {
        f"phase-{n}-size-1": "2" for n in range(3, 14)}, "House rules have 1 to 12 phases, not 13"),
])
def test_the_editor_puts_each_problem_by_its_field_and_stores_nothing(
        client: FlaskClient, app: Flask, fields: dict[str, str], sentence: str) -> None:
    response = client.post("/editions/new", data=editor_post(**fields))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert re.search(r'<p class="field-error"[^>]*>[^<]*' + re.escape(sentence), page), page
    assert stored(app) == (0, 0)


def test_a_group_game_takes_house_rules_by_their_pasted_link(client: FlaskClient) -> None:
    made = make(client)
    group = client.post("/api/groups", json={"name": "Fridays"}).get_json()
    page = client.get(f"/games/new?group={group['id']}").get_data(as_text=True)
    assert "Or your house rules: paste their link" in page
    seats = {"names-0": "Ann", "names-1": "Ben", "first": "0", "phase_set": "all",
             "group": group["id"], "edition": "original"}
    wrong = client.post("/games/new", data={**seats, "house_link": "https://x/editions/nope"})
    assert "There are no house rules behind this link" in wrong.get_data(as_text=True)
    response = client.post("/games/new", data={
        **seats, "house_link": f" {made['links']['view']}/ "})
    assert response.status_code == 303
    games = client.get(f"/api/groups/{group['id']}").get_json()["games"]
    assert [game["edition"] for game in games] == [made["edition"]]


def test_the_sheet_lists_the_phases_its_game_is_played_by(client: FlaskClient) -> None:
    made = make(client)
    game = game_with(client, made["id"])
    client.put(f"/api/editions/{made['id']}", json={**FAMILY, "phases": SIX[:2]})
    sheet = client.get(f"/games/{game['view_id']}").get_data(as_text=True)
    listed = re.findall(r"<li value=\"\d+\"><strong>Phase (\d+)</strong>: ([^<]+)</li>", sheet)
    assert listed == [(str(n), words) for n, words in enumerate(made["described"], start=1)]
    assert f'href="/editions/{made["view_id"]}"' in sheet
    assert "house rules" not in client.get(
        f"/games/{game_with(client, 'original')['view_id']}").get_data(as_text=True)


EDITOR_FIELDS = ["name", "chooses_phase", "preview", *(f"values-{name}" for name in (
    "low", "high", "skip", "wild")), *(f"phase-{n}-{what}-{slot}" for n in (1, 2, 12, 13)
                                       for what in ("kind", "size") for slot in (1, 2, 5))]
EDITOR_TEXT = st.text(max_size=8) | st.sampled_from(
    ["set", "run", "colour", "colour run", "2", "3", "12", "13", "-1", "9" * 400, "x\x00"])


@pytest.mark.slow
@settings(max_examples=60, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(fields=st.dictionaries(st.sampled_from(EDITOR_FIELDS), EDITOR_TEXT))
def test_the_editor_never_answers_500_and_stores_only_what_it_accepts(
        client: FlaskClient, app: Flask, fields: dict[str, str]) -> None:
    before = stored(app)
    response = client.post("/editions/new", data=fields)
    assert response.status_code in (200, 303, 422), response.get_data(as_text=True)
    added = 1 if response.status_code == 303 else 0
    assert stored(app) == (before[0] + added, before[1] + added)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 20) | EDITOR_TEXT,
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(["kind", "size", "low", "wild"]), inner,
                                      max_size=3), max_leaves=12)


@settings(max_examples=60, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(name=JSON, phases=JSON, values=JSON)
def test_the_api_answers_any_body_with_a_sentence(client: FlaskClient, app: Flask, name: Any,
                                                  phases: Any, values: Any) -> None:
    before = stored(app)
    response = client.post("/api/editions", json={"name": name, "phases": phases,
                                                  "values": values})
    assert response.status_code in (201, 422), response.get_data(as_text=True)
    if response.status_code == 422:
        assert response.get_json()["error"] and stored(app) == before


def test_the_editor_without_its_token_stores_nothing(app: Flask) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    response = client.post("/editions/new", data=editor_post())
    assert response.status_code == 400
    assert "The form had expired or came from elsewhere" in response.get_data(as_text=True)
    assert stored(app) == (0, 0)
    page = client.get("/editions/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token is not None
    stored_now = client.post("/editions/new", data={**editor_post(), "csrf_token": token[1]})
    assert stored_now.status_code == 303 and stored(app) == (1, 1)


def test_a_groups_records_chart_the_house_rules_phases_under_their_name(
        client: FlaskClient) -> None:
    made = make(client)
    group = client.post("/api/groups", json={"name": "Fridays"}).get_json()
    game = client.post(f"/api/groups/{group['id']}/games", json={
        "edition": made["view_id"], "players": ["Ann", "Ben"]}).get_json()
    for _ in range(6):
        round_of(client, game, 60)
    page = client.get(f"/groups/{group['view_id']}").get_data(as_text=True)
    assert "<h2>Family rules</h2>" in page
    assert "Family rules: rounds per completed phase" in page
