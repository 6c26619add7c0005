"""Names that only look alike are noted, never refused (issue 24): in the answer of the API
write that stored them, and on a game's players page, as the new-game form notes them."""

from __future__ import annotations

from typing import Any

import pytest

CYRILLIC_A = "\u0410nna"  # "Аnna": a Cyrillic А, then Latin letters


def test_a_game_started_with_look_alikes_says_so_and_starts(api: Any) -> None:
    response = api.post("/api/games", {"players": ["Anna", CYRILLIC_A, "Ben"]})
    assert response.status_code == 201
    game = response.get_json()
    assert [player["name"] for player in game["players"]] == ["Anna", CYRILLIC_A, "Ben"]
    assert game["warnings"] == [
        {"message": f"“{CYRILLIC_A}” (player 2) looks like “Anna” (player 1) but is written "
                    "with other letters: check that they are two different players",
         "player": CYRILLIC_A, "field": "players"}]
    # The note belongs to the answer of that write: the game itself does not carry it.
    assert "warnings" not in api.client.get(f"/api/games/{game['id']}").get_json()


def test_names_of_one_alphabet_get_no_warnings(api: Any) -> None:
    game = api.new_game(["Anna", "Ben", "Юлия", "Ζωή"])
    assert "warnings" not in game


def test_a_name_of_mixed_alphabets_is_noted_in_a_group_game_too(api: Any) -> None:
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    response = api.post(f"/api/groups/{group['id']}/games", {"players": ["B\u0435n", "Cem"]})
    assert response.status_code == 201
    (warning,) = response.get_json()["warnings"]
    assert warning["player"] == "B\u0435n" and warning["field"] == "players"
    assert "mixes letters of several alphabets (Latin, Cyrillic)" in warning["message"]


def test_a_look_alike_joiner_or_rename_is_noted_and_stored(api: Any) -> None:
    game = api.new_game(["Anna", "Ben"])
    joined = api.post(f"/api/games/{game['id']}/players", {"name": CYRILLIC_A})
    assert joined.status_code == 201
    assert [(w["player"], w["field"]) for w in joined.get_json()["warnings"]] == [
        (CYRILLIC_A, "name")]
    renamed = api.client.patch(f"/api/games/{game['id']}/players/Ben", json={"name": "Cem"})
    assert renamed.status_code == 200 and "warnings" not in renamed.get_json()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_players_page_notes_look_alikes(api: Any, language: str) -> None:
    game = api.new_game(["Anna", "Ben", CYRILLIC_A])
    page = api.client.get(f"/games/{game['id']}/players",
                          headers={"Accept-Language": language}).get_data(as_text=True)
    assert page.count('class="field-note"') == 1
    note = page[page.index('class="field-note"'):]
    assert note.index(CYRILLIC_A) < note.index("</p>")
    words = {"en": "looks like", "de": "sieht aus wie"}[language]
    assert words in note[:note.index("</p>")]
    # The note sits in the look-alike's card, after the other players' cards.
    assert page.index('class="field-note"') > page.index('id="player-3"')
    plain = api.new_game(["Anna", "Ben"])
    assert "field-note" not in api.client.get(
        f"/games/{plain['id']}/players").get_data(as_text=True)
