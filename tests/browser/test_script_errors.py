"""No page logs a JavaScript error or a console error, on a phone or on a desktop.

Every browser test fails on a script error (the ``pages`` fixture); this one walks all the
kinds of page once, including the scripted parts (picker, round form, recent games), and
checks that the watching itself catches errors."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import ScriptErrors, api_game, api_round

pytestmark = pytest.mark.browser


def visit_everything(page: Page, server: str) -> None:
    card = api_game(page, server, ["Ann", "Ben", "Cem"])
    api_round(page, server, card, [
        {"player": "Ann", "phase": True, "points": 0, "went_out": True},
        {"player": "Ben", "phase": False, "points": 55},
        {"player": "Cem", "phase": True, "points": 10}])
    board = api_game(page, server, ["Ann", "Ben"], edition="board")

    page.goto(f"{server}/games/{card['id']}")
    expect(page.locator("table.sheet tfoot td")).to_have_text(["0", "55", "10"])
    page.goto(f"{server}/games/{card['view_id']}")
    page.goto(f"{server}/games/{card['id']}/round")
    page.locator(".result-row").first.get_by_label("went out").click()
    page.goto(f"{server}/games/{card['id']}/rounds/1/edit")
    page.goto(f"{server}/games/{board['id']}")
    page.goto(f"{server}/games/{board['id']}/round")
    page.get_by_label("ended the round").first.click()
    page.goto(f"{server}/games/new")
    page.goto(f"{server}/games/new?edition=board")
    page.goto(f"{server}/")
    expect(page.get_by_role("region", name="Recent games on this device")).to_be_visible()
    page.goto(f"{server}/print")
    page.goto(f"{server}/checker")
    page.get_by_label("Cards in hand").click()
    page.locator("#picker").get_by_role("button", name="7", exact=True).click()
    page.get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("#verdict .verdict")).to_be_visible()


def test_no_script_errors_on_a_phone(phone: Page, server: str,
                                     script_errors: ScriptErrors) -> None:
    visit_everything(phone, server)
    assert script_errors == []


def test_no_script_errors_on_a_desktop(pages: Any, server: str,
                                       script_errors: ScriptErrors) -> None:
    visit_everything(pages(phone=False), server)
    assert script_errors == []


def test_the_watch_catches_errors(browser: Any) -> None:
    caught = ScriptErrors()
    context = browser.new_context()
    try:
        page = context.new_page()
        caught.watch(page)
        with page.expect_event("pageerror"):
            page.set_content("<script>console.error('logged'); null.boom();</script>")
    finally:
        context.close()
    assert len(caught) == 2
    assert any("console: logged" in error for error in caught)
    assert any("null" in error for error in caught)
