"""The standings' picture: a PNG Pillow can read, 1080 px wide, a line per player, and every
name drawn in a font that has its letters (not empty boxes), shaped (Arabic letters joined,
Devanagari conjuncts formed) and in reading order."""

from __future__ import annotations

from datetime import datetime
from io import BytesIO

import pytest
from PIL import Image, ImageChops

from companion import editions, png
from companion.display.share import caption
from companion.png import fonts
from companion.png.text import Style, draw, fitted, width
from companion.scoring import Setup
from companion.scoring.length import length_of
from tests.kits.results import laid, missed, out, play

NAMES = {
    "Latin": "Anaïs", "Cyrillic": "Жанна", "Greek": "Ἀλέξανδρος", "Arabic": "محمد",
    "Hebrew": "דוד", "Devanagari": "अक्षय", "Chinese": "王芳", "Japanese": "さくら",
    "Korean": "김민준", "Thai": "สมชาย", "emoji": "👩🏽‍💻", "emoji family": "👨‍👩‍👧‍👦",
    "flag": "🏳️‍🌈",
}
#: A character no font has: the picture draws an empty box for it.
MISSING = "\U0010fffd"
INK = Style(48, (0, 0, 0))

needs_fonts = pytest.mark.skipif(
    not all(face.regular.exists() for face in fonts.FACES),
    reason="fonts-noto-core, fonts-droid-fallback or fonts-noto-color-emoji is not installed")


def drawn(text: str, style: Style = INK) -> Image.Image:
    image = Image.new("RGB", (900, 120), (255, 255, 255))
    draw(image, 10, 80, text, style)
    return image


def differ(one: Image.Image, other: Image.Image) -> bool:
    return ImageChops.difference(one, other).getbbox() is not None


def sheet_of(players: tuple[str, ...]):  # type: ignore[no-untyped-def]
    first, *others = players
    rounds = [(out(first), *(laid(name, 10) if (n + seat) % 2 else missed(name, 50)
                             for seat, name in enumerate(others))) for n in range(10)]
    return play(Setup(editions.get("original"), players), *rounds)


LENGTH = length_of(datetime(2026, 5, 1, 20), datetime(2026, 5, 1, 21, 10), "finished")


def test_the_picture_is_a_png_of_1080_px_with_a_line_per_player() -> None:
    heights = []
    for players in (("Ann", "Ben"), ("Ann", "Ben", "Cleo", "Dan", "Eva", "Finn")):
        sheet = sheet_of(players)
        image = Image.open(BytesIO(png.standings_png(sheet, caption(sheet, LENGTH))))
        assert image.format == "PNG" and image.width == 1080
        heights.append(image.height)
    assert heights[1] - heights[0] == 4 * png.ROW
    assert heights[0] == png.BAND + 2 * png.ROW + png.FOOTER


@needs_fonts
@pytest.mark.parametrize("script", list(NAMES))
def test_every_script_has_a_font_and_is_drawn_not_boxed(script: str) -> None:
    name = NAMES[script]
    for cluster in fonts.clusters(name):
        assert fonts.face_for(cluster) is not None, (script, cluster)
    shown = drawn(name)
    assert shown.getbbox() is not None
    boxes = drawn(MISSING * len(list(fonts.clusters(name))))
    assert differ(shown, boxes), script
    assert differ(shown, drawn("Anaïs")) or script == "Latin"


def test_a_character_no_font_has_is_an_empty_box() -> None:
    assert fonts.face_for(MISSING) is None
    [run] = fonts.runs(MISSING)
    assert run.face is None
    assert differ(drawn(MISSING), Image.new("RGB", (900, 120), (255, 255, 255)))


@needs_fonts
def test_arabic_letters_are_joined_and_devanagari_conjuncts_formed() -> None:
    # A zero-width non-joiner keeps letters apart: drawn the same only without shaping.
    assert differ(drawn("محمد"), drawn("\u200c".join("محمد")))
    assert differ(drawn("क्ष"), drawn("क्\u200cष"))
    assert width("क्ष", INK) < width("क", INK) + width("ष", INK)


@needs_fonts
def test_runs_are_in_reading_order_across_fonts() -> None:
    def texts(text: str, rtl: bool | None = None) -> list[str]:
        return [run.text for run in fonts.runs(text, rtl=rtl)]

    # A right-to-left name in an English line keeps the space on the side of "wins!".
    assert texts("★ محمد wins!", rtl=False) == ["★ ", "محمد", " ", "wins!"]
    # A right-to-left name on its own: what follows it in the text is drawn on its left.
    assert texts("محمد 👍") == ["👍", " ", "محمد"]
    assert [run.face.name for run in fonts.runs("Léa 👩🏽‍💻") if run.face] == [
        "DejaVuSans", "NotoColorEmoji"]
    assert [run.rtl for run in fonts.runs("דוד")] == [True]


def test_a_long_name_is_made_smaller_then_cut() -> None:
    name = "Wolfgang Amadeus Mozart-Schmid"
    text, style = fitted(name, Style(52, (0, 0, 0)), 600, least=28)
    assert style.size < 52 and width(text, style) <= 600
    text, style = fitted(name * 3, Style(52, (0, 0, 0)), 600, least=28)
    assert style.size == 28 and text.endswith("…") and width(text, style) <= 600


@needs_fonts
def test_a_mixed_table_is_drawn_with_every_name() -> None:
    players = ("محمد", "דוד", "अक्षय", "王芳", "👨‍👩‍👧‍👦", "Жанна")
    sheet = sheet_of(players)
    data = png.standings_png(sheet, caption(sheet, LENGTH))
    boxed = sheet_of(tuple(f"{MISSING * (seat + 1)}" for seat in range(6)))
    assert data != png.standings_png(boxed, caption(boxed, LENGTH))
    Image.open(BytesIO(data)).verify()


def test_the_picture_draws_the_sheets_own_phase_rows() -> None:
    from companion.scoring.grid import phase_rows, sheet_grid

    sheet = sheet_of(("Ann", "Ben", "Cleo"))
    assert phase_rows(sheet) == sheet_grid(sheet).phases_in_play
    some = play(Setup(editions.get("original"), ("Ann", "Ben"), phases=(2, 4, 6)),
                (out("Ann"), missed("Ben", 50)))
    assert phase_rows(some) == sheet_grid(some).phases_in_play
    assert [row.number for row in phase_rows(some)] == [2, 4, 6]


@needs_fonts
def test_a_hebrew_name_is_drawn_right_to_left() -> None:
    def letter_by_letter(letters: str) -> Image.Image:
        image, x = Image.new("RGB", (900, 120), (255, 255, 255)), 10.0
        for letter in letters:
            x += draw(image, x, 80, letter, INK)
        return image

    # שרה (Sarah) is read from the right: drawn left to right it is ה ר ש.
    assert not differ(drawn("שרה"), letter_by_letter("הרש"))
    assert differ(drawn("שרה"), letter_by_letter("שרה"))


def test_without_the_colour_emoji_font_an_emoji_sequence_is_one_clean_box(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = fonts.coverage
    monkeypatch.setattr(fonts, "coverage", lambda path: frozenset()
                        if path == fonts.EMOJI.regular else real(path))
    family = "👨‍👩‍👧‍👦"
    assert [(run.text, run.face) for run in fonts.runs(f"Ann {family}")][-1] == (family, None)
    # One box for what a person sees as one character, not one per code point.
    assert not differ(drawn(f"Ann {family}"), drawn(f"Ann {MISSING}"))


@needs_fonts
@pytest.mark.parametrize("emoji", ["👨‍👩‍👧", "👨‍👩‍👧‍👦", "😀"])
def test_an_emoji_sequence_is_drawn_from_the_colour_font_like_a_single_emoji(emoji: str) -> None:
    """A ZWJ family is one picture of Noto Color Emoji, as 😀 is: drawn in the font's own
    colours, not in the ink of the text. (Noto's families are grey figures on a light tile:
    their colours, as the font has them.)"""
    red = Style(64, (200, 0, 0))
    image = drawn(emoji, red)
    assert fonts.face_for(emoji) == fonts.EMOJI
    inked = {image.getpixel((x, y)) for x in range(image.width) for y in range(image.height)} - {
        (255, 255, 255)}
    own = {pixel for pixel in inked if not (pixel[0] > pixel[1] + 40 and pixel[1] == pixel[2])}
    assert len(own) > len(inked) // 2  # mostly the font's colours, not shades of the red ink
    assert not differ(image, drawn(emoji, Style(64, (0, 0, 200))))  # the ink plays no part
