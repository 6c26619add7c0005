"""The checker at the table: as many group fields as the phase has groups, no stale verdict
after a switch, a keyboard when asked for, and runs as the rule books define them
(issue 11, points 14-16 and 18)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def lay_down(page: Page, server: str, phase: str) -> None:
    page.goto(f"{server}/checker")
    page.get_by_label("Phase", exact=True).select_option(phase)
    page.get_by_text("A lay-down").tap()


def check(page: Page) -> None:
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.get_by_role("button", name="Check", exact=True).tap()


def test_phases_with_repeated_parts_get_a_field_per_group(phone: Page, server: str) -> None:
    lay_down(phone, server, "1")  # 2 sets of 3
    expect(phone.locator(".group-field:visible")).to_have_count(2)
    phone.get_by_label("Phase", exact=True).select_option("4")  # run of 7
    expect(phone.locator(".group-field:visible")).to_have_count(1)
    phone.get_by_label("Edition").select_option("masters")
    phone.get_by_label("Phase", exact=True).select_option("2")  # 4 sets of 2
    expect(phone.locator(".group-field:visible")).to_have_count(4)


def test_switching_mode_or_phase_clears_the_old_verdict(phone: Page, server: str) -> None:
    lay_down(phone, server, "1")
    phone.get_by_label("Group 1").fill("7r 7b 7g")
    phone.get_by_label("Group 2").fill("9y 9y W")
    check(phone)
    expect(phone.locator("#verdict .verdict")).to_have_count(1)
    phone.get_by_text("My hand").tap()
    expect(phone.locator("#verdict .verdict")).to_have_count(0)
    phone.get_by_text("A lay-down").tap()
    check(phone)
    expect(phone.locator("#verdict .verdict")).to_have_count(1)
    phone.get_by_label("Phase", exact=True).select_option("2")
    expect(phone.locator("#verdict .verdict")).to_have_count(0)


def test_the_keyboard_opens_when_asked_for(phone: Page, server: str) -> None:
    phone.goto(f"{server}/checker")
    hand = phone.get_by_label("Cards in hand")
    expect(hand).to_have_attribute("inputmode", "none")  # the picker keeps the screen
    expect(phone.get_by_text(re.compile("Or type them with the keyboard"))).to_be_visible()
    phone.get_by_role("button", name=re.compile("Type the cards instead")).tap()
    expect(hand).to_have_attribute("inputmode", "text")
    phone.reload()  # the choice sticks on this phone
    expect(phone.get_by_label("Cards in hand")).to_have_attribute("inputmode", "text")


def test_the_board_game_picker_offers_no_skip(phone: Page, server: str) -> None:
    phone.goto(f"{server}/checker")
    picker = phone.locator("#picker")
    expect(picker.get_by_role("button", name="skip", exact=True)).to_be_visible()
    phone.get_by_label("Edition").select_option("board")
    expect(picker.get_by_role("button", name="skip", exact=True)).to_be_hidden()


def test_runs_as_the_rule_books_define_them(phone: Page, server: str) -> None:
    lay_down(phone, server, "4")  # run of 7
    phone.get_by_label("Group 1").fill("7r 6r 5r 4r 3r 2r 1r")
    check(phone)
    verdict = phone.locator("#verdict .verdict")
    expect(verdict).to_have_attribute("data-valid", "true")
    phone.get_by_label("Group 1").fill("12r W 10b 9g 8y 7r 6b")
    check(phone)
    expect(verdict).to_have_attribute("data-valid", "false")
    phone.get_by_label("Group 1").fill("12r 1r 2r 3r 4b 5g 6y")
    check(phone)
    expect(verdict).to_contain_text("12 and 1 are not neighbours")
    phone.get_by_text("Add a card").tap()
    phone.get_by_label("Group on the table").select_option("run")
    phone.get_by_label("Its cards, as laid").fill("10r 11b 12g W")
    phone.get_by_label("The card to add").fill("9y")
    check(phone)
    expect(verdict).to_contain_text(re.compile("lay it as W 10 11 12", re.I))
