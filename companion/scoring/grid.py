"""The score sheet's grid: the one description of its rows and cells that the page and the PDF
both draw.

A :class:`Grid` has a header row (one cell per player), one row per phase of the edition (each
player's phase crossed off, current, open or not in play), one row per round (penalty points or
a marker move, who dealt or started, who went out), optional spare rows to fill in by hand, and
the totals row. Every row says which :class:`RowKind` it is, so a renderer finds the phase band,
the rounds and the totals from the grid instead of counting rows itself.

Pure and typed: no Flask, no translation. The cells hold facts (numbers, names, flags); the
page and the PDF put them into words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from companion.editions import Edition
from companion.scoring.final import points_of
from companion.scoring.model import FinalResult, Move, RoundView, Sheet


class RowKind(StrEnum):
    HEADER = "header"
    PHASE = "phase"
    ROUND = "round"
    SPARE = "spare"
    """An empty round row to write the next rounds in by hand (the blank sheet has only these)."""
    TOTAL = "total"


class PhaseMark(StrEnum):
    DONE = "done"
    CURRENT = "current"
    """The phase the player tries next (not in Masters, where players choose, nor once the game
    is in a tie-break or over)."""
    OPEN = "open"
    OUT_OF_PLAY = "out-of-play"
    """Not among the phases this game plays (the card game's variant with fewer phases)."""


@dataclass(frozen=True)
class NameCell:
    name: str
    """"" on a blank sheet without names: a line to write one on."""
    seat: int
    """1 for the first column."""
    leads: bool = False
    """Deals (card games) or starts (board game) the next round."""
    gone: bool = False
    """Left the game."""
    joined: int = 1
    """The first round the player played (more than 1: joined late)."""
    left: int = 0
    """The first round the player no longer played (0: still playing)."""


@dataclass(frozen=True)
class PhaseCell:
    number: int
    mark: PhaseMark


@dataclass(frozen=True)
class RoundCell:
    player: str
    played: bool
    """False when the player had no part in the round (a tie-break, before joining, after
    leaving)."""
    points: int | None = None
    laid: bool = False
    went_out: bool = False
    """Went out (card games) or ended the round (board game)."""
    leads: bool = False
    """Dealt (card games) or started (board game) this round."""
    phase: int | None = None
    """Masters: the phase laid this round."""
    move: Move | None = None
    """Board game: the marker's move at the round's end."""
    marker: int = 1
    """Board game: the space the marker is on after the round."""
    stopped: bool = False
    """Board game: laid the phase but did not move because the game had ended."""

    @property
    def points_text(self) -> str:
        """The points as written on the sheet: "–" when the player did not play."""
        if not self.played:
            return "–"
        return "" if self.points is None else str(self.points)

    @property
    def flags(self) -> tuple[str, ...]:
        """What marks the cell, as words: "absent", or "out" and/or "laid"."""
        if not self.played:
            return ("absent",)
        return tuple(flag for flag, on in (("out", self.went_out), ("laid", self.laid)) if on)


@dataclass(frozen=True)
class TotalCell:
    points: int | None = None
    """Card games: the total; None on a blank sheet."""
    marker: int | None = None
    """Board game: the space the marker is on; None on a blank sheet."""


@dataclass(frozen=True)
class PhaseRow:
    number: int
    in_play: bool
    cells: tuple[PhaseCell, ...]
    kind: RowKind = RowKind.PHASE


@dataclass(frozen=True)
class RoundRow:
    number: int
    cells: tuple[RoundCell, ...]
    """One per player; empty in a spare row."""
    tiebreak: bool = False
    kind: RowKind = RowKind.ROUND


@dataclass(frozen=True)
class Grid:
    edition: Edition
    header: tuple[NameCell, ...]
    phases: tuple[PhaseRow, ...]
    """One row per phase of the edition, in the edition's order."""
    rounds: tuple[RoundRow, ...]
    """The rounds played, then the spare rows."""
    total: tuple[TotalCell, ...]
    play_order: tuple[int, ...]
    """The phases in play, in the order the game plays them."""
    blank: bool = False
    """A sheet to fill in by hand: no game behind it."""
    final: tuple[FinalResult, ...] | None = None
    """A game known by its final result: each player's line (the row in place of rounds)."""

    @property
    def markers(self) -> bool:
        return self.edition.markers

    @property
    def wreath(self) -> int:
        return self.edition.wreath

    @property
    def phases_in_play(self) -> tuple[PhaseRow, ...]:
        """The rows of the phases in play, in the order the game plays them."""
        rows = {row.number: row for row in self.phases}
        return tuple(rows[number] for number in self.play_order)

    @property
    def played(self) -> tuple[RoundRow, ...]:
        return tuple(row for row in self.rounds if row.kind is RowKind.ROUND)

    @property
    def kinds(self) -> tuple[RowKind, ...]:
        """Every row's kind, top to bottom."""
        return (RowKind.HEADER, *(row.kind for row in self.phases),
                *(row.kind for row in self.rounds), RowKind.TOTAL)


def sheet_grid(sheet: Sheet, *, spare_rows: int = 0) -> Grid:
    """The grid of a game's sheet, with ``spare_rows`` empty rows after the rounds played."""
    edition = sheet.setup.edition
    leader = sheet.starter if edition.markers else sheet.dealer
    gone = _gone(sheet)
    joined, left = sheet.setup.joined or (), sheet.setup.left or ()
    header = tuple(NameCell(line.name, seat, leads=line.name == leader, gone=line.name in gone,
                            joined=joined[seat - 1] if seat <= len(joined) else 1,
                            left=left[seat - 1] if seat <= len(left) else 0)
                   for seat, line in enumerate(sheet.players, start=1))
    rounds = tuple(_round_row(sheet, view) for view in sheet.rounds)
    spare = tuple(RoundRow(sheet.next_round + extra, (), kind=RowKind.SPARE)
                  for extra in range(spare_rows))
    total = tuple(TotalCell(points=None if edition.markers else points_of(sheet, line.name),
                            marker=(line.marker if sheet.final is not None
                                    else line.marker or 1) if edition.markers else None)
                  for line in sheet.players)
    return Grid(edition, header, _phase_rows(sheet, gone), rounds + spare, total,
                sheet.setup.phases, final=sheet.final)


def phase_rows(sheet: Sheet) -> tuple[PhaseRow, ...]:
    """The grid's phase rows alone, in the order the game plays them: what a picture of the
    standings draws, without the rows of every round played (a cost that grows with them)."""
    rows = {row.number: row for row in _phase_rows(sheet, _gone(sheet))}
    return tuple(rows[number] for number in sheet.setup.phases)


def blank_grid(edition: Edition, names: Sequence[str], rounds: int) -> Grid:
    """The grid of a blank sheet: a column per entry of ``names`` ("" leaves a line to write
    the name on), every phase open and ``rounds`` empty round rows."""
    header = tuple(NameCell(name, seat) for seat, name in enumerate(names, start=1))
    phases = tuple(PhaseRow(number, True, tuple(PhaseCell(number, PhaseMark.OPEN)
                                                for _ in names))
                   for number in edition.phase_numbers)
    spare = tuple(RoundRow(number, (), kind=RowKind.SPARE) for number in range(1, rounds + 1))
    return Grid(edition, header, phases, spare, tuple(TotalCell() for _ in names),
                edition.phase_numbers, blank=True)


def _gone(sheet: Sheet) -> frozenset[str]:
    """The players who left the game (their column stays)."""
    left = sheet.setup.left or ()
    return frozenset(name for name, number in zip(sheet.setup.players, left, strict=False)
                     if number)


def _phase_rows(sheet: Sheet, gone: frozenset[str]) -> tuple[PhaseRow, ...]:
    # Masters players choose their phase each round, and a tie-break round replays phases
    # already crossed off: then there is no current phase to mark. Nor for a player who left:
    # they try no phase any more.
    marks_current = sheet.status == "playing" and not sheet.setup.edition.chooses_phase
    in_play = set(sheet.setup.phases)
    rows = []
    for number in sheet.setup.edition.phase_numbers:
        cells = []
        for line in sheet.players:
            if number in line.phases_done:
                mark = PhaseMark.DONE
            elif number not in in_play:
                mark = PhaseMark.OUT_OF_PLAY
            elif number == line.current_phase and marks_current and line.name not in gone:
                mark = PhaseMark.CURRENT
            else:
                mark = PhaseMark.OPEN
            cells.append(PhaseCell(number, mark))
        rows.append(PhaseRow(number, number in in_play, tuple(cells)))
    return tuple(rows)


def _round_row(sheet: Sheet, view: RoundView) -> RoundRow:
    markers = sheet.setup.edition.markers
    leader = view.starter if markers else view.dealer
    results = {result.player: result for result in view.results}
    moves = {move.player: move for move in view.moves}
    cells = []
    for line in sheet.players:
        result = results.get(line.name)
        leads = line.name == leader
        if markers:
            cells.append(RoundCell(
                line.name, result is not None, laid=bool(result and result.laid),
                went_out=bool(result and result.went_out), move=moves.get(line.name),
                marker=view.markers.get(line.name, 1), stopped=line.name in view.stopped,
                leads=leads))
        elif result is None:
            cells.append(RoundCell(line.name, False, leads=leads))
        else:
            cells.append(RoundCell(line.name, True, points=result.points, laid=result.laid,
                                   went_out=result.went_out, phase=result.phase, leads=leads))
    return RoundRow(view.number, tuple(cells), tiebreak=view.tiebreak)
