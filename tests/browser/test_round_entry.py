"""Round entry at the table: every problem at once under its player, "went out" moving from
one player to another, phase ticks from the points, Masters picking the phase, undo that can
be taken back, and edit targets a thumb can hit (issue 11, points 2–4, 6 and 7)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route, expect

from tests.kits.browser import api_game, api_round

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]


def row(page: Page, name: str):  # type: ignore[no-untyped-def]
    return page.locator(f".result-row[data-player='{name}']")


def test_every_problem_shows_at_once_under_its_player(phone: Page, server: str) -> None:
    game = api_game(phone, server, PLAYERS)
    phone.goto(f"{server}/games/{game['id']}/round")
    row(phone, "Ann").get_by_label("Points").fill("52")
    for name in ("Ben", "Cleo"):
        row(phone, name).get_by_label("Points").fill("60")
    phone.get_by_role("button", name="Store round 1").tap()
    # Dan's empty field, Ann's 52 and nobody marked as out: all three at once.
    expect(row(phone, "Dan").locator(".row-errors")).to_contain_text(
        re.compile("enter the points of Dan", re.I))
    expect(row(phone, "Ann").locator(".row-errors")).to_contain_text(
        re.compile("52 points are not possible", re.I))
    expect(phone.locator(".went-out > .row-errors")).to_contain_text(
        re.compile("mark who went out", re.I))
    # Only the wrong fields are marked: Ben's and Cleo's points are not.
    expect(row(phone, "Ben").get_by_label("Points")).to_have_attribute("aria-invalid", "false")
    expect(row(phone, "Dan").get_by_label("Points")).to_have_attribute("aria-invalid", "true")
    ben_border = row(phone, "Ben").get_by_label("Points").evaluate(
        "el => getComputedStyle(el).borderColor")
    dan_border = row(phone, "Dan").get_by_label("Points").evaluate(
        "el => getComputedStyle(el).borderColor")
    assert ben_border != dan_border
    # Each message runs the full width of its player's card, not a narrow column.
    card = row(phone, "Ann").bounding_box()
    message = row(phone, "Ann").locator(".row-errors").bounding_box()
    assert card and message and message["width"] > card["width"] * 0.8
    # Nothing was stored.
    assert phone.request.get(f"{server}/api/games/{game['id']}").json()["rounds"] == []


def test_errors_use_the_full_width_on_a_desktop_too(pages, server: str) -> None:  # type: ignore[no-untyped-def]
    desk = pages(phone=False)
    game = api_game(desk, server, PLAYERS)
    desk.goto(f"{server}/games/{game['id']}/round")
    desk.get_by_role("button", name="Store round 1").click()
    card = row(desk, "Ann").bounding_box()
    message = row(desk, "Ann").locator(".row-errors").bounding_box()
    assert card and message and message["width"] > card["width"] * 0.8
    assert message["height"] < 60  # one line, not a word per line


def test_moving_went_out_takes_back_what_it_filled_in(phone: Page, server: str) -> None:
    game = api_game(phone, server, PLAYERS)
    phone.goto(f"{server}/games/{game['id']}/round")
    row(phone, "Ann").get_by_label("went out").tap()
    expect(row(phone, "Ann").get_by_label("Points")).to_have_value("0")
    expect(row(phone, "Ann").get_by_role("checkbox")).to_be_checked()
    row(phone, "Ben").get_by_label("went out").tap()
    expect(row(phone, "Ann").get_by_label("Points")).to_have_value("")
    expect(row(phone, "Ann").get_by_role("checkbox")).not_to_be_checked()
    expect(row(phone, "Ben").get_by_label("Points")).to_have_value("0")
    # What a person typed or ticked stays when "went out" moves on.
    row(phone, "Cleo").get_by_role("checkbox").tap()
    row(phone, "Cleo").get_by_label("went out").tap()
    row(phone, "Dan").get_by_label("went out").tap()
    expect(row(phone, "Cleo").get_by_role("checkbox")).to_be_checked()
    # Points under 50 mean the phase is on the table; 50 and more leave the tick alone.
    row(phone, "Ann").get_by_label("Points").fill("35")
    expect(row(phone, "Ann").get_by_role("checkbox")).to_be_checked()
    row(phone, "Ann").get_by_label("Points").fill("75")
    expect(row(phone, "Ann").get_by_role("checkbox")).not_to_be_checked()
    row(phone, "Ben").get_by_label("Points").fill("60")
    row(phone, "Cleo").get_by_label("Points").fill("20")
    phone.get_by_role("button", name="Store round 1").tap()
    expect(phone.get_by_text("Round 1 stored.")).to_be_visible()  # no "impossible numbers"


def test_went_out_tapped_before_the_script_ran_is_filled_in(phone: Page, server: str) -> None:
    """On a slow phone the person can tap before the form's script has run: the script
    catches up when it runs, rather than leaving the tap to a refusal from the server."""
    game = api_game(phone, server, PLAYERS)
    held: list[Route] = []
    phone.route("**/static/round.js*", lambda route: held.append(route))  # it waits here
    # The page is there, its script not: "load" would wait for the script.
    phone.goto(f"{server}/games/{game['id']}/round", wait_until="commit")
    expect(row(phone, "Ann").get_by_label("went out")).to_be_visible()
    row(phone, "Ann").get_by_label("went out").tap()
    assert held, "the form's script was asked for"
    expect(row(phone, "Ann").get_by_label("Points")).to_have_value("")  # nothing ran yet
    held[0].continue_()
    expect(row(phone, "Ann").get_by_label("Points")).to_have_value("0")
    expect(row(phone, "Ann").get_by_role("checkbox")).to_be_checked()


def test_masters_going_out_picks_the_lowest_open_phase(phone: Page, server: str) -> None:
    game = api_game(phone, server, ["Ann", "Ben"], edition="masters")
    api_round(phone, server, game, [{"player": "Ann", "phase": 1, "points": 0},
                                    {"player": "Ben", "phase": False, "points": 60}])
    phone.goto(f"{server}/games/{game['id']}/round")
    row(phone, "Ann").get_by_label("went out").tap()
    expect(row(phone, "Ann").get_by_label("Phase laid")).to_have_value("2")
    row(phone, "Ben").get_by_label("went out").tap()
    expect(row(phone, "Ann").get_by_label("Phase laid")).to_have_value("")
    expect(row(phone, "Ben").get_by_label("Phase laid")).to_have_value("1")


def test_undo_can_be_taken_back_and_edits_are_thumb_sized(phone: Page, server: str) -> None:
    game = api_game(phone, server, PLAYERS)
    api_round(phone, server, game, [{"player": "Ann", "phase": True, "points": 0},
                                    {"player": "Ben", "phase": True, "points": 20},
                                    {"player": "Cleo", "phase": False, "points": 60},
                                    {"player": "Dan", "phase": False, "points": 75}])
    phone.goto(f"{server}/games/{game['id']}")
    edit = phone.get_by_role("link", name="Edit round 1")
    undo = phone.get_by_role("button", name="Undo round 1")
    for target in (edit, undo):
        box = target.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
    undo.tap()
    expect(phone.get_by_text("Round 1 removed.")).to_be_visible()
    phone.wait_for_timeout(10_000)  # the way back stays open for at least ten seconds
    restore = phone.get_by_role("button", name="Restore round 1")
    box = restore.bounding_box()
    assert box and box["height"] >= 44
    restore.tap()
    expect(phone.get_by_text("Round 1 restored.")).to_be_visible()
    expect(phone.locator("table.sheet tfoot td")).to_have_text(["0", "20", "60", "75"])
    expect(phone.get_by_role("button", name=re.compile("Restore"))).to_have_count(0)


def test_no_restore_after_another_phone_changed_the_game(phone: Page, server: str) -> None:
    game = api_game(phone, server, ["Ann", "Ben"])
    api_round(phone, server, game, [{"player": "Ann", "phase": True, "points": 0},
                                    {"player": "Ben", "phase": False, "points": 60}])
    phone.goto(f"{server}/games/{game['id']}")
    phone.get_by_role("button", name="Undo round 1").tap()
    restore = phone.get_by_role("button", name="Restore round 1")
    expect(restore).to_be_visible()
    api_round(phone, server, game, [{"player": "Ann", "phase": False, "points": 50},
                                    {"player": "Ben", "phase": True, "points": 0}])
    # The sheet has moved on (live, or on the next load): the way back is gone.
    phone.reload()
    expect(phone.get_by_role("button", name=re.compile("Restore"))).to_have_count(0)
    rounds = phone.request.get(f"{server}/api/games/{game['id']}").json()["rounds"]
    assert len(rounds) == 1
