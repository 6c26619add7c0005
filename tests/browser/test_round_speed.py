"""How fast a round goes in with one thumb on a 390×844 phone: taps (clicks and fills the test
performs, from the sheet's "Enter round" button to "Store") and scrolls (changes of scrollY
needed to reach each control). Prints the figures per round; asserts the issue's targets."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.kits.thumb import Thumb

pytestmark = pytest.mark.browser

# The card game rules' example game (docs/rules.md): (who went out,
# {player: (phase laid, points)}).
EXAMPLE = [
    ("Horst", {"Michaela": (True, "20"), "Petra": (True, "20"), "Thomas": (False, "75")}),
    ("Michaela", {"Horst": (True, "25"), "Petra": (False, "70"), "Thomas": (True, "25")}),
    ("Michaela", {"Horst": (False, "65"), "Petra": (True, "15"), "Thomas": (False, "50")}),
    ("Michaela", {"Horst": (True, "10"), "Petra": (True, "20"), "Thomas": (True, "15")}),
    ("Petra", {"Michaela": (True, "15"), "Horst": (False, "70"), "Thomas": (False, "65")}),
]
SIX = ["Michaela", "Horst", "Petra", "Thomas", "Anneliese", "Bartholomäus"]
SIX_ROUNDS = [
    ("Anneliese", {"Michaela": (True, "20"), "Horst": (False, "85"), "Petra": (True, "35"),
                   "Thomas": (False, "60"), "Bartholomäus": (False, "95")}),
    ("Thomas", {"Michaela": (False, "70"), "Horst": (True, "30"), "Petra": (True, "10"),
                "Anneliese": (False, "55"), "Bartholomäus": (True, "25")}),
    ("Bartholomäus", {"Michaela": (True, "40"), "Horst": (False, "90"), "Petra": (False, "75"),
                      "Thomas": (True, "5"), "Anneliese": (True, "20")}),
]


def start(page: Page, server: str, names: list[str]) -> None:
    response = page.request.post(f"{server}/api/games", data={"players": names})
    assert response.status == 201, response.text()
    page.goto(f"{server}/games/{response.json()['id']}")


def play(page: Page, thumb: Thumb, number: int, out: str,
         rows: dict[str, tuple[bool, str]]) -> tuple[int, int]:
    """One round as a person enters it; returns (taps, scrolls)."""
    thumb.tap(page.get_by_role("link", name=f"Enter round {number}"))
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Round {number}")
    thumb.tap(page.locator(f".result-row[data-player='{out}']").get_by_label("went out"))
    for name, (laid, points) in rows.items():
        row = page.locator(f".result-row[data-player='{name}']")
        thumb.type(row.get_by_label("Points"), points)
        tick = row.get_by_role("checkbox")
        if tick.is_checked() != laid:  # a person only taps when the tick is wrong
            thumb.tap(tick)
        assert tick.is_checked() == laid
    thumb.tap(page.get_by_role("button", name=f"Store round {number}"))
    expect(page.get_by_text(f"Round {number} stored.")).to_be_visible()
    return thumb.figures()


def test_four_player_rounds_take_six_taps_and_no_scroll(phone: Page, server: str) -> None:
    start(phone, server, ["Michaela", "Horst", "Petra", "Thomas"])
    thumb = Thumb(phone)
    figures = [play(phone, thumb, number, out, rows)
               for number, (out, rows) in enumerate(EXAMPLE, start=1)]
    print(f"\n4 players (taps, scrolls) per round: {figures}")
    expect(phone.locator("table.sheet tfoot td")).to_have_text(["35", "170", "125", "230"])
    assert max(taps for taps, _ in figures) <= 6
    assert max(scrolls for _, scrolls in figures) == 0


def test_six_player_rounds_take_at_most_two_scrolls(phone: Page, server: str) -> None:
    start(phone, server, SIX)
    thumb = Thumb(phone)
    figures = [play(phone, thumb, number, out, rows)
               for number, (out, rows) in enumerate(SIX_ROUNDS, start=1)]
    print(f"\n6 players (taps, scrolls) per round: {figures}")
    expect(phone.get_by_text(re.compile("Round 4 · "))).to_be_visible()
    assert max(taps for taps, _ in figures) <= 8
    assert max(scrolls for _, scrolls in figures) <= 2


def test_landing_after_a_round_shows_the_message_and_the_next_button(
        phone: Page, server: str) -> None:
    start(phone, server, ["Ann", "Ben"])
    thumb = Thumb(phone)
    play(phone, thumb, 1, "Ann", {"Ben": (False, "60")})
    assert phone.evaluate("window.scrollY") == 0
    expect(phone.get_by_role("link", name="Enter round 2")).to_be_in_viewport()
    expect(phone.get_by_text("Round 1 stored.")).to_be_in_viewport()
