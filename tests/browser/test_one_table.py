"""One table, many phones (issue 46): the rematch everyone follows, the invitation one tap
from the sheet's first screen, the checker one tap from a player's phase, and seats drawn at
random on the new-game form."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import api_game, api_post, shot

pytestmark = pytest.mark.browser

SIX = ["Anna", "Ben", "Cleo", "Dmitri", "Eve", "Farid"]


def finished(page: Page, server: str, players: list[str]) -> dict[str, Any]:
    """A game of one phase that its first player wins in round 1."""
    game = api_game(page, server, players, phases=[1])
    results = [{"player": name, "phase": seat == 0, "points": 0 if seat == 0 else 50}
               for seat, name in enumerate(players)]
    api_post(page, server, f"/api/games/{game['id']}/rounds", {"results": results})
    return game


def test_every_phone_on_the_finished_sheet_is_sent_to_the_one_rematch(pages, server) -> None:
    scorer, other_scorer, follower = pages(), pages(), pages()
    game = finished(scorer, server, SIX)
    scorer.goto(f"{server}/games/{game['id']}")
    other_scorer.goto(f"{server}/games/{game['id']}")
    follower.goto(f"{server}/games/{game['view_id']}")
    for page in (scorer, other_scorer, follower):
        expect(page.locator("[data-live]")).to_have_attribute("data-stream", "open")
    expect(follower.get_by_role("button", name="Rematch")).to_have_count(0)

    scorer.get_by_role("button", name="Rematch").tap()
    expect(scorer.get_by_text("Rematch started")).to_be_visible()
    rematch = scorer.url

    # The other phones, still on the finished sheet, hear of it without a reload.
    go = other_scorer.get_by_role("link", name="Go to the rematch")
    expect(go).to_be_visible()
    expect(go).to_be_in_viewport()
    expect(other_scorer.get_by_role("button", name="Rematch")).to_have_count(0)
    shot(other_scorer, "rematch-offered-390", full_page=False)
    watching = follower.get_by_role("link", name="Go to the rematch")
    expect(watching).to_be_visible()
    # A read-only phone is sent to the rematch's read-only link, never its edit link.
    href = watching.get_attribute("href") or ""
    assert rematch.rsplit("/", 1)[-1] not in href
    go.tap()
    expect(other_scorer).to_have_url(rematch)
    expect(other_scorer.get_by_role("link", name=re.compile("Enter round 1"))).to_be_visible()
    watching.tap()
    expect(follower.get_by_text("Round 1 · Ben deals")).to_be_visible()
    expect(follower.get_by_role("link", name=re.compile("Enter round"))).to_have_count(0)


def test_a_rematch_tap_on_a_page_that_missed_the_news_opens_the_same_game(pages, server) -> None:
    first, late = pages(), pages()
    game = finished(first, server, ["Ann", "Ben"])
    # A page that hears nothing (no stream, every poll "not changed"), as one left open offline.
    late.route("**/events", lambda route: route.fulfill(status=204))
    late.route("**/api/games/*", lambda route: route.fulfill(status=304))
    late.goto(f"{server}/games/{game['id']}")
    first.goto(f"{server}/games/{game['id']}")
    first.get_by_role("button", name="Rematch").tap()
    expect(first.get_by_text("Rematch started")).to_be_visible()
    late.get_by_role("button", name="Rematch").tap()  # the page still offers it
    expect(late.get_by_text("Another phone started the rematch already")).to_be_visible()
    assert late.url == first.url
