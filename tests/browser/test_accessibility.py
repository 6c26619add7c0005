"""Accessibility in the browser: every form control has a name, the round form works with
the keyboard alone, the keyboard focus is always visible, and dark mode is dark."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import api_game, api_round, read_sheet, shot
from tests.kits.contexts import phone_factory
from tests.kits.keyboard import tab_to, walk

pytestmark = pytest.mark.browser

PLAYERS = ["Anna", "Ben", "Cem"]
CONTROLS = "input:not([type=hidden]), select, button, textarea"

# A control's name from what names it in the markup (aria-labelledby, aria-label, its
# labels, a button's text, a title), for hidden controls too, which Playwright's accessible
# name leaves empty. Returns the controls without one.
_UNNAMED_JS = """(selector) => {
  const text = (el) => (el ? el.textContent.replace(/\\s+/g, ' ').trim() : '');
  const name = (el) => {
    const by = (el.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean);
    const parts = [
      by.map((id) => text(document.getElementById(id))).join(' '),
      el.getAttribute('aria-label') || '',
      [...(el.labels || [])].map(text).join(' '),
      el.tagName === 'BUTTON' ? text(el) : '',
      ['submit', 'button', 'reset'].includes(el.type) && el.tagName === 'INPUT' ? el.value : '',
      el.getAttribute('title') || '',
    ];
    return parts.map((part) => part.trim()).find(Boolean) || '';
  };
  return [...document.querySelectorAll(selector)].filter((el) => !name(el))
    .map((el) => el.outerHTML.slice(0, 200));
}"""


def games(page: Page, server: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A card game with a round and a board game with a round, through the API."""
    card = api_game(page, server, PLAYERS)
    card = api_round(page, server, card, [
        {"player": "Anna", "phase": True, "points": 0, "went_out": True},
        {"player": "Ben", "phase": False, "points": 55},
        {"player": "Cem", "phase": True, "points": 10}])
    board = api_game(page, server, PLAYERS, edition="board")
    board = api_round(page, server, board, [
        {"player": "Anna", "phase": True},
        {"player": "Ben", "phase": True, "went_out": True},
        {"player": "Cem", "phase": False}])
    return card, board


def page_addresses(server: str, card: dict[str, Any], board: dict[str, Any]) -> dict[str, str]:
    return {
        "home": f"{server}/",
        "new game": f"{server}/games/new",
        "game played on paper": f"{server}/games/paper",
        "round form": f"{server}/games/{card['id']}/round",
        "sheet": f"{server}/games/{card['id']}",
        "read-only sheet": f"{server}/games/{card['view_id']}",
        "board": f"{server}/games/{board['id']}",
        "board round form": f"{server}/games/{board['id']}/round",
        "checker": f"{server}/checker",
        "print": f"{server}/print",
    }


def test_every_form_control_has_a_name(phone: Page, server: str) -> None:
    card, board = games(phone, server)
    unnamed: dict[str, list[str]] = {}
    for what, address in page_addresses(server, card, board).items():
        phone.goto(address)
        if what == "round form":  # the pad's buttons are visible while it is open
            phone.get_by_text("Count cards").first.tap()
            expect(phone.get_by_role("dialog")).to_be_visible()
        missing = phone.evaluate(_UNNAMED_JS, CONTROLS)
        if missing:
            unnamed[what] = missing
        # The browser's own computation (accessibility tree) for every visible control.
        visible = phone.locator(CONTROLS).filter(visible=True)
        assert visible.count() > 0, what
        for control in visible.all():
            expect(control, f"{what}: {control}").to_have_accessible_name(
                re.compile(r"\S"), timeout=500)
    assert not unnamed, f"controls without a name: {unnamed}"


def test_the_round_form_by_keyboard_alone(pages: Any, server: str) -> None:
    page = pages(phone=False, width=1024)
    game = api_game(page, server, PLAYERS)
    page.goto(f"{server}/games/{game['id']}/round")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 1")

    def row(name: str) -> Any:
        return page.locator(".result-row", has=page.get_by_role("heading", name=name))

    # Anna went out: Tab to her radio button, Space. The form ticks her phase and puts 0.
    tab_to(page, row("Anna").get_by_label("went out"))
    page.keyboard.press("Space")
    expect(row("Anna").get_by_label("went out")).to_be_checked()
    expect(row("Anna").get_by_label("Points")).to_have_value("0")
    expect(row("Anna").get_by_role("checkbox")).to_be_checked()
    # Ben laid his phase and kept 20 points; Cem did not lay and kept 65.
    tab_to(page, row("Ben").get_by_role("checkbox"))
    page.keyboard.press("Space")
    expect(row("Ben").get_by_role("checkbox")).to_be_checked()
    page.keyboard.press("Tab")
    expect(row("Ben").get_by_label("Points")).to_be_focused()
    page.keyboard.type("20")
    passed = tab_to(page, row("Cem").get_by_label("Points"))
    # On the way: Ben's pad button, then Cem's checkbox (the radio group is one Tab stop).
    assert len(passed) == 2, passed
    page.keyboard.type("65")
    tab_to(page, page.get_by_role("button", name="Store round 1"), limit=5)
    page.keyboard.press("Space")
    expect(page.get_by_text("Round 1 stored.")).to_be_visible()
    expect(page.locator("table.sheet tfoot td")).to_have_text(["0", "20", "65"])
    sheet = read_sheet(page)
    assert sheet["marks"] == {"Anna": [1], "Ben": [1], "Cem": []}


# Colours as the page shows them: the colour of ``property`` (a transparent background is
# looked up on the ancestors) and its relative luminance as WCAG defines it.
_COLOUR_FUNCTIONS = """
  const colour = (node, property) => {
    for (; node; node = node.parentElement) {
      const [r, g, b, a = 1] = getComputedStyle(node)[property].match(/[\\d.]+/g).map(Number);
      if (a > 0 || property !== 'backgroundColor') return [r, g, b];
    }
    return [255, 255, 255];
  };
  const luminance = ([r, g, b]) => {
    const lin = (c) => {
      c /= 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
"""

# At each Tab stop: is the focus shown, and how does its ring stand out against what is
# around it? A control drawn by its label instead (the checker's mode switch hides its radio
# buttons) shows the focus on that label.
_FOCUS_JS = "(el) => {" + _COLOUR_FUNCTIONS + """
  const style = getComputedStyle(el);
  const box = el.getBoundingClientRect();
  const standIn = (box.width <= 1 || box.height <= 1 || style.opacity === '0')
    ? el.closest('label') : el;
  const ring = standIn ? getComputedStyle(standIn) : null;
  const shown = !!ring && ring.outlineStyle !== 'none' && parseFloat(ring.outlineWidth) >= 2;
  const label = el.getAttribute('aria-label') || el.textContent || el.name || el.id;
  return {
    what: `${el.tagName.toLowerCase()} ${label.replace(/\\s+/g, ' ').trim().slice(0, 40)}`,
    // Chromium keeps a date field's keyboard focus in its parts: the field itself never
    // matches :focus-visible, so its ring is drawn on :focus (static/app.css).
    focusVisible: el.matches(':focus-visible')
      || (/^(date|datetime-local|time)$/.test(el.type) && document.activeElement === el),
    outline: ring ? `${ring.outlineStyle} ${ring.outlineWidth}` : 'no element to show it',
    shown,
    ring: shown ? luminance(colour(standIn, 'outlineColor')) : null,
    around: shown ? luminance(colour(standIn.parentElement, 'backgroundColor')) : null,
  };
}"""


def contrast(one: float, other: float) -> float:
    return (max(one, other) + 0.05) / (min(one, other) + 0.05)


def focus_problems(page: Page) -> list[str]:
    """Tab through the page; each stop that does not show the focus with a 2 px or wider
    outline of 3:1 contrast against what surrounds it (WCAG 1.4.11)."""
    problems = []
    for stop in walk(page, _FOCUS_JS):
        if not (stop["shown"] and stop["focusVisible"]):
            problems.append(f"{stop['what']}: no ring ({stop['outline']}, "
                            f"focus-visible: {stop['focusVisible']})")
        elif (ratio := contrast(stop["ring"], stop["around"])) < 3:
            problems.append(f"{stop['what']}: ring contrast {ratio:.1f}:1")
    return problems


def test_the_focus_always_shows(pages: Any, server: str) -> None:
    page = pages(phone=False, width=1024)
    card, board = games(page, server)
    hidden: dict[str, list[str]] = {}
    for what, address in page_addresses(server, card, board).items():
        page.goto(address)
        problems = focus_problems(page)
        if problems:
            hidden[what] = problems
    assert not hidden, f"the focus does not show well on: {hidden}"


# Buttons and links whose name (aria-label) replaces a visible label of words: the name,
# lower-cased and without punctuation, should contain that label (WCAG 2.5.3, label in name),
# so that voice control finds the control by what it shows.
_LABEL_IN_NAME_JS = """() => {
  const words = (text) => text.toLowerCase().replace(/[^\\p{L}\\p{N}]+/gu, ' ').trim();
  return [...document.querySelectorAll('button[aria-label], a[aria-label]')]
    .filter((el) => el.offsetParent !== null || el.closest('dialog[open]'))
    .map((el) => ({label: words(el.innerText), name: words(el.getAttribute('aria-label'))}))
    .filter(({label, name}) => /\\p{L}{2}/u.test(label) && !name.includes(label))
    .map(({label, name}) => `"${label}" is not in "${name}"`);
}"""


def test_visible_labels_are_part_of_the_names(phone: Page, server: str) -> None:
    card, board = games(phone, server)
    addresses = page_addresses(server, card, board)
    mismatched: dict[str, list[str]] = {}
    for what in ("round form", "sheet", "board", "checker"):  # where aria-label names controls
        phone.goto(addresses[what])
        if what == "round form":  # and the pad, open
            phone.get_by_text("Count cards").first.tap()
            expect(phone.get_by_role("dialog")).to_be_visible()
        found = phone.evaluate(_LABEL_IN_NAME_JS)
        if found:
            mismatched[what] = found
    assert not mismatched, f"visible labels missing from the names: {mismatched}"


@pytest.fixture
def dark(browser: Any, script_errors: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """Phones in dark mode (prefers-color-scheme: dark)."""
    with phone_factory(browser, script_errors, request, color_scheme="dark") as make:
        yield make


_LUMINANCE_JS = "(el) => {" + _COLOUR_FUNCTIONS + """
  return {background: luminance(colour(el, 'backgroundColor')),
          text: luminance(colour(el, 'color'))};
}"""


def is_dark(page: Page, selector: str) -> None:
    """Dark background and light text, with at least 4.5:1 contrast (WCAG AA)."""
    element = page.locator(selector).first
    found = element.evaluate(_LUMINANCE_JS)
    assert found["background"] < 0.05, f"{selector}: background luminance {found}"
    ratio = contrast(found["text"], found["background"])
    assert ratio >= 4.5, f"{selector}: text contrast {ratio:.1f}:1"


def test_dark_mode(dark: Any, server: str) -> None:
    page = dark()
    card, board = games(page, server)
    page.goto(f"{server}/games/{card['id']}")
    expect(page.locator("table.sheet tfoot td")).to_have_text(["0", "55", "10"])
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    for selector in ("body", "table.sheet", "table.sheet tfoot td", ".panel", "footer"):
        is_dark(page, selector)
    shot(page, "sheet-dark-390")

    page.goto(f"{server}/games/{card['id']}/round")
    for selector in ("body", ".result-row", ".points-input", ".result-row h2"):
        is_dark(page, selector)
    assert focus_problems(page) == []
    shot(page, "round-dark-390")

    page.goto(f"{server}/checker")
    page.get_by_label("Cards in hand").fill("4r 4b W 8r 8y 8b")
    page.get_by_role("button", name="Check", exact=True).tap()
    verdict = page.locator("#verdict .verdict")
    expect(verdict).to_have_attribute("data-valid", "true")
    verdict.tap()  # lift the finger off the button before the picture
    for selector in ("body", "#hand", "select#phase", "#verdict .verdict"):
        is_dark(page, selector)
    shot(page, "checker-dark-390")

    page.goto(f"{server}/games/{board['id']}")
    expect(page.locator("figure.track figcaption .who")).to_have_count(3)
    for selector in ("body", "figure.track figcaption", ".log-entry"):
        is_dark(page, selector)
    shot(page, "board-dark-390")
