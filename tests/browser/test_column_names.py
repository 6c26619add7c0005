"""A column head shows the whole name where the column, as the phone draws it, has room for
it ("Dmitri", not "Dmit…"), and the short name where it has not (issue 46)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.kits.browser import api_game, shot

pytestmark = pytest.mark.browser

#: The header's name as drawn: the visible span, not the full name kept for screen readers in
#: a box of 1 px (as tests/browser/test_first_screen.py reads it).
SHOWN_NAME = ("[...cell.children].find(s => s.checkVisibility()"
              " && s.getBoundingClientRect().width > 1)")
SIX = ["Anna", "Ben", "李雷", "Dmitri", "Eve", "Alexandrina-Maria"]


def shown(page: Any) -> dict[str, str]:
    found = page.locator("table.sheet thead th.name").evaluate_all(
        f"cells => cells.map(cell => [cell.title, {SHOWN_NAME}.textContent])")
    return dict(found)


@pytest.mark.parametrize("width", [390, 320])
def test_a_name_that_fits_its_column_shows_whole(pages: Any, server: str, width: int) -> None:
    page = pages()
    page.set_viewport_size({"width": width, "height": 844})
    game = api_game(page, server, SIX)
    page.goto(game["links"]["edit"])
    expect(page.locator("table.sheet thead th.name-fits").first).to_be_attached()
    names = shown(page)
    assert names["Dmitri"] == "Dmitri", names
    assert names["Alexandrina-Maria"].count("…") == 1, names  # no room: the short name
    clipped = page.locator("table.sheet thead th.name").evaluate_all(
        f"cells => cells.map(cell => {SHOWN_NAME})"
        ".filter(span => span.scrollWidth > span.clientWidth + 1).map(s => s.textContent)")
    assert clipped == []
    shot(page, f"sheet-whole-names-{width}", full_page=False)
