"""What a screen reader hears: another phone's round in words ("Round 1: Anna went out, Ben
20, …"), a corrected or undone round by its number, "Round N stored." after storing one (the
focus goes to it), and the round form's problems, with the focus on the first field at
fault."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import api_game, api_round

pytestmark = pytest.mark.browser

PLAYERS = ["Anna", "Ben", "Cem"]
LIVE = 10_000  # ms: the stream or the 1.5 s poll


def row(page: Page, name: str) -> Any:
    return page.locator(".result-row", has=page.get_by_role("heading", name=name))


def test_another_phones_rounds_are_said_in_words(pages: Any, server: str) -> None:
    keeper, follower = pages(), pages()
    game = api_game(keeper, server, PLAYERS, phases=[1, 2])
    follower.goto(f"{server}/games/{game['view_id']}")
    region = follower.locator("#live-status")
    expect(follower.locator("[data-live]")).to_have_attribute("data-stream", "open")
    api_round(keeper, server, game, [
        {"player": "Anna", "phase": True, "points": 0, "went_out": True},
        {"player": "Ben", "phase": True, "points": 20},
        {"player": "Cem", "phase": False, "points": 65}])
    expect(region).to_have_text("Round 1: Anna went out, Ben 20, Cem 65.", timeout=LIVE)
    # Outside the content that is swapped in: the same region speaks each time.
    assert follower.evaluate("!document.getElementById('main').contains("
                             "document.getElementById('live-status'))")

    response = keeper.request.delete(f"{server}/api/games/{game['id']}/rounds/last?number=1")
    assert response.ok, response.text()
    expect(region).to_have_text("Round 1 was undone.", timeout=LIVE)

    for _round in (1, 2):
        api_round(keeper, server, game, [
            {"player": "Anna", "phase": True, "points": 0, "went_out": True},
            {"player": "Ben", "phase": False, "points": 60},
            {"player": "Cem", "phase": False, "points": 65}])
    expect(region).to_have_text(re.compile(r"Anna wins!$"), timeout=LIVE)
    expect(region).to_contain_text("Round 2: Anna went out, Ben 60, Cem 65.")


def test_a_board_round_is_said_from_its_log(pages: Any, server: str) -> None:
    keeper, follower = pages(), pages()
    game = api_game(keeper, server, PLAYERS, edition="board")
    follower.goto(f"{server}/games/{game['view_id']}")
    expect(follower.locator("[data-live]")).to_have_attribute("data-stream", "open")
    api_round(keeper, server, game, [{"player": "Anna", "phase": True},
                                     {"player": "Ben", "phase": True, "went_out": True},
                                     {"player": "Cem", "phase": False}])
    expect(follower.locator("#live-status")).to_have_text(
        "Round 1: Ben: phase 1 → phase 3 (ended the round, +2), Anna: phase 1 → phase 2.",
        timeout=LIVE)


def test_storing_a_round_is_said(phone: Page, server: str) -> None:
    game = api_game(phone, server, PLAYERS)
    phone.goto(f"{server}/games/{game['id']}/round")
    row(phone, "Anna").get_by_label("went out").tap()
    row(phone, "Ben").get_by_label("Points").fill("20")
    row(phone, "Cem").get_by_label("Points").fill("65")
    phone.get_by_role("button", name="Store round 1").tap()
    flash = phone.get_by_role("status").filter(has_text="Round 1 stored.")
    expect(flash).to_be_focused()  # a screen reader reads what gets the focus
    # ... and the next Tab goes on into the page after it, not back to its top.
    phone.keyboard.press("Tab")
    assert phone.evaluate("document.activeElement.compareDocumentPosition("
                          "document.querySelector('.flash')) & Node.DOCUMENT_POSITION_PRECEDING")


def test_the_focus_goes_to_the_first_problem_of_the_round_form(phone: Page,
                                                               server: str) -> None:
    game = api_game(phone, server, PLAYERS)
    phone.goto(f"{server}/games/{game['id']}/round")
    row(phone, "Anna").get_by_label("went out").tap()
    row(phone, "Ben").get_by_label("Points").fill("twenty")
    row(phone, "Cem").get_by_label("Points").fill("-5")
    phone.get_by_role("button", name="Store round 1").tap()
    ben = row(phone, "Ben").get_by_label("Points")
    expect(ben).to_be_focused()
    expect(ben).to_have_accessible_description(re.compile(r"\S"))
    assert "invalid" not in ben.evaluate("el => el.getAttribute('aria-describedby')")
    expect(row(phone, "Cem").get_by_label("Points")).to_have_attribute("aria-invalid", "true")

    # Nobody went out and the points say somebody should have: the radio buttons' error.
    phone.goto(f"{server}/games/{game['id']}/round")
    for name in PLAYERS:
        row(phone, name).get_by_label("Points").fill("55")
    phone.get_by_role("button", name="Store round 1").tap()
    focused = phone.locator(":focus")
    expect(focused).to_have_attribute("aria-invalid", "true")
    expect(focused).to_have_accessible_description(re.compile(r"\S"))
