"""One person, one name (issue 24): a name with a zero-width-joiner emoji, typed once in
composed (NFC) and once in decomposed (NFD) form, is one player of the group; at one table
the twin is refused, and only its field is marked."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import read_sheet

pytestmark = pytest.mark.browser

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"
COMPOSED = unicodedata.normalize("NFC", "Zoë " + FAMILY)
DECOMPOSED = unicodedata.normalize("NFD", COMPOSED)


def play_out(page: Page, server: str, key: str, winner: str, other: str) -> None:
    """Ten rounds through the API: ``winner`` lays every phase and goes out."""
    for _ in range(10):
        response = page.request.post(f"{server}/api/games/{key}/rounds", data={"results": [
            {"player": winner, "phase": True, "points": 0},
            {"player": other, "phase": False, "points": 50}]})
        assert response.status == 201, response.text()


def start_typed(page: Page, server: str, group: str, names: list[str]) -> str:
    page.goto(f"{server}/games/new?group={group}")
    for seat, name in enumerate(names, start=1):
        page.get_by_placeholder(f"Player {seat}").fill(name)
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Score sheet")
    return page.url.rstrip("/").split("/")[-1].split("#")[0].split("?")[0]


def test_nfc_and_nfd_twins_of_a_zwj_name_are_one_player(phone: Page, server: str) -> None:
    assert COMPOSED != DECOMPOSED and len(DECOMPOSED) == len(COMPOSED) + 1
    group: dict[str, Any] = phone.request.post(f"{server}/api/groups",
                                               data={"name": "Twins"}).json()

    # At one table the twin is the same player: refused, and only its own field is marked.
    phone.goto(f"{server}/games/new?group={group['id']}")
    phone.get_by_placeholder("Player 1").fill(COMPOSED)
    phone.get_by_placeholder("Player 2").fill("Ben")
    phone.get_by_placeholder("Player 3").fill(DECOMPOSED)
    phone.get_by_role("button", name="Start the game").tap()
    expect(phone.locator("#names-2")).to_have_attribute("aria-invalid", "true")
    expect(phone.locator("#names-0")).not_to_have_attribute("aria-invalid", "true")
    expect(phone.locator("#names-1")).not_to_have_attribute("aria-invalid", "true")

    # Across games the twins count for one person.
    first = start_typed(phone, server, group["id"], [COMPOSED, "Ben"])
    play_out(phone, server, first, COMPOSED, "Ben")
    second = start_typed(phone, server, group["id"], [DECOMPOSED, "Ben"])
    assert read_sheet(phone)["names"] == [COMPOSED, "Ben"]  # kept in NFC: it looks the same
    play_out(phone, server, second, DECOMPOSED, "Ben")

    data = phone.request.get(f"{server}/api/groups/{group['view_id']}").json()
    zoe = [record for record in data["players"]
           if unicodedata.normalize("NFC", record["name"]) == COMPOSED]
    assert len(zoe) == 1 and (zoe[0]["played"], zoe[0]["won"]) == (2, 2)
    assert len(data["players"]) == 2
    assert len([entry for entry in data["roster"]
                if unicodedata.normalize("NFC", entry["name"]) == COMPOSED]) == 1
    pair = data["head_to_head"][0]
    assert pair["games"] == 2 and sorted(pair["ahead"]) == [0, 2]
    phone.goto(f"{server}/groups/{group['view_id']}")
    expect(phone.locator("main")).to_contain_text("2 wins")
