"""axe-core (through axe-playwright-python, which carries axe: nothing from a CDN) over every
page, in light and dark colour schemes, in English and German: no violation of impact
moderate or above. Each page is shown as a person first sees it, with a game that has rounds
and a finished one (its result and chart), a group with games, and house rules."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from tests.kits.browser import PHONE, api_game, api_post, api_round

pytestmark = pytest.mark.browser

PLAYERS = ["Anna", "Ben", "李雷", "Dmitri"]
SERIOUS = {"moderate", "serious", "critical"}
AXE = Axe()


def _round(out: str) -> list[dict[str, Any]]:
    return [{"player": name, "phase": name == out or name == "Ben",
             "points": 0 if name == out else (20 if name == "Ben" else 55),
             "went_out": name == out} for name in PLAYERS]


def addresses(page: Page, server: str) -> dict[str, str]:
    group = api_post(page, server, "/api/groups", {"name": "Friday"})
    card = api_post(page, server, f"/api/groups/{group['id']}/games", {"players": PLAYERS})
    for out in ("Anna", "李雷", "Ben"):
        card = api_round(page, server, card, _round(out))
    done = api_post(page, server, f"/api/groups/{group['id']}/games",
                    {"players": PLAYERS, "phases": [1]})
    done = api_round(page, server, done, _round("Anna"))
    odds = api_post(page, server, f"/api/groups/{group['id']}/games", {"players": PLAYERS})
    board = api_game(page, server, PLAYERS, edition="board")
    board = api_round(page, server, board, [
        {"player": name, "phase": name != "Dmitri", "went_out": name == "Ben"}
        for name in PLAYERS])
    house = api_post(page, server, "/api/editions", {
        "name": "Family rules", "phases": [[{"kind": "set", "size": 3}, {"kind": "run", "size": 4}],
                                           [{"kind": "colour", "size": 7}]]})
    return {
        "home": "/", "new game": "/games/new", "checker": "/checker", "print": "/print",
        "offline": "/offline", "new group": "/groups/new", "import": "/import",
        "new house rules": "/editions/new", "house rules": f"/editions/{house['id']}",
        "sheet": f"/games/{card['id']}", "read-only sheet": f"/games/{card['view_id']}",
        "finished sheet": f"/games/{done['id']}",
        "group game before round 1 (the chances to win)": f"/games/{odds['id']}",
        "round form": f"/games/{card['id']}/round",
        "edit round": f"/games/{card['id']}/rounds/1/edit",
        "players": f"/games/{card['id']}/players",
        "invitation": f"/games/{card['id']}/invite",
        "board": f"/games/{board['id']}", "board round form": f"/games/{board['id']}/round",
        "group": f"/groups/{group['id']}", "tonight": f"/groups/{group['id']}/tonight",
        "unknown game": "/games/nothing-here",
        # Again, now that this phone lists the games it opened.
        "home with recent games": "/",
    }


def states(page: Page, what: str) -> Iterator[str]:
    """The round form in the states it shows besides its first: with problems sent back, and
    with the penalty pad open; the tables proposed for who is here; yields what it shows
    each time."""
    if what == "tonight":
        for tick in page.locator(".who-is-here input[type=checkbox]").all()[:3]:
            tick.check()
        page.locator(".who-is-here button[type=submit]").click()
        page.locator(".start-tables").wait_for()
        yield "proposed tables"
        return
    if what != "round form":
        return
    page.get_by_role("button", name=re.compile(r"^(Store round|Durchgang) 4")).click()
    page.locator(".field-error").first.wait_for()
    yield "round form with problems"
    page.locator(".pad-open").first.click()
    page.get_by_role("dialog").wait_for()
    yield "round form with the pad open"


@pytest.fixture(scope="module")
def pages_to_check(browser: Any, server: str) -> Iterator[dict[str, str]]:
    context = browser.new_context(viewport=PHONE)
    try:
        yield addresses(context.new_page(), server)
    finally:
        context.close()


def violations(page: Page) -> list[str]:
    results = AXE.run(page)
    return [f"{violation['id']} ({violation['impact']}): {violation['help']} — "
            + "; ".join(node["target"][0] if isinstance(node["target"][0], str)
                        else str(node["target"]) for node in violation["nodes"][:4])
            for violation in results.response["violations"]
            if violation["impact"] in SERIOUS]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_no_page_has_a_moderate_or_worse_violation(browser: Any, server: str, scheme: str,
                                                   locale: str,
                                                   pages_to_check: dict[str, str]) -> None:
    context = browser.new_context(viewport=PHONE, color_scheme=scheme, locale=locale,
                                  service_workers="block")
    try:
        page = context.new_page()
        found: dict[str, list[str]] = {}
        for what, path in pages_to_check.items():
            page.goto(server + path)
            if locale.startswith("de"):
                assert page.locator("html").get_attribute("lang") == "de", what
            found[what] = violations(page)
            for state in states(page, what):
                found[state] = violations(page)
        assert not any(found.values()), "\n".join(
            f"{what}: {problem}" for what, problems in found.items() for problem in problems)
    finally:
        context.close()
