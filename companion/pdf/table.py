"""The score grid as a reportlab table, drawn from :class:`companion.scoring.grid.Grid`.

The table has a label column, then a few narrow sub-columns per player, so the phase numbers
sit in two rows of boxes under each name (1–5 and 6–10 for ten phases, as in the rules' worked
example); names, rounds and totals span all of a player's sub-columns. Every table row keeps
the grid row's kind, and the style finds the header, the phase band, the rounds and the totals
from those kinds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.platypus import Table, TableStyle  # type: ignore[import-untyped]

from companion.pdf.flowables import Clipped, CrossedPhase
from companion.pdf.layout import (
    BLANK_ROW,
    FILLED_ROW,
    HEADER_FILL,
    INK,
    LABEL_WIDTH,
    PHASE_ROW,
    SOFT_INK,
    TOTAL_ROW,
    ZEBRA,
    Translate,
    fonts,
    para,
    rich,
)
from companion.pdf.scripts import name_markup
from companion.scoring.grid import (
    Grid,
    NameCell,
    PhaseCell,
    PhaseMark,
    RoundCell,
    RowKind,
    TotalCell,
)
from companion.scoring.model import FinalResult

PHASE_BANDS = 2  # rows of phase boxes under each name


@dataclass(frozen=True)
class _Row:
    """One table row: its kind, label, a cell per player (or per phase box), its height."""

    kind: RowKind
    label: str
    cells: Sequence[Any]
    height: float | None
    bold: frozenset[int] = frozenset()
    """Players whose cell is set in bold (went out, or ended the round)."""
    tiebreak: bool = False


def boxes(grid: Grid) -> int:
    """Sub-columns per player: enough for the edition's phases in two rows of boxes."""
    return max(1, -(-len(grid.phases) // PHASE_BANDS))


def space(number: int, wreath: int, _: Translate) -> str:
    """A board space as written on the sheet: its number, or "wreath"."""
    return _("wreath") if number >= wreath else str(number)


def _name(cell: NameCell, _: Translate) -> Any:
    if not cell.name:
        return para(_("Player %(n)s:") % {"n": cell.seat}, "label")
    name = Clipped(rich(name_markup(cell.name, bold=True), "name"))
    if cell.left:  # said under the name, as on the players page
        return [name, para(_("left after round %(number)s") % {"number": cell.left - 1},
                           "status")]
    if cell.joined > 1:
        return [name, para(_("joined in round %(number)s") % {"number": cell.joined},
                           "status")]
    return name


def _phase(cell: PhaseCell) -> Any:
    if cell.mark is PhaseMark.DONE:
        return CrossedPhase(cell.number)
    return "–" if cell.mark is PhaseMark.OUT_OF_PLAY else str(cell.number)


def round_text(grid: Grid, cell: RoundCell, _: Translate) -> str:
    """A round's cell: the points (Masters: and the phase laid) or the marker's move, with the
    mark of who dealt or started the round."""
    if grid.markers:
        if cell.move is not None:
            text = (f"{space(cell.move.start, grid.wreath, _)} {fonts().arrow} "
                    f"{space(cell.move.end, grid.wreath, _)}")
        elif cell.stopped:
            text = _("%(space)s (game over)") % {"space": space(cell.marker, grid.wreath, _)}
        else:
            text = space(cell.marker, grid.wreath, _)
    else:
        text = cell.points_text
        if grid.edition.chooses_phase and cell.phase:
            text += " · " + _("Ph. %(n)s") % {"n": cell.phase}
    return f"{text} {fonts().dealer_mark}" if cell.leads else text


def _total(grid: Grid, cell: TotalCell, _: Translate) -> str:
    unknown = "?" if grid.final is not None else ""  # a log that did not say; else blank
    if grid.markers:
        return unknown if cell.marker is None else space(cell.marker, grid.wreath, _)
    return (unknown or "=") if cell.points is None else str(cell.points)


def _rows(grid: Grid, header_height: float | None, total_label: str,
          _: Translate) -> list[_Row]:
    rows = [_Row(RowKind.HEADER, _("Round"), [_name(cell, _) for cell in grid.header],
                 header_height)]
    per_row = boxes(grid)
    for band in range(0, len(grid.phases), per_row):
        phases = grid.phases[band:band + per_row]
        cells = [_phase(phases[index].cells[player]) if index < len(phases) else ""
                 for player in range(len(grid.header)) for index in range(per_row)]
        rows.append(_Row(RowKind.PHASE, _("Phases") if band == 0 else "", cells, PHASE_ROW))
    tiebreak = _("tie-break")
    height = BLANK_ROW if grid.blank else FILLED_ROW
    for row in grid.rounds:
        label = f"{row.number}\n{tiebreak}" if row.tiebreak else str(row.number)
        texts = ([round_text(grid, cell, _) for cell in row.cells] if row.cells
                 else [""] * len(grid.header))
        rows.append(_Row(row.kind, label, texts, height + (8 if row.tiebreak else 0),
                         frozenset(player for player, cell in enumerate(row.cells)
                                   if cell.went_out), row.tiebreak))
    if grid.final is not None:  # known by its final result: one row of it, no rounds
        rows.append(_Row(RowKind.ROUND, _("Final"), [_final(grid, line) for line in grid.final],
                         FILLED_ROW))
    rows.append(_Row(RowKind.TOTAL, total_label, [_total(grid, cell, _) for cell in grid.total],
                     TOTAL_ROW))
    return rows


def _final(grid: Grid, line: FinalResult) -> str:
    """A player's final line: place, and the phases completed (the board game: the marker;
    "?" where not known)."""
    known = line.marker if grid.markers else line.phases
    return f"{line.place}.\n{'?' if known is None else known}"


def _data(rows: Sequence[_Row], per_row: int) -> list[list[Any]]:
    """Each row's label, then its cells; a cell that spans a player's sub-columns is followed
    by the empty cells the span covers."""
    def spread(cells: Sequence[Any]) -> list[Any]:
        return [part for cell in cells for part in [cell] + [""] * (per_row - 1)]

    return [[row.label, *(row.cells if row.kind is RowKind.PHASE else spread(row.cells))]
            for row in rows]


def _style(rows: Sequence[_Row], players: int, per_row: int, *, blank: bool) -> TableStyle:
    font = fonts()
    kinds = [row.kind for row in rows]
    header, total = kinds.index(RowKind.HEADER), kinds.index(RowKind.TOTAL)
    phases = [index for index, kind in enumerate(kinds) if kind is RowKind.PHASE]
    rounds = [index for index, kind in enumerate(kinds) if kind in (RowKind.ROUND, RowKind.SPARE)]
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), font.regular, 10),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("GRID", (0, 0), (-1, -1), 0.5, INK),
        ("BOX", (0, 0), (-1, -1), 1.5, INK),
        ("VALIGN", (0, header), (-1, header), "TOP" if blank else "MIDDLE"),
        ("LINEBELOW", (0, header), (-1, header), 1.2, INK),
        ("LINEABOVE", (0, total), (-1, total), 1.5, INK),
        ("FONT", (0, 0), (0, -1), font.regular, 7.5),
        ("TEXTCOLOR", (0, 0), (0, -1), SOFT_INK),
        ("FONT", (1, total), (-1, total), font.bold, 11),
    ]
    if phases:
        first, last = phases[0], phases[-1]
        commands += [("LINEBELOW", (0, last), (-1, last), 1.2, INK),
                     ("SPAN", (0, first), (0, last)),
                     ("FONT", (1, first), (-1, last), font.regular, 8),
                     ("TEXTCOLOR", (1, first), (-1, last), SOFT_INK)]
    if rounds:
        commands.append(("ROWBACKGROUNDS", (0, rounds[0]), (-1, rounds[-1]), [None, ZEBRA]))
    if blank:  # a blank header stays white to write the names on
        commands.append(("ALIGN", (1, total), (-1, total), "LEFT"))
    else:
        commands.append(("BACKGROUND", (0, header), (-1, header), HEADER_FILL))
    for player in range(players):
        left = 1 + per_row * player
        right = left + per_row - 1
        commands.append(("LINEBEFORE", (left, 0), (left, -1), 1.2, INK))
        for index in [header, total, *rounds]:
            commands.append(("SPAN", (left, index), (right, index)))
    for index in rounds:
        for player in rows[index].bold:
            cell = (1 + per_row * player, index)
            commands.append(("FONT", cell, cell, font.bold, 10))
        if rows[index].tiebreak:
            commands.append(("LINEABOVE", (0, index), (-1, index), 1, INK))
    return TableStyle(commands)


LABEL_SIZE = 7.5
#: The widest the label column grows for a long word ("Durchgang"), in points.
WIDEST_LABEL = 60.0


def label_width(rows: Sequence[_Row]) -> float:
    """The label column: as wide as its longest line needs at the label's size, so a long
    word ("Durchgang") is neither set in tiny type nor broken; at least the usual width, and
    never wider than :data:`WIDEST_LABEL` (a longer label is then set smaller)."""
    widest = max((pdfmetrics.stringWidth(line, fonts().regular, LABEL_SIZE)
                  for row in rows if row.kind is not RowKind.PHASE
                  for line in row.label.split("\n")), default=0.0)
    return float(min(WIDEST_LABEL, max(LABEL_WIDTH, widest + 6)))


def _shrunk(rows: Sequence[_Row], per_row: int, room: float,
            label_room: float) -> list[tuple[Any, ...]]:
    """Smaller type for the few round cells too long for their column (never wrapped), and for
    a label too wide for the label column ("11 / spareggio")."""
    font, commands = fonts(), []
    for index, row in enumerate(rows):
        if row.kind is not RowKind.PHASE and row.label:
            size = 7.5
            while size > 5 and max(pdfmetrics.stringWidth(line, font.regular, size)
                                   for line in row.label.split("\n")) > label_room:
                size -= 0.5
            if size < 7.5:
                commands.append(("FONTSIZE", (0, index), (0, index), size))
        if row.kind not in (RowKind.ROUND, RowKind.SPARE):
            continue
        for player, text in enumerate(row.cells):
            name = font.bold if player in row.bold else font.regular
            size = 10.0
            while size > 6 and pdfmetrics.stringWidth(text, name, size) > room:
                size -= 0.5
            if size < 10:
                cell = (1 + per_row * player, index)
                commands.append(("FONTSIZE", cell, cell, size))
    return commands


def score_grid(grid: Grid, width: float, *, header_height: float | None, total_label: str,
               _: Translate) -> Table:
    """The score table: a label column, then a few sub-columns per player."""
    per_row, players = boxes(grid), len(grid.header)
    rows = _rows(grid, header_height, total_label, _)
    labels = label_width(rows)
    sub = (width - labels) / (per_row * players)
    table = Table(_data(rows, per_row), colWidths=[labels] + [sub] * (per_row * players),
                  rowHeights=[row.height for row in rows], repeatRows=1)
    table.setStyle(_style(rows, players, per_row, blank=grid.blank))
    table.setStyle(TableStyle(_shrunk(rows, per_row, sub * per_row - 8, labels - 4)))
    return table
