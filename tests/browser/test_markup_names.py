"""Names made of markup stay text on every page that shows them (issue 31): players, a group
and house rules named as tags, attributes and a refresh. Chromium renders each page; no element,
attribute, request or navigation is made by a name."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page

from tests.kits.browser import api_post as post

pytestmark = pytest.mark.browser

#: Each name, if it were markup, would make something the checks below find.
PLAYERS = ["<img src=/made-by-name id=p1>", 'x" data-pwn="1', "<b data-pwn=1>Cem</b>"]
GROUP = "<meta http-equiv=refresh content=0;/?g>"
HOUSE = "<a href=//elsewhere/x data-pwn=1>h</a>"
BOARD = ["<i data-pwn=1>Ann</i>", "<svg onload=alert(1)>"]


def made(page: Page, server: str) -> dict[str, Any]:
    """A group with a finished game of house rules and a card game in progress, and a board
    game: every kind of name, as markup."""
    group = post(page, server, "/api/groups", {"name": GROUP})
    house = post(page, server, "/api/editions",
                 {"name": HOUSE, "phases": [[{"kind": "set", "size": 3}]]})
    finished = post(page, server, f"/api/groups/{group['id']}/games",
                    {"players": PLAYERS, "edition": house["edition"]})
    post(page, server, f"/api/games/{finished['id']}/rounds", {"results": [
        {"player": PLAYERS[0], "phase": True, "points": 0, "went_out": True},
        {"player": PLAYERS[1], "phase": False, "points": 75},
        {"player": PLAYERS[2], "phase": False, "points": 80}]})
    playing = post(page, server, f"/api/groups/{group['id']}/games", {"players": PLAYERS})
    board = post(page, server, "/api/games", {"players": BOARD, "edition": "board"})
    return {"group": group, "house": house, "finished": finished, "playing": playing,
            "board": board}


def pages_of(things: dict[str, Any]) -> list[str]:
    group, house = things["group"], things["house"]
    games = [things[kind] for kind in ("finished", "playing", "board")]
    paths = [f"/groups/{group['id']}", f"/groups/{group['view_id']}",
             f"/games/new?group={group['id']}", f"/editions/{house['id']}",
             f"/editions/{house['view_id']}", f"/checker?edition={house['edition']}",
             f"/print?edition={house['edition']}&name={PLAYERS[0]}",
             f"/games/new?edition={house['id']}"]
    for game in games:
        paths += [f"/games/{game['id']}", f"/games/{game['view_id']}",
                  f"/games/{game['id']}/players", f"/games/{game['id']}/round"]
    return [*paths, "/"]  # the home page last: its list of recent games names them


def assert_nothing_made(page: Page, path: str, requests: list[str]) -> None:
    found = page.evaluate("""() => ({
        pwn: document.querySelectorAll('[data-pwn], #p1, svg[onload]').length,
        meta: document.querySelectorAll('meta[http-equiv]').length,
        links: [...document.querySelectorAll('a[href]')]
            // BG Stats' createPlay link carries the names as data in its query: not a link
            // a name made.
            .filter(a => a.href.includes('elsewhere')
                && !a.href.startsWith('https://app.bgstatsapp.com/createPlay.html?data=')).length,
    })""")
    assert found == {"pwn": 0, "meta": 0, "links": 0}, (path, found)
    fetched = [url for url in requests if urlsplit(url).path == "/made-by-name"
               or urlsplit(url).hostname == "elsewhere"]
    assert not fetched, path


def test_markup_names_stay_text_on_every_page(phone: Page, server: str) -> None:
    things = made(phone, server)
    requests: list[str] = []
    navigations: list[str] = []
    phone.on("request", lambda request: requests.append(request.url))
    phone.on("framenavigated", lambda frame: navigations.append(frame.url)
             if frame == phone.main_frame else None)
    phone.on("dialog", lambda dialog: pytest.fail(f"a name opened a dialog: {dialog.message}"))
    for path in pages_of(things):
        navigations.clear()
        answer = phone.goto(f"{server}{path}")
        assert answer is not None and answer.status == 200, path
        phone.wait_for_timeout(1200)  # a refresh of 0 s would have happened by now
        assert len(navigations) == 1, (path, navigations)  # the page itself, nothing after
        assert_nothing_made(phone, path, requests)
    # The names are there, as the characters typed.
    phone.goto(f"{server}/groups/{things['group']['id']}")
    assert GROUP in phone.locator("h1").inner_text()
    phone.goto(f"{server}/games/{things['finished']['id']}")
    assert HOUSE in phone.locator("h1").inner_text()
    assert PLAYERS[1] in phone.locator("main").inner_text()


