"""Each mistake in a player's points has its own message (issue 36), the same on the round
form and in the API's answer; a plausibility warning marks the row of the player it names."""

from __future__ import annotations

import html as html_lib
import re
from typing import Any

import pytest

from tests.kits.page_forms import round_form, start

PLAYERS = ["Michaela", "Horst", "Petra", "Thomas"]
TWENTY = "9" * 20


def form_errors(client: Any, horst: str) -> list[str]:
    """The messages next to Horst's field after storing round 1 with ``horst`` as his points."""
    url = start(client)
    response = client.post(url + "/round", data=round_form(
        PLAYERS, [0, horst, 20, 75], [True, True, True, False], "Michaela"))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Some entries need a look: see the notes next to them." in html  # and on top
    row = html.split('data-player="Horst"')[1].split('class="result-row')[0]
    assert "No rounds yet." in client.get(url).get_data(as_text=True)  # nothing stored
    found = re.findall(r'<p class="field-error">([^<]*)</p>', row)
    return [html_lib.unescape(message) for message in found]


def api_message(api: Any, points: object) -> str:
    game = api.new_game(PLAYERS)
    answer = api.round(game, [{"player": "Michaela", "phase": True, "points": 0},
                              {"player": "Horst", "phase": True, "points": points},
                              {"player": "Petra", "phase": True, "points": 20},
                              {"player": "Thomas", "phase": False, "points": 75}])
    assert answer.status_code in (400, 422)
    body = answer.get_json()
    return str(body["details"][0]["message"] if answer.status_code == 422 else body["error"])


@pytest.mark.parametrize(("typed", "number", "message"), [
    ("-10", -10, "Points cannot be negative: Horst has -10"),
    (TWENTY, int(TWENTY), f"Horst has {TWENTY} points, too many for one round: 10 cards are "
                          "worth at most 190 points"),
    ("12", 12, "12 points are not possible: every card is worth 5, 10, 15 or 20 points, so "
               "Horst's points must be a multiple of 5"),
])
def test_each_mistake_says_what_is_wrong_on_the_form_and_in_the_api(
        client: Any, api: Any, typed: str, number: int, message: str) -> None:
    assert form_errors(client, typed) == [message]
    said = api_message(api, number)
    assert said[:1].upper() + said[1:] == message  # the same words, from the same rule


def test_not_a_number_and_an_endless_number_have_their_own_messages(client: Any,
                                                                    api: Any) -> None:
    assert form_errors(client, "ten") == ["Points are a whole number like 35."]
    assert form_errors(client, "1" * 5000) == ["Too many points for one round."]
    assert "whole number" in api_message(api, "ten")


def test_too_many_names_the_most_a_hand_is_worth_in_the_edition() -> None:
    """House rules have their own card values: the message is worked out from them."""
    from dataclasses import replace

    from companion.editions import house
    from companion.scoring import Result
    from companion.scoring.cardchecks import points_problems

    rules = house.preset("original")
    dear = house.edition("dear-1", replace(rules, values=replace(rules.values, wild=50)))
    (problem,) = points_problems(Result("Ann", False, 5000), dear)
    assert problem.params["most"] == 8 * 50 + 2 * 15  # eight wilds, two skips


def test_a_warning_marks_the_row_of_the_player_it_names(client: Any) -> None:
    url = start(client)
    response = client.post(url + "/round", data=round_form(
        PLAYERS, [0, 15, 20, 195], [True, False, True, False], "Michaela"))
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "look impossible with a normal deal" in html
    rows = {name: html.split(f'data-player="{name}"')[1].split('class="result-row')[0]
            for name in PLAYERS}
    warned = [name for name, row in rows.items() if "field-warning" in row]
    assert warned == ["Horst", "Thomas"]
    assert "Horst did not lay their phase and so holds 10 cards" in rows["Horst"]
    assert "10 cards are worth at most 190" in rows["Thomas"]
    assert 'aria-describedby="results-1-points-errors"' in rows["Horst"]
    assert 'class="result-row panel has-warning"' in html
