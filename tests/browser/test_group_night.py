"""A game night's group in the browser: start it from the home page, play games in it, the
records and charts on a phone and a desktop in English and German, merge two spellings,
rematch from a finished sheet, export and import a file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import page_fits, shot

#: The group's list of games (the evening lists some of them again).
GAMES = ".game-list:not(.evening-games) > li"

pytestmark = pytest.mark.browser

WIN = {"phase": True, "points": 0}


def api(page: Page, server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = page.request.post(f"{server}{path}", data=body)
    assert response.status in (200, 201), response.text()
    answer: dict[str, Any] = response.json()
    return answer


def play(page: Page, server: str, group: dict[str, Any]) -> dict[str, Any]:
    """Three finished card games, a finished board game and one unfinished game."""
    players = ["Michaela", "Horst", "Petra", "Thomas"]
    last: dict[str, Any] = {}
    for index, winner in enumerate(["Michaela", "Horst", "Michaela"]):
        names = [("Micha" if name == "Michaela" and index == 2 else name) for name in players]
        winner = "Micha" if winner == "Michaela" and index == 2 else winner
        last = api(page, server, f"/api/groups/{group['id']}/games",
                   {"players": names, "phases": [1, 2, 3]})
        for number in range(3):
            results = [{"player": winner, **WIN}]
            for seat, name in enumerate(names):
                if name != winner:
                    laid = (seat + number + index) % 3 != 0
                    results.append({"player": name, "phase": laid,
                                    "points": 15 + 5 * seat if laid else 60 + 5 * seat})
            api(page, server, f"/api/games/{last['id']}/rounds", {"results": results})
    board = api(page, server, f"/api/groups/{group['id']}/games",
                {"players": ["Petra", "Thomas"], "edition": "board"})
    for _ in range(5):
        api(page, server, f"/api/games/{board['id']}/rounds", {"results": [
            {"player": "Petra", "phase": True, "went_out": True},
            {"player": "Thomas", "phase": False}]})
    unfinished = api(page, server, f"/api/groups/{group['id']}/games", {"players": players})
    api(page, server, f"/api/games/{unfinished['id']}/rounds", {"results": [
        {"player": "Horst", **WIN}, {"player": "Michaela", "phase": False, "points": 70},
        {"player": "Petra", "phase": True, "points": 25},
        {"player": "Thomas", "phase": False, "points": 90}]})
    return last


def test_a_group_from_the_home_page_to_its_records(pages: Any, server: str) -> None:
    phone = pages()
    phone.goto(server + "/")
    phone.get_by_role("link", name="Game night group").click()
    phone.get_by_label("Name of the group").fill("Friday")
    phone.get_by_role("button", name="Start the group").click()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Friday")
    edit_url = phone.url
    group = phone.request.get(edit_url.replace("/groups/", "/api/groups/")).json()
    last = play(phone, server, group)
    phone.reload()
    expect(phone.locator(GAMES)).to_have_count(5)
    expect(phone.locator(GAMES).first).to_contain_text("not finished")
    phone.get_by_label("This spelling").select_option("Micha")
    phone.get_by_label("counts as").select_option("Michaela")
    phone.get_by_role("button", name="Merge").click()
    # The merge names both players and asks before anything is stored.
    expect(phone.get_by_role("alert")).to_contain_text("Count “Micha” as Michaela?")
    phone.get_by_role("button", name="Merge Micha into Michaela").click()
    expect(phone.locator(".flash")).to_contain_text("Micha now counts as Michaela.")
    first = phone.locator(".record").first
    expect(first.locator("h3")).to_have_text("Michaela")
    expect(first).to_contain_text("2 wins")
    assert page_fits(phone, 390)
    shot(phone, "group-phone-en")

    phone.goto(f"{server}/games/{last['id']}")
    phone.get_by_role("button", name="Rematch").click()
    expect(phone.locator(".flash")).to_contain_text("Rematch started")
    expect(phone.locator(".round-line")).to_contain_text("Horst deals")
    phone.goto(edit_url)
    expect(phone.locator(GAMES)).to_have_count(6)
    phone.goto(server + "/")
    expect(phone.locator("#recent-groups").get_by_role("link", name="Friday")).to_be_visible()

    desktop = pages(phone=False)
    desktop.goto(server + "/groups/" + group["view_id"])
    expect(desktop.locator("form[action*='/merge']")).to_have_count(0)
    assert page_fits(desktop, 1280)
    shot(desktop, "group-desktop-en")


def test_the_group_in_german_and_an_exported_file_comes_back(
        pages: Any, server: str, tmp_path: Path) -> None:
    phone = pages()
    group = api(phone, server, "/api/groups", {"name": "Freitag"})
    play(phone, server, group)
    phone.goto(f"{server}/groups/{group['id']}")
    phone.get_by_role("button", name="Deutsch").click()
    expect(phone.get_by_role("heading", name="Rekorde")).to_be_visible()
    assert page_fits(phone, 390)
    shot(phone, "group-phone-de")
    desktop = pages(phone=False)
    desktop.context.add_cookies([{"name": "lang", "value": "de", "url": server}])
    desktop.goto(f"{server}/groups/{group['view_id']}")
    assert page_fits(desktop, 1280)
    shot(desktop, "group-desktop-de")

    with phone.expect_download() as download:
        phone.get_by_role("link", name="Export (JSON)").click()
    path = tmp_path / "export.json"
    download.value.save_as(path)
    data = json.loads(path.read_text())
    assert data["kind"] == "group" and len(data["group"]["games"]) == 5
    ender = next(result for result in data["group"]["games"][1]["rounds"][0]["results"]
                 if result["went_out"])
    ender["points"] = 5  # who went out holds no cards
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data))

    phone.get_by_role("link", name="Importieren…").click()
    phone.get_by_label("Datei zum Importieren (.json oder .xml)").set_input_files(str(broken))
    phone.get_by_role("button", name="Import", exact=True).click()
    expect(phone.locator("#file-error")).to_contain_text(  # next to the file field
        "Spiel 2, Durchgang 1 (Horst)")
    shot(phone, "import-refused-phone-de")
    phone.get_by_label("Datei zum Importieren (.json oder .xml)").set_input_files(str(path))
    phone.get_by_role("button", name="Import", exact=True).click()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Freitag")
    expect(phone.locator(GAMES)).to_have_count(5)
