"""A round stored offline (issue 46): the sheet opens at its top, where the banner says the
round is kept and later "Round 1 sent.", and the grid's phase marks count the round that
waits (as the standings and the Σ row do)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import api_game, shot
from tests.kits.offline import PLAYERS, SYNC, enter_round, ready, sent

pytestmark = pytest.mark.browser


def marks(page: Page, phase: int) -> list[str]:
    """Per player (seat order) the marks the grid's row of ``phase`` shows: done, current."""
    row = page.locator("table.sheet tbody.phases tr").nth(phase - 1)
    found: list[str] = row.locator("td").evaluate_all("""(cells) => cells.map((cell) => {
      const style = getComputedStyle(cell);
      const cross = cell.innerText.includes('✕');
      return cross ? 'done' : style.boxShadow !== 'none' ? 'current' : '';
    })""")
    return found


def test_a_round_kept_offline_shows_at_the_top_and_in_the_grid(
        phones: Callable[[], Page], server: str) -> None:
    keeper = phones()
    game = api_game(keeper, server, PLAYERS)
    keeper.goto(f"{server}/games/{game['id']}")
    ready(keeper)
    keeper.context.set_offline(True)
    keeper.reload()
    enter_round(keeper, 1, "Anna", {"Ben": "25", "Cem": "60"})
    expect(keeper.get_by_role("heading", name="Waiting to send: 1")).to_be_visible()
    banner = keeper.locator(".offline-banner")
    expect(banner).to_be_in_viewport()
    assert keeper.evaluate("location.hash") == ""
    # Anna went out and Ben's 25 points ticked his phase: both are on phase 2 now.
    assert marks(keeper, 1) == ["done", "done", "current"]
    assert marks(keeper, 2) == ["current", "current", ""]
    shot(keeper, "offline-grid-390")

    keeper.context.set_offline(False)
    sent(keeper, game["id"])
    expect(banner).to_contain_text("Round 1 sent.")
    expect(banner).to_be_in_viewport()
    # The server's sheet, drawn afresh, marks the same.
    expect(keeper.locator("table.sheet tbody.rounds tr.offline-row")).to_have_count(0)
    expect(keeper.locator("table.sheet tfoot td")).to_have_text(["0", "25", "60"], timeout=SYNC)
    assert marks(keeper, 1) == ["done", "done", "current"]
    assert marks(keeper, 2) == ["current", "current", ""]
