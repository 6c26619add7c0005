"""The screen stays on while a sheet or the round form is open (Screen Wake Lock API): taken
on the page, let go by the browser when the page is hidden and taken again when it shows,
switched off and on by a switch this phone remembers, and nothing where the API is missing.

Headless Chromium may refuse a real wake lock, so these pages get a stand-in
``navigator.wakeLock`` that counts what the page asks of it (the logic is unit-tested too:
tests/js/wake-plan.test.mjs)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import api_game, api_round, shot

pytestmark = pytest.mark.browser

PLAYERS = ["Anna", "Ben", "Cem"]

# A wake lock that is always granted and records requests and releases; hide() and show()
# play the page going to the background (the browser lets go of the lock) and coming back.
STAND_IN = """
(() => {
  const log = window.__wake = {requests: 0, releases: 0, held: []};
  let visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', {get: () => visibility});
  Object.defineProperty(document, 'hidden', {get: () => visibility !== 'visible'});
  class Sentinel extends EventTarget {
    constructor() { super(); this.released = false; this.type = 'screen'; }
    async release() {
      if (this.released) return;
      this.released = true;
      log.releases += 1;
      log.held = log.held.filter((one) => one !== this);
      this.dispatchEvent(new Event('release'));
    }
  }
  Object.defineProperty(navigator, 'wakeLock', {value: {
    async request(type) {
      if (type !== 'screen') throw new TypeError(type);
      log.requests += 1;
      const sentinel = new Sentinel();
      log.held.push(sentinel);
      return sentinel;
    }}});
  window.__hide = () => {
    visibility = 'hidden';
    log.held.slice().forEach((one) => one.release());
    document.dispatchEvent(new Event('visibilitychange'));
  };
  window.__show = () => {
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
  };
})();
"""


def held(page: Page) -> int:
    count: int = page.evaluate("window.__wake.held.length")
    return count


def wake(page: Page) -> dict[str, int]:
    log: dict[str, int] = page.evaluate(
        "({requests: __wake.requests, releases: __wake.releases})")
    return log


def started(page: Page, server: str) -> dict[str, Any]:
    return api_game(page, server, PLAYERS)


def test_a_sheet_keeps_the_screen_on_and_takes_it_again_after_hiding(pages: Any,
                                                                     server: str) -> None:
    page = pages()
    page.context.add_init_script(STAND_IN)
    game = started(page, server)
    page.goto(f"{server}/games/{game['id']}")
    switch = page.get_by_role("checkbox", name="Keep the screen on")
    expect(switch).to_be_visible()
    expect(switch).to_be_checked()
    expect(page.locator("[data-awake]")).to_have_attribute("data-state", "held")
    assert held(page) == 1
    shot(page, "awake-sheet-390")

    page.evaluate("__hide()")
    expect(page.locator("[data-awake]")).to_have_attribute("data-state", "off")
    assert held(page) == 0
    page.evaluate("__show()")
    expect(page.locator("[data-awake]")).to_have_attribute("data-state", "held")
    assert held(page) == 1 and wake(page)["requests"] == 2

    # A round stored by another phone swaps the sheet in live: still one lock, not two.
    api_round(page, server, game, [
        {"player": "Anna", "phase": True, "points": 0, "went_out": True},
        {"player": "Ben", "phase": False, "points": 55},
        {"player": "Cem", "phase": True, "points": 10}])
    expect(page.locator("table.sheet tfoot td")).to_have_text(["0", "55", "10"])
    expect(page.locator("[data-awake]")).to_have_attribute("data-state", "held")
    assert held(page) == 1


def test_the_switch_is_remembered_on_the_phone(pages: Any, server: str) -> None:
    page = pages()
    page.context.add_init_script(STAND_IN)
    game = started(page, server)
    page.goto(f"{server}/games/{game['id']}/round")
    switch = page.get_by_role("checkbox", name="Keep the screen on")
    expect(page.locator("[data-awake]")).to_have_attribute("data-state", "held")
    switch.uncheck()
    expect(page.locator("[data-awake]")).to_have_attribute("data-state", "off")
    assert held(page) == 0 and wake(page)["releases"] == 1
    shot(page, "awake-round-390")

    # Off on this phone: the sheet and the round form open without a lock.
    for address in (f"{server}/games/{game['id']}", f"{server}/games/{game['id']}/round"):
        page.goto(address)
        expect(page.get_by_role("checkbox", name="Keep the screen on")).not_to_be_checked()
        page.evaluate("__hide()")
        page.evaluate("__show()")
        assert wake(page)["requests"] == 0
    page.get_by_role("checkbox", name="Keep the screen on").check()
    expect(page.locator("[data-awake]")).to_have_attribute("data-state", "held")
    page.reload()
    expect(page.locator("[data-awake]")).to_have_attribute("data-state", "held")


def test_a_finished_game_lets_the_screen_sleep(pages: Any, server: str) -> None:
    page = pages()
    page.context.add_init_script(STAND_IN)
    game = api_game(page, server, PLAYERS, phases=[1])
    page.goto(f"{server}/games/{game['id']}")
    expect(page.locator("[data-awake]")).to_have_attribute("data-state", "held")
    api_round(page, server, game, [
        {"player": "Anna", "phase": True, "points": 0, "went_out": True},
        {"player": "Ben", "phase": False, "points": 55},
        {"player": "Cem", "phase": False, "points": 60}])
    expect(page.locator(".banner.win")).to_contain_text("Anna wins!")
    expect(page.locator("[data-awake]")).to_have_count(0)
    page.wait_for_function("window.__wake.held.length === 0")


def test_without_the_api_nothing_shows_and_nothing_fails(pages: Any, server: str) -> None:
    page = pages()
    page.context.add_init_script(
        "Object.defineProperty(navigator, 'wakeLock', {value: undefined})")
    game = started(page, server)
    page.goto(f"{server}/games/{game['id']}")
    expect(page.locator("[data-awake]")).to_be_hidden()
    expect(page.locator("[data-awake]")).to_have_attribute("data-state", "off")
