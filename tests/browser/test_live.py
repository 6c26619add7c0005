"""Live sheets: one phone keeps score through the edit link, another follows the read-only
link; the second page hears of every change through a stream (Server-Sent Events) and swaps in
the new sheet without a reload. Where the stream is cut, it asks the API every 1.5 s instead
(a conditional request, answered 304 while nothing changed)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, Response, Route, expect

from tests.kits.browser import api_game, api_round, read_sheet

pytestmark = pytest.mark.browser

PLAYERS = ["Anna", "Ben", "Cem"]
LIVE = 2000  # ms: a change, its event, and the one request for the new sheet, with room to spare
POLLED = 4000  # ms: one polling interval (1.5 s) and the two requests that follow it
EVENTS = re.compile(r".*/events$")


class Watch:
    """What happens to a page while it sits there: navigations, loads and the answers to
    its polls of ``api`` (conditional requests for the API address of the game's link) and its
    requests for the sheet's content."""

    def __init__(self, page: Page, api: str) -> None:
        self.page, self.api = page, api
        self.url = page.url
        self.navigations: list[str] = []
        self.statuses: list[int] = []
        self.contents: list[int] = []
        page.on("framenavigated", lambda frame: self.navigations.append(frame.url)
                if frame == page.main_frame else None)
        page.on("load", lambda: self.navigations.append("load"))
        page.on("response", self._response)
        page.evaluate("window.__marker = 1")

    def _response(self, response: Response) -> None:
        if response.url == self.api and "if-none-match" in response.request.headers:
            self.statuses.append(response.status)
        elif response.url.endswith("/live"):
            self.contents.append(response.status)

    def next_poll(self) -> int:
        """Waits for the page's next polling request; returns the status it got."""
        with self.page.expect_response(lambda r: r.url == self.api and "if-none-match" in
                                       r.request.headers, timeout=POLLED) as answer:
            pass
        return answer.value.status

    def stayed(self) -> None:
        """The page was updated in place: no navigation, no load, same URL and globals."""
        assert self.navigations == [], f"the page was loaded again: {self.navigations}"
        assert self.page.url == self.url
        assert self.page.evaluate("window.__marker") == 1, "the page's scripts started afresh"


def streaming(page: Page) -> None:
    """Waits until the page's stream of events is open."""
    expect(page.locator("[data-live]")).to_have_attribute("data-stream", "open")


def totals(page: Page) -> Any:
    return page.locator("table.sheet tfoot td")


def enter_round(page: Page, number: int, out: str, rows: dict[str, tuple[bool, str]]) -> None:
    """Through the round form on the sheet: who went out; per other player phase and points."""
    page.get_by_role("link", name=f"Enter round {number}").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Round {number}")
    page.locator(".result-row", has=page.get_by_role("heading", name=out)) \
        .get_by_label("went out").tap()
    for name, (laid, points) in rows.items():
        row = page.locator(".result-row", has=page.get_by_role("heading", name=name))
        if laid:
            row.get_by_role("checkbox").check()
        row.get_by_label("Points").fill(points)
    page.get_by_role("button", name=f"Store round {number}").tap()
    expect(page.get_by_text(f"Round {number} stored.")).to_be_visible()


def test_a_round_shows_on_the_other_phone_without_a_reload(pages: Any, server: str) -> None:
    keeper, follower = pages(), pages()
    game = api_game(keeper, server, PLAYERS)
    keeper.goto(f"{server}/games/{game['id']}")
    follower.goto(f"{server}/games/{game['view_id']}")
    expect(totals(follower)).to_have_text(["0", "0", "0"])
    watch = Watch(follower, f"{server}/api/games/{game['view_id']}")
    streaming(follower)

    enter_round(keeper, 1, "Anna", {"Ben": (True, "20"), "Cem": (False, "65")})
    expect(totals(keeper)).to_have_text(["0", "20", "65"])
    expect(totals(follower)).to_have_text(["0", "20", "65"], timeout=LIVE)
    sheet = read_sheet(follower)
    assert sheet["rounds"] == [["1", "0", "20", "65"]]
    assert sheet["marks"] == {"Anna": [1], "Ben": [1], "Cem": []}
    expect(follower.get_by_text(re.compile(r"Round 2 · Ben deals"))).to_be_visible()
    # A screen reader hears what changed, not only that something did.
    expect(follower.locator("#live-status")).to_have_text(
        "Round 1: Anna went out, Ben 20, Cem 65.")
    expect(keeper.locator(".flash")).to_be_focused()  # read out: "Round 1 stored."
    # Still the read-only page: the swapped-in sheet offers no editing either.
    expect(follower.get_by_role("link", name=re.compile("Enter round"))).to_have_count(0)
    watch.stayed()
    # The stream said so: no polling, and one request for the new sheet.
    assert watch.statuses == []
    assert watch.contents == [200]

    # Round 1 corrected through the API: Cem had 70, not 65. Both phones follow.
    kept = Watch(keeper, f"{server}/api/games/{game['id']}")
    response = keeper.request.put(f"{server}/api/games/{game['id']}/rounds/1", data={"results": [
        {"player": "Anna", "phase": True, "points": 0, "went_out": True},
        {"player": "Ben", "phase": True, "points": 20},
        {"player": "Cem", "phase": False, "points": 70}]})
    assert response.status == 200, response.text()
    expect(totals(follower)).to_have_text(["0", "20", "70"], timeout=LIVE)
    expect(totals(keeper)).to_have_text(["0", "20", "70"], timeout=LIVE)
    assert read_sheet(follower)["rounds"] == [["1", "0", "20", "70"]]
    assert read_sheet(keeper)["rounds"] == [["1", "0", "20", "70"]]
    expect(follower.locator("#live-status")).to_have_text("Round 1 was corrected.")
    expect(keeper.locator("#live-status")).to_have_text("Round 1 was corrected.")
    # The keeper's swapped-in sheet still has the editing links.
    expect(keeper.get_by_role("link", name="Enter round 2")).to_be_visible()
    expect(keeper.get_by_role("link", name="Edit round 1")).to_be_visible()
    watch.stayed()
    kept.stayed()


def test_a_board_track_moves_on_the_other_phone(pages: Any, server: str) -> None:
    keeper, follower = pages(), pages()
    game = api_game(keeper, server, PLAYERS, edition="board")
    keeper.goto(f"{server}/games/{game['id']}")
    follower.goto(f"{server}/games/{game['view_id']}")
    legend = follower.locator("figure.track figcaption .who")
    expect(legend).to_have_text(["Anna: phase 1", "Ben: phase 1", "Cem: phase 1"])
    watch = Watch(follower, f"{server}/api/games/{game['view_id']}")
    kept = Watch(keeper, f"{server}/api/games/{game['id']}")

    api_round(keeper, server, game, [{"player": "Anna", "phase": True},
                                     {"player": "Ben", "phase": True, "went_out": True},
                                     {"player": "Cem", "phase": False}])
    moved = ["Anna: phase 2", "Ben: phase 3", "Cem: phase 1"]
    expect(legend).to_have_text(moved, timeout=LIVE)
    expect(keeper.locator("figure.track figcaption .who")).to_have_text(moved, timeout=LIVE)
    expect(follower.get_by_role("img", name=re.compile("Phase track"))).to_have_accessible_name(
        "Phase track: Anna on phase 2, Ben on phase 3, Cem on phase 1")
    expect(follower.get_by_role("region", name="Rounds").get_by_role("listitem")).to_have_text(
        ["Ben: phase 1 → phase 3 (ended the round, +2)", "Anna: phase 1 → phase 2"])
    expect(keeper.get_by_role("link", name="Round 2 is over")).to_be_visible()
    watch.stayed()
    kept.stayed()


def test_a_change_on_one_phone_reaches_the_other_through_the_stream(
        pages: Any, server: str) -> None:
    """Each change shows on the second phone without it asking: no poll while its stream is
    open. How long that takes is printed by benchmarks/live.py; no test asserts a time."""
    keeper, follower = pages(), pages()
    game = api_game(keeper, server, PLAYERS)
    keeper.goto(f"{server}/games/{game['id']}")
    follower.goto(f"{server}/games/{game['view_id']}")
    streaming(follower)
    watch = Watch(follower, f"{server}/api/games/{game['view_id']}")
    for number in (1, 2, 3):
        api_round(keeper, server, game, [{"player": "Anna", "phase": True, "points": 0},
                                         {"player": "Ben", "phase": True, "points": 20},
                                         {"player": "Cem", "phase": False, "points": 65}])
        expect(totals(follower)).to_have_text(["0", str(20 * number), str(65 * number)],
                                              timeout=15_000)
    assert watch.statuses == [], "the page polled although its stream was open"
    watch.stayed()


def test_the_sheet_polls_for_changes_when_the_stream_is_cut(pages: Any, server: str,
                                                           script_errors: list[str]) -> None:
    keeper, follower = pages(), pages()
    game = api_game(keeper, server, PLAYERS)
    cut: list[str] = []

    def refuse(route: Route) -> None:
        cut.append(route.request.url)
        route.abort()

    follower.route(EVENTS, refuse)
    follower.goto(f"{server}/games/{game['view_id']}")
    watch = Watch(follower, f"{server}/api/games/{game['view_id']}")
    # Without its stream the page asks every 1.5 s: conditional requests, 304 while nothing changed.
    assert watch.next_poll() == 304
    assert cut, "the page never tried its stream"
    api_round(keeper, server, game, [{"player": "Anna", "phase": True, "points": 0},
                                     {"player": "Ben", "phase": True, "points": 20},
                                     {"player": "Cem", "phase": False, "points": 65}])
    expect(totals(follower)).to_have_text(["0", "20", "65"], timeout=POLLED)
    expect(follower.locator("[data-live]")).to_have_attribute("data-stream", "closed")
    assert 200 in watch.statuses
    # Once the new state is known, polling is back to 304s.
    assert watch.next_poll() == 304
    assert set(watch.statuses[watch.statuses.index(200) + 1:]) == {304}
    watch.stayed()

    # The stream comes back: the page uses it again, and stops polling.
    follower.unroute(EVENTS)
    expect(follower.locator("[data-live]")).to_have_attribute("data-stream", "open",
                                                                timeout=20_000)
    # Chromium logs each refused stream; those failures were the point of this test.
    script_errors[:] = [error for error in script_errors if not error.endswith("net::ERR_FAILED")]
