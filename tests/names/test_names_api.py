"""One person, one name through the JSON API and the pages (issue 24)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import pytest

from companion.limits import MAX_NAME
from tests.kits.page_forms import new_game_form

FAMILY = "👨\u200d👩\u200d👧\u200d👦"
PERSIAN = "می\u200cخواهم"


@pytest.mark.parametrize("names", [["Anna", "anna"], ["Anna", " ANNA "],
                                   ["Zoë", unicodedata.normalize("NFD", "Zoë")]])
def test_one_person_in_two_seats_is_refused_naming_the_field(api: Any, names) -> None:
    answer = api.post("/api/games", {"players": [*names, "Bo"]})
    assert answer.status_code == 400
    body = answer.get_json()
    assert "twice" in body["error"]
    assert [detail["field"] for detail in body["details"]] == ["players"]


@pytest.mark.parametrize("name", [FAMILY, "🏳\ufe0f\u200d🌈", "👩\u200d💻", "क्षत्रिय", PERSIAN,
                                  "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"])
def test_names_with_joiners_are_accepted(api: Any, name: str) -> None:
    game = api.new_game([name, "Bo"])
    assert game["players"][0]["name"] == name


def test_a_name_is_stored_nfc_and_trimmed_as_typed(api: Any) -> None:
    game = api.new_game(["  Zoe\u0308 ", "Bo"])
    assert game["players"][0]["name"] == "Zoë"


def test_thirty_emoji_are_thirty_characters(api: Any) -> None:
    game = api.new_game([FAMILY * MAX_NAME, "Bo"])
    assert game["players"][0]["name"] == FAMILY * MAX_NAME
    refused = api.post("/api/games", {"players": [FAMILY * (MAX_NAME + 1), "Bo"]})
    assert refused.status_code == 400
    body = refused.get_json()
    assert "too long" in body["error"]
    assert [detail["field"] for detail in body["details"]] == ["players"]


def test_control_characters_stay_refused(api: Any) -> None:
    refused = api.post("/api/games", {"players": ["An\u202ena", "Bo"]})
    assert refused.status_code == 400
    assert [detail["field"] for detail in refused.get_json()["details"]] == ["players"]


def test_the_first_dealer_is_found_by_who_they_are(api: Any) -> None:
    game = api.new_game(["Anna", "Bo"], first="bo ")
    assert game["players"][1]["name"] == "Bo"


def _rename(client, game: dict[str, Any], old: str, new: str):
    return client.put(f"/api/games/{game['id']}/players/{old}", json={"name": new})


def test_a_late_joiner_or_a_rename_cannot_be_someone_at_the_table(api: Any, client) -> None:
    game = api.new_game(["Anna", "Bo"])
    joined = client.post(f"/api/games/{game['id']}/players", json={"name": " ANNA"})
    assert joined.status_code in (400, 409), joined.get_json()
    assert "already in this game" in joined.get_json()["error"]
    welcome = client.post(f"/api/games/{game['id']}/players", json={"name": FAMILY * MAX_NAME})
    assert welcome.status_code in (200, 201), welcome.get_json()


def test_the_new_game_form_marks_only_the_seat_at_fault(client) -> None:
    page = client.post("/games/new", data=new_game_form(["Anna", "Bo", "anna"])).get_data(
        as_text=True)
    marked = re.findall(r'id="(names-\d)"[^>]*aria-invalid="true"', page)
    assert marked == ["names-2"]
    assert "twice" in page


def test_the_new_game_form_takes_thirty_emoji(client) -> None:
    answer = client.post("/games/new", data=new_game_form([FAMILY * MAX_NAME, "Bo"]))
    assert answer.status_code == 303
    page = client.post("/games/new", data=new_game_form([FAMILY * (MAX_NAME + 1), "Bo"])
                       ).get_data(as_text=True)
    assert re.findall(r'id="(names-\d)"[^>]*aria-invalid="true"', page) == ["names-0"]


def test_spellings_of_one_person_count_as_one_player_of_a_group(api: Any) -> None:
    from tests.kits.group_games import finish_short, start

    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    zoe_nfd = unicodedata.normalize("NFD", "Zoë " + FAMILY)
    one = start(api, group, ["Zoë " + FAMILY, "Ben"], phases=[1, 2])
    finish_short(api, one, "Zoë " + FAMILY, "Ben")
    two = start(api, group, [zoe_nfd + " ", "ben"], phases=[1, 2])
    finish_short(api, two, two["players"][0]["name"], "ben")
    three = start(api, group, ["ZOË " + FAMILY, "Ben"], phases=[1, 2])
    finish_short(api, three, "Ben", "ZOË " + FAMILY)
    data = api.client.get(f"/api/groups/{group['view_id']}").get_json()
    assert [(p["name"], p["played"], p["won"]) for p in data["players"]] == [
        ("Zoë " + FAMILY, 3, 2), ("Ben", 3, 1)]


def test_tallies_key_nfd_and_nfc_spellings_together() -> None:
    from companion.scoring import record_tallies

    def facts(name: str, at: str) -> dict[str, Any]:
        return {"ref": at, "at": at, "winners": [name], "players": [{
            "name": name, "won": True, "shared": False, "markers": False, "card_rounds": 2,
            "card_points": 0, "points": 0, "wreath": None, "phases": []}]}

    kept: dict[str, Any] = {}
    record_tallies.apply(kept, facts("Zoë" + FAMILY, "2024-01-01"), 1)
    record_tallies.apply(
        kept, facts(unicodedata.normalize("NFD", " zoë" + FAMILY), "2024-01-02"), 1)
    assert len(kept) == 1
    (entry,) = kept.values()
    assert entry["played"] == 2 and entry["first"][1] == "Zoë" + FAMILY


def test_a_look_alike_name_is_noted_once_then_the_game_starts(client) -> None:
    names = ["Anna", "\u0410nna"]
    page = client.post("/games/new", data=new_game_form(names)).get_data(as_text=True)
    assert 'id="names-1-note"' in page and 'id="names-0-note"' not in page
    assert 'aria-invalid="true"' not in page  # a note only: no field is refused
    seen = re.search(r'name="seen_alike" type="hidden" value="([^"]*)"', page).group(1)
    started = client.post("/games/new", data=new_game_form(names, seen_alike=seen))
    assert started.status_code == 303


def test_a_round_naming_a_player_in_nfd_is_stored_for_the_nfc_name(api: Any) -> None:
    composed = unicodedata.normalize("NFC", "Zoë")
    game = api.new_game([composed, "Ben"])
    decomposed = unicodedata.normalize("NFD", composed)
    answer = api.round(game, [{"player": decomposed, "phase": True, "points": 0},
                              {"player": " Ben ", "phase": False, "points": 50}])
    assert answer.status_code == 201, answer.get_json()
    players = answer.get_json()["players"]
    assert [(p["name"], p["points"]) for p in players] == [(composed, 0), ("Ben", 50)]
    wrong = api.round(game, [{"player": "Zoe", "phase": True, "points": 0},
                             {"player": "Ben", "phase": False, "points": 50}])
    assert wrong.status_code == 422  # another name is still refused
