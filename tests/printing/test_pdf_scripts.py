"""Names in any script on both sheets: a table of players named 王芳, 佐藤, 김민준, محمد and
Anaïs gets every name printed, each in a font that has its letters (never empty boxes), and
right-to-left names shaped and in the order they are read."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from io import BytesIO

import pytest
from pypdf import PdfReader

from companion import editions, scoring
from companion.pdf import BlankOptions, blank_sheet, game_sheet, scripts
from companion.scoring import Setup
from tests.kits.pdf import INFO
from tests.kits.results import laid, missed, out, play

NAMES = ("王芳", "佐藤", "김민준", "محمد", "Anaïs")
RIGHT_TO_LEFT = {"محمد"}

needs_fonts = pytest.mark.skipif(
    not all(face.regular.exists() for face in scripts.FALLBACKS),
    reason="the Debian packages fonts-noto-core and fonts-droid-fallback are not installed")


def text(data: bytes) -> str:
    """The PDF's text, compatibility forms (Arabic letters' joining forms) made plain."""
    pages = PdfReader(BytesIO(data)).pages
    return unicodedata.normalize("NFKC", re.sub(r"\s+", " ", " ".join(
        page.extract_text() for page in pages)))


def embedded_fonts(data: bytes) -> set[str]:
    """The base names of the fonts the first page uses, subset prefixes dropped."""
    fonts = PdfReader(BytesIO(data)).pages[0]["/Resources"]["/Font"]
    return {str(font.get_object()["/BaseFont"]).lstrip("/").split("+")[-1]
            for font in fonts.values()}


def assert_every_name_printed(data: bytes) -> None:
    found = text(data)
    for name in NAMES:
        # A reader may give a right-to-left name in the order it is drawn or the order it is read.
        assert name in found or (name in RIGHT_TO_LEFT and name[::-1] in found), name
    assert {"DejaVuSans-Bold", "DroidSansFallback"} <= embedded_fonts(data)


def five_scripts_game() -> scoring.Sheet:
    rounds = [(laid("王芳", 20), missed("佐藤", 55), laid("김민준", 10), out("محمد"),
               missed("Anaïs", 60)) for _ in range(10)]
    return play(Setup(editions.get("original"), NAMES, first_dealer=3), *rounds)


@needs_fonts
def test_the_filled_sheet_prints_every_name() -> None:
    sheet = five_scripts_game()
    assert sheet.winner == "محمد"
    data = game_sheet(sheet, INFO)
    assert_every_name_printed(data)
    # The outcome and the dealer order name them too, in the same fonts.
    found = text(data)
    assert found.count("王芳") >= 2 and found.count("김민준") >= 2


@needs_fonts
def test_the_blank_sheet_prints_every_name() -> None:
    assert_every_name_printed(blank_sheet(BlankOptions(names=NAMES)))


@needs_fonts
@pytest.mark.parametrize(("name", "bold", "font"), [
    ("Anaïs", False, "DejaVuSans"),
    ("Anaïs", True, "DejaVuSans-Bold"),
    ("王芳", False, "DroidSansFallback"),
    ("佐藤", True, "DroidSansFallback"),  # no bold face: the regular one
    ("김민준", False, "DroidSansFallback"),
    ("محمد", True, "DejaVuSans-Bold"),  # DejaVu has the Arabic letters' joining forms
    ("عبد الله", False, "NotoSansArabic"),  # but not the ligature of Allah
])
def test_each_name_gets_the_first_font_with_all_its_letters(name, bold, font) -> None:
    assert scripts.font_for(scripts.visual(name), bold=bold) == font


def test_right_to_left_names_are_shaped_and_in_visual_order() -> None:
    # meem (initial), hah (medial), meem (medial), dal (final), drawn from the left
    assert scripts.visual("محمد") == "\ufeaa\ufee4\ufea4\ufee3"
    assert scripts.visual("דוד כהן") == "ןהכ דוד"
    assert scripts.visual("Anaïs") == "Anaïs"


def test_markup_in_a_name_prints_as_itself() -> None:
    assert scripts.name_markup("<b>&") == "&lt;b&gt;&amp;"
    assert scripts.fill("Winner: %(name)s & co", name="<i>x</i>") == "Winner: <i>x</i> &amp; co"


@pytest.fixture
def no_fallback_fonts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """As on a machine without the font packages."""
    monkeypatch.setattr(scripts, "FALLBACKS", ())
    scripts._candidates.cache_clear()
    yield
    scripts._candidates.cache_clear()


@pytest.mark.usefixtures("no_fallback_fonts")
def test_without_the_font_packages_cjk_names_use_reportlabs_cid_fonts() -> None:
    assert scripts.font_for("王芳") == scripts.HAN
    assert scripts.font_for("さとう") == scripts.KANA
    assert scripts.font_for("김민준") == scripts.HANGUL
    data = blank_sheet(BlankOptions(names=("王芳", "김민준", "Anaïs")))
    assert "Anaïs" in text(data)
    used = embedded_fonts(data)  # CID fonts are named with their encoding: STSong-Light-UniGB-…
    assert all(any(font.startswith(cid) for font in used) for cid in (scripts.HAN, scripts.HANGUL))
