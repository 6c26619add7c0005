"""The home page's recent games in the page's language: the kind of game said in it (also
for games opened while the phone showed another language), a house game by its rules' name,
and the day written as the group page writes it (one format per language)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import api_post

pytestmark = pytest.mark.browser


def test_recent_games_are_said_in_the_pages_language(phone: Page, server: str) -> None:
    group = api_post(phone, server, "/api/groups", {"name": "Freitag"})
    card = api_post(phone, server, f"/api/groups/{group['id']}/games",
                    {"players": ["Anna", "Ben"]})
    house = api_post(phone, server, "/api/editions", {
        "name": "Omas Regeln", "phases": [[{"kind": "set", "size": 3}]]})
    own = api_post(phone, server, "/api/games",
                   {"players": ["Cem", "Dora"], "edition": house["id"]})
    for game in (card, own):  # opened in English
        phone.goto(f"{server}/games/{game['id']}")
    phone.goto(f"{server}/")
    items = phone.locator("#recent li")
    expect(items.nth(0)).to_contain_text("Cem, Dora · Omas Regeln")
    expect(items.nth(1)).to_contain_text("Anna, Ben · Card game")
    english_day = re.search(r"· ([^·]+)$", items.nth(1).inner_text().strip())
    phone.goto(f"{server}/groups/{group['id']}")
    assert english_day and english_day.group(1) == phone.locator(".game-date").first.inner_text()

    phone.get_by_role("button", name="Deutsch").click()
    expect(phone.locator("html")).to_have_attribute("lang", "de")
    phone.goto(f"{server}/")
    items = phone.locator("#recent li")
    expect(items.nth(0)).to_contain_text("Cem, Dora · Omas Regeln")
    expect(items.nth(1)).to_contain_text("Anna, Ben · Kartenspiel")
    german_day = re.search(r"· ([^·]+)$", items.nth(1).inner_text().strip())
    assert german_day and re.fullmatch(r"\d\d\.\d\d\.\d{4}", german_day.group(1))
    phone.goto(f"{server}/groups/{group['id']}")
    assert german_day.group(1) == phone.locator(".game-date").first.inner_text()
