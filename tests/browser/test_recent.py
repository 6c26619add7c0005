"""The home page's recent games say how each game stands: playing, tie-break, who won
(issue 11, point 10)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import ScriptErrors, api_game, api_round

pytestmark = pytest.mark.browser


def test_recent_games_show_status_and_winner(phone: Page, server: str) -> None:
    short = api_game(phone, server, ["Ann", "Ben"], phases=[1])
    long = api_game(phone, server, ["Cleo", "Dan", "Eva"])
    api_round(phone, server, long, [{"player": "Cleo", "phase": True, "points": 0},
                                    {"player": "Dan", "phase": False, "points": 60},
                                    {"player": "Eva", "phase": False, "points": 55}])
    for game in (short, long):
        phone.goto(f"{server}/games/{game['id']}")
        expect(phone.get_by_role("heading", level=1)).to_contain_text("Score sheet")
    # The short game ends after the visit: the home page asks for the news.
    api_round(phone, server, short, [{"player": "Ann", "phase": True, "points": 0},
                                     {"player": "Ben", "phase": False, "points": 50}])
    phone.goto(f"{server}/")
    items = phone.locator("#recent li")
    expect(items).to_have_count(2)
    expect(items.nth(0)).to_contain_text(re.compile(r"Cleo, Dan, Eva · Card game · playing, "
                                                    r"1 round so far"))
    expect(items.nth(1)).to_contain_text("Ann won")


def test_a_shared_win_names_both_players_in_words(phone: Page, server: str) -> None:
    game = api_game(phone, server, ["Ann", "Ben"], phases=[1, 2], ten_rounds=True)
    api_round(phone, server, game, [{"player": "Ann", "phase": True, "points": 0},
                                    {"player": "Ben", "phase": True, "points": 20}])
    api_round(phone, server, game, [{"player": "Ann", "phase": True, "points": 20},
                                    {"player": "Ben", "phase": True, "points": 0}])
    phone.goto(f"{server}/games/{game['id']}")
    expect(phone.locator(".banner.win")).to_contain_text("Shared win: Ann and Ben")
    phone.goto(f"{server}/")
    expect(phone.locator("#recent li").first).to_contain_text("shared win: Ann and Ben")


def test_the_offline_page_lists_recent_games_with_names_as_typed(
        phone: Page, server: str, script_errors: ScriptErrors) -> None:
    """/offline threw on every recent game (its list had no sentences), and a winner named
    with String.replace's patterns was shown as another text (issue 43)."""
    odd = "$'$`$&"
    won = api_game(phone, server, [odd, "Ben"], phases=[1])
    api_round(phone, server, won, [{"player": odd, "phase": True, "points": 0},
                                   {"player": "Ben", "phase": False, "points": 50}])
    playing = api_game(phone, server, ["Cleo", "Dan"])
    for game in (won, playing):
        phone.goto(f"{server}/games/{game['id']}")
        expect(phone.get_by_role("heading", level=1)).to_contain_text("Score sheet")
    phone.goto(f"{server}/offline")
    items = phone.locator("#recent li")
    expect(items).to_have_count(2)
    expect(items.nth(0)).to_contain_text("Cleo, Dan · Card game · not started")
    expect(items.nth(1)).to_contain_text(f"{odd} won")
    assert script_errors == []
    phone.goto(f"{server}/")
    expect(phone.locator("#recent li").nth(1)).to_contain_text(f"{odd} won")
    assert script_errors == []
