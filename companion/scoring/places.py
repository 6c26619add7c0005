"""The final standings as places: who came first, second, …, with ties sharing a place.

The sheet's ``standings`` give the order; this says where one place ends and the next begins,
by the same rule that made the order (docs/decisions.md, "Standings"): winners first, then
players still at the table before those who left, then phases completed and points (variant 1:
points, then phases), board game: the marker. Players equal on all of that share a place, and
the next place skips as many as shared it ("1, 1, 3").

>>> from companion import editions
>>> from companion.scoring import Result, Round, Setup, build_sheet
>>> setup = Setup(editions.get("original"), ("Ann", "Ben", "Cleo"), ten_rounds=True,
...               phases=(1,))
>>> sheet = build_sheet(setup, [Round((Result("Ann", True, 0, True), Result("Ben", True, 0),
...                                    Result("Cleo", False, 60)))])
>>> [(place.place, place.name, place.won) for place in places(sheet)]
[(1, 'Ann', True), (1, 'Ben', True), (3, 'Cleo', False)]
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.scoring.model import PlayerLine, Sheet
from companion.scoring.roster import last_round


@dataclass(frozen=True)
class Place:
    place: int
    """1 for the winner(s); players who share a place share its number."""
    line: PlayerLine
    won: bool
    left_after: int | None
    """The last round played by a player who left the game (None: still at the table)."""

    @property
    def name(self) -> str:
        return self.line.name


def places(sheet: Sheet) -> tuple[Place, ...]:
    """Every player in the order of ``sheet.standings``, each with their place."""
    setup = sheet.setup
    found: list[Place] = []
    previous: tuple[object, ...] | None = None
    for position, name in enumerate(sheet.standings, start=1):
        line = sheet.line(name)
        won = name in sheet.winners
        left = last_round(setup, line.seat)
        key = _rank(sheet, line, won, left is not None)
        place = found[-1].place if found and key == previous else position
        found.append(Place(place, line, won, left))
        previous = key
    return tuple(found)


def _rank(sheet: Sheet, line: PlayerLine, won: bool, gone: bool) -> tuple[object, ...]:
    """What the standings compare, without the seat that breaks their ties."""
    if sheet.final is not None:  # known by its final result: its places
        return next(result.place for result in sheet.final if result.player == line.name),
    if sheet.setup.edition.markers:
        return not won, gone, -(line.marker or 1)
    phases = -len(line.phases_done)
    if sheet.setup.ten_rounds:
        return not won, gone, line.points, phases
    return not won, gone, phases, line.points
