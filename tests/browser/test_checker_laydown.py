"""Lay-down mode for phases whose parts repeat (issue 10): one group field per part, from
the parts the server sends as data, and a correct lay-down of both groups checks out.

checker.js once counted a phase's groups by splitting its translated name on " + ", so
"2 sets of 3" (original phase 1) showed a single group field."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from companion import editions
from companion.editions import Edition
from companion.rules.phases import Deck, PartKind

pytestmark = pytest.mark.browser

S, R = PartKind.SET, PartKind.RUN
THREES = Edition(
    key="threes", order=9, name="Three pairs", title="Pairs game", tag="Pairs",
    table=(((S, 2), (S, 2), (S, 2)), ((R, 4),)),
    deck=Deck(copies_per_card=2, wilds=8, skips=4, cards=108),
)


def check(page: Page) -> None:
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.get_by_role("button", name="Check", exact=True).tap()


def test_two_sets_of_three_get_two_fields_and_check_out(phone: Page, server: str) -> None:
    phone.goto(f"{server}/checker")
    phone.get_by_label("Phase", exact=True).select_option("1")
    phone.get_by_text("A lay-down").tap()
    expect(phone.locator("#phase-parts")).to_have_text("2 sets of 3")
    fields = phone.locator(".group-field:visible")
    expect(fields).to_have_count(2)
    expect(fields.locator("label")).to_have_text(["Group 1", "Group 2"])
    phone.get_by_label("Group 1").fill("7r 7b 7g")
    phone.get_by_label("Group 2").fill("9y W 9b")
    check(phone)
    verdict = phone.locator("#verdict .verdict")
    expect(verdict).to_have_attribute("data-valid", "true")
    phone.get_by_label("Group 2").fill("9y 8b 9b")  # not a set: the same two fields say why
    check(phone)
    expect(verdict).to_have_attribute("data-valid", "false")
    expect(phone.locator(".group-field:visible")).to_have_count(2)


@pytest.fixture
def threes() -> Iterator[Edition]:
    editions.register(THREES)  # the server runs in this process: it sees the edition too
    yield THREES
    editions.unregister(THREES)


def test_an_edition_of_its_own_brings_its_parts(phone: Page, server: str, threes: Edition
                                                 ) -> None:
    phone.goto(f"{server}/checker")
    phone.get_by_label("Edition").select_option("threes")
    phone.get_by_text("A lay-down").tap()
    expect(phone.locator("#phase-parts")).to_have_text("3 sets of 2")
    expect(phone.locator(".group-field:visible")).to_have_count(3)
    phone.get_by_label("Phase", exact=True).select_option("2")
    expect(phone.locator(".group-field:visible")).to_have_count(1)
    # Its two phases are all the phase list offers; the original edition has ten again.
    expect(phone.locator("#phase option:not([disabled])")).to_have_count(2)
    phone.get_by_label("Edition").select_option("original")
    expect(phone.locator("#phase option:not([disabled])")).to_have_count(10)
