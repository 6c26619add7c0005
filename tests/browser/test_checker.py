"""The rules checker on a phone: cards tapped in on the picker, a hand, a lay-down in
groups and a card against a group on the table, each valid and invalid with its reason."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.kits.browser import page_fits, shot
from tests.kits.checker import tap_cards

pytestmark = pytest.mark.browser


def clear(page: Page, field: Locator) -> None:
    field.tap()
    page.locator("#picker").get_by_role("button", name="clear the field").tap()
    expect(field).to_have_value("")


def check(page: Page, valid: bool, title: str) -> Locator:
    """Tap "Check"; the verdict arrives without reloading the page."""
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        page.get_by_role("button", name="Check", exact=True).tap()
    assert answer.value.status == 200, f"the checker answered {answer.value.status}"
    verdict = page.locator("#verdict .verdict")
    expect(verdict).to_have_attribute("data-valid", "true" if valid else "false")
    expect(verdict.locator(".verdict-title")).to_have_text(title)
    return verdict


def found(verdict: Locator, wild_meaning: str) -> Locator:
    return verdict.locator(".found-group").filter(has_text=wild_meaning)


def open_checker(page: Page, server: str, phase: str, parts: str) -> None:
    page.goto(f"{server}/checker")
    expect(page.get_by_role("heading", level=1)).to_have_text("Rules checker")
    expect(page.get_by_label("Edition")).to_have_value("original")
    page.get_by_label("Phase", exact=True).select_option(phase)
    expect(page.locator("#phase-parts")).to_have_text(parts)


def lay_down_mode(page: Page) -> tuple[Locator, Locator]:
    page.get_by_text("A lay-down").tap()
    expect(page.get_by_role("radio", name="A lay-down")).to_be_checked()
    expect(page.get_by_label("Cards in hand")).to_be_hidden()
    expect(page.get_by_label("Group 3")).to_be_hidden()
    return page.get_by_label("Group 1"), page.get_by_label("Group 2")


def test_hand_that_makes_the_phase(phone: Page, server: str) -> None:
    open_checker(phone, server, "1", "2 sets of 3")
    expect(phone.get_by_role("radio", name="My hand")).to_be_checked()
    # The wild completes the set of 4s.
    hand = phone.get_by_label("Cards in hand")
    tap_cards(phone, hand, "4r 4b W 8r 8y 8b")
    expect(phone.locator(".chips .card")).to_have_count(6)
    verdict = check(phone, True, "Yes: this hand can complete phase 1.")
    expect(verdict.locator(".found-group")).to_have_count(2)
    fours = found(verdict, "W stands for 4")
    expect(fours.locator(".part")).to_have_text("set of 3")
    expect(fours.locator(".card")).to_have_text(["4 red", "4 blue", "W"])
    eights = verdict.locator(".found-group").filter(has_not_text="W stands for")
    expect(eights.locator(".card")).to_have_text(["8 red", "8 yellow", "8 blue"])
    verdict.locator(".verdict-title").tap()
    shot(phone, "checker-hand-390")
    assert page_fits(phone, 390)


def test_hand_that_cannot_make_the_phase(phone: Page, server: str) -> None:
    open_checker(phone, server, "1", "2 sets of 3")
    hand = phone.get_by_label("Cards in hand")
    tap_cards(phone, hand, "4r 4b 8r 8y 2g 3g 9b 7y")
    expect(phone.locator(".chips .card")).to_have_count(8)
    phone.locator("#picker").get_by_role("button", name="remove the last card").tap()
    expect(hand).to_have_value("4r 4b 8r 8y 2g 3g 9b")
    verdict = check(phone, False, "No: this hand cannot complete phase 1.")
    expect(verdict.locator(".found-group")).to_have_count(0)
    expect(verdict.locator(".reasons li").first).to_contain_text("2 sets of 3")

    # Three red 4s: the deck holds two of each card.
    clear(phone, hand)
    tap_cards(phone, hand, "4r 4r 4r 8b 8b 8y")
    verdict = check(phone, False, "No: this hand cannot complete phase 1.")
    expect(verdict.locator(".reasons li")).to_have_text(["The deck has only 2 of 4r"])
    assert page_fits(phone, 390)


def test_laydown_in_groups(phone: Page, server: str) -> None:
    open_checker(phone, server, "2", "set of 3 + run of 4")
    first, second = lay_down_mode(phone)
    tap_cards(phone, first, "5r 5b W")
    tap_cards(phone, second, "8g 9g 10y 11r")
    verdict = check(phone, True, "Yes: this completes phase 2.")
    fives = found(verdict, "W stands for 5")
    expect(fives.locator(".part")).to_have_text("set of 3")
    expect(fives.locator(".card")).to_have_text(["5 red", "5 blue", "W"])
    run = verdict.locator(".found-group").filter(has_text="run of 4")
    expect(run.locator(".card")).to_have_text(["8 green", "9 green", "10 yellow", "11 red"])


def test_laydown_with_a_gap(phone: Page, server: str) -> None:
    open_checker(phone, server, "2", "set of 3 + run of 4")
    first, second = lay_down_mode(phone)
    tap_cards(phone, first, "5r 5b W")
    tap_cards(phone, second, "4g 5g 7y 8r")
    verdict = check(phone, False, "No: this does not complete phase 2.")
    expect(verdict.locator(".reasons li")).to_have_text(
        ["Group 2, 4 5 7 8, cannot be the run of 4", "The run 4 5 7 8 has a gap at 6"])
    verdict.locator(".verdict-title").tap()  # lift the finger off the Check button
    shot(phone, "checker-390")
    assert page_fits(phone, 390)


def test_card_against_a_run(phone: Page, server: str) -> None:
    open_checker(phone, server, "1", "2 sets of 3")
    # 3 W W on the table is 3-4-5, so a 6 fits at the high end and a 9 nowhere.
    phone.get_by_text("Add a card").tap()
    expect(phone.get_by_label("Cards in hand")).to_be_hidden()
    expect(phone.get_by_label("Group on the table")).to_have_value("run")
    tap_cards(phone, phone.get_by_label("Its cards, as laid"), "3r W W")
    card = phone.get_by_label("The card to add")
    tap_cards(phone, card, "6b")
    check(phone, True, "Yes: 6b fits at the high end.")

    clear(phone, card)
    tap_cards(phone, card, "9b")
    verdict = check(phone, False, "No: 9b cannot be added to this group.")
    expect(verdict.locator(".reasons li")).to_have_text(
        ["9b does not fit the run 3 W W: only 2 or 6 does"])
    assert page_fits(phone, 390)


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "nl"])
def test_the_wild_and_skip_keys_type_what_they_show(phone: Page, server: str,
                                                    language: str) -> None:
    phone.context.add_cookies([{"name": "lang", "value": language, "url": server}])
    phone.goto(f"{server}/checker")
    hand = phone.locator("#hand")
    hand.tap()
    typed = []
    for special in ("wild", "skip"):
        key = phone.locator(f"#picker [data-special={special}]")
        shown = key.inner_text().strip()
        assert len(shown) == 1, shown
        key.tap()
        typed.append(shown)
        expect(hand).to_have_value(" ".join(typed))  # the key typed the letter it shows
    chips = hand.locator("xpath=following-sibling::div[contains(@class, 'chips')]/span")
    expect(chips).to_have_count(2)
    assert chips.nth(0).get_attribute("class") == "card card-w"
    assert chips.nth(1).get_attribute("class") == "card card-s"
    # The server reads the same letters: a verdict, not "is not a card".
    with phone.expect_response(lambda r: r.request.method == "POST") as answer:
        phone.locator("#checker button[type=submit]").tap()
    assert answer.value.status == 200
    expect(phone.locator("#verdict .verdict")).to_be_visible()
    expect(phone.locator("#checker .field-error")).to_have_count(0)
