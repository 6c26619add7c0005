"""A new user's second evening (issue 36), on a 390 px phone: points errors that say what is
wrong and a warning that marks its player's row, "4 red" in the checker, the full game's
join section, Letter paper for a US browser, the tie-break legend and the share heading,
and not one console message on the main pages."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.kits.browser import api_game, api_round, page_fits, shot
from tests.kits.browser_games import tiebreak_game
from tests.kits.contexts import phone_factory

pytestmark = pytest.mark.browser

PLAYERS = ["Anna", "Ben", "Cem"]
WIDTHS = (390, 1280)


@pytest.fixture
def phones(browser: Any, script_errors: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    with phone_factory(browser, script_errors, request) as make:
        yield make


def desktop(phones: Any, **options: Any) -> Any:
    return phones(viewport={"width": 1280, "height": 900}, is_mobile=False, has_touch=False,
                  device_scale_factor=1, **options)


def row(page: Any, name: str) -> Any:
    return page.locator(".result-row", has=page.get_by_role("heading", name=name))


def test_points_errors_say_what_is_wrong_and_a_warning_marks_its_row(phones: Any,
                                                                    server: str) -> None:
    page = phones()
    game = api_game(page, server, PLAYERS)
    page.goto(f"{server}/games/{game['id']}/round")
    row(page, "Anna").get_by_label("went out").tap()
    row(page, "Ben").get_by_label("Points").fill("-10")
    row(page, "Cem").get_by_label("Points").fill("12")
    page.get_by_role("button", name="Store round 1").tap()
    expect(row(page, "Ben").locator(".field-error")).to_have_text(
        "Points cannot be negative: Ben has -10")
    expect(row(page, "Cem").locator(".field-error")).to_contain_text(
        "12 points are not possible")
    # Plausible on their own, impossible with a normal deal: Cem's row is marked, Ben's not.
    row(page, "Ben").get_by_label("Points").fill("60")
    row(page, "Cem").get_by_label("Points").fill("195")
    page.get_by_role("button", name="Store round 1").tap()
    expect(page.locator(".verdict.warn")).to_be_visible()
    cem = row(page, "Cem")
    expect(cem).to_have_class("result-row panel has-warning")
    expect(cem.locator(".field-warning")).to_contain_text("Cem laid phase 1")
    expect(cem.get_by_label("Points")).to_have_attribute("aria-describedby",
                                                         "results-2-points-errors")
    expect(row(page, "Ben").locator(".field-warning")).to_have_count(0)
    # Scrolled to, the marked row's note is on top: not under the sticky Store bar.
    note = cem.locator(".field-warning")
    note.evaluate("(e) => e.scrollIntoView({block: 'nearest'})")
    assert note.evaluate("""(e) => { const r = e.getBoundingClientRect();
        return e.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }""")
    assert page_fits(page, 390)
    shot(page, "second-evening-warned-row-390-viewport", full_page=False)
    shot(page, "second-evening-warned-row-390")


def test_the_checker_reads_a_colour_word_after_a_space(phones: Any, server: str) -> None:
    page = phones()
    page.goto(f"{server}/checker")
    field = page.get_by_label("Cards in hand")
    field.fill("4 red 4 blau 4g 8 rouge 8y 8b")
    # One chip per card, in its colour: "4 red" is one red 4, not a bad "4" and a bad "RED".
    chips = page.locator(".chips .card")
    expect(chips).to_have_count(6)
    expect(chips.first).to_have_class("card card-r")
    expect(chips.first).to_have_text("4")
    expect(page.locator(".chips .card-bad")).to_have_count(0)
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        page.get_by_role("button", name="Check", exact=True).tap()
    assert answer.value.status == 200
    verdict = page.locator("#verdict .verdict")
    expect(verdict).to_have_attribute("data-valid", "true")
    expect(page.get_by_text("is not a card")).to_have_count(0)
    # ⌫ takes the last card back as a whole: "4 red" goes at once, not "red" alone.
    field.fill("7r 4 red")
    field.tap()
    page.get_by_role("button", name="remove the last card").tap()
    expect(field).to_have_value("7r")
    shot(page, "second-evening-checker-390")


def test_a_full_game_says_it_holds_six_players(phones: Any, server: str) -> None:
    page = phones()
    game = api_game(page, server, ["Anna", "Ben", "Cem", "Dee", "Eli", "Fay"])
    page.goto(f"{server}/games/{game['id']}/players")
    section = page.locator("section", has=page.get_by_role("heading", name="A player joins"))
    expect(section).to_contain_text("Nobody else can join: a game holds 6 players")
    expect(section.get_by_role("textbox")).to_have_count(0)
    assert page_fits(page, 390)
    shot(page, "second-evening-players-full-390")


@pytest.mark.parametrize(("locale", "paper"), [("en-US", "letter"), ("es-MX", "letter"),
                                               ("en-GB", "a4"), ("de-DE", "a4")])
def test_the_print_page_picks_the_regions_paper_and_stays_switchable(
        phones: Any, server: str, locale: str, paper: str) -> None:
    page = phones(locale=locale)
    page.goto(f"{server}/print")
    chosen = page.locator(f'input[name="paper"][value="{paper}"]')
    other = page.locator('input[name="paper"]:not(:checked)')
    expect(chosen).to_be_checked()
    other.check()
    expect(chosen).not_to_be_checked()
    with page.expect_download() as download:
        page.locator(".print-form button[type=submit]").tap()
    assert f"paper={'a4' if paper == 'letter' else 'letter'}" in download.value.url


def finished_tiebreak_game(page: Any, server: str) -> dict[str, Any]:
    """Two players tied on the last phase, then Anaïs wins the tie-break round."""
    game = tiebreak_game(page, server)
    game = api_round(page, server, game, [
        {"player": "Anaïs Dubois", "phase": True, "points": 0, "went_out": True},
        {"player": "Ben", "phase": False, "points": 50}])
    assert game["status"] == "finished"
    return game


@pytest.mark.parametrize("width", WIDTHS)
def test_the_legend_says_what_the_yellow_row_is_and_share_has_two_names(
        phones: Any, server: str, width: int) -> None:
    page = phones() if width == 390 else desktop(phones)
    game = finished_tiebreak_game(page, server)
    page.goto(f"{server}/games/{game['id']}")
    expect(page.locator("tr.tiebreak")).to_have_count(1)
    key = page.locator(".legend .key", has=page.locator(".swatch.tiebreak"))
    expect(key).to_have_text("tie-break round")
    swatch = key.locator(".swatch").evaluate("e => getComputedStyle(e).backgroundColor")
    row_colour = page.locator("tr.tiebreak").evaluate(
        "e => getComputedStyle(e).backgroundColor")
    assert swatch == row_colour
    share = page.locator("[data-share-panel]")
    heading = share.get_by_role("heading").inner_text()
    button = share.locator("[data-share]").inner_text()
    assert heading.strip() != button.strip()
    assert page_fits(page, width)
    shot(page, f"second-evening-tiebreak-legend-{width}")


MAIN_PAGES = ("/", "/games/new", "/games/new?edition=board", "/checker", "/print",
              "/groups/new")


@pytest.mark.service_worker  # pages as a phone has them: with their worker, installing
def test_no_console_message_on_the_main_pages(phones: Any, server: str) -> None:
    """Not an error nor a warning (an unknown Permissions-Policy feature was one on every
    page)."""
    page = phones()
    said: list[str] = []
    page.on("console", lambda message: said.append(
        f"{page.url}: {message.type}: {message.text}"))
    game = api_game(page, server, PLAYERS)
    api_round(page, server, game, [{"player": "Anna", "phase": True, "points": 0},
                                   {"player": "Ben", "phase": False, "points": 60},
                                   {"player": "Cem", "phase": True, "points": 20}])
    paths = [*MAIN_PAGES, f"/games/{game['id']}", f"/games/{game['id']}/round",
             f"/games/{game['id']}/players"]
    for path in paths:
        response = page.goto(f"{server}{path}")
        assert response is not None and response.status == 200, path
        assert "bluetooth" not in (response.headers.get("permissions-policy") or "")
        page.wait_for_load_state("networkidle")
    assert said == []
