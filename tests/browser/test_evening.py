"""An evening of two tables in the browser: tick who is here on the group page (the roster's
chips and a new name), the proposed tables, "Start these games", and each table at its own
game in at most 4 taps after the names are ticked; the evening as one on a phone and a
desktop. No script is needed (forms and CSRF)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import api_post, page_fits, shot
from tests.kits.thumb import Thumb

pytestmark = pytest.mark.browser

WIN = {"phase": True, "points": 0}
REGULARS = ["Michaela", "Horst", "Petra", "Thomas", "Jana", "Emil"]


def finished_game(page: Page, server: str, group: dict[str, Any], players: list[str],
                  winner: str) -> dict[str, Any]:
    game = api_post(page, server, f"/api/groups/{group['id']}/games",
                    {"players": players, "phases": [1]})
    results = [{"player": winner, **WIN}] + [
        {"player": name, "phase": False, "points": 50} for name in players if name != winner]
    api_post(page, server, f"/api/games/{game['id']}/rounds", {"results": results})
    return game


def every_control_is_named(page: Page, within: str) -> None:
    controls = page.locator(within).locator("input:not([type=hidden]), button, textarea")
    assert controls.count() > 0
    for control in controls.all():
        expect(control).to_have_accessible_name(re.compile(r"\S"), timeout=500)


def test_two_tables_from_who_is_here_to_their_games(pages: Any, server: str) -> None:
    phone = pages()
    group = api_post(phone, server, "/api/groups", {"name": "Friday"})
    for _game in range(3):  # an evening long enough that its newest games are screens down
        finished_game(phone, server, group, REGULARS[:3], "Michaela")
        finished_game(phone, server, group, REGULARS[3:], "Thomas")
    phone.goto(f"{server}/groups/{group['id']}")
    here = phone.locator("#tonight")
    expect(here.get_by_role("heading")).to_have_text("Tonight: who is here?")
    for name in REGULARS:
        here.get_by_label(name, exact=True).check()
    here.get_by_label("Someone new? One name a line").fill("Greta")
    every_control_is_named(phone, "#tonight")
    assert page_fits(phone, 390)
    shot(phone, "evening-who-is-here-phone")

    thumb = Thumb(phone)  # the taps after the names are ticked
    thumb.tap(here.get_by_role("button", name="Propose tables"))
    expect(phone.get_by_role("heading", level=1)).to_have_text("Tables for tonight")
    tables = phone.locator(".seat-table")
    expect(tables).to_have_count(2)
    expect(tables.nth(0)).to_contain_text("4 players")
    expect(tables.nth(1)).to_contain_text("3 players")
    # Michaela and Thomas won the group's games: they lead different tables.
    first, second = tables.nth(0).inner_text(), tables.nth(1).inner_text()
    assert ("Michaela" in first) != ("Michaela" in second)
    assert ("Michaela" in first) != ("Thomas" in first)
    assert page_fits(phone, 390)
    shot(phone, "evening-tables-phone")
    every_control_is_named(phone, ".start-tables")
    thumb.tap(phone.get_by_role("button", name="Start these games"))
    expect(phone.locator(".flash")).to_contain_text("2 games started")
    evening = phone.locator("#evening")
    # The evening: the six games played before, the two just started, and the page is
    # scrolled to the first of these.
    expect(evening.locator(".evening-games li")).to_have_count(8)
    expect(evening.get_by_role("link", name="Game 7")).to_be_in_viewport()
    # A tap target a thumb finds (it was 23 px tall, the height of its words).
    box = evening.get_by_role("link", name="Game 7").bounding_box()
    assert box is not None and box["height"] >= 44
    shot(phone, "evening-started-phone", full_page=False)
    thumb.tap(evening.get_by_role("link", name="Game 7"))
    expect(phone.locator(".round-line")).to_contain_text("deals")
    taps, _scrolls = thumb.figures()
    assert taps <= 4

    phone.goto(f"{server}/groups/{group['id']}#evening")
    expect(evening.locator(".evening-table tbody tr")).to_have_count(7)
    assert page_fits(phone, 390)
    shot(evening, "evening-phone")

    desktop = pages(phone=False)
    desktop.goto(f"{server}/groups/{group['id']}")
    assert page_fits(desktop, 1280)
    shot(desktop, "evening-group-desktop")
    desktop.locator("#tonight").get_by_label("Petra", exact=True).check()
    desktop.locator("#tonight").get_by_role("button", name="Propose tables").click()
    expect(desktop.locator(".field-error")).to_have_text(
        "A table needs at least 2 players: one person cannot play alone")
    expect(desktop.get_by_label("Petra", exact=True)).to_be_checked()
    shot(desktop, "evening-refused-desktop")
    for name in REGULARS:
        desktop.get_by_label(name, exact=True).check()
    desktop.get_by_role("button", name="Propose tables").click()
    # Six sit at one table, and the page says only that.
    expect(desktop.locator(".seat-table")).to_have_count(1)
    expect(desktop.locator("main")).to_contain_text("Everybody at one table.")
    assert page_fits(desktop, 1280)
    shot(desktop, "evening-tables-desktop")
