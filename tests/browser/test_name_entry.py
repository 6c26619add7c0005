"""Names as people write them (issue 24): an emoji family joined by zero-width joiners is one
player on the new-game form, and a look-alike name gets a note, not a refusal."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import read_sheet

pytestmark = pytest.mark.browser

FAMILY = "👨\u200d👩\u200d👧\u200d👦"


def test_a_zwj_emoji_name_starts_a_game(phone: Page, server: str) -> None:
    phone.goto(f"{server}/games/new")
    phone.get_by_placeholder("Player 1").fill("Zoë " + FAMILY)
    phone.get_by_placeholder("Player 2").fill("Ben")
    phone.get_by_role("button", name="Start the game").tap()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Score sheet")
    assert read_sheet(phone)["names"] == ["Zoë " + FAMILY, "Ben"]


def test_a_look_alike_name_is_noted_then_kept(phone: Page, server: str) -> None:
    phone.goto(f"{server}/games/new")
    phone.get_by_placeholder("Player 1").fill("Anna")
    phone.get_by_placeholder("Player 2").fill("\u0410nna")  # a Cyrillic А
    phone.get_by_role("button", name="Start the game").tap()
    note = phone.locator("#names-1-note")
    expect(note).to_contain_text("Player 2 looks like player 1")
    expect(phone.locator("#names-0-note")).to_have_count(0)
    if os.environ.get("NAMES_SCREENSHOT"):
        phone.screenshot(path=os.environ["NAMES_SCREENSHOT"], full_page=False)
    phone.get_by_role("button", name="Start the game").tap()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Score sheet")
