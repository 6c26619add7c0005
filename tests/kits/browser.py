"""Helpers the browser tests share: screenshots, script-error watching, the JSON API and
reading the score sheet as the page shows it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", Path(__file__).parents[2] / "screenshots"))


def service_workers(request: Any) -> str:
    """Playwright's setting for the contexts of the test ``request`` runs: the app's service
    worker installs itself on a phone's first page and keeps every page and script for
    offline use, a tenth to a fifth of what Chromium does in a test that only walks pages.
    The offline tests (``phones``, and tests marked ``service_worker``) keep it; the others
    block it, and the page works without it, as in a browser that has none."""
    return "allow" if request.node.get_closest_marker("service_worker") is not None else "block"


class ScriptErrors(list[str]):
    """JavaScript errors and console errors of the pages watched during one test."""

    def watch(self, page) -> None:  # type: ignore[no-untyped-def]
        page.on("pageerror", lambda error: self.append(f"{page.url}: {error}"))
        page.on("console", lambda message: self.append(f"{page.url}: console: {message.text}")
                if message.type == "error" and not _expected(message.text) else None)


def _expected(text: str) -> bool:
    """A rejected form is answered with 422 on purpose; Chromium logs that as a failed load."""
    return "status of 422" in text


#: Screenshots are for people to look at. ``SCREENSHOTS=0`` (set by .ci/run, where nobody
#: does) skips drawing and encoding them: a tenth of the browser tests' CPU.
TAKE_SHOTS = os.environ.get("SCREENSHOTS", "1") != "0"


def shot(target, name: str, *, full_page: bool = True) -> None:  # type: ignore[no-untyped-def]
    """Keep a screenshot of a page (whole, or only what the window shows) or of one element
    (a locator) in screenshots/ (git-ignored), unless screenshots are off."""
    if not TAKE_SHOTS:
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    options = {"full_page": full_page} if hasattr(target, "goto") else {}
    target.screenshot(path=str(SCREENSHOTS / f"{name}.png"), **options)


def api_game(page, server: str, players: list[str], **options: Any) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """Start a game through the JSON API (CSRF-exempt) with the page's request context."""
    response = page.request.post(f"{server}/api/games", data={"players": players, **options})
    assert response.status == 201, response.text()
    game: dict[str, Any] = response.json()
    return game


def api_post(page, server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """POST ``body`` to a JSON route with the page's request context; 200 or 201 expected."""
    response = page.request.post(f"{server}{path}", data=body)
    assert response.status in (200, 201), response.text()
    answer: dict[str, Any] = response.json()
    return answer


def api_round(page, server: str, game: dict[str, Any], results: list[dict[str, Any]],  # type: ignore[no-untyped-def]
              **options: Any) -> dict[str, Any]:
    response = page.request.post(f"{server}/api/games/{game['id']}/rounds",
                                 data={"results": results, **options})
    assert response.status == 201, response.text()
    answer: dict[str, Any] = response.json()
    return answer


_SHEET_JS = """() => {
  const shown = (el) => {
    const copy = el.cloneNode(true);
    copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
    return copy.textContent.replace(/\\s+/g, ' ').trim();
  };
  const table = document.querySelector('table.sheet');
  const names = [...table.tHead.rows[0].cells].slice(1)
    .map((cell) => cell.getAttribute('title') || shown(cell));
  const marks = Object.fromEntries(names.map((name) => [name, []]));
  for (const row of table.querySelector('tbody.phases').rows) {
    const phase = Number(shown(row.cells[0]));
    [...row.cells].slice(1).forEach((cell, i) => {
      if (/[✕✗×X]/.test(shown(cell))) marks[names[i]].push(phase);
    });
  }
  const rounds = [...table.querySelector('tbody.rounds').rows]
    .filter((row) => row.cells.length > 1)
    .map((row) => [...row.cells].map(shown));
  const totals = [...table.tFoot.rows[0].cells].slice(1).map(shown);
  return {names, marks, rounds, totals};
}"""


def read_sheet(page) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """The score sheet as it shows: names, phases crossed off per player (✕), each round's
    row (round number first) and the totals."""
    sheet: dict[str, Any] = page.evaluate(_SHEET_JS)
    return sheet


def page_fits(page, width: int) -> bool:  # type: ignore[no-untyped-def]
    """No horizontal scrolling: the document is no wider than the viewport."""
    scroll: int = page.evaluate("document.scrollingElement.scrollWidth")
    return scroll <= width
