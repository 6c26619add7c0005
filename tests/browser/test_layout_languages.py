"""What a long word in another language does to the layout, measured in every language: the
round form's boxes stay 44 px targets and its labels on one line, a sheet legend's swatch
stays beside its words, and the desktop home's tiles leave no hole in their grid."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.kits.browser import api_game, api_post, api_round, page_fits, shot
from tests.kits.browser_games import tiebreak_game
from tests.kits.contexts import phone_factory
from tests.kits.languages import LANGUAGES

pytestmark = pytest.mark.browser

LINES_JS = """(el) => {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const tops = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
  }
  return tops.size;
}"""
"""On how many lines an element's words are."""

BOX_JS = """(el) => { const r = el.getBoundingClientRect();
  return {x: r.x, y: r.y, width: r.width, height: r.height}; }"""


@pytest.fixture
def phones(browser: Any, script_errors: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    with phone_factory(browser, script_errors, request) as make:
        yield make


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_round_forms_targets_and_labels_in_every_language(phones: Any, server: str,
                                                             language: str) -> None:
    page = phones(locale=language)
    game = tiebreak_game(page, server)
    page.goto(f"{server}/games/{game['id']}/round")
    shot(page, f"layout-tiebreak-{language}-390")
    assert page_fits(page, 390)
    toggles = page.locator(".result-row label.toggle")
    assert toggles.count() == 2
    for index in range(2):
        label = toggles.nth(index)
        box = label.evaluate(BOX_JS)
        tick = label.locator("input").evaluate(BOX_JS)
        assert box["height"] >= 44 and box["width"] >= 44, (language, box)
        assert tick["width"] == pytest.approx(tick["height"]) and tick["width"] >= 20, tick
        assert label.evaluate(LINES_JS) == 1, f"{language}: the phase label wraps"
        went_out = page.locator(".result-row .went-out-pick").nth(index)
        assert went_out.evaluate(BOX_JS)["height"] >= 44
        assert went_out.evaluate(LINES_JS) == 1, f"{language}: 'went out' wraps"


CLIPPED_JS = """() => Array.from(document.querySelectorAll(
    '.round-form label, .round-form legend, .round-form .player-name'))
  .filter((el) => !el.closest('.visually-hidden') && el.scrollWidth > el.clientWidth)
  .map((el) => `${el.textContent.trim()}: ${el.scrollWidth} px in ${el.clientWidth}`)"""
"""The round form's labels whose words are cut off (wider than their box)."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_label_of_either_round_form_is_cut_off(phones: Any, server: str,
                                                  language: str) -> None:
    """German's "Phase ausgelegt" beside "Durchgang beendet" was cut to "Phase ausgele" on
    the board game's form at 390 px: where both do not fit on one line, they wrap."""
    page = phones(locale=language)
    six = ["Anna", "Benedikt", "Cleo", "Dmitri", "Eve", "Farid"]
    for edition in ("board", "original"):
        game = api_game(page, server, six, edition=edition)
        page.goto(f"{server}/games/{game['id']}/round")
        shot(page, f"layout-round-{edition}-{language}-390")
        assert page.locator(".round-form label").count() >= 12
        assert page.evaluate(CLIPPED_JS) == [], f"{language}, {edition}: a label is cut off"
        assert page_fits(page, 390)
        for label in page.locator(".result-row label.check").all():
            assert label.evaluate(BOX_JS)["height"] >= 44
            assert label.evaluate(LINES_JS) <= 2, f"{language}, {edition}: {label.inner_text()}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_ratings_heads_fit_their_columns(phones: Any, server: str, language: str) -> None:
    """French "Classement" and Italian "Punteggio" ran into the next head at 390 px."""
    page = phones(locale=language)
    group = api_post(page, server, "/api/groups", {"name": "Friday"})
    game = api_post(page, server, f"/api/groups/{group['id']}/games",
                    {"players": ["Anna", "Alexandra-Josephine"], "phases": [1]})
    api_round(page, server, game, [{"player": "Anna", "phase": True, "points": 0},
                                   {"player": "Alexandra-Josephine", "phase": False,
                                    "points": 50}])
    page.goto(f"{server}/groups/{group['id']}")
    heads = page.locator(".rating-table thead th")
    assert heads.count() == 4
    shot(page.locator(".rating-table"), f"layout-ratings-{language}-390")
    cut = [head.inner_text() for head in heads.all()
           if head.evaluate("(el) => el.scrollWidth > el.clientWidth")]
    assert cut == [], f"{language}: cut off"
    assert page_fits(page, 390)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_legend_key_keeps_its_swatch_beside_its_words(phones: Any, server: str,
                                                        language: str) -> None:
    page = phones(locale=language)
    game = api_game(page, server, ["Ann", "Ben", "Cem"])
    api_round(page, server, game, [{"player": "Ann", "phase": True, "points": 0},
                                   {"player": "Ben", "phase": False, "points": 65},
                                   {"player": "Cem", "phase": True, "points": 20}])
    page.goto(f"{server}/games/{game['id']}")
    keys = page.locator(".legend .key")
    assert keys.count() == 4  # done, current, went out, tap to correct
    for index in range(keys.count()):
        swatch = keys.nth(index).locator(".swatch").evaluate(BOX_JS)
        words = keys.nth(index).locator(".swatch + span").evaluate(
            "(el) => { const r = document.createRange(); r.selectNodeContents(el);"
            " const first = r.getClientRects()[0]; return {x: first.x, y: first.y,"
            " height: first.height}; }")
        assert words["x"] > swatch["x"] + swatch["width"] - 1, (language, index)
        middle = swatch["y"] + swatch["height"] / 2
        assert words["y"] <= middle <= words["y"] + words["height"], (language, index)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_desktop_homes_tiles_fill_every_row(phones: Any, server: str,
                                                language: str) -> None:
    page = phones(locale=language, viewport={"width": 1280, "height": 900}, is_mobile=False,
                  has_touch=False, device_scale_factor=1)
    page.goto(f"{server}/")
    shot(page, f"layout-home-{language}-1280")
    for nav in page.locator("main nav.grid-buttons").all():
        width = nav.evaluate(BOX_JS)["width"]
        rows: dict[int, list[dict[str, float]]] = {}
        for tile in nav.locator("a").all():
            box = tile.evaluate(BOX_JS)
            rows.setdefault(round(box["y"]), []).append(box)
        for row in rows.values():
            row.sort(key=lambda box: box["x"])
            span = row[-1]["x"] + row[-1]["width"] - row[0]["x"]
            assert span == pytest.approx(width, abs=1), f"{language}: a hole in the tiles"
