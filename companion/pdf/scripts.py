"""Names in any script on the sheets: each name is set in the first font that has every one of
its letters, and right-to-left names (Arabic, Hebrew) are shaped and put in visual order.

The sheet's own font (DejaVu Sans) comes first; then Noto Sans Arabic and Hebrew (Debian's
``fonts-noto-core``) and Droid Sans Fallback for Chinese, Japanese and Korean
(``fonts-droid-fallback``), all embedded as subsets. Without those packages, names in Chinese,
Japanese or Korean fall back to reportlab's built-in CID fonts (not embedded: the reader's
own fonts draw them), and everything else to the sheet's font.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import arabic_reshaper  # type: ignore[import-untyped]
from bidi.algorithm import get_display  # type: ignore[import-untyped]
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.pdfbase.cidfonts import UnicodeCIDFont  # type: ignore[import-untyped]
from reportlab.pdfbase.ttfonts import TTFError, TTFont  # type: ignore[import-untyped]

from companion.pdf.emoji import is_emoji
from companion.pdf.emoji import markup as emoji_markup
from companion.pdf.layout import fonts
from companion.png.fonts import CLUSTER

TRUETYPE = Path("/usr/share/fonts/truetype")


@dataclass(frozen=True)
class Face:
    """A fallback font: its name in the PDF and its TrueType files."""

    name: str
    regular: Path
    bold: Path | None = None


FALLBACKS = (
    Face("NotoSansArabic", TRUETYPE / "noto" / "NotoSansArabic-Regular.ttf",
         TRUETYPE / "noto" / "NotoSansArabic-Bold.ttf"),
    Face("NotoSansHebrew", TRUETYPE / "noto" / "NotoSansHebrew-Regular.ttf",
         TRUETYPE / "noto" / "NotoSansHebrew-Bold.ttf"),
    # Chinese, Japanese and Korean. Not also DroidSansFallbackFull.ttf (more rare Chinese
    # characters, no Korean): both files call themselves DroidSansFallback, and reportlab
    # would embed only one of them.
    Face("DroidSansFallback",
         Path("/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf")),
)

#: reportlab's CID fonts, by script, for when no TrueType font has a name's letters.
HANGUL, KANA, HAN = "HYGothic-Medium", "HeiseiKakuGo-W5", "STSong-Light"


def _register(name: str, path: Path) -> frozenset[int] | None:
    """Register a TrueType font; the code points it has, or None when it cannot be loaded."""
    try:
        font = TTFont(name, str(path))
    except (OSError, TTFError):
        return None
    pdfmetrics.registerFont(font)
    return frozenset(font.face.charToGlyph)


def _coverage(name: str) -> frozenset[int] | None:
    """The code points of an already registered font; None for a standard (Latin-1) font."""
    face: Any = getattr(pdfmetrics.getFont(name), "face", None)
    chars = getattr(face, "charToGlyph", None)
    return frozenset(chars) if chars else None


@functools.cache
def _candidates(bold: bool) -> tuple[tuple[str, frozenset[int] | None], ...]:
    """(font name, code points) in the order to try them: the sheet's own font first."""
    own = fonts().bold if bold else fonts().regular
    found: list[tuple[str, frozenset[int] | None]] = [(own, _coverage(own))]
    for face in FALLBACKS:
        path = face.bold if bold and face.bold else face.regular
        name = f"{face.name}-Bold" if bold and face.bold else face.name
        chars = _register(name, path) if path.exists() else None
        if chars is not None:
            found.append((name, chars))
    return tuple(found)


def _has_all(chars: frozenset[int] | None, text: str) -> bool:
    needed = [char for char in text if not char.isspace()]
    if chars is None:  # a standard PDF font: what Windows-1252 can write
        return all(char.encode("cp1252", "ignore") for char in needed)
    return all(ord(char) in chars for char in needed)


def _cid_font(text: str) -> str | None:
    """reportlab's CID font for a name in Korean, Japanese or Chinese, registered on use."""
    codes = [ord(char) for char in text]
    if any(0xAC00 <= code <= 0xD7A3 or 0x1100 <= code <= 0x11FF for code in codes):
        name = HANGUL
    elif any(0x3040 <= code <= 0x30FF for code in codes):
        name = KANA
    elif any(0x3400 <= code <= 0x9FFF for code in codes):
        name = HAN
    else:
        return None
    pdfmetrics.registerFont(UnicodeCIDFont(name))
    return name


def font_for(text: str, *, bold: bool = False) -> str:
    """The first font that can draw every character of ``text`` (as drawn, see ``visual``)."""
    for name, chars in _candidates(bold):
        if _has_all(chars, text):
            return name
    return _cid_font(text) or _candidates(bold)[0][0]


def visual(text: str) -> str:
    """``text`` in the order it is drawn: Arabic letters joined, right-to-left runs reversed.

    >>> visual("Anaïs"), visual("דוד") == "דוד"[::-1]
    ('Anaïs', True)
    """
    if not any(unicodedata.bidirectional(char) in ("R", "AL") for char in text):
        return text
    return str(get_display(arabic_reshaper.reshape(text)))


def name_markup(name: str, *, bold: bool = False, size: float = 10) -> str:
    """A name as paragraph markup, in a font that has its letters, in visual order; its emoji
    as pictures in colour (``size``: the paragraph's font size)."""
    shown = visual(name)
    clusters = CLUSTER.findall(shown)
    emoji = {cluster for cluster in clusters if not cluster.isascii() and is_emoji(cluster)}
    letters = "".join(cluster for cluster in clusters if cluster not in emoji)
    font = font_for(letters, bold=bold)
    own = fonts().bold if bold else fonts().regular
    parts: list[str] = []
    for cluster in clusters:
        drawn = emoji_markup(cluster, size) if cluster in emoji else None
        parts.append(drawn if drawn is not None else escape(cluster))
    text = "".join(parts)
    return text if font == own else f'<font name="{font}">{text}</font>'


def emoji_only(name: str) -> bool:
    """Whether a name is written in emoji only (no letters drawn beside them).

    >>> emoji_only("🦊"), emoji_only("🦊 Ben"), emoji_only("")
    (True, False, False)
    """
    clusters = [cluster for cluster in CLUSTER.findall(name) if not cluster.isspace()]
    return bool(clusters) and all(not cluster.isascii() and is_emoji(cluster)
                                  for cluster in clusters)


def names_markup(names: Iterable[str], *, size: float = 10) -> str:
    """Several names, each in its own font, separated by commas."""
    return ", ".join(name_markup(name, size=size) for name in names)


def fill(template: str, **markup: object) -> str:
    """A translated sentence as paragraph markup: the template escaped, the values as given."""
    return escape(template) % markup
