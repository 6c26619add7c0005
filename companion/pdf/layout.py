"""The sheets' common layout: sizes, colours, fonts and paragraph styles."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.pdfbase.ttfonts import TTFError, TTFont  # type: ignore[import-untyped]
from reportlab.platypus import Paragraph  # type: ignore[import-untyped]

Translate = Callable[[str], str]


def identity(text: str) -> str:
    return text


MIN_ROUND_ROWS = 12
LABEL_WIDTH = 40
BLANK_ROW, FILLED_ROW, PHASE_ROW, TOTAL_ROW = 24, 20, 17, 24
INK, SOFT_INK = colors.black, colors.Color(0.25, 0.25, 0.25)
HEADER_FILL, ZEBRA = colors.Color(0.88, 0.88, 0.88), colors.Color(0.95, 0.95, 0.95)
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


@dataclass(frozen=True)
class Fonts:
    regular: str
    bold: str
    dealer_mark: str
    arrow: str


@functools.cache
def fonts() -> Fonts:
    """DejaVu Sans when Debian ships it (names may hold any letters), else built-in Helvetica."""
    regular, bold = DEJAVU / "DejaVuSans.ttf", DEJAVU / "DejaVuSans-Bold.ttf"
    try:
        pdfmetrics.registerFont(TTFont("DejaVuSans", str(regular)))
        pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", str(bold)))
    except (OSError, TTFError):
        return Fonts("Helvetica", "Helvetica-Bold", "*", "->")
    pdfmetrics.registerFontFamily("DejaVuSans", normal="DejaVuSans", bold="DejaVuSans-Bold",
                                  italic="DejaVuSans", boldItalic="DejaVuSans-Bold")
    return Fonts("DejaVuSans", "DejaVuSans-Bold", "◆", "→")


@functools.cache
def styles() -> dict[str, ParagraphStyle]:
    font = fonts()
    base = ParagraphStyle("base", fontName=font.regular, fontSize=9, leading=11, textColor=INK)
    return {
        "title": ParagraphStyle("title", base, fontName=font.bold, fontSize=18, leading=22),
        "sub": ParagraphStyle("sub", base, fontSize=9.5, leading=12),
        "text": base,
        "legend": ParagraphStyle("legend", base, fontSize=8.5, leading=10.5),
        "small": ParagraphStyle("small", base, fontSize=7, leading=8.5),
        "note": ParagraphStyle("note", base, fontSize=8, leading=10),
        "aside": ParagraphStyle("aside", base, alignment=2),
        "label": ParagraphStyle("label", base, fontSize=7.5, leading=9, textColor=SOFT_INK),
        "name": ParagraphStyle("name", base, fontName=font.bold, fontSize=10, leading=12,
                               alignment=1),
        "emoji name": ParagraphStyle("emoji name", base, fontSize=15, leading=16, alignment=1),
        "outcome": ParagraphStyle("outcome", base, fontName=font.bold, fontSize=12, leading=15),
        # Under a name in the grid's header: "left after round 3", "joined in round 2".
        "status": ParagraphStyle("status", base, fontSize=7, leading=8.5, textColor=SOFT_INK,
                                 alignment=1),
    }


def para(text: str, style: str) -> Paragraph:
    """A paragraph of plain text: markup characters in names print as themselves."""
    return Paragraph(escape(text), styles()[style])


def rich(markup: str, style: str) -> Paragraph:
    """A paragraph of markup whose text is already escaped (names in their own fonts)."""
    return Paragraph(markup, styles()[style])
