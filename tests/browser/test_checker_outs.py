"""The checker as a coach on a phone (issue 14): a hand short of its phase shows its outs
grouped by what they do and the odds, the cards seen change the odds, a complete hand shows
the extra cards that fit, and in Masters the ranking of phases tries another phase."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.kits.browser import page_fits, shot
from tests.kits.checker import tap_cards

pytestmark = pytest.mark.browser


def open_hand(page: Page, server: str, edition: str, phase: str) -> Locator:
    page.goto(f"{server}/checker")
    page.get_by_label("Edition").select_option(edition)
    page.get_by_label("Phase", exact=True).select_option(phase)
    return page.get_by_label("Cards in hand")


def check(page: Page) -> Locator:
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        page.get_by_role("button", name="Check", exact=True).tap()
    assert answer.value.status == 200
    return page.locator("#verdict .coach")


def test_a_hand_one_card_short_shows_its_outs_and_the_odds(phone: Page, server: str) -> None:
    hand = open_hand(phone, server, "original", "3")
    tap_cards(phone, hand, "8r 8g 8b 3y 4y 5r W S 11b")
    coach = check(phone)
    rows = coach.locator(".out-group")
    expect(rows).to_have_count(3)
    expect(rows.nth(0).locator(".part")).to_have_text("Set of 4")
    expect(rows.nth(0).locator(".card")).to_have_text(["8 any colour"])
    expect(rows.nth(0).locator(".role")).to_have_text("frees your wild for a gap elsewhere")
    expect(rows.nth(1).locator(".card")).to_have_text(["2 any colour", "6 any colour"])
    expect(rows.nth(1).locator(".role")).to_have_text("any of these completes the phase")
    expect(rows.nth(2).locator(".card")).to_have_text(["W wild"])
    expect(coach.locator(".odds").first).to_have_text(
        "28 of the 99 cards you have not seen help.")

    # Two 6s on the discard pile: fewer outs left to draw.
    phone.get_by_text("Cards I can see (optional)").tap()
    tap_cards(phone, phone.get_by_label("Cards I can see"), "6r 6g")
    coach = check(phone)
    expect(coach.locator(".odds").first).to_have_text(
        "26 of the 97 cards you have not seen help.")
    expect(coach.locator(".draw")).to_have_text(
        ["next card 27%", "within 2 cards 47%", "within 3 cards 61%"])
    coach.locator("h2").tap()
    assert page_fits(phone, 390)


def test_a_complete_hand_shows_the_extra_cards_that_fit(phone: Page, server: str) -> None:
    hand = open_hand(phone, server, "original", "2")
    tap_cards(phone, hand, "5r 5b 5g 5y 8g 9g 10y 11r 12b 3y")
    coach = check(phone)
    expect(phone.locator("#verdict .verdict")).to_have_attribute("data-valid", "true")
    expect(coach.locator("h2")).to_have_text("Extra cards that fit")
    expect(coach.locator(".out-group .part")).to_have_text(["Set of 3", "Run of 4"])
    expect(coach.locator(".out-group").nth(1).locator(".card")).to_have_text(["12 blue"])


def test_masters_ranks_the_phases_and_tries_another(phone: Page, server: str) -> None:
    hand = open_hand(phone, server, "masters", "3")
    tap_cards(phone, hand, "8r 8g 8b 3y 4y 5r W S 11b")
    done = phone.get_by_role("group", name="Phases you have completed")
    done.get_by_label("1", exact=True).check()  # phase 1 is done already
    coach = check(phone)
    ranking = coach.locator(".ranking li")
    expect(ranking).to_have_count(9)
    expect(ranking.first).to_contain_text("Phase 4")
    expect(ranking.first).to_contain_text("1 card short")
    expect(coach.locator(".ranking li[aria-current]")).to_contain_text("Phase 3")
    with phone.expect_response(lambda r: r.request.method == "POST"):
        ranking.first.get_by_role("button").tap()
    expect(phone.get_by_label("Phase", exact=True)).to_have_value("4")
    expect(phone.locator("#verdict .verdict-title")).to_have_text(
        "No: this hand cannot complete phase 4.")
    expect(phone.locator("#verdict .ranking li[aria-current]")).to_contain_text("Phase 4")
    assert page_fits(phone, 390)


def test_the_completed_phases_show_only_in_masters(phone: Page, server: str) -> None:
    open_hand(phone, server, "original", "1")
    done = phone.get_by_role("group", name="Phases you have completed")
    expect(done).to_be_hidden()
    phone.get_by_label("Edition").select_option("masters")
    expect(done).to_be_visible()
    shot(phone, "checker-masters-390")
