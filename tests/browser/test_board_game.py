"""The board game's phase track on a phone: rounds entered through the form until a marker
reaches the laurel wreath, and a 6-player track."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import api_game, api_round, page_fits, shot

pytestmark = pytest.mark.browser

PLAYERS = ["Anna", "Ben", "Cem"]


def start_board_game(page: Page, server: str, names: list[str]) -> None:
    page.goto(f"{server}/games/new?edition=board")
    expect(page.get_by_role("radio", name="Board game")).to_be_checked()
    for seat, name in enumerate(names, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Board game")


def end_round(page: Page, number: int, ender: str, laid: list[str]) -> None:
    """On the track: tap "Round n is over", mark who ended it and who else laid their phase."""
    page.get_by_role("link", name=f"Round {number} is over").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"End of round {number}")
    ender_row = page.locator(".result-row", has=page.get_by_role("heading", name=ender))
    ender_row.get_by_label("ended the round").tap()
    # Ending the round needs the phase laid: the form ticks it.
    expect(ender_row.get_by_role("checkbox", name="Phase laid")).to_be_checked()
    for name in laid:
        row = page.locator(".result-row", has=page.get_by_role("heading", name=name))
        row.get_by_role("checkbox", name="Phase laid").tap()
        expect(row.get_by_role("checkbox", name="Phase laid")).to_be_checked()
    page.get_by_role("button", name="Move the markers").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Board game")


def legend(page: Page, markers: dict[str, str]) -> None:
    """The track's legend and its text alternative name every marker's space."""
    expect(page.locator("figure.track figcaption .who")).to_have_text(
        [f"{name}: {space}" for name, space in markers.items()])
    title = ", ".join(f"{name} on the wreath" if space == "wreath" else f"{name} on {space}"
                      for name, space in markers.items())
    expect(page.get_by_role("img", name=re.compile("Phase track"))).to_have_accessible_name(
        f"Phase track: {title}")


def test_three_players_race_to_the_wreath(phone: Page, server: str) -> None:
    start_board_game(phone, server, PLAYERS)
    legend(phone, {"Anna": "phase 1", "Ben": "phase 1", "Cem": "phase 1"})
    expect(phone.get_by_text("Round 1 · Anna starts")).to_be_visible()

    end_round(phone, 1, "Cem", ["Anna", "Ben"])
    legend(phone, {"Anna": "phase 2", "Ben": "phase 2", "Cem": "phase 3"})
    # The player left of whoever ended the round starts the next one.
    expect(phone.get_by_text("Round 2 · Anna starts")).to_be_visible()
    log = phone.get_by_role("region", name="Rounds")
    expect(log.get_by_role("listitem")).to_have_text([
        "Cem: phase 1 → phase 3 (ended the round, +2)",
        "Anna: phase 1 → phase 2", "Ben: phase 1 → phase 2"])

    end_round(phone, 2, "Cem", ["Ben"])
    legend(phone, {"Anna": "phase 2", "Ben": "phase 3", "Cem": "phase 5"})
    end_round(phone, 3, "Ben", ["Anna", "Cem"])
    end_round(phone, 4, "Cem", ["Anna", "Ben"])
    legend(phone, {"Anna": "phase 4", "Ben": "phase 6", "Cem": "phase 8"})
    end_round(phone, 5, "Ben", ["Cem"])
    end_round(phone, 6, "Anna", ["Ben", "Cem"])
    legend(phone, {"Anna": "phase 6", "Ben": "phase 9", "Cem": "phase 10"})
    expect(phone.get_by_text("Round 7 · Ben starts")).to_be_visible()

    # Ben ends round 7 and jumps onto the wreath. Cem, next in the evaluation, has laid
    # phase 10 and would have got there too, but the game is over before his turn.
    end_round(phone, 7, "Ben", ["Anna", "Cem"])
    expect(phone.get_by_role("status").filter(has_text="wins")).to_have_text(
        re.compile(r"Ben wins!"))
    legend(phone, {"Anna": "phase 6", "Ben": "wreath", "Cem": "phase 10"})
    last = log.locator(".log-entry").first
    expect(last.get_by_role("heading")).to_have_text("Round 7")
    expect(last.get_by_role("listitem")).to_have_text(
        ["Ben: phase 9 → laurel wreath (ended the round, +2)"])
    expect(last.get_by_text(re.compile("did not move"))).to_have_text(
        "The game ended at once when Ben reached the wreath, so Cem and Anna did not move "
        "although they had laid their phase.")
    expect(phone.get_by_role("link", name=re.compile(r"Round \d+ is over"))).to_have_count(0)
    expect(phone.get_by_role("button", name="Undo round 7")).to_be_visible()
    assert page_fits(phone, 390)


BOARD_SIX = ["Anna", "Ben", "Cem", "Dilara", "Emil", "Franziska"]


def test_six_player_track_fits_a_phone(phone: Page, server: str) -> None:
    game = api_game(phone, server, BOARD_SIX, edition="board")
    rounds: list[tuple[str, list[str]]] = [
        ("Anna", ["Ben", "Dilara", "Franziska"]),
        ("Cem", ["Anna", "Ben", "Emil"]),
        ("Franziska", ["Cem", "Dilara"]),
        ("Dilara", ["Anna", "Ben", "Cem", "Emil", "Franziska"]),
    ]
    for ender, laid in rounds:
        results: list[dict[str, Any]] = []
        for name in BOARD_SIX:
            result: dict[str, Any] = {"player": name, "phase": name == ender or name in laid}
            if name == ender:
                result["went_out"] = True
            results.append(result)
        game = api_round(phone, server, game, results)
    markers = {line["name"]: line["marker"] for line in game["players"]}

    phone.goto(f"{server}/games/{game['id']}")
    legend(phone, {name: f"phase {marker}" for name, marker in markers.items()})
    expect(phone.get_by_text("Round 5 · Emil starts")).to_be_visible()
    shot(phone, "board-6-players-390")
    assert page_fits(phone, 390)
