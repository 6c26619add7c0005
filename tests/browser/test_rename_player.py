"""Renaming a player of a group on its page (issue 24): the new-game form then offers the new
name in the last game's seat, and the group's records show the player's history under it,
while the old game's sheet keeps the name written that night."""

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


def finished_game(page: Page, server: str, group: dict[str, Any]) -> dict[str, Any]:
    """Ben, Ann and Cleo play phases 1-2; Ann goes out twice and wins."""
    game = post(page, server, f"/api/groups/{group['id']}/games",
                {"players": ["Ben", "Ann", "Cleo"], "phases": [1, 2]})
    for _ in range(2):
        post(page, server, f"/api/games/{game['id']}/rounds", {"results": [
            {"player": "Ann", "phase": True, "points": 0},
            {"player": "Ben", "phase": False, "points": 60},
            {"player": "Cleo", "phase": True, "points": 25}]})
    return game


def record(page: Page, name: str) -> str:
    return page.locator(".record", has=page.get_by_role("heading", name=name, exact=True)
                        ).inner_text()


def test_a_renamed_player_is_offered_and_keeps_their_records(phone: Page, server: str) -> None:
    group = post(phone, server, "/api/groups", {"name": "Friday"})
    game = finished_game(phone, server, group)
    phone.goto(f"{server}/groups/{group['id']}")
    before = record(phone, "Ann")
    assert "2 wins" not in before and "1 win" in before

    rename = phone.locator("#rename")
    rename.get_by_label("Player").select_option("Ann")
    rename.get_by_label("New name").fill("Ben")  # another player's name: refused, kept
    rename.get_by_role("button", name="Rename").tap()
    expect(phone.locator("#rename-error")).to_contain_text("merge them instead")
    expect(rename.get_by_label("New name")).to_be_focused()
    expect(rename.get_by_label("New name")).to_have_value("Ben")

    rename.get_by_label("Player").select_option("Ann")
    rename.get_by_label("New name").fill("Anna")
    rename.get_by_role("button", name="Rename").tap()
    expect(phone.get_by_text("Ann is now called Anna in this group.")).to_be_visible()
    assert record(phone, "Anna") == before.replace("Ann", "Anna", 1)
    expect(phone.get_by_role("heading", name="Ann", exact=True)).to_have_count(0)
    expect(phone.locator(".game-players")).to_have_text("Ben, Anna, Cleo")

    phone.get_by_role("link", name="New card game").first.tap()
    expect(phone.locator(".name-picks")).to_be_visible()
    offered = phone.locator(".name-picks button[data-name]").all_inner_texts()
    assert offered == ["Ben", "Anna", "Cleo"]  # the last game's seats, the new name
    for name in offered:
        phone.locator(f".name-picks button[data-name='{name}']").tap()
    phone.get_by_role("button", name="Start the game").tap()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Score sheet")
    assert read_sheet(phone)["names"] == ["Ben", "Anna", "Cleo"]

    # The first game's sheet keeps what was written that night.
    phone.goto(f"{server}/games/{game['view_id']}")
    assert read_sheet(phone)["names"] == ["Ben", "Ann", "Cleo"]
