"""Players change during a game night: a rename, a late joiner and a player who leaves, on
a phone (issue 11, point 9)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import api_game, api_round, read_sheet

pytestmark = pytest.mark.browser


def test_rename_join_and_leave_on_a_phone(phone: Page, server: str) -> None:
    game = api_game(phone, server, ["Ann", "Ben", "Cleo"])
    api_round(phone, server, game, [{"player": "Ann", "phase": True, "points": 0},
                                    {"player": "Ben", "phase": False, "points": 60},
                                    {"player": "Cleo", "phase": True, "points": 25}])
    phone.goto(f"{server}/games/{game['id']}")
    phone.get_by_role("link", name="Players: rename, join, leave").tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Players")

    phone.get_by_label("New name for Ben").fill("Benjamin")
    phone.get_by_role("button", name="Rename Ben").tap()
    expect(phone.get_by_text("Ben is now called Benjamin.")).to_be_visible()

    expect(phone.get_by_text(re.compile("on phase 1 with 60 points"))).to_be_visible()
    phone.get_by_label("Name of the new player").fill("Dora")
    phone.get_by_role("button", name="Add").tap()
    expect(phone.get_by_text("Dora joins from round 2, on phase 1 with 60 points.")).to_be_visible()

    phone.get_by_text("Cleo leaves the game").tap()  # a second tap confirms
    phone.get_by_role("button", name="Yes, Cleo leaves").tap()
    expect(phone.get_by_text(re.compile("Cleo has left the game"))).to_be_visible()

    phone.get_by_role("link", name="Back to the sheet").tap()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Score sheet")
    sheet = read_sheet(phone)
    assert sheet["names"] == ["Ann", "Benjamin", "Cleo", "Dora"]
    assert sheet["rounds"] == [["1", "0", "60", "25", "–"]]
    assert sheet["totals"] == ["0", "60", "25", "60"]
    expect(phone.get_by_text("(left after round 1)")).to_be_visible()
    expect(phone.get_by_text("(joined in round 2)")).to_be_visible()

    # Round 2 is played by Ann, Benjamin and Dora only.
    phone.get_by_role("link", name="Enter round 2").tap()
    expect(phone.locator(".result-row")).to_have_count(3)
    expect(phone.locator(".result-row[data-player='Cleo']")).to_have_count(0)


def test_a_refused_name_says_why(phone: Page, server: str) -> None:
    game = api_game(phone, server, ["Ann", "Ben"])
    phone.goto(f"{server}/games/{game['id']}/players")
    phone.get_by_label("New name for Ben").fill("ann")
    phone.get_by_role("button", name="Rename Ben").tap()
    expect(phone.get_by_text(re.compile("ann is already in this game", re.I))).to_be_visible()
    # Two players: nobody can leave.
    expect(phone.get_by_text(re.compile("leaves the game"))).to_have_count(0)
