"""A group's next game on a phone (issue 34): one tap on the group page seats the last table
with its variants and the deal passed on; a new game with other players has the group's
names as chips above the fields; a game's link to its group opens the group's edit link on
the phone that holds it, and only there."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import shot

pytestmark = pytest.mark.browser


def post(page: Page, url: str, body: dict[str, Any]) -> dict[str, Any]:
    response = page.request.post(url, data=body)
    assert response.status == 201, response.text()
    answer: dict[str, Any] = response.json()
    return answer


def group_with_a_game(page: Page, server: str) -> tuple[dict[str, Any], dict[str, Any]]:
    group = post(page, f"{server}/api/groups", {"name": "Friday"})
    game = post(page, f"{server}/api/groups/{group['id']}/games",
                {"players": ["Ann", "Ben", "Cem"], "phases": [1, 3], "knocking": True})
    return group, game


def test_next_game_is_one_tap_on_the_group_page(phone: Page, server: str) -> None:
    group, _game = group_with_a_game(phone, server)
    phone.goto(f"{server}/groups/{group['id']}")
    button = phone.get_by_role("button", name="Next game")
    expect(button).to_be_in_viewport()
    expect(phone.get_by_text("Ann, Ben, Cem · Card game · Ben deals")).to_be_visible()
    shot(phone, "group-next-game-390")
    button.tap()  # the one tap
    expect(phone.get_by_text("Next game started")).to_be_visible()
    expect(phone.get_by_text(re.compile(r"Round 1 · Ben deals"))).to_be_visible()
    expect(phone.get_by_text("Phases 1, 3")).to_be_visible()
    expect(phone.get_by_text("Knocking allowed")).to_be_visible()
    games = phone.request.get(f"{server}/api/groups/{group['id']}").json()["games"]
    assert len(games) == 2


def test_other_players_get_the_group_s_chips_above_the_fields(phone: Page, server: str) -> None:
    group, _game = group_with_a_game(phone, server)
    phone.goto(f"{server}/groups/{group['id']}")
    phone.get_by_role("link", name="New card game").tap()
    chips = phone.locator(".name-picks")
    expect(chips.get_by_role("button", name="Ann")).to_be_visible()
    first_field = phone.get_by_label("Player 1", exact=True)
    assert chips.bounding_box()["y"] < first_field.bounding_box()["y"]
    expect(chips.get_by_role("button")).to_have_text(["Ann", "Ben", "Cem"])


def test_the_group_link_opens_the_edit_link_only_on_the_phone_holding_it(
        pages: Any, server: str) -> None:
    keeper = pages()
    group, game = group_with_a_game(keeper, server)
    keeper.goto(f"{server}/groups/{group['id']}")  # this phone now holds the edit link
    keeper.goto(game["links"]["edit"])
    link = keeper.get_by_role("link", name="Friday")
    expect(link).to_have_attribute("href", f"/groups/{group['id']}")

    other = pages()  # the game's edit link, but never the group's
    other.goto(game["links"]["edit"])
    expect(other.get_by_role("link", name="Friday")).to_have_attribute(
        "href", f"/groups/{group['view_id']}")
    assert group["id"] not in other.content()
