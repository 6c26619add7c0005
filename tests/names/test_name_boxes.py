"""A name's box keeps its marks (issue 43): the rule refuses more than four on a letter, and
what a name draws above or below its line stays in its box, on the PDF sheets, the standings
picture and the pages (their CSS). The drawings take any name, so the tests draw a tower of
60 accents there and compare it with the bare letter: the difference stays in the box."""

from __future__ import annotations

import shutil
import subprocess
from datetime import datetime
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader
from pypdf.generic import ContentStream

from companion import editions, pdf, png
from companion.display.share import caption
from companion.png.text import Style, draw
from companion.scoring import Setup
from companion.scoring.length import length_of
from tests.kits.pdf import INFO
from tests.kits.results import laid, missed, out, play

#: Sixty different accents above and below one letter: drawn one over the other (the same
#: accent sixty times is drawn sixty times in one place by these fonts).
TOWER = "B" + "".join(map(chr, range(0x300, 0x33C)))
BARE = "B\u0300"
CSS = Path(__file__).resolve().parents[2] / "static" / "app.css"


def sheet_with(second: str):  # type: ignore[no-untyped-def]
    players = ("Ann", second, "Cem")
    rounds = [(out("Ann"), laid(second, 10), missed("Cem", 50)) for _ in range(3)]
    return play(Setup(editions.get("original"), players), *rounds)


def changed_rows(one: Image.Image, other: Image.Image) -> list[tuple[int, int]]:
    """The bands of pixel rows in which the two pictures differ, as (first, last) rows."""
    difference = ImageChops.difference(one.convert("RGB"), other.convert("RGB")).convert("L")
    rows = [y for y in range(difference.height)
            if difference.crop((0, y, difference.width, y + 1)).getbbox() is not None]
    bands: list[tuple[int, int]] = []
    for y in rows:
        if bands and y == bands[-1][1] + 1:
            bands[-1] = (bands[-1][0], y)
        else:
            bands.append((y, y))
    return bands


def test_a_line_drawn_within_a_box_leaves_the_rest_of_the_picture_alone() -> None:
    plain = Image.new("RGB", (400, 300), (255, 255, 255))
    drawn = plain.copy()
    draw(drawn, 20, 200, TOWER, Style(40, (0, 0, 0)), within=(10, 150, 390, 220))
    difference = ImageChops.difference(plain, drawn).getbbox()
    assert difference is not None
    left, top, right, bottom = difference
    assert left >= 10 and top >= 150 and right <= 390 and bottom <= 220


def test_the_standings_picture_keeps_a_tower_in_its_row() -> None:
    length = length_of(datetime(2026, 5, 1, 20), datetime(2026, 5, 1, 21), "finished")
    pictures = []
    for second in (TOWER, BARE):
        sheet = sheet_with(second)
        pictures.append(Image.open(BytesIO(png.standings_png(sheet, caption(sheet, length)))))
    bands = changed_rows(*pictures)
    row_top = png.BAND + png.ROW  # Ann is first: the tower's line is the second
    assert bands and row_top < bands[0][0] and bands[-1][1] < row_top + png.ROW, bands


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is needed")
def test_the_pdf_sheet_keeps_a_tower_in_its_boxes(tmp_path: Path) -> None:
    pictures = []
    for second in (TOWER, BARE):
        file = tmp_path / f"{len(second)}.pdf"
        file.write_bytes(pdf.game_sheet(sheet_with(second), INFO))
        subprocess.run(["pdftoppm", "-png", "-r", "72", "-f", "1", "-l", "1", "-singlefile",
                        str(file), str(file.with_suffix(""))], check=True, timeout=60)
        pictures.append(Image.open(file.with_suffix(".png")))
    bands = changed_rows(*pictures)
    # The header cell and the dealer order name the player: each change is a line's height
    # (at 72 dpi a point is a pixel).
    assert 1 <= len(bands) <= 3
    assert all(last - first <= 22 for first, last in bands), bands


def test_every_line_that_names_a_player_is_drawn_within_its_box() -> None:
    """reportlab draws stacked marks in one place (it does not shape them), so the PDF shows
    no tower today; a shaping font or library would. Each name is drawn inside a clip: the
    three header cells, the outcome, the two notes under the table, the edition's line."""
    reader = PdfReader(BytesIO(pdf.game_sheet(sheet_with(TOWER), INFO)))
    operations = ContentStream(reader.pages[0].get_contents(), reader).operations
    assert sum(1 for _operands, operator in operations if operator in (b"W", b"W*")) == 7


def test_the_pages_clip_what_a_names_box_holds() -> None:
    css = CSS.read_text()
    rule = css[css.index("main :is(h1,"):]
    rule = rule[:rule.index("}")]
    for box in ("p", "th", "td", "h1", "h2", "h3", "ul", "ol", "label", "button", ".who",
                ".muted", ".game-players", ".game-winner"):
        assert f" {box}," in rule or f"({box}," in rule or f" {box})" in rule, box
    assert "overflow: clip" in rule
