"""Head-to-head on the group page, on a phone and a desktop: three players, four finished
games, and the numbers the page shows are the ones worked out by hand below."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import page_fits, shot
from tests.kits.contexts import phone_factory
from tests.kits.languages import LANGUAGES

pytestmark = pytest.mark.browser

# Phase 1 only, so one round ends a game: who went out wins; then whoever laid phase 1
# (20 points here) is ahead of whoever did not; equal phases and points are a tie.
#   game 1: Ann out, Ben laid (20), Cem did not (60)      → Ann, Ben, Cem
#   game 2: Cem out, Ann 50, Ben 50, neither laid         → Cem, then Ann and Ben tied
#   game 3: Ann out, Ben did not (80), Cem laid (20)      → Ann, Cem, Ben
#   game 4: Ben out, Ann did not (60), Cem laid (20)      → Ben, Cem, Ann
# Totals: Ann 0 50 0 60, Ben 20 50 80 0, Cem 60 0 20 20.
# Ann v Ben: Ann ahead in games 1 and 3, Ben in 4, game 2 a tie → 2–1, one tie; the tie
#   breaks Ann's streak: longest 1 and 1. Ben − Ann: 20 + 0 + 80 − 60 = 40, /4 = 10.0:
#   Ann had 10.0 fewer penalty points than Ben.
# Ann v Cem: Ann in 1 and 3, Cem in 2 and 4 → 2–2, streaks 1 and 1.
#   Cem − Ann: 60 − 50 + 20 − 40 = −10, /4 = −2.5: Cem had 2.5 fewer than Ann.
# Ben v Cem: Ben in 1 and 4, Cem in 2 and 3 → 2–2, Cem two in a row: streaks 1 and 2.
#   Cem − Ben: 40 − 50 − 60 + 20 = −50, /4 = −12.5: Cem had 12.5 fewer than Ben.
# Wins: Ann 2, Ben 1, Cem 1: the table's rows are Ann, Ben, Cem.
GAMES = [
    ("Ann", {"Ben": True, "Cem": 60}),
    ("Cem", {"Ann": 50, "Ben": 50}),
    ("Ann", {"Ben": 80, "Cem": True}),
    ("Ben", {"Ann": 60, "Cem": True}),
]
MATRIX = [["", "2–1", "2–2"],
          ["1–2", "", "2–2"],
          ["2–2", "2–2", ""]]


def post(page: Page, server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = page.request.post(f"{server}{path}", data=body)
    assert response.status in (200, 201), response.text()
    answer: dict[str, Any] = response.json()
    return answer


def build(page: Page, server: str) -> dict[str, Any]:
    group = post(page, server, "/api/groups", {"name": "Head to head"})
    for out, others in GAMES:
        game = post(page, server, f"/api/groups/{group['id']}/games",
                    {"players": ["Ann", "Ben", "Cem"], "phases": [1]})
        results = [{"player": out, "phase": True, "points": 0}]
        results += [{"player": name, "phase": value is True,
                     "points": 20 if value is True else value}
                    for name, value in others.items()]
        answer = post(page, server, f"/api/games/{game['id']}/rounds",
                      {"results": results, "confirm": True})
        assert answer["status"] == "finished"
    return group


def matrix(page: Page) -> list[list[str]]:
    rows: list[list[str]] = page.evaluate("""() => [...document.querySelectorAll(
        '.h2h-matrix tbody tr')].map((row) => [...row.cells].slice(1)
        .map((cell) => cell.textContent.replace('·', '').trim()))""")
    return rows


def detail_rows(pair: Any) -> list[list[str]]:
    return [[cell.strip() for cell in row.locator("th, td").all_inner_texts()]
            for row in pair.locator("tbody tr").all()]


def test_head_to_head_shows_the_numbers_worked_out_by_hand(pages: Any, server: str) -> None:
    phone = pages()
    group = build(phone, server)
    phone.goto(f"{server}/groups/{group['view_id']}")
    section = phone.locator("section.head-to-head")
    expect(section.get_by_role("heading", name="Head-to-head")).to_be_visible()
    names = section.locator(".h2h-matrix tbody th").all_inner_texts()
    assert [name.strip() for name in names] == ["Ann", "Ben", "Cem"]
    assert matrix(phone) == MATRIX

    # Before any tap, the pair first in line is open: Ann and Ben.
    first = section.locator("article.h2h-pair:visible")
    expect(first).to_have_count(1)
    expect(first.locator("h3")).to_have_text("Ann – Ben")
    expect(first).to_contain_text("4 games together · 1 tie")
    assert detail_rows(first) == [["Finished ahead", "2", "1"],
                                  ["Longest winning streak", "1", "1"]]
    expect(first.locator(".h2h-points")).to_have_text(
        "Points: on average Ann had 10.0 fewer penalty points than Ben, over 4 card games.")

    # Ben's row, Cem's column.
    section.get_by_role("link", name="Ben against Cem: ahead 2, behind 2").click()
    shown = section.locator("article.h2h-pair:visible")
    expect(shown).to_have_count(1)
    expect(shown.locator("h3")).to_have_text("Ben – Cem")
    expect(shown).to_contain_text("4 games together")
    expect(shown).not_to_contain_text("tie")
    assert detail_rows(shown) == [["Finished ahead", "2", "2"],
                                  ["Longest winning streak", "1", "2"]]
    expect(shown.locator(".h2h-points")).to_have_text(
        "Points: on average Cem had 12.5 fewer penalty points than Ben, over 4 card games.")
    assert shown.bounding_box()["width"] <= 390  # type: ignore[index]
    assert page_fits(phone, 390)
    shot(phone, "head-to-head-phone")
    shot(section, "head-to-head-section-phone")

    # Cem's row, Ann's column: the same pair as Ann against Cem, seen from Cem.
    cell = section.get_by_role("link", name="Cem against Ann: ahead 2, behind 2")
    cell.click()
    shown = section.locator("article.h2h-pair:visible")
    expect(shown.locator("h3")).to_have_text("Ann – Cem")
    expect(shown.locator(".h2h-points")).to_have_text(
        "Points: on average Cem had 2.5 fewer penalty points than Ann, over 4 card games.")

    desktop = pages(phone=False)
    desktop.goto(f"{server}/groups/{group['view_id']}")
    assert matrix(desktop) == MATRIX
    assert page_fits(desktop, 1280)
    shot(desktop, "head-to-head-desktop")
    shot(desktop.locator("section.head-to-head"), "head-to-head-section-desktop")


@pytest.fixture
def phones(browser: Any, script_errors: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    with phone_factory(browser, script_errors, request) as make:
        yield make


@pytest.mark.parametrize("language", LANGUAGES)
def test_six_players_with_long_names_fit_a_phone(phones: Any, server: str,
                                                 language: str) -> None:
    phone = phones(locale=language)
    names = ["Alexandra", "Maximilian", "Christopher", "Jo", "Petra", "Thomas"]
    group = post(phone, server, "/api/groups", {"name": "Six"})
    game = post(phone, server, f"/api/groups/{group['id']}/games",
                {"players": names, "phases": [1]})
    results = [{"player": "Jo", "phase": True, "points": 0}] + [
        {"player": name, "phase": False, "points": 50 + 5 * seat}
        for seat, name in enumerate(names) if name != "Jo"]
    post(phone, server, f"/api/games/{game['id']}/rounds", {"results": results, "confirm": True})
    phone.goto(f"{server}/groups/{group['view_id']}")
    table = phone.locator(".h2h-matrix")
    expect(table).to_be_visible()
    # The whole table is on the screen, no sideways scrolling: 6 × 6 cells at 390 px.
    box = table.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page_fits(phone, 390)
    row = phone.locator(".h2h-matrix tbody tr").nth(0)
    assert row.locator("th").inner_text().strip() == "Jo"
    assert [cell.strip() for cell in row.locator("td").all_inner_texts()] == [
        "", "1–0", "1–0", "1–0", "1–0", "1–0"]
    detail = phone.locator("article.h2h-pair:visible")
    box = detail.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    shot(phone.locator("section.head-to-head"), f"head-to-head-six-phone-{language}")
