"""Printable score sheets as PDF: the blank Wertungsblatt and a game's sheet, filled in.

Pure functions from data to bytes (no Flask). ``_`` translates English message ids; the
views pass the request's gettext, the default leaves the text in English.

The layout follows the paper "Kopiervorlage": one column per player with a name line,
the phase numbers 1-10 to cross off, a row per round and a total row. Each player's column
is five narrow sub-columns so the phase numbers sit in two rows of five boxes (1-5, 6-10)
as in the rules' worked example; names, points and totals span all five.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from reportlab.graphics.barcode import qrencoder  # type: ignore[import-untyped]
from reportlab.lib import colors  # type: ignore[import-untyped]
from reportlab.lib.pagesizes import A4, LETTER  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.pdfbase.ttfonts import TTFError, TTFont  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]
from reportlab.platypus import (  # type: ignore[import-untyped]
    Flowable,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from ..rules import PHASES, Edition

if TYPE_CHECKING:
    from ..scoring import PlayerLine, RoundView, Sheet

Translate = Callable[[str], str]


def identity(text: str) -> str:
    return text


PAPERS = {"a4": A4, "letter": LETTER}
MIN_ROUND_ROWS = 12
SUBCOLUMNS = 5  # phase boxes per row under each player
MARGIN = 12 * mm
LABEL_WIDTH = 40
BLANK_ROW, FILLED_ROW, PHASE_ROW, TOTAL_ROW = 24, 20, 17, 24
WREATH = 11
QR_BORDER = 2  # modules of quiet zone; the page margin adds more
INK, SOFT_INK = colors.black, colors.Color(0.25, 0.25, 0.25)
HEADER_FILL, ZEBRA = colors.Color(0.88, 0.88, 0.88), colors.Color(0.95, 0.95, 0.95)
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


@dataclass(frozen=True)
class BlankOptions:
    """What a blank sheet shows: a column per entry of ``names`` ("" leaves a line to write on)."""

    edition: Edition = Edition.ORIGINAL
    names: tuple[str, ...] = ("",) * 6
    paper: str = "a4"

    @classmethod
    def for_players(cls, count: int, **options: Any) -> BlankOptions:
        return cls(names=("",) * count, **options)


@dataclass(frozen=True)
class GameInfo:
    """What the sheet does not know about its game: when it started and its read-only link."""

    created: date
    view_url: str
    paper: str = "a4"


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


# The grid ---------------------------------------------------------------------------------

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
               total_label: str) -> list[list[Any]]:
    def spread(cells: Iterable[Any]) -> list[Any]:
        """Each cell, then the empty cells its span covers."""
        return [part for cell in cells for part in [cell] + [""] * (SUBCOLUMNS - 1)]

    rows: list[list[Any]] = [[""] + spread(column.header for column in columns)]
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


def _grid(columns: Sequence[Column], labels: Sequence[str], width: float, *, filled: bool,
          header_height: float | None, total_label: str, marks: Marks = Marks(),
          _: Translate = identity) -> Table:
    sub = (width - LABEL_WIDTH) / (SUBCOLUMNS * len(columns))
    round_height = FILLED_ROW if filled else BLANK_ROW
    heights = ([header_height, PHASE_ROW, PHASE_ROW]
               + [round_height + (8 if "\n" in label else 0) for label in labels] + [TOTAL_ROW])
    table = Table(_grid_data(columns, labels, _("Phases"), total_label),
                  colWidths=[LABEL_WIDTH] + [sub] * (SUBCOLUMNS * len(columns)),
                  rowHeights=heights, repeatRows=1)
    table.setStyle(_grid_style(len(columns), len(labels), marks, filled=filled))
    table.setStyle(TableStyle(_shrunk(columns, sub * SUBCOLUMNS - 8, marks)))
    return table


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


class CrossedPhase(Flowable):  # type: ignore[misc]
    """A phase box crossed off as on paper: a bold X drawn over the grey number."""

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width, self.height = available_width, 10
        return self.width, self.height

    def draw(self) -> None:
        canvas, font = self.canv, fonts()
        canvas.setFillColor(SOFT_INK)
        canvas.setFont(font.regular, 8)
        canvas.drawCentredString(self.width / 2, 1.5, str(self.number))
        canvas.setFillColor(INK)
        canvas.setFont(font.bold, 13)
        canvas.drawCentredString(self.width / 2, 0, "X")


# Page parts -------------------------------------------------------------------------------

def _edition_name(edition: Edition, _: Translate) -> str:
    return {
        Edition.ORIGINAL: _("Phase 10 card game"),
        Edition.MASTERS: _("Phase 10 Masters"),
        Edition.BOARD: _("Phase 10 board game"),
    }[edition]


def _legend(edition: Edition, numbers: Sequence[int], width: float, _: Translate) -> Table:
    """The edition's phase list in two columns: "Phase 1: 2 sets of 3"."""
    label = _("Phase %(n)s")
    entries = [
        Paragraph(f"<b>{escape(label % {'n': phase.number})}:</b> "
                  f"{escape(_(phase.describe()))}", styles()["legend"])
        for phase in PHASES[edition] if phase.number in numbers
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


def _heading(lines: Sequence[Flowable], aside: Any, aside_width: float, width: float) -> Table:
    table = Table([[list(lines), aside]], colWidths=[width - aside_width, aside_width])
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"), ("ALIGN", (1, 0), (1, 0), "RIGHT"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
    ]))
    return table


class QrCode(Flowable):  # type: ignore[misc]
    """A QR code of ``url``, encoded by reportlab's own qrencoder (no extra dependency).

    Drawn straight onto the canvas, one rectangle per run of dark modules: reportlab's
    QrCodeWidget builds a shape object per run and encodes twice, several times slower.
    """

    def __init__(self, url: str, size: float) -> None:
        super().__init__()
        self.url, self.width, self.height = url, size, size

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        rows = qr_modules(self.url)
        module = self.width / (len(rows) + 2 * QR_BORDER)
        self.canv.setFillColor(INK)
        for index, row in enumerate(rows):
            y = self.height - (index + QR_BORDER + 1) * module
            column = 0
            for dark, run in itertools.groupby(row):
                length = len(list(run))
                if dark:
                    self.canv.rect((column + QR_BORDER) * module, y, length * module, module,
                                   stroke=0, fill=1)
                column += length


@functools.lru_cache(maxsize=64)
def qr_modules(url: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code's modules, row by row (dark = True), error correction level M."""
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(url)
    code.make()
    return tuple(tuple(bool(module) for module in row) for row in code.modules)


def _document(paper: str, title: str) -> tuple[SimpleDocTemplate, BytesIO]:
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


def _build(doc: SimpleDocTemplate, buffer: BytesIO, story: list[Flowable], _: Translate) -> bytes:
    footer = functools.partial(_page_footer, _("Phase 10 Companion"))
    doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return buffer.getvalue()


def _frame_size(doc: SimpleDocTemplate) -> tuple[float, float]:
    padding = 12  # a Frame's default 6 pt on each side
    return doc.width - padding, doc.height - padding


# The blank sheet --------------------------------------------------------------------------

def _blank_columns(options: BlankOptions, rows: int, _: Translate) -> list[Column]:
    total = "=" if options.edition is not Edition.BOARD else ""
    return [
        Column(header=(para(name, "name") if name else
                       para(_("Player %(n)s:") % {"n": seat}, "label")),
               phases=[str(number) for number in range(1, 11)], rounds=[""] * rows, total=total)
        for seat, name in enumerate(options.names, start=1)
    ]


def blank_sheet(options: BlankOptions, _: Translate = identity) -> bytes:
    """A blank Wertungsblatt: always one page, as many round rows as fit (at least 12)."""
    title = _("Phase 10 score sheet")
    doc, buffer = _document(options.paper, title)
    width, height = _frame_size(doc)
    if options.edition is Edition.BOARD:
        hint = _("Cross off each phase as the marker passes it; write the space each marker "
                 "reaches after every round.")
        total_label = _("Wreath")
    else:
        hint = _("Cross off each phase as it is completed; write each round's penalty points "
                 "in the player's column.")
        total_label = _("Total")
    heading = _heading([para(title, "title"), para(_edition_name(options.edition, _), "sub")],
                       para(_("Date:") + " ______________", "aside"), 150, width)
    fixed = [heading, Spacer(0, 4), para(hint, "note"), Spacer(0, 6),
             _legend(options.edition, range(1, 11), width, _), Spacer(0, 8)]
    header_height = None if any(options.names) else 34

    def grid(rows: int) -> Table:
        labels = [str(number) for number in range(1, rows + 1)]
        return _grid(_blank_columns(options, rows, _), labels, width, filled=False,
                     header_height=header_height, total_label=total_label, _=_)

    used = sum(part.wrap(width, height)[1] for part in [*fixed, grid(0)])
    rows = max(MIN_ROUND_ROWS, int((height - used - 2) // BLANK_ROW))
    return _build(doc, buffer, [*fixed, grid(rows)], _)


# A game's sheet ---------------------------------------------------------------------------

def _space(space: int, _: Translate) -> str:
    return _("wreath") if space >= WREATH else str(space)


def _card_cell(view: RoundView, name: str, sheet: Sheet, _: Translate) -> str:
    result = next((result for result in view.results if result.player == name), None)
    if result is None:
        return "–"
    text = "" if result.points is None else str(result.points)
    if sheet.setup.edition is Edition.MASTERS and result.phase:
        text += " · " + _("Ph. %(n)s") % {"n": result.phase}
    return text


def _board_cell(view: RoundView, name: str, _: Translate) -> str:
    arrow = fonts().arrow
    move = next((move for move in view.moves if move.player == name), None)
    if move is not None:
        return f"{_space(move.start, _)} {arrow} {_space(move.end, _)}"
    space = _space(view.markers.get(name, 1), _)
    if name in view.stopped:
        return _("%(space)s (game over)") % {"space": space}
    return space


def _round_cells(sheet: Sheet, line: PlayerLine, _: Translate) -> list[str]:
    board = sheet.setup.edition is Edition.BOARD
    mark = fonts().dealer_mark
    cells = []
    for view in sheet.rounds:
        text = _board_cell(view, line.name, _) if board else _card_cell(view, line.name, sheet, _)
        leader = view.starter if board else view.dealer
        cells.append(f"{text} {mark}" if leader == line.name else text)
    return cells


def _game_columns(sheet: Sheet, padding: int, _: Translate) -> list[Column]:
    board = sheet.setup.edition is Edition.BOARD
    columns = []
    for line in sheet.players:
        phases = [CrossedPhase(number) if number in line.phases_done
                  else str(number) if number in sheet.setup.phases else "–"
                  for number in range(1, 11)]
        total = _space(line.marker or 1, _) if board else str(line.points)
        columns.append(Column(para(line.name, "name"), phases,
                              _round_cells(sheet, line, _) + [""] * padding, total))
    return columns


def _round_labels(sheet: Sheet, padding: int, _: Translate) -> list[str]:
    tiebreak = _("tie-break")
    labels = [f"{view.number}\n{tiebreak}" if view.tiebreak else str(view.number)
              for view in sheet.rounds]
    return labels + [str(sheet.next_round + extra) for extra in range(padding)]


def _marks(sheet: Sheet) -> Marks:
    names = [line.name for line in sheet.players]
    bold = {(names.index(result.player), index)
            for index, view in enumerate(sheet.rounds)
            for result in view.results if result.went_out}
    tiebreaks = {index for index, view in enumerate(sheet.rounds) if view.tiebreak}
    return Marks(frozenset(bold), frozenset(tiebreaks))


def _outcome(sheet: Sheet, _: Translate) -> str:
    if sheet.status == "finished" and sheet.winner:
        return _("Winner: %(name)s") % {"name": sheet.winner}
    if sheet.status == "finished":
        return _("Shared win: %(names)s") % {"names": ", ".join(sheet.winners)}
    if sheet.status == "tiebreak":
        return _("Tie: %(names)s play a tie-break round.") % {"names": ", ".join(sheet.tiebreak)}
    return _("Game in progress: round %(n)s is next.") % {"n": sheet.next_round}


def _notes(sheet: Sheet, _: Translate) -> list[str]:
    """The lines under the table: order of play, what the marks mean, variants, the ending."""
    setup, mark = sheet.setup, fonts().dealer_mark
    seats = setup.players[setup.first_dealer:] + setup.players[:setup.first_dealer]
    if setup.edition is Edition.BOARD:
        notes = [_("Seating order: %(names)s") % {"names": ", ".join(seats)},
                 _("%(mark)s started the round; bold: ended the round and moved 2 spaces.")
                 % {"mark": mark}]
        last = sheet.rounds[-1] if sheet.rounds else None
        if last is not None and last.stopped:
            notes.append(_("Round %(n)s: %(names)s did not move because the game had ended.")
                         % {"n": last.number, "names": ", ".join(last.stopped)})
        return notes
    notes = [_("Dealer order: %(names)s") % {"names": ", ".join(seats)},
             _("%(mark)s dealt the round; bold: went out.") % {"mark": mark}]
    if setup.phases != tuple(range(1, 11)):
        notes.append(_("Phases in play: %(phases)s")
                     % {"phases": ", ".join(str(number) for number in setup.phases)})
    if setup.ten_rounds:
        notes.append(_("Variant: exactly 10 rounds, fewest points wins."))
    if setup.knocking:
        notes.append(_("Variant: knocking allowed."))
    return notes


def game_sheet(sheet: Sheet, info: GameInfo, _: Translate = identity) -> bytes:
    """The game's sheet filled in; a long game continues on further pages under its header."""
    title = _("Phase 10 score sheet")
    doc, buffer = _document(info.paper, title)
    width, _height = _frame_size(doc)
    board = sheet.setup.edition is Edition.BOARD
    qr_size = 68
    aside = Table([[QrCode(info.view_url, qr_size)], [para(_("Read-only link"), "small")]],
                  colWidths=[qr_size + 4])
    aside.setStyle(TableStyle([("ALIGN", (0, 0), (-1, -1), "CENTER"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                               ("TOPPADDING", (0, 0), (-1, -1), 0)]))
    started = _("Started %(date)s") % {"date": info.created.isoformat()}
    heading = _heading([para(title, "title"),
                        para(f"{_edition_name(sheet.setup.edition, _)} · {started}", "sub"),
                        Spacer(0, 4), para(_outcome(sheet, _), "outcome")],
                       aside, qr_size + 8, width)
    padding = max(0, MIN_ROUND_ROWS - len(sheet.rounds)) if sheet.status == "playing" else 0
    grid = _grid(_game_columns(sheet, padding, _), _round_labels(sheet, padding, _), width,
                 filled=True, header_height=None, marks=_marks(sheet),
                 total_label=_("Marker") if board else _("Total"), _=_)
    story = [heading, Spacer(0, 6), _legend(sheet.setup.edition, sheet.setup.phases, width, _),
             Spacer(0, 8), grid, Spacer(0, 6)]
    story += [para(note, "note") for note in _notes(sheet, _)]
    story.append(para(info.view_url, "small"))
    return _build(doc, buffer, story, _)
