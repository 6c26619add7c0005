"""Importing a BG Stats export and BoardGameGeek's plays on a phone and on a desktop: the
phone's time zone goes with the file, a refused file says why next to the field, and the new
group's page says how many plays became games and what was left out."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.kits.browser import page_fits, shot
from tests.kits.logs import BGG_XML, bgstats, play

pytestmark = pytest.mark.browser


def test_a_bgstats_export_imported_on_a_phone(server, phone) -> None:
    log = bgstats([play([(1, "85", None, False), (2, "40", None, True)]),
                   play([(1, "5", None, True), (2, "90", None, False)], game=2)])
    phone.goto(f"{server}/import")
    # The log's times are the phone's local time: its time zone goes with the file.
    assert phone.locator("input[data-zone]").input_value() == phone.evaluate(
        "Intl.DateTimeFormat().resolvedOptions().timeZone")
    assert page_fits(phone, 390)
    shot(phone, "import-390")
    phone.set_input_files("#file", files=[{"name": "bgstats.json", "mimeType": "application/json",
                                           "buffer": b"<plays><play quantity='x'/></plays>"}])
    phone.get_by_role("button", name="Import", exact=True).click()
    error = phone.locator("#file-error")
    expect(error).to_contain_text("Play 1 of the file")
    expect(phone.locator("#file")).to_have_attribute("aria-invalid", "true")
    assert page_fits(phone, 390)
    shot(phone, "import-error-390")
    phone.set_input_files("#file", files=[{"name": "BGStatsExport.json",
                                           "mimeType": "application/json",
                                           "buffer": json.dumps(log).encode()}])
    phone.get_by_role("button", name="Import", exact=True).click()
    expect(phone.get_by_role("status").first).to_contain_text(
        "1 Phase 10 play imported as a game of this new group")
    expect(phone.get_by_text("1 play left out: 1 of another game.")).to_be_visible()
    assert page_fits(phone, 390)
    shot(phone, "import-bgstats-group-390")


def test_boardgamegeek_plays_imported_on_a_desktop(server, pages) -> None:
    desktop = pages(phone=False)
    desktop.goto(f"{server}/import")
    shot(desktop, "import-1280")
    desktop.set_input_files("#file", files=[{"name": "plays.xml", "mimeType": "text/xml",
                                             "buffer": BGG_XML}])
    desktop.get_by_role("button", name="Import", exact=True).click()
    expect(desktop.get_by_text("3 Phase 10 plays imported as games of this new group")
           ).to_be_visible()
    expect(desktop.get_by_text("4 plays left out: 3 of other games, 1 marked incomplete.")
           ).to_be_visible()
    shot(desktop, "import-bgg-group-1280", full_page=False)
