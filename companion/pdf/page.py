"""What both sheets' pages share: the document, heading, phase legend and footer."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from io import BytesIO
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.pagesizes import A4, LETTER  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.pdfbase.pdfmetrics import stringWidth  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]
from reportlab.platypus import (  # type: ignore[import-untyped]
    Flowable,
    Paragraph,
    SimpleDocTemplate,
    Table,
    TableStyle,
)

from companion import player_names
from companion.editions import Edition
from companion.editions.words import phase_words
from companion.pdf import paper
from companion.pdf.layout import SOFT_INK, Translate, fonts, styles

PAPERS = dict(zip(paper.PAPERS, (A4, LETTER), strict=True))
MARGIN = 12 * mm


#: The smallest type a heading line shrinks to before its name is cut.
LEAST_SIZE = 7.0


def edition_name(edition: Edition, _: Translate) -> str:
    return edition.says("title", _)


def one_line(name: str, after: str, style: str, width: float) -> Paragraph:
    """``name`` then ``after`` on one line of at most ``width`` points whatever the name (a
    house edition's may be 40 keycaps): smaller type first, down to LEAST_SIZE, then the name
    cut at a character as seen, with an ellipsis. ``after`` (a date) is kept whole."""
    base = styles()[style]
    size = float(base.fontSize)

    def fits(text: str, points: float) -> bool:
        return bool(stringWidth(text + after, base.fontName, points) <= width)

    while size > LEAST_SIZE and not fits(name, size):
        size = max(LEAST_SIZE, size - 0.5)
    if not fits(name, size):
        name = _cut_to(name, lambda text: fits(text + "…", size)) + "…"
    fitted = ParagraphStyle(f"{style}-{size}", base, fontSize=size,
                            leading=base.leading * size / base.fontSize)
    return Paragraph(escape(name + after), fitted)


def _cut_to(name: str, fits: Callable[[str], bool]) -> str:
    """The longest start of ``name``, whole characters as seen, that ``fits`` (bisection: a
    width is measured a few times, not once per character)."""
    low, high = 0, player_names.length(name)
    while low < high:
        middle = (low + high + 1) // 2
        if fits(player_names.cut(name, middle)):
            low = middle
        else:
            high = middle - 1
    return player_names.cut(name, low).rstrip()


def legend(edition: Edition, numbers: Sequence[int], width: float, _: Translate) -> Table:
    """The edition's phase list in two columns: "Phase 1: 2 sets of 3"."""
    label = _("Phase %(n)s")
    entries = [
        Paragraph(f"<b>{escape(label % {'n': phase.number})}:</b> "
                  f"{escape(phase_words(phase, _))}", styles()["legend"])
        for phase in edition.phases if phase.number in numbers
    ]
    half = (len(entries) + 1) // 2
    rows = [[entries[i], entries[i + half] if i + half < len(entries) else ""]
            for i in range(half)]
    table = Table(rows, colWidths=[width / 2] * 2)
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 6),
        ("TOPPADDING", (0, 0), (-1, -1), 0.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 0.5),
    ]))
    return table


def card_values(edition: Edition, _: Translate) -> Paragraph | None:
    """What the cards left in a hand cost, for editions that score points (a house edition's
    own values, Mattel's wild of 25): None for the board game's markers."""
    if edition.markers:
        return None
    values = edition.values
    line = _("Cards left in a hand: 1–9 %(low)s, 10–12 %(high)s, skip %(skip)s, wild "
             "%(wild)s points.") % {"low": values.low, "high": values.high,
                                    "skip": values.skip, "wild": values.wild}
    return Paragraph(escape(line), styles()["legend"])


def page_heading(lines: Sequence[Flowable], aside: Any, aside_width: float,
                 width: float) -> Table:
    """The title lines on the left, ``aside`` (date line or QR code) on the right."""
    table = Table([[list(lines), aside]], colWidths=[width - aside_width, aside_width])
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"), ("ALIGN", (1, 0), (1, 0), "RIGHT"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
    ]))
    return table


def document(paper: str, title: str) -> tuple[SimpleDocTemplate, BytesIO]:
    buffer = BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=PAPERS[paper], leftMargin=MARGIN,
                            rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN,
                            title=title, creator="Phase 10 Companion")
    return doc, buffer


def _page_footer(footer: str, canvas: Canvas, doc: SimpleDocTemplate) -> None:
    canvas.saveState()
    canvas.setFont(fonts().regular, 7)
    canvas.setFillColor(SOFT_INK)
    canvas.drawRightString(doc.pagesize[0] - MARGIN, MARGIN / 2, f"{footer} · {doc.page}")
    canvas.restoreState()


def build(doc: SimpleDocTemplate, buffer: BytesIO, story: list[Flowable], _: Translate) -> bytes:
    footer = functools.partial(_page_footer, _("Phase 10 Companion"))
    doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return buffer.getvalue()


def frame_size(doc: SimpleDocTemplate) -> tuple[float, float]:
    padding = 12  # a Frame's default 6 pt on each side
    return doc.width - padding, doc.height - padding
