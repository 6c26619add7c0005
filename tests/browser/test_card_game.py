"""The card game's score sheet at the table: start a game, enter rounds on a phone, a
rejected round, an undo, the read-only link on a second phone, and a long 6-player sheet."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import api_game, api_round, page_fits, read_sheet, shot

pytestmark = pytest.mark.browser

PLAYERS = ["Michaela", "Horst", "Petra", "Thomas"]


def start_game(page: Page, server: str, names: list[str]) -> None:
    page.goto(f"{server}/")
    shot(page, "home-390")
    page.get_by_role("link", name=re.compile("Card game")).tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("New game")
    expect(page.get_by_role("radio", name="Original")).to_be_checked()
    for seat, name in enumerate(names, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    shot(page, "new-game-390")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Score sheet")
    expect(page.get_by_text("Game started.")).to_be_visible()


def fill_round(page: Page, number: int, out: str, rows: dict[str, tuple[bool, str]]) -> None:
    """On the sheet: open the round form and fill it in like a person, without storing.

    ``rows`` maps each other player to (phase done, points typed)."""
    page.get_by_role("link", name=f"Enter round {number}").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Round {number}")
    winner = page.locator(".result-row", has=page.get_by_role("heading", name=out))
    winner.get_by_label("went out").tap()
    # Whoever went out scores 0 and has laid their phase: the form fills that in.
    expect(winner.get_by_label("Points")).to_have_value("0")
    expect(winner.get_by_role("checkbox")).to_be_checked()
    for name, (laid, points) in rows.items():
        row = page.locator(".result-row", has=page.get_by_role("heading", name=name))
        toggle = row.get_by_role("checkbox", name=re.compile(r"Phase (\d+ )?done"))
        if laid:
            toggle.tap()
            expect(toggle).to_be_checked()
        else:
            expect(toggle).not_to_be_checked()
        row.get_by_label("Points").fill(points)


def store_round(page: Page, number: int) -> None:
    page.get_by_role("button", name=f"Store round {number}").tap()
    expect(page.get_by_text(f"Round {number} stored.")).to_be_visible()


def totals(page: Page, expected: list[str]) -> dict[str, Any]:
    expect(page.locator("table.sheet tfoot td")).to_have_text(expected)
    return read_sheet(page)


def test_four_players_enter_rounds_on_a_phone(phone: Page, pages: Any, server: str) -> None:
    start_game(phone, server, PLAYERS)
    sheet = totals(phone, ["0", "0", "0", "0"])
    assert sheet["names"] == PLAYERS
    assert sheet["rounds"] == []
    expect(phone.get_by_text(re.compile(r"Round 1 · Michaela deals"))).to_be_visible()

    # Round 1: Michaela goes out, Horst lays phase 1, Petra and Thomas do not.
    fill_round(phone, 1, "Michaela",
               {"Horst": (True, "20"), "Petra": (False, "65"), "Thomas": (False, "75")})
    expect(phone.get_by_role("checkbox", name="Phase 1 done")).to_have_count(4)
    shot(phone, "round-form-390")
    store_round(phone, 1)
    sheet = totals(phone, ["0", "20", "65", "75"])
    assert sheet["marks"] == {"Michaela": [1], "Horst": [1], "Petra": [], "Thomas": []}
    assert sheet["rounds"] == [["1", "0", "20", "65", "75"]]
    expect(phone.get_by_text(re.compile(r"Round 2 · Horst deals"))).to_be_visible()

    # Round 2, first try: 23 points cannot be (every card is worth a multiple of 5).
    fill_round(phone, 2, "Horst",
               {"Michaela": (True, "15"), "Petra": (True, "23"), "Thomas": (False, "50")})
    phone.get_by_role("button", name="Store round 2").tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Round 2")
    petra = phone.locator(".result-row", has=phone.get_by_role("heading", name="Petra"))
    petra_points = petra.get_by_label("Points")
    expect(petra_points).to_have_attribute("aria-invalid", "true")
    expect(petra.locator(".field-error")).to_have_text(re.compile(
        r"23 points are not possible.*Petra.*multiple of 5"))
    expect(petra_points).to_have_accessible_description(re.compile("23 points are not possible"))
    expect(phone.locator(".result-row .field-error")).to_have_count(1)
    expect(petra_points).to_have_value("23")  # what was typed stays, to be corrected
    expect(phone.locator(".result-row", has=phone.get_by_role("heading", name="Thomas"))
           .get_by_label("Points")).to_have_value("50")
    # Nothing was stored: the sheet still shows round 1 only.
    phone.get_by_role("link", name="Cancel").tap()
    sheet = totals(phone, ["0", "20", "65", "75"])
    assert sheet["rounds"] == [["1", "0", "20", "65", "75"]]
    expect(phone.get_by_role("link", name="Enter round 2")).to_be_visible()

    fill_round(phone, 2, "Horst",
               {"Michaela": (True, "15"), "Petra": (True, "25"), "Thomas": (False, "50")})
    store_round(phone, 2)
    sheet = totals(phone, ["15", "20", "90", "125"])
    assert sheet["marks"] == {"Michaela": [1, 2], "Horst": [1, 2], "Petra": [1], "Thomas": []}

    # Round 3 entered with the wrong player out, then undone on the sheet.
    fill_round(phone, 3, "Horst",
               {"Michaela": (False, "55"), "Petra": (True, "10"), "Thomas": (True, "20")})
    store_round(phone, 3)
    totals(phone, ["70", "20", "100", "145"])
    phone.get_by_role("button", name="Undo round 3").tap()
    expect(phone.get_by_text("Round 3 removed.")).to_be_visible()
    sheet = totals(phone, ["15", "20", "90", "125"])
    assert len(sheet["rounds"]) == 2
    assert sheet["marks"] == {"Michaela": [1, 2], "Horst": [1, 2], "Petra": [1], "Thomas": []}

    # Round 3 as it was: Petra went out.
    fill_round(phone, 3, "Petra",
               {"Michaela": (False, "55"), "Horst": (True, "10"), "Thomas": (True, "20")})
    store_round(phone, 3)
    sheet = totals(phone, ["70", "30", "90", "145"])
    assert sheet["marks"] == {"Michaela": [1, 2], "Horst": [1, 2, 3], "Petra": [1, 2],
                              "Thomas": [1]}
    assert sheet["rounds"] == [["1", "0", "20", "65", "75"], ["2", "15", "0", "25", "50"],
                               ["3", "55", "10", "0", "20"]]
    standings = phone.get_by_role("region", name="Standings").locator("tbody tr")
    expect(standings).to_have_text([
        re.compile(r"^1\.\s*Horst\s*phase 4\s*30$"),
        re.compile(r"^2\.\s*Michaela\s*phase 3\s*70$"),
        re.compile(r"^3\.\s*Petra\s*phase 3\s*90$"),
        re.compile(r"^4\.\s*Thomas\s*phase 2\s*145$"),
    ])
    expect(phone.get_by_role("button", name="Undo round 3")).to_be_visible()

    # The read-only link, shown as text and as a QR code, opened on a second phone.
    share = phone.get_by_role("region", name="Follow on other phones")
    qr = share.get_by_role("img", name="QR code of the read-only link")
    expect(qr).to_be_visible()
    assert qr.evaluate("img => img.complete && img.naturalWidth > 100")  # the SVG has loaded
    link = share.get_by_role("link", name=re.compile(r"^http:\/\/127\.0\.0\.1:\d+\/games\/"))
    view_url = link.get_attribute("href")
    assert view_url and view_url != phone.url.split("#")[0]

    watcher = pages()
    watcher.goto(view_url)
    expect(watcher.locator("table.sheet tfoot td")).to_have_text(["70", "30", "90", "145"])
    seen = read_sheet(watcher)
    assert seen["marks"] == sheet["marks"]
    assert seen["rounds"] == sheet["rounds"]
    expect(watcher.get_by_role("link", name=re.compile("Enter round"))).to_have_count(0)
    expect(watcher.get_by_role("button", name=re.compile("Undo"))).to_have_count(0)
    expect(watcher.get_by_role("link", name=re.compile("Edit round"))).to_have_count(0)
    edit_key = phone.url.split("/games/")[1].split("#")[0]
    assert edit_key not in watcher.content()


SIX = ["Michaela", "Horst", "Petra", "Thomas", "Annegret", "Maximilian"]


def six_player_rounds() -> list[list[dict[str, Any]]]:
    """Ten plausible rounds: each player goes out in turn, two in three lay their phase."""
    rounds = []
    for number in range(10):
        out = SIX[number % len(SIX)]
        results: list[dict[str, Any]] = []
        for seat, name in enumerate(SIX):
            if name == out:
                results.append({"player": name, "phase": True, "points": 0, "went_out": True})
            elif (number + seat) % 3 == 0:
                results.append({"player": name, "phase": False,
                                "points": 50 + 5 * ((number * 7 + seat * 3) % 20)})
            else:
                results.append({"player": name, "phase": True,
                                "points": 5 * (1 + (number + seat) % 2)})
        rounds.append(results)
    return rounds


def test_six_players_ten_rounds_fit_a_phone(phone: Page, pages: Any, server: str) -> None:
    game = api_game(phone, server, SIX, edition="original")
    for results in six_player_rounds():
        game = api_round(phone, server, game, results)
    assert game["status"] == "playing"
    expected = [str(line["points"]) for line in game["players"]]

    phone.goto(f"{server}/games/{game['id']}")
    sheet = totals(phone, expected)
    assert sheet["names"] == SIX
    assert len(sheet["rounds"]) == 10
    assert sheet["marks"] == {line["name"]: line["phases_done"] for line in game["players"]}
    shot(phone, "sheet-6-players-390")
    right = phone.evaluate("document.querySelector('table.sheet').getBoundingClientRect().right")
    assert right <= 390
    assert page_fits(phone, 390)

    desktop = pages(phone=False, width=1280)
    desktop.goto(f"{server}/games/{game['id']}")
    expect(desktop.locator("table.sheet tfoot td")).to_have_text(expected)
    shot(desktop, "sheet-6-players-desktop")
    assert page_fits(desktop, 1280)
