"""Nothing a phone enters is lost or silently overwritten (issue 21), in a browser: an edit
made offline on a kept page older than the phone's copy, a round entered offline on a kept
form of another round, a round posted while the server answers with a proxy's 502, two phones
storing the same round, and confirmations and choices shown where the person looks."""

from __future__ import annotations

import gc
import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from companion import create_app
from tests.kits.browser import api_game, api_round, shot
from tests.kits.offline import (
    OFFLINE_PAGE,
    PLAYERS,
    SYNC,
    copied,
    enter_round,
    points,
    ready,
    sent,
    server_game,
    server_game_with,
)
from tests.kits.server import started
from tests.kits.thread_server import serve_in_thread

pytestmark = pytest.mark.browser

#: Seconds a slow line takes to answer (the service worker's cache answers after 6).
SLOW = 8
ROUND_1 = [{"player": "Anna", "phase": True, "points": 0},
           {"player": "Ben", "phase": True, "points": 25},
           {"player": "Cem", "phase": False, "points": 60}]


@pytest.fixture(scope="module")
def server(server_database: tuple[str, Path]) -> Iterator[str]:
    """A real gunicorn as gunicorn.conf.py sets it up (several workers), on SQLite and on
    PostgreSQL: the phones' writes meet the production server."""
    with started(*server_database) as running:
        yield running.url


def results(round_: dict[str, int], out: str = "Anna") -> list[dict[str, Any]]:
    return [{"player": name, "phase": name == out or value < 30, "points": value}
            for name, value in round_.items()]


def test_an_offline_edit_on_an_older_kept_page_never_reverts_another_phones_fix(
        phones: Callable[[], Page], server: str) -> None:
    a, b = phones(), phones()
    game = api_game(a, server, PLAYERS)
    game = api_round(a, server, game, ROUND_1)
    a.goto(f"{server}/games/{game['id']}")
    ready(a)
    a.get_by_role("link", name="Edit round 1").first.tap()  # the worker keeps this page ...
    expect(a.get_by_role("heading", level=1)).to_have_text("Edit round 1")
    a.get_by_role("link", name="Cancel").tap()              # ... and A cancels
    # B corrects Cem's points: 60 -> 85. A's sheet follows live.
    fixed = b.request.put(f"{server}/api/games/{game['id']}/rounds/1", data={"results": [
        *ROUND_1[:2], {"player": "Cem", "phase": False, "points": 85}]})
    expect(a.locator("table.sheet tbody.rounds tr").first).to_contain_text("85", timeout=SYNC)
    copied(a, game["id"], fixed.json()["revision"])

    a.context.set_offline(True)
    a.goto(f"{server}/games/{game['id']}/rounds/1/edit")  # the kept page said Cem 60
    row = a.locator(".result-row", has=a.get_by_role("heading", name="Cem"))
    expect(row.get_by_label("Points")).to_have_value("85")  # refilled from the phone's copy
    a.locator(".result-row", has=a.get_by_role("heading", name="Ben")) \
        .get_by_label("Points").fill("35")
    a.get_by_role("button", name="Store round 1").tap()
    expect(a.get_by_role("heading", name="Waiting to send: 1")).to_be_visible()
    a.context.set_offline(False)
    sent(a, game["id"])
    assert points(server_game(a, server, game["id"])) == [{"Anna": 0, "Ben": 35, "Cem": 85}]


def test_a_live_update_before_the_page_first_drew_still_brings_the_copy_up_to_date(
        phones: Callable[[], Page], server: str) -> None:
    """A slow phone: the sheet opens, the page's first look at its game is answered, and
    before that answer has arrived another phone fixes a round and the live update redraws
    the sheet. The answer arrives older than the sheet; the page looks again as it first
    draws, so the phone's copy (what the sheet is filled from offline) is the new one."""
    a, b = phones(), phones()
    game = api_game(a, server, PLAYERS)
    game = api_round(a, server, game, ROUND_1)
    held: list[tuple[Any, Any]] = []

    def hold_the_first_look(route: Any) -> None:
        if held or not route.request.headers.get("x-companion-offline"):
            route.continue_()
            return
        held.append((route, route.fetch()))  # answered now, delivered late

    a.context.route(f"**/api/games/{game['id']}", hold_the_first_look)
    a.goto(f"{server}/games/{game['id']}")
    deadline = time.monotonic() + SYNC / 1000
    while not held:
        assert time.monotonic() < deadline, "the page never looked at its game"
        a.wait_for_timeout(50)
    fixed = b.request.put(f"{server}/api/games/{game['id']}/rounds/1", data={"results": [
        *ROUND_1[:2], {"player": "Cem", "phase": False, "points": 85}]})
    expect(a.locator("table.sheet tbody.rounds tr").first).to_contain_text("85", timeout=SYNC)
    route, answer = held[0]
    assert answer.json()["revision"] < fixed.json()["revision"]
    route.fulfill(response=answer)
    copied(a, game["id"], fixed.json()["revision"])


def test_a_kept_edit_page_typed_on_before_it_was_refilled_ends_as_two_versions(
        phones: Callable[[], Page], server: str) -> None:
    a, b = phones(), phones()
    game = api_round(a, server, api_game(a, server, PLAYERS), ROUND_1)
    a.goto(f"{server}/games/{game['id']}")
    ready(a)
    a.get_by_role("link", name="Edit round 1").first.tap()  # seen online: Cem 60
    expect(a.get_by_role("heading", level=1)).to_have_text("Edit round 1")
    # Offline before B's fix can reach A's page or copy: A types on what A saw.
    a.context.set_offline(True)
    b.request.put(f"{server}/api/games/{game['id']}/rounds/1", data={"results": [
        *ROUND_1[:2], {"player": "Cem", "phase": False, "points": 85}]})
    a.locator(".result-row", has=a.get_by_role("heading", name="Ben")) \
        .get_by_label("Points").fill("35")
    a.get_by_role("button", name="Store round 1").tap()
    expect(a.get_by_role("heading", name="Waiting to send: 1")).to_be_visible()
    a.context.set_offline(False)
    conflict = a.get_by_role("alert").filter(has_text="Round 1: two versions")
    expect(conflict).to_be_visible(timeout=SYNC)
    expect(conflict.locator(".mine")).to_contain_text("Cem 60")
    expect(conflict.locator(".theirs")).to_contain_text("Cem 85")
    expect(conflict.locator("h2")).to_be_in_viewport()  # the choice opens where one looks
    shot(a, "lost-conflict-in-view")
    assert points(server_game(a, server, game["id"])) == [{"Anna": 0, "Ben": 25, "Cem": 85}]


def test_a_round_entered_offline_on_a_kept_form_of_round_1_is_queued_as_round_3(
        phones: Callable[[], Page], server: str) -> None:
    a, b = phones(), phones()
    game = api_game(a, server, PLAYERS)
    a.goto(f"{server}/games/{game['id']}")
    ready(a)  # the round form is kept now, titled "Round 1"
    game = api_round(b, server, game, ROUND_1)
    game = api_round(b, server, game, results({"Anna": 10, "Ben": 0, "Cem": 70}, out="Ben"))
    expect(a.get_by_role("link", name="Enter round 3")).to_be_visible(timeout=SYNC)
    copied(a, game["id"], game["revision"])  # the sheet is redrawn before the copy is kept
    a.context.set_offline(True)
    enter_round(a, 3, "Cem", {"Anna": "5", "Ben": "10"})
    expect(a.get_by_role("heading", name="Waiting to send: 1")).to_be_visible()
    a.context.set_offline(False)
    sent(a, game["id"])
    stored = server_game_with(a, server, game["id"], rounds=3)
    assert [r["number"] for r in stored["rounds"]] == [1, 2, 3]
    assert points(stored)[2] == {"Anna": 5, "Ben": 10, "Cem": 0}


class Failing:
    """A proxy in front of the app that answers 502 to round forms while ``on``, and answers
    a page's look at its game (``X-Companion-Offline``) after :data:`SLOW` seconds while
    ``slow``: longer than the service worker waits before its cache answers."""

    def __init__(self, app: Any) -> None:
        self.app, self.on, self.slow, self.delayed = app, False, False, 0

    def __call__(self, environ: dict[str, Any], start: Any) -> Any:
        if self.slow and environ.get("HTTP_X_COMPANION_OFFLINE"):
            self.delayed += 1
            time.sleep(SLOW)
        if self.on and environ["REQUEST_METHOD"] == "POST" and re.search(
                r"/rounds?$", environ["PATH_INFO"]):  # the form, and the API the queue sends to
            start("502 Bad Gateway", [("Content-Type", "text/html")])
            return [b"<h1>502 Bad Gateway</h1>"]
        return self.app(environ, start)


@pytest.fixture
def flaky(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Failing]]:
    base = tmp_path_factory.mktemp("flaky")
    os.environ["COMPANION_INSTANCE_PATH"] = str(base / "instance")
    proxy = Failing(create_app({"SECRET_KEY": "browser-tests",
                                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{base / 'db.sqlite'}"}))
    httpd, url = serve_in_thread(proxy)
    yield url, proxy
    httpd.shutdown()
    httpd.server_close()
    gc.collect()


def _kept_after_502(phone: Page, url: str, proxy: Failing) -> tuple[Page, dict[str, Any]]:
    """A game whose round 1 the proxy answered with 502: it waits on the phone."""
    game = api_game(phone, url, PLAYERS)
    phone.goto(f"{url}/games/{game['id']}")
    ready(phone)
    proxy.on = True
    enter_round(phone, 1, "Anna", {"Ben": "25", "Cem": "60"})
    expect(phone.get_by_role("heading", name="Waiting to send: 1")).to_be_visible()
    return phone, game


def test_a_round_posted_while_a_proxy_answers_502_is_kept_and_sent_later(
        phones: Callable[[], Page], flaky: tuple[str, Failing]) -> None:
    url, proxy = flaky
    phone, game = _kept_after_502(phones(), url, proxy)
    expect(phone.locator(".offline-banner")).to_contain_text(
        "The server could not store your round")
    shot(phone, "lost-kept-after-502")
    assert server_game(phone, url, game["id"])["rounds"] == []
    proxy.on = False
    phone.evaluate(f"() => {OFFLINE_PAGE}.then((page) => page.sync())")
    sent(phone, game["id"])
    assert points(server_game(phone, url, game["id"])) == [{"Anna": 0, "Ben": 25, "Cem": 60}]


def test_send_now_goes_after_a_sender_at_work(phones: Callable[[], Page],
                                             flaky: tuple[str, Failing]) -> None:
    """"Send now" while another sender of the browser is at work (the worker's Background
    Sync, the page's timer, holding the one lock) waits for it, then sends what it could
    not, rather than doing nothing until the next occasion."""
    url, proxy = flaky
    phone, game = _kept_after_502(phones(), url, proxy)
    # The other sender: it holds the lock from before the line is good again.
    phone.evaluate("""() => new Promise((held) => navigator.locks.request("phase10-sync",
        () => new Promise((done) => { window.releaseSender = done; held(); })))""")
    proxy.on = False
    phone.evaluate(f"() => {{ window.sending = {OFFLINE_PAGE}.then((page) => page.sync()); }}")
    phone.wait_for_timeout(500)
    assert server_game(phone, url, game["id"])["rounds"] == []  # the other sender holds on
    phone.evaluate("() => window.releaseSender()")
    sent(phone, game["id"])
    assert points(server_game(phone, url, game["id"])) == [{"Anna": 0, "Ben": 25, "Cem": 60}]


def test_a_slow_moment_of_the_line_leaves_no_offline_note_and_no_old_copy(
        phones: Callable[[], Page], flaky: tuple[str, Failing]) -> None:
    """A live update makes the page look at its game; the line is slow, so the worker answers
    from its cache and the page says it is offline, though the browser is online and the
    stream flows. Once the line is quick again the page finds out by itself: the note goes
    and the phone's copy of the game catches up, without another change to the game."""
    url, proxy = flaky
    phone = phones()
    game = api_game(phone, url, PLAYERS)
    phone.goto(f"{url}/games/{game['id']}")
    ready(phone)
    # The page looks at its game once through the worker, which keeps the answer.
    phone.evaluate(f"() => {OFFLINE_PAGE}.then((page) => page.update())")
    proxy.slow = True
    game = api_round(phone, url, game, ROUND_1)
    expect(phone.locator("table.sheet tbody.rounds tr").first).to_contain_text("60",
                                                                               timeout=SYNC)
    expect(phone.locator(".offline-banner")).to_contain_text("No connection", timeout=SYNC)
    assert proxy.delayed >= 1
    proxy.slow = False
    expect(phone.locator(".offline-banner")).to_have_count(0, timeout=SYNC)
    copied(phone, game["id"], game["revision"])


def test_a_stale_round_form_is_a_choice_about_that_round_never_the_next_one(
        phones: Callable[[], Page], server: str) -> None:
    one, two = phones(), phones()
    game = api_game(one, server, PLAYERS)
    for phone in (one, two):
        phone.goto(f"{server}/games/{game['id']}/round")
    for phone, ben in ((one, "25"), (two, "30")):
        phone.locator(".result-row", has=phone.get_by_role("heading", name="Anna")) \
            .get_by_label("went out").tap()
        for name, value in (("Ben", ben), ("Cem", "60")):
            phone.locator(".result-row", has=phone.get_by_role("heading", name=name)) \
                .get_by_label("Points").fill(value)
    one.get_by_role("button", name="Store round 1").tap()
    expect(one.get_by_text("Round 1 stored.")).to_be_visible()
    two.get_by_role("button", name="Store round 1").tap()
    expect(two.get_by_role("heading", level=1)).to_have_text("Edit round 1")
    expect(two.get_by_role("alert")).to_contain_text("Round 1 was stored on another phone")
    expect(two.get_by_role("alert")).to_contain_text("Ben: 25")
    mine = two.locator(".result-row", has=two.get_by_role("heading", name="Ben"))
    expect(mine.get_by_label("Points")).to_have_value("30")
    shot(two, "lost-stale-form")
    replace = two.get_by_role("button", name="Replace round 1 with mine")
    expect(replace).to_be_visible()
    assert two.get_by_role("button", name="Store round 2").count() == 0
    replace.tap()
    expect(two.get_by_text("Round 1 stored.")).to_be_visible()
    stored = server_game(two, server, game["id"])
    assert points(stored) == [{"Anna": 0, "Ben": 30, "Cem": 60}]  # round 1, as typed for it


def test_a_plausibility_question_is_answered_beside_the_store_button(
        phones: Callable[[], Page], server: str) -> None:
    phone = phones()
    game = api_game(phone, server, ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"])
    phone.goto(f"{server}/games/{game['id']}/round")
    rows = {name: phone.locator(".result-row", has=phone.get_by_role("heading", name=name))
            for name in ("Anna", "Ben", "Cem", "Dora", "Emil", "Fritz")}
    rows["Anna"].get_by_label("went out").tap()
    for name, value in (("Ben", "25"), ("Cem", "50"), ("Dora", "55"), ("Emil", "60"),
                        ("Fritz", "65")):
        rows[name].get_by_label("Points").fill(value)
    laid = rows["Ben"].locator("label.toggle input")
    if laid.is_checked():  # under 50 points ticks "phase done": untick it
        rows["Ben"].locator("label.toggle").tap()
    expect(laid).not_to_be_checked()  # 10 cards in hand, yet only 25 points
    phone.get_by_role("button", name="Store round 1").tap()
    warning = phone.locator(".verdict.warn")
    expect(warning).to_contain_text("Yes, these numbers are right")
    confirm = phone.get_by_label("Yes, these numbers are right")
    expect(confirm).to_be_visible()
    expect(phone.locator(".sticky-actions .confirm")).to_be_in_viewport(ratio=1)
    shot(phone, "lost-confirm-in-view")
    confirm.check()
    phone.get_by_role("button", name="Store round 1").tap()
    expect(phone.get_by_text("Round 1 stored.")).to_be_visible()


def test_refused_points_stay_in_their_field_as_typed(phones: Callable[[], Page],
                                                     server: str) -> None:
    phone = phones()
    game = api_game(phone, server, PLAYERS)
    phone.goto(f"{server}/games/{game['id']}/round")
    rows = {name: phone.locator(".result-row", has=phone.get_by_role("heading", name=name))
            for name in PLAYERS}
    rows["Anna"].get_by_label("went out").tap()
    rows["Ben"].get_by_label("Points").fill("-5")
    rows["Cem"].get_by_label("Points").fill("9999")
    phone.get_by_role("button", name="Store round 1").tap()
    expect(rows["Ben"].locator(".field-error")).to_have_text(
        "Points cannot be negative: Ben has -5")
    expect(rows["Ben"].get_by_label("Points")).to_have_value("-5")
    expect(rows["Cem"].locator(".field-error")).to_contain_text("too many for one round")
    expect(rows["Cem"].get_by_label("Points")).to_have_value("9999")
    shot(phone, "lost-refused-as-typed")
    assert server_game(phone, server, game["id"])["rounds"] == []
