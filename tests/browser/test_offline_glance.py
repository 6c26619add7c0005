"""Offline, the sheet agrees with itself (issue 34): one Σ row and standings that include the
round waiting on the phone (and say so), and "Round N sent." once it is. (During a conflict:
tests/browser/test_offline.py.)"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import api_game, api_round, shot
from tests.kits.offline import PLAYERS, SYNC, enter_round, ready, sent

pytestmark = pytest.mark.browser

ROUND_ONE = [{"player": "Anna", "phase": True, "points": 0, "went_out": True},
             {"player": "Ben", "phase": True, "points": 10},
             {"player": "Cem", "phase": False, "points": 60}]


def test_a_waiting_round_shows_in_one_total_row_and_in_the_standings(
        phones: Callable[[], Page], server: str) -> None:
    phone = phones()
    game = api_round(phone, server, api_game(phone, server, PLAYERS), ROUND_ONE)
    phone.goto(f"{server}/games/{game['id']}")
    ready(phone)
    phone.context.set_offline(True)
    enter_round(phone, 2, "Cem", {"Anna": "70", "Ben": "5"})
    expect(phone.get_by_role("heading", name="Waiting to send: 1")).to_be_visible()

    totals = phone.locator("table.sheet tfoot tr:visible")
    expect(totals).to_have_count(1)  # one Σ row: the one with the round that waits
    # Ben's 5 points ticked his phase on the form: his second.
    expect(totals.locator("td")).to_have_text(["70 1 ✕", "15 2 ✕", "60 1 ✕"])
    glance = phone.get_by_role("region", name="Standings")
    expect(glance.get_by_text("Including round 2, which is waiting to send")).to_be_visible()
    # Ben has two phases; Cem (60) and Anna (70) one each: fewest points first.
    expect(glance.locator("tbody tr:visible")).to_have_text([
        "1.Benphase 315", "2.Cemphase 260", "3.Annaphase 270"])
    shot(phone, "offline-glance-390")

    phone.context.set_offline(False)
    sent(phone, game["id"])
    expect(phone.get_by_role("status").filter(has_text="Round 2 sent.")).to_be_visible(
        timeout=SYNC)
    expect(phone.locator("table.sheet tfoot tr:visible td")).to_have_text(["70", "15", "60"],
                                                                          timeout=SYNC)
    expect(glance.locator("tbody tr:visible")).to_have_count(3)
    expect(glance.get_by_text("which is waiting to send")).to_have_count(0)
