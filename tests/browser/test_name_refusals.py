"""The new-game form's names: a name the server refused (40 characters) is not kept as a
"Tap a name" chip, and the problems of several names are said at once, the focus on none
lost (issue 46)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import shot

pytestmark = pytest.mark.browser

TOO_LONG = "Maximiliane-Theresia von Hohenzollern-Si"  # 40 characters


def picks(page: Page) -> list[str]:
    return page.locator(".name-picks button[data-name]").all_inner_texts()


def test_refused_names_are_said_together_and_never_become_chips(phone: Page,
                                                                 server: str) -> None:
    phone.goto(f"{server}/games/new")
    for seat, name in enumerate(["Zoë", TOO_LONG, "Yan", "zoë"], start=1):
        phone.get_by_placeholder(f"Player {seat}").fill(name)
    phone.get_by_role("button", name="Start the game").tap()
    errors = phone.locator(".name-input + .field-error")
    expect(errors).to_have_count(2)
    expect(errors.nth(0)).to_contain_text("is too long: a name has 1 to 30 characters")
    expect(errors.nth(1)).to_contain_text("“zoë” is in this game twice")
    shot(phone, "new-game-two-name-problems-390")
    # Sent back: nothing of this try is remembered (the names are still in their fields).
    expect(phone.locator(".name-picks")).to_be_hidden()
    assert phone.evaluate("localStorage.getItem('phase10.names')") in (None, "[]")

    phone.get_by_placeholder("Player 2").fill("Maxi")
    phone.get_by_placeholder("Player 4").fill("Cleo")
    phone.get_by_role("button", name="Start the game").tap()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Score sheet")
    phone.goto(f"{server}/games/new")
    assert picks(phone) == ["Zoë", "Maxi", "Yan", "Cleo"]
    assert TOO_LONG not in phone.evaluate("localStorage.getItem('phase10.names')")
