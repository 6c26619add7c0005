"""The penalty pad on the round form: count the cards left in a hand by kind (1–9: 5 points,
10–12: 10, Skip: 15, Wild: 20) and put the sum into that player's points field; by touch
and by keyboard alone."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.kits.browser import api_game, read_sheet
from tests.kits.keyboard import tab_to

pytestmark = pytest.mark.browser

PLAYERS = ["Anna", "Ben", "Cem"]
KINDS = {"1–9": 5, "10–12": 10, "Skip": 15, "Wild": 20}


def round_form(page: Page, server: str) -> None:
    game = api_game(page, server, PLAYERS)
    page.goto(f"{server}/games/{game['id']}/round")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 1")


def row(page: Page, name: str) -> Locator:
    return page.locator(".result-row", has=page.get_by_role("heading", name=name))


def pad_button(page: Page, name: str) -> Locator:
    """The player's "Count cards" button (its accessible name says whose hand it counts)."""
    button = row(page, name).get_by_role("button", name=re.compile(r"^Count"))
    expect(button).to_have_text(re.compile(r"^Count cards\b"))
    expect(button).to_have_accessible_name(re.compile(name))
    return button


def the_pad(page: Page, name: str) -> Locator:
    pad = page.get_by_role("dialog", name=re.compile(r"^Cards left in hand"))
    expect(pad).to_be_visible()
    expect(pad).to_have_accessible_name(f"Cards left in hand · {name}")
    return pad


def add(pad: Locator, kind: str) -> Locator:
    return pad.get_by_role("button", name=f"add a card: {kind}, {KINDS[kind]} points")


def counts(pad: Locator) -> Locator:
    return pad.locator(".pad-count")


def test_the_pad_adds_up_a_hand(phone: Page, server: str) -> None:
    round_form(phone, server)
    points = row(phone, "Ben").get_by_label("Points")
    pad_button(phone, "Ben").tap()
    pad = the_pad(phone, "Ben")
    expect(counts(pad)).to_have_text(["0", "0", "0", "0"])
    expect(pad.locator("output")).to_have_text("0")

    for kind in ["1–9", "1–9", "10–12", "Wild", "Skip"]:
        add(pad, kind).tap()
    expect(counts(pad)).to_have_text(["2", "1", "1", "1"])
    expect(pad.locator("output")).to_have_text("55")
    pad.get_by_role("button", name="take back a card: 1–9").tap()
    expect(counts(pad)).to_have_text(["1", "1", "1", "1"])
    expect(pad.get_by_text(re.compile(r"^Sum: "))).to_have_text("Sum: 50")  # 5 + 10 + 20 + 15
    # Taking back more than there are stops at 0.
    pad.get_by_role("button", name="take back a card: 10–12").tap()
    pad.get_by_role("button", name="take back a card: 10–12").tap()
    expect(counts(pad)).to_have_text(["1", "0", "1", "1"])
    add(pad, "10–12").tap()
    expect(pad.locator("output")).to_have_text("50")

    pad.get_by_role("button", name="Use this sum").tap()
    expect(pad).to_be_hidden()
    expect(points).to_have_value("50")
    expect(points).to_be_focused()

    # Counting again starts from nothing; Cancel keeps what the field holds.
    pad_button(phone, "Ben").tap()
    pad = the_pad(phone, "Ben")
    expect(counts(pad)).to_have_text(["0", "0", "0", "0"])
    add(pad, "Wild").tap()
    expect(pad.locator("output")).to_have_text("20")
    pad.get_by_role("button", name="Cancel").tap()
    expect(pad).to_be_hidden()
    expect(points).to_have_value("50")
    # Nor does a cancelled pad touch another player's field.
    pad_button(phone, "Cem").tap()
    pad = the_pad(phone, "Cem")
    add(pad, "Skip").tap()
    pad.get_by_role("button", name="Cancel").tap()
    expect(pad).to_be_hidden()
    expect(row(phone, "Cem").get_by_label("Points")).to_have_value("")

    row(phone, "Anna").get_by_label("went out").tap()
    row(phone, "Cem").get_by_label("Points").fill("25")
    row(phone, "Cem").get_by_role("checkbox").check()
    phone.get_by_role("button", name="Store round 1").tap()
    expect(phone.get_by_text("Round 1 stored.")).to_be_visible()
    expect(phone.locator("table.sheet tfoot td")).to_have_text(["0", "50", "25"])
    assert read_sheet(phone)["rounds"] == [["1", "0", "50", "25"]]


def test_the_pad_by_keyboard(pages: Any, server: str) -> None:
    page = pages(phone=False, width=800)
    round_form(page, server)
    opener = pad_button(page, "Cem")
    points = row(page, "Cem").get_by_label("Points")
    points.fill("35")
    tab_to(page, opener)

    # Enter opens the pad with the focus inside; Escape closes it and changes nothing.
    page.keyboard.press("Enter")
    pad = the_pad(page, "Cem")
    expect(add(pad, "1–9")).to_be_focused()
    page.keyboard.press("Enter")
    expect(pad.locator("output")).to_have_text("5")
    page.keyboard.press("Escape")
    expect(pad).to_be_hidden()
    expect(points).to_have_value("35")
    expect(opener).to_be_focused()

    # Again: 1–9 twice, Tab on to "−" and take one back, on to 10–12, then "Use this sum".
    page.keyboard.press("Enter")
    pad = the_pad(page, "Cem")
    expect(add(pad, "1–9")).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(pad.get_by_role("button", name="take back a card: 1–9")).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(add(pad, "10–12")).to_be_focused()
    page.keyboard.press("Space")
    expect(counts(pad)).to_have_text(["1", "1", "0", "0"])
    expect(pad.locator("output")).to_have_text("15")
    tab_to(page, pad.get_by_role("button", name="Use this sum"), limit=10)
    page.keyboard.press("Enter")
    expect(pad).to_be_hidden()
    expect(points).to_have_value("15")
    expect(points).to_be_focused()
