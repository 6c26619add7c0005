"""No signal at the table: with Playwright's offline switch, a phone that opened a game once
reloads it, keeps rounds on the phone (IndexedDB), and sends them in order when the
connection is back; a round entered meanwhile on another phone ends as two versions shown
side by side, nothing lost, the next round waiting for the choice; the app shell opens
offline from a cold start."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from companion import create_app
from tests.kits.browser import api_game, api_round, read_sheet, shot
from tests.kits.offline import (
    PHONE_OPTIONS,
    PLAYERS,
    QUEUE,
    SYNC,
    SYNC_MODULE,
    enter_round,
    points,
    ready,
    sent,
    server_game,
    watch,
)
from tests.kits.thread_server import serve_in_thread

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run"]


def dealer(page: Page) -> str | None:
    """The player whose column carries the dealer's dot (one at most)."""
    marked = page.locator("table.sheet thead th.dealer")
    expect(marked).to_have_count(1)
    expect(marked.locator(".deal-mark")).to_be_visible()
    return marked.get_attribute("title")


def test_rounds_entered_offline_are_sent_in_order_when_the_connection_is_back(
        phones: Callable[[], Page], server: str) -> None:
    keeper, follower = phones(), phones()
    game = api_game(keeper, server, PLAYERS)
    keeper.goto(f"{server}/games/{game['id']}")
    ready(keeper)

    keeper.context.set_offline(True)
    keeper.reload()  # opens: the worker answers from its cache
    expect(keeper.get_by_role("status").filter(has_text="No connection.")).to_contain_text(
        "This is the sheet as last seen on this phone")
    shot(keeper, "offline-sheet")
    assert game["dealer"] == "Anna" and dealer(keeper) == "Anna"

    enter_round(keeper, 1, "Anna", {"Ben": "25", "Cem": "60"})
    expect(keeper.get_by_role("heading", name="Waiting to send: 1")).to_be_visible()
    assert dealer(keeper) == "Ben"  # the deal passes on with the round that waits
    enter_round(keeper, 2, "Ben", {"Anna": "10", "Cem": "70"})
    expect(keeper.get_by_role("heading", name="Waiting to send: 2")).to_be_visible()
    assert dealer(keeper) == "Cem"
    sheet = read_sheet(keeper)
    assert [row[:4] for row in sheet["rounds"]] == [["1", "0", "25", "60"], ["2", "10", "0", "70"]]
    totals = keeper.locator("table.sheet tfoot tr.offline-totals td")
    expect(totals).to_have_text(["10 2 ✕", "25 2 ✕", "130 0 ✕"])  # Ben's 25 ticked his phase
    shot(keeper, "offline-pending")
    assert server_game(keeper, server, game["id"])["rounds"] == []  # nothing left the phone

    keeper.get_by_role("button", name="Undo round 2").tap()
    expect(keeper.get_by_role("heading", name="Waiting to send: 1")).to_be_visible()
    assert dealer(keeper) == "Ben"

    keeper.context.set_offline(False)
    sent(keeper, game["id"])
    expect(keeper.locator(".offline-pending")).to_have_count(0)
    stored = server_game(keeper, server, game["id"])
    assert points(stored) == [{"Anna": 0, "Ben": 25, "Cem": 60}]
    assert stored["revision"] == game["revision"] + 1

    follower.goto(f"{server}/games/{game['view_id']}")
    assert [row[:4] for row in read_sheet(follower)["rounds"]] == [["1", "0", "25", "60"]]
    expect(keeper.locator("table.sheet tfoot td")).to_have_text(["0", "25", "60"], timeout=SYNC)
    assert dealer(keeper) == stored["dealer"] == "Ben"  # as the server says


def test_a_round_stored_meanwhile_on_another_phone_shows_both_versions(
        phones: Callable[[], Page], server: str) -> None:
    mine, other = phones(), phones()
    game = api_game(mine, server, PLAYERS)
    mine.goto(f"{server}/games/{game['id']}")
    ready(mine)
    mine.context.set_offline(True)
    enter_round(mine, 1, "Anna", {"Ben": "25", "Cem": "60"})
    expect(mine.get_by_role("heading", name="Waiting to send: 1")).to_be_visible()

    api_round(other, server, game, [{"player": "Anna", "phase": True, "points": 40},
                                    {"player": "Ben", "phase": True, "points": 0},
                                    {"player": "Cem", "phase": False, "points": 85}], number=1)
    mine.context.set_offline(False)

    conflict = mine.get_by_role("alert").filter(has_text="Round 1: two versions")
    expect(conflict).to_be_visible(timeout=SYNC)
    expect(conflict.locator(".mine")).to_contain_text("Ben 25")
    expect(conflict.locator(".theirs")).to_contain_text("Ben 0 ✕ (went out)")
    # The waiting box says the choice comes first, and the next round waits for it.
    pending = mine.locator(".offline-pending")
    expect(pending).to_contain_text("until you choose a version above")
    expect(pending).not_to_contain_text("when the connection is back")
    expect(pending.get_by_role("button", name="Send now")).to_have_count(0)
    enter = mine.get_by_text("Enter round 2")
    expect(enter).to_have_attribute("aria-disabled", "true")
    assert enter.get_attribute("href") is None
    shot(mine, "offline-conflict")
    # Nothing was overwritten: the server keeps the other phone's round until somebody picks.
    assert points(server_game(mine, server, game["id"])) == [{"Anna": 40, "Ben": 0, "Cem": 85}]

    conflict.get_by_role("button", name="Keep mine").tap()
    sent(mine, game["id"])
    expect(mine.locator(".offline-conflict, .offline-pending")).to_have_count(0)
    stored = server_game(mine, server, game["id"])
    assert points(stored) == [{"Anna": 0, "Ben": 25, "Cem": 60}]
    assert len(stored["rounds"]) == 1
    expect(mine.get_by_role("link", name="Enter round 2")).to_have_attribute(
        "href", f"/games/{game['id']}/round")


def test_a_resend_after_a_lost_answer_stores_the_round_once(
        phones: Callable[[], Page], server: str) -> None:
    phone = phones()
    game = api_game(phone, server, PLAYERS)
    results = [{"player": "Anna", "phase": True, "points": 0, "went_out": True},
               {"player": "Ben", "phase": False, "points": 55, "went_out": False},
               {"player": "Cem", "phase": False, "points": 70, "went_out": False}]
    phone.goto(f"{server}/games/{game['id']}")
    ready(phone)
    # The round reached the server but its answer never came back: it is still queued.
    api_round(phone, server, game, results, number=1, revision=game["revision"])
    phone.evaluate("([key, results, revision]) => " + QUEUE + """
        .then((q) => q.listOps(key)).then(() => new Promise((done) => {
          const open = indexedDB.open('phase10-offline');
          open.onsuccess = () => { const tx = open.result.transaction('ops', 'readwrite');
            tx.objectStore('ops').add({key, kind: 'add', number: 1, revision, results,
                                      state: 'waiting', created: Date.now()});
            tx.oncomplete = done; }; }))""", [game["id"], results, game["revision"]])
    outcome = phone.evaluate(f"() => {SYNC_MODULE}.then((sync) => sync.syncAll())")
    assert outcome == {"empty": True}
    assert phone.evaluate(f"(key) => {QUEUE}.then((q) => q.listOps(key))", game["id"]) == []
    assert len(server_game(phone, server, game["id"])["rounds"]) == 1


def test_checker_and_print_pages_open_offline_and_say_what_needs_a_connection(
        phones: Callable[[], Page], server: str) -> None:
    phone = phones()
    phone.goto(f"{server}/")
    ready(phone)
    phone.context.set_offline(True)
    phone.goto(f"{server}/checker")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Rules checker")
    phone.get_by_label("Cards in hand").fill("4r 4b 4g 8r 8y 8b 2r")
    phone.get_by_role("button", name="Check").tap()
    expect(phone.get_by_role("status").filter(has_text="No connection.")).to_contain_text(
        "Checking cards needs a connection")
    expect(phone.get_by_label("Cards in hand")).to_have_value("4r 4b 4g 8r 8y 8b 2r")
    shot(phone, "offline-checker")
    phone.goto(f"{server}/print")
    expect(phone.get_by_role("status").filter(has_text="No connection.")).to_contain_text(
        "Sheets you downloaded on this phone before still open")
    shot(phone, "offline-print")


def test_the_app_shell_opens_offline_from_a_cold_start(browser: Any, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """One visit, the browser closes, the server goes away; the phone opens the app again."""
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app({"SECRET_KEY": "offline-tests",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'cold.sqlite'}"})
    httpd, base = serve_in_thread(app)
    errors: list[str] = []
    options = dict(PHONE_OPTIONS, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    first = browser.browser_type.launch_persistent_context(str(tmp_path / "profile"), **options)
    try:
        page = first.new_page()
        watch(page, errors)
        page.goto(f"{base}/")
        ready(page)
        cdp = first.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        first.close()
        httpd.shutdown()
        httpd.server_close()

    again = browser.browser_type.launch_persistent_context(str(tmp_path / "profile"), **options)
    try:
        again.set_offline(True)
        page = again.pages[0] if again.pages else again.new_page()
        watch(page, errors)
        page.goto(f"{base}/")
        expect(page.get_by_role("heading", level=1)).to_have_text("Phase 10 at the table")
        expect(page.get_by_role("status")).to_contain_text("No connection.")
        page.goto(f"{base}/games/new")  # never opened here: says so, links what works
        expect(page.get_by_role("heading", level=1)).to_have_text("No connection")
        expect(page.get_by_role("link", name="Rules checker")).to_be_visible()
        shot(page, "offline-unknown-page")
    finally:
        again.close()
    assert not errors, "script errors:\n" + "\n".join(errors)
