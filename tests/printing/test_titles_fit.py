"""Titles fit their box whatever the name (issue 31): a house edition named with 40 keycap
sequences made the sheets' PDFs a 500 and its standings picture slow. A heading line shrinks,
then cuts the name at a character as seen, with an ellipsis."""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from flask.testing import FlaskClient
from pypdf import PdfReader

from companion import player_names
from companion.pdf.layout import styles
from companion.pdf.page import LEAST_SIZE, one_line
from companion.png.text import Style, fitted, width

KEYCAP = "1\ufe0f\u20e3"
NAMES = [KEYCAP * 40, "W" * 40, "\u0bb8\u0bcd\u0bb0\u0bc0" * 40, "👨‍👩‍👧‍👦" * 36]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("after", ["", " · Started 2026-11-20"])
def test_a_heading_line_is_one_line_of_its_box(name: str, after: str) -> None:
    line = one_line(name, after, "sub", 200)
    _width, height = line.wrap(200, 10_000)
    assert height <= line.style.leading + 0.01  # one line
    assert LEAST_SIZE <= line.style.fontSize <= styles()["sub"].fontSize
    text = line.text.replace("&amp;", "&")
    assert text.endswith(after)
    shown = text.removesuffix(after)
    if shown != name:  # cut: whole characters as seen, then the ellipsis
        kept = shown.removesuffix("…")
        assert shown.endswith("…") and kept == player_names.cut(name, player_names.length(kept))


def test_a_short_name_keeps_its_size() -> None:
    line = one_line("Family rules", "", "sub", 300)
    assert line.style.fontSize == styles()["sub"].fontSize and line.text == "Family rules"


@pytest.mark.parametrize("name", NAMES)
def test_the_pictures_title_fits_and_keeps_whole_clusters(name: str) -> None:
    text, style = fitted(name, Style(38, (0, 0, 0)), 700, least=26, rtl=False)
    assert width(text, style, rtl=False) <= 700
    kept = text.removesuffix("…")
    assert text == name or kept == player_names.cut(name, player_names.length(kept))


def sheets(client: FlaskClient, name: str) -> dict[str, Any]:
    made = client.post("/api/editions", json={"name": name,
                                              "phases": [[{"kind": "set", "size": 3}]]})
    assert made.status_code == 201, made.get_json()
    key = made.get_json()["edition"]
    game = client.post("/api/games", json={"players": ["Ann", "Ben"], "edition": key}).get_json()
    client.post(f"/api/games/{game['id']}/rounds", json={"results": [
        {"player": "Ann", "phase": True, "points": 0, "went_out": True},
        {"player": "Ben", "phase": False, "points": 75}]})
    return {path: client.get(path) for path in (
        f"/games/{game['id']}/sheet.pdf", f"/print/blank.pdf?edition={key}",
        f"/games/{game['id']}/standings.png")}


def test_sheets_of_a_house_edition_named_with_forty_keycaps(client: FlaskClient) -> None:
    for path, answer in sheets(client, KEYCAP * 40).items():
        assert answer.status_code == 200, path
        if path.endswith(".pdf") or ".pdf?" in path:
            assert len(PdfReader(BytesIO(answer.data)).pages) == 1
