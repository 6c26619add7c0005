"""Phones for the offline tests: 390 px pages with their own storage and service worker,
whose script errors fail the test except the failed requests that are the point, and the
steps those tests share (the worker ready, the queue sent, a round entered on the form)."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page, expect

from tests.kits.browser import PHONE

PLAYERS = ["Anna", "Ben", "Cem"]
PHONE_OPTIONS: dict[str, Any] = {"locale": "en-GB", "viewport": PHONE, "device_scale_factor": 2,
                                 "is_mobile": True, "has_touch": True}
SYNC = 15_000  # ms: the page sends on the browser's "online" event; allow a slow machine
#: The page's own queue module, in a script run on the page (the module the page loaded: one
#: instance per address); static/offline.js's ``page`` is the page's offline state likewise.
QUEUE = 'import("/static/offline-queue.js")'
SYNC_MODULE = 'import("/static/offline-sync.js")'
OFFLINE_PAGE = 'import("/static/offline.js").then((m) => m.page)'


#: Console errors that are the point of these tests: requests without a network, and the
#: API's 409 when a resent change meets a game that moved on, a proxy's 502 made on purpose.
EXPECTED = ("net::ERR_", "status of 409", "status of 422", "status of 502")


def watch(page: Page, errors: list[str]) -> None:
    """Script errors fail the test; a request refused for want of a network does not."""
    page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
    page.on("console", lambda message: errors.append(f"{page.url}: {message.text}")
            if message.type == "error" and not any(text in message.text for text in EXPECTED)
            else None)


def ready(page: Page) -> None:
    """The service worker controls the page and the game's pages are kept for offline use."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null"
                           " && document.documentElement.dataset.offlineReady === '1'")
    # ... this page included (the worker keeps it after answering, not before).
    deadline = time.monotonic() + SYNC / 1000
    while not page.evaluate("() => caches.match(location.pathname).then(Boolean)"):
        assert time.monotonic() < deadline, "the page was never kept for offline use"
        page.wait_for_timeout(50)


def sent(page: Page, key: str) -> None:
    """Waits until nothing of the game waits on the phone any more (the queue is empty).
    Polled from here: wait_for_function would take the returned promise itself as truthy."""
    deadline = time.monotonic() + SYNC / 1000
    waiting = f"(key) => {QUEUE}.then((q) => q.listOps(key)).then((ops) => ops.length)"
    while page.evaluate(waiting, key):
        assert time.monotonic() < deadline, "changes still wait on the phone"
        page.wait_for_timeout(100)


def copied(page: Page, key: str, revision: int) -> None:
    """Waits until the phone's copy of the game (what a page opened offline is filled from)
    has reached ``revision``: a live update redraws the sheet first and fetches the copy
    after it, so a phone that goes offline in between keeps the older copy."""
    deadline = time.monotonic() + SYNC / 1000
    script = (f"(key) => {QUEUE}.then((q) => q.loadGame(key))"
              ".then((kept) => kept ? kept.game.revision : 0)")
    while page.evaluate(script, key) < revision:
        assert time.monotonic() < deadline, "the phone's copy of the game did not follow"
        page.wait_for_timeout(100)


def enter_round(page: Page, number: int, out: str, points: dict[str, str]) -> None:
    page.get_by_role("link", name=f"Enter round {number}").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Round {number}")
    page.locator(".result-row", has=page.get_by_role("heading", name=out)) \
        .get_by_label("went out").tap()
    for name, value in points.items():
        page.locator(".result-row", has=page.get_by_role("heading", name=name)) \
            .get_by_label("Points").fill(value)
    page.get_by_role("button", name=f"Store round {number}").tap()


def server_game(page: Page, server: str, key: str) -> dict[str, Any]:
    answer: dict[str, Any] = page.request.get(f"{server}/api/games/{key}").json()
    return answer


def server_game_with(page: Page, server: str, key: str, rounds: int) -> dict[str, Any]:
    """The server's game once it shows ``rounds`` rounds: on PostgreSQL a read may be answered
    by another worker from what its listener has heard, a notification's travel behind the
    commit (docs/decisions.md), which a busy machine stretches. Gives up after SYNC."""
    deadline = time.monotonic() + SYNC / 1000
    while len((game := server_game(page, server, key))["rounds"]) < rounds:
        assert time.monotonic() < deadline, f"the server shows {len(game['rounds'])} rounds"
        page.wait_for_timeout(100)
    return game


def points(game: dict[str, Any]) -> list[dict[str, int]]:
    return [{r["player"]: r["points"] for r in round_["results"]} for round_ in game["rounds"]]
