"""The sheets' common layout: sizes, colours, fonts, paragraph styles and the score grid."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.pdfbase.ttfonts import TTFError, TTFont  # type: ignore[import-untyped]
from reportlab.platypus import Paragraph, Table, TableStyle  # type: ignore[import-untyped]

Translate = Callable[[str], str]


def identity(text: str) -> str:
    return text


MIN_ROUND_ROWS = 12
SUBCOLUMNS = 5  # phase boxes per row under each player
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
        "outcome": ParagraphStyle("outcome", base, fontName=font.bold, fontSize=12, leading=15),
    }


def para(text: str, style: str) -> Paragraph:
    """A paragraph of plain text: markup characters in names print as themselves."""
    return Paragraph(escape(text), styles()[style])


def rich(markup: str, style: str) -> Paragraph:
    """A paragraph of markup whose text is already escaped (names in their own fonts)."""
    return Paragraph(markup, styles()[style])


@dataclass(frozen=True)
class Column:
    """One player's column: header, ten phase cells, one cell per round row, and the total."""

    header: Any
    phases: Sequence[Any]
    rounds: Sequence[str]
    total: str


@dataclass(frozen=True)
class Marks:
    """Per-cell emphasis, by (player index, round row index)."""

    bold: frozenset[tuple[int, int]] = frozenset()
    tiebreak_rows: frozenset[int] = frozenset()


def _grid_data(columns: Sequence[Column], labels: Sequence[str], phases_label: str,
               total_label: str, corner: str = "") -> list[list[Any]]:
    def spread(cells: Iterable[Any]) -> list[Any]:
        """Each cell, then the empty cells its span covers."""
        return [part for cell in cells for part in [cell] + [""] * (SUBCOLUMNS - 1)]

    rows: list[list[Any]] = [[corner] + spread(column.header for column in columns)]
    for half in (0, SUBCOLUMNS):
        rows.append([phases_label if half == 0 else ""]
                    + [cell for column in columns for cell in column.phases[half:half + 5]])
    for index, label in enumerate(labels):
        rows.append([label] + spread(column.rounds[index] for column in columns))
    rows.append([total_label] + spread(column.total for column in columns))
    return rows


def _grid_style(players: int, rounds: int, marks: Marks, *, filled: bool) -> TableStyle:
    font = fonts()
    first_round, total = 3, 3 + rounds
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), font.regular, 10),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("GRID", (0, 0), (-1, -1), 0.5, INK),
        ("BOX", (0, 0), (-1, -1), 1.5, INK),
        ("VALIGN", (0, 0), (-1, 0), "MIDDLE" if filled else "TOP"),
        ("LINEBELOW", (0, 0), (-1, 0), 1.2, INK),
        ("LINEBELOW", (0, 2), (-1, 2), 1.2, INK),
        ("LINEABOVE", (0, total), (-1, total), 1.5, INK),
        ("SPAN", (0, 1), (0, 2)),
        ("FONT", (0, 0), (0, -1), font.regular, 7.5),
        ("TEXTCOLOR", (0, 0), (0, -1), SOFT_INK),
        ("FONT", (1, 1), (-1, 2), font.regular, 8),
        ("TEXTCOLOR", (1, 1), (-1, 2), SOFT_INK),
        ("FONT", (1, total), (-1, total), font.bold, 11),
    ]
    if rounds:
        commands.append(("ROWBACKGROUNDS", (0, first_round), (-1, total - 1), [None, ZEBRA]))
    if filled:  # a blank header stays white to write the names on
        commands.append(("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL))
    else:
        commands.append(("ALIGN", (1, total), (-1, total), "LEFT"))
    for player in range(players):
        left = 1 + SUBCOLUMNS * player
        right = left + SUBCOLUMNS - 1
        commands.append(("LINEBEFORE", (left, 0), (left, -1), 1.2, INK))
        for row in [0, total, *range(first_round, total)]:
            commands.append(("SPAN", (left, row), (right, row)))
    for player, index in marks.bold:
        cell = (1 + SUBCOLUMNS * player, first_round + index)
        commands.append(("FONT", cell, cell, font.bold, 10))
    for index in marks.tiebreak_rows:
        commands.append(("LINEABOVE", (0, first_round + index), (-1, first_round + index), 1, INK))
    return TableStyle(commands)


def score_grid(columns: Sequence[Column], labels: Sequence[str], width: float, *,
               filled: bool, header_height: float | None, total_label: str,
               marks: Marks = Marks(), _: Translate = identity) -> Table:
    """The score table: a label column, then five sub-columns per player."""
    sub = (width - LABEL_WIDTH) / (SUBCOLUMNS * len(columns))
    round_height = FILLED_ROW if filled else BLANK_ROW
    heights = ([header_height, PHASE_ROW, PHASE_ROW]
               + [round_height + (8 if "\n" in label else 0) for label in labels] + [TOTAL_ROW])
    # The label column's header names what its numbers count: the rounds.
    corner = _("Round")
    table = Table(_grid_data(columns, labels, _("Phases"), total_label, corner),
                  colWidths=[LABEL_WIDTH] + [sub] * (SUBCOLUMNS * len(columns)),
                  rowHeights=heights, repeatRows=1)
    table.setStyle(_grid_style(len(columns), len(labels), marks, filled=filled))
    table.setStyle(TableStyle(_shrunk(columns, sub * SUBCOLUMNS - 8, marks)
                              + _shrunk_labels([*labels, total_label], LABEL_WIDTH - 4)
                              + _shrunk_labels([corner], LABEL_WIDTH - 4, row=0)))
    return table


def _shrunk_labels(labels: Sequence[str], room: float, row: int = 3) -> list[tuple[Any, ...]]:
    """Smaller type for a round label too wide for its column ("11 / spareggio"); the labels
    start in table row ``row``."""
    font, commands = fonts(), []
    for index, label in enumerate(labels):
        size = 7.5
        while size > 5 and max(pdfmetrics.stringWidth(line, font.regular, size)
                               for line in label.split("\n")) > room:
            size -= 0.5
        if size < 7.5:
            commands.append(("FONTSIZE", (0, row + index), (0, row + index), size))
    return commands


def _shrunk(columns: Sequence[Column], room: float, marks: Marks) -> list[tuple[Any, ...]]:
    """Smaller type for the few round cells too long for their column (never wrapped)."""
    font, commands = fonts(), []
    for player, column in enumerate(columns):
        for index, text in enumerate(column.rounds):
            name = font.bold if (player, index) in marks.bold else font.regular
            size = 10.0
            while size > 6 and pdfmetrics.stringWidth(text, name, size) > room:
                size -= 0.5
            if size < 10:
                cell = (1 + SUBCOLUMNS * player, 3 + index)
                commands.append(("FONTSIZE", cell, cell, size))
    return commands
