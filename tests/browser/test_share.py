"""Sharing a finished game's result on a phone: the share sheet gets the summary text and the
standings as a PNG file; where there is no share sheet, the text is copied to the clipboard
with a confirmation; without either, the text is selected to copy by hand."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import api_game, api_round, page_fits, shot

pytestmark = pytest.mark.browser


#: navigator.share and canShare stubbed: the call is recorded, the PNG's bytes checked.
SHARE_STUB = """
window.__shared = [];
navigator.canShare = (data) => !!data && Array.isArray(data.files)
  && data.files.every((file) => file.type === "image/png");
navigator.share = async (data) => {
  const files = [];
  for (const file of data.files || []) {
    const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
    files.push({name: file.name, type: file.type, size: file.size, head: Array.from(head)});
  }
  window.__shared.push({text: data.text, files});
};
"""
#: No share sheet (a desktop browser): the clipboard is the way.
NO_SHARE = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"
#: Neither share sheet nor clipboard (plain HTTP on a home network).
NO_CLIPBOARD = NO_SHARE + """
Object.defineProperty(navigator, "clipboard", {value: {writeText: () =>
  Promise.reject(new DOMException("not allowed", "NotAllowedError"))}});
"""
PNG_MAGIC = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]


def finished_game(page: Page, server: str) -> dict[str, Any]:
    """Anna goes out in each of the 10 rounds; Ben lays every other round."""
    game = api_game(page, server, ["Anna", "Ben", "محمد"])
    for number in range(10):
        game = api_round(page, server, game, [
            {"player": "Anna", "phase": True, "points": 0},
            {"player": "Ben", "phase": number % 2 == 1, "points": 10 if number % 2 else 60},
            {"player": "محمد", "phase": False, "points": 50}], confirm=True)
    assert game["status"] == "finished"
    return game


def test_the_share_sheet_gets_the_text_and_the_png(pages: Any, server: str) -> None:
    phone = pages()
    phone.add_init_script(SHARE_STUB)
    game = finished_game(phone, server)
    phone.goto(f"{server}/games/{game['view_id']}")
    button = phone.get_by_role("button", name="Share the result")
    expect(button).to_be_visible()
    button.tap()
    expect(phone.get_by_role("status").filter(has_text="Shared.")).to_be_visible()
    [shared] = phone.evaluate("window.__shared")
    lines = shared["text"].splitlines()
    assert lines[0] == "Phase 10 card game: Anna wins!"
    assert lines[1:4] == ["1. Anna · 10 phases · 0 points", "2. Ben · 5 phases · 350 points",
                          "3. \u2068محمد\u2069 · 0 phases · 500 points"]
    assert re.fullmatch(r"10 rounds( · .+)?", lines[4])
    assert lines[5] == f"{server}/games/{game['view_id']}"
    [file] = shared["files"]
    assert file["type"] == "image/png" and file["name"] == "phase10-standings.png"
    assert file["head"] == PNG_MAGIC and file["size"] > 10_000
    shot(phone.locator("[data-share-panel]"), "share-panel-390")
    assert page_fits(phone, 390)


def test_without_a_share_sheet_the_text_is_copied(pages: Any, server: str) -> None:
    desktop = pages(phone=False, width=1280)
    desktop.context.grant_permissions(["clipboard-read", "clipboard-write"])
    desktop.add_init_script(NO_SHARE)
    game = finished_game(desktop, server)
    desktop.goto(f"{server}/games/{game['id']}")
    assert desktop.evaluate("typeof navigator.share") == "undefined"
    desktop.get_by_role("button", name="Share the result").click()
    expect(desktop.get_by_role("status").filter(has_text="Copied: paste it into a chat.")
           ).to_be_visible()
    copied = desktop.evaluate("navigator.clipboard.readText()")
    assert copied.splitlines()[0] == "Phase 10 card game: Anna wins!"
    assert copied.splitlines()[-1] == f"{server}/games/{game['view_id']}"
    # The picture's link works without any script.
    link = desktop.get_by_role("link", name="Standings as a picture (PNG)")
    answer = desktop.request.get(server + link.get_attribute("href"))
    assert answer.status == 200 and answer.headers["content-type"] == "image/png"
    shot(desktop, "sheet-finished-1280")


def test_without_share_or_clipboard_the_text_is_selected_to_copy(pages: Any,
                                                                  server: str) -> None:
    phone = pages()
    phone.add_init_script(NO_CLIPBOARD)
    game = finished_game(phone, server)
    phone.goto(f"{server}/games/{game['view_id']}")
    phone.get_by_role("button", name="Share the result").tap()
    expect(phone.get_by_role("status").filter(has_text="Copy the text below")).to_be_visible()
    area = phone.get_by_role("textbox", name="The result as text")
    expect(area).to_be_visible()
    expect(area).to_be_focused()
    selected = phone.evaluate("(() => { const a = document.querySelector('[data-share-text]');"
                              " return a.value.slice(a.selectionStart, a.selectionEnd); })()")
    assert selected.startswith("Phase 10 card game: Anna wins!")
    shot(phone, "sheet-finished-390")


def test_without_javascript_the_picture_and_the_text_are_there(browser: Any,
                                                                server: str) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390,
                                                                      "height": 844})
    try:
        page = context.new_page()
        game = finished_game(page, server)
        page.goto(f"{server}/games/{game['view_id']}")
        expect(page.get_by_role("button", name="Share the result")).to_be_hidden()
        expect(page.get_by_role("link", name="Standings as a picture (PNG)")).to_be_visible()
        page.get_by_text("The result as text").click()
        expect(page.get_by_role("textbox", name="The result as text")).to_have_value(
            re.compile(r"^Phase 10 card game: Anna wins!\n"))
    finally:
        context.close()


def test_a_game_that_ends_on_another_phone_offers_sharing_without_a_reload(
        pages: Any, server: str) -> None:
    keeper, follower = pages(), pages()
    follower.add_init_script(SHARE_STUB)
    game = api_game(keeper, server, ["Anna", "Ben"], phases=[1], ten_rounds=True)
    follower.goto(f"{server}/games/{game['view_id']}")
    follower.evaluate("window.__marker = 1")
    expect(follower.locator("[data-share-panel]")).to_have_count(0)
    api_round(keeper, server, game, [{"player": "Anna", "phase": True, "points": 0},
                                     {"player": "Ben", "phase": False, "points": 60}],
              confirm=True)
    button = follower.get_by_role("button", name="Share the result")
    expect(button).to_be_visible(timeout=4000)
    assert follower.evaluate("window.__marker") == 1  # swapped in, not reloaded
    button.tap()
    expect(follower.get_by_role("status").filter(has_text="Shared.")).to_be_visible()
    [shared] = follower.evaluate("window.__shared")
    assert shared["text"].startswith("Phase 10 card game: Anna wins!")
    assert [file["type"] for file in shared["files"]] == ["image/png"]


def test_a_board_game_shares_the_markers(pages: Any, server: str) -> None:
    phone = pages()
    phone.add_init_script(SHARE_STUB)
    game = api_game(phone, server, ["Anna", "Ben"], edition="board")
    while game["status"] != "finished":  # Anna ends every round: +2 a round to the wreath
        game = api_round(phone, server, game, [{"player": "Anna", "phase": True,
                                                "went_out": True},
                                               {"player": "Ben", "phase": True}])
    phone.goto(f"{server}/games/{game['id']}")
    phone.get_by_role("button", name="Share the result").tap()
    expect(phone.get_by_role("status").filter(has_text="Shared.")).to_be_visible()
    [shared] = phone.evaluate("window.__shared")
    assert shared["text"].splitlines()[:3] == [
        "Phase 10 board game: Anna wins!", "1. Anna · on the wreath", "2. Ben · on phase 5"]
    assert shared["files"][0]["head"] == PNG_MAGIC
    shot(phone, "board-finished-390")
