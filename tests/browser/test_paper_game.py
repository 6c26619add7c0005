"""Typing a game played on paper on a phone: the form's one screen, errors next to their
fields, the board game's marker column, and the finished sheet with its final lines."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.kits.browser import page_fits, shot

pytestmark = pytest.mark.browser


def test_a_paper_game_typed_on_a_phone(server, phone) -> None:
    phone.goto(f"{server}/games/new")
    phone.get_by_role("link", name="Played on paper? Type the final result").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        "Played on paper? Type the final result")
    expect(phone.locator("#lines-0-marker")).to_be_hidden()
    for row, (name, phases, points) in enumerate([("Ann", "10", "85"), ("Ben", "10", "62"),
                                                 ("Cleo", "9", "20")]):
        phone.fill(f"#lines-{row}-name", name)
        phone.fill(f"#lines-{row}-phases", phases)
        phone.fill(f"#lines-{row}-points", points)
    phone.fill("#minutes", "90")
    assert page_fits(phone, 390)
    phone.get_by_role("button", name="Store the game").click()
    error = phone.locator("#lines-1-points-error")
    expect(error).to_contain_text("steps of 5")
    expect(phone.locator("#lines-1-points")).to_have_attribute("aria-invalid", "true")
    expect(phone.locator("#lines-0-name")).to_have_value("Ann")  # nothing typed is lost
    shot(phone, "paper-game-error-390")
    phone.fill("#lines-1-points", "60")
    phone.get_by_role("button", name="Store the game").click()
    expect(phone.get_by_role("heading", name="Final result")).to_be_visible()
    expect(phone.locator(".standings tbody tr").first).to_contain_text("Ben")
    expect(phone.locator(".standings tbody tr").first).to_contain_text("60")
    expect(phone.get_by_role("link", name="Log it in BG Stats")).to_have_attribute(
        "href", re.compile(r"^https://app\.bgstatsapp\.com/createPlay\.html\?data="))
    assert page_fits(phone, 390)
    shot(phone, "paper-game-sheet-390")


def test_the_board_game_asks_for_markers_and_fits_a_desktop(server, pages) -> None:
    desktop = pages(phone=False)
    desktop.goto(f"{server}/games/paper")
    desktop.get_by_label("Board game").check()
    expect(desktop.locator("#lines-0-marker")).to_be_visible()
    expect(desktop.locator("#lines-0-phases")).to_be_hidden()
    desktop.fill("#lines-0-name", "Ann")
    desktop.fill("#lines-0-marker", "11")
    desktop.fill("#lines-1-name", "Ben")
    desktop.fill("#lines-1-marker", "6")
    shot(desktop, "paper-game-board-1280")
    desktop.get_by_role("button", name="Store the game").click()
    expect(desktop.locator(".standings tbody tr").first).to_contain_text("wreath")
    shot(desktop, "paper-game-board-sheet-1280")
