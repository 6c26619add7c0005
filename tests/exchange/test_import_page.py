"""The import page takes a BG Stats export and BoardGameGeek's plays XML as well as the app's
own file, told apart by what the file holds (not its name): the group page then says how
many plays became games and how many were left out, and why; a file refused says why next to
the file field (never a 500) and stores nothing."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from flask import Flask

from tests.kits.logs import BGG_XML, bgstats, play, stored


def upload(api: Any, content: bytes, filename: str = "upload.bin", zone: str = "UTC") -> Any:
    return api.client.post("/import", data={"file": (io.BytesIO(content), filename),
                                            "zone": zone},
                           content_type="multipart/form-data")


def log() -> dict[str, Any]:
    return bgstats([
        play([(1, "85", None, False), (2, "40", None, True)]),
        play([(1, "5", None, True), (2, "90", None, False)], date="2026-03-15 20:00:00"),
        play([(1, "5", None, True), (2, "90", None, False)], game=2),
        play([(1, "5", None, True), (2, "90", None, False)], ignored=True,
             date="2026-03-16 20:00:00"),
        play([(3, "10", None, True)], date="2026-03-17 20:00:00"),
    ])


def followed(api: Any, response: Any) -> str:
    assert response.status_code == 303, response.get_data(as_text=True)
    return str(api.client.get(response.location).get_data(as_text=True))


@pytest.mark.parametrize("filename", ["bgstats.json", "export.txt", "no-extension"])
def test_a_bgstats_export_becomes_a_group_and_the_page_says_what_was_left_out(
        api: Any, filename: str) -> None:
    page = followed(api, upload(api, json.dumps(log()).encode(), filename,
                                zone="Europe/Berlin"))
    assert "2 Phase 10 plays imported as games of this new group" in page
    assert ("3 plays left out: 1 of another game, 1 marked ignored, 1 of one player or more "
            "than six.") in page
    assert "BG Stats" in page


@pytest.mark.parametrize("filename", ["plays.xml", "plays.json"])
def test_boardgamegeek_plays_become_a_group_and_the_page_says_what_was_left_out(
        api: Any, filename: str) -> None:
    page = followed(api, upload(api, b"\xef\xbb\xbf\n" + BGG_XML, filename))
    assert "3 Phase 10 plays imported as games of this new group" in page
    assert "4 plays left out: 3 of other games, 1 marked incomplete." in page


def test_the_apps_own_file_is_still_restored(api: Any) -> None:
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    exported = api.client.get(f"/api/groups/{group['id']}/export").data
    page = followed(api, upload(api, exported, "phase10-group.json"))
    assert "Imported under new links" in page and "Friday" in page


HOSTILE = (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
           b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><plays>&lol2;</plays>')
TWICE = json.dumps(bgstats([play([(1, "85", None, False), (1, "40", None, True)])])).encode()
OTHER_GAMES = json.dumps(bgstats([play([(1, "5", None, True), (2, "9", None, False)],
                                       game=2)])).encode()


@pytest.mark.parametrize(("content", "words"), [
    (HOSTILE, "a DTD, an entity or an external reference"),
    (b"<plays><play quantity='x'/></plays>", "Play 1 of the file: “quantity” must be a whole"),
    (b"<html><body>hello</body></html>", "begins with &lt;plays&gt;"),
    (TWICE, "Play 1 of the file: Ann plays twice in this play"),
    (OTHER_GAMES, "no Phase 10 play of 2 to 6 players (1 other plays)"),
    (json.dumps({"players": [], "games": [], "plays": [{"gameRefId": "x"}]}).encode(),
     "Play 1 of the file"),
    (b"\xff\xfe nonsense", "neither JSON nor XML"),
])
def test_a_refused_file_is_a_form_error_next_to_the_field_and_stores_nothing(
        api: Any, app: Flask, content: bytes, words: str) -> None:
    before = stored(app)
    response = upload(api, content)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    error = page[page.index('class="field-error"'):]
    assert 'id="file-error"' in error.split("</p>")[0] and "Nothing was imported" in error
    assert words in error.split("</p>")[0]
    assert 'aria-invalid="true"' in page
    assert stored(app) == before


def test_an_unknown_time_zone_is_a_form_error(api: Any, app: Flask) -> None:
    before = stored(app)
    response = upload(api, json.dumps(log()).encode(), zone="Mars/Olympus")
    assert response.status_code == 422
    assert "must be a time zone like Europe/Berlin" in response.get_data(as_text=True)
    assert stored(app) == before
