"""Players as people (issue 24): a group's second game is started with taps only (its players
offered in the last game's seating order), and a name used on this phone is offered on the
next game, on this phone only."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import read_sheet

pytestmark = pytest.mark.browser


def post(page: Page, server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = page.request.post(f"{server}{path}", data=body)
    assert response.status in (200, 201), response.text()
    answer: dict[str, Any] = response.json()
    return answer


def picks(page: Page) -> list[str]:
    return page.locator(".name-picks button[data-name]").all_inner_texts()


def test_a_group_s_second_game_is_started_with_taps_only(phone: Page, server: str) -> None:
    group = post(phone, server, "/api/groups", {"name": "Friday"})
    post(phone, server, f"/api/groups/{group['id']}/games",
         {"players": ["Cleo", "Ann", "Ben"]})
    phone.goto(f"{server}/games/new?group={group['id']}")
    expect(phone.locator(".name-picks")).to_be_visible()
    assert picks(phone) == ["Cleo", "Ann", "Ben"]  # the last game's table, in its order
    taps = 0
    for name in ["Cleo", "Ann", "Ben"]:
        phone.locator(f".name-picks button[data-name='{name}']").tap()
        taps += 1
    expect(phone.locator(".name-picks")).to_be_hidden()  # nobody left to seat
    assert [phone.get_by_placeholder(f"Player {n}").input_value() for n in (1, 2, 3)] == [
        "Cleo", "Ann", "Ben"]
    phone.get_by_role("button", name="Start the game").tap()
    taps += 1
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Score sheet")
    assert read_sheet(phone)["names"] == ["Cleo", "Ann", "Ben"]
    assert taps == 4  # three players and the start button: no name typed


def test_a_name_used_on_this_phone_is_offered_next_time(phones: Any, server: str) -> None:
    phone = phones()
    phone.goto(f"{server}/games/new")
    expect(phone.locator(".name-picks")).to_be_hidden()  # a new phone knows no names yet
    phone.get_by_placeholder("Player 1").fill("Zoë")
    phone.get_by_placeholder("Player 2").fill("Yan")
    phone.get_by_role("button", name="Start the game").tap()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Score sheet")
    phone.goto(f"{server}/games/new")
    assert picks(phone) == ["Zoë", "Yan"]
    phone.locator(".name-picks button[data-name='Yan']").tap()
    assert phone.get_by_placeholder("Player 1").input_value() == "Yan"
    assert picks(phone) == ["Zoë"]  # a seated name is not offered twice
    # The names stay on that phone: another phone is offered none.
    other = phones()
    other.goto(f"{server}/games/new")
    expect(other.locator(".name-picks")).to_be_hidden()
