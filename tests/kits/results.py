"""Results and sheets in a line each, for the tests of the grid and the PDFs."""

from __future__ import annotations

from companion.scoring import Result, Round, Setup, Sheet, add_round, build_sheet


def play(setup: Setup, *rounds: tuple[Result, ...]) -> Sheet:
    """The sheet after ``rounds``, each stored as confirmed (plausibility aside)."""
    sheet = build_sheet(setup, [])
    for results in rounds:
        sheet = add_round(sheet, Round(results), confirm=True)
    return sheet


def out(name: str, phase: int | None = None) -> Result:
    return Result(name, True, 0, True, phase)


def laid(name: str, points: int, phase: int | None = None) -> Result:
    return Result(name, True, points, False, phase)


def missed(name: str, points: int) -> Result:
    return Result(name, False, points)
