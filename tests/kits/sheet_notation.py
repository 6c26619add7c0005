"""A short way to write rounds in the scoring tests, close to how a sheet is filled in.

One string per player: ``"X 20"`` laid their phase and holds 20 points, ``"- 75"`` did not
lay it, ``"3 0"`` (Masters) laid phase 3, and a trailing ``out`` marks who went out.
The board game has no points: ``"X out"``, ``"X"``, ``"-"``.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion import editions
from companion.editions import Edition
from companion.scoring import Result, Round, Setup, Sheet, add_round, build_sheet


def result(player: str, text: str) -> Result:
    tokens = text.split()
    went_out = "out" in tokens
    mark, *rest = [token for token in tokens if token != "out"]
    phase = int(mark) if mark.isdigit() else None
    laid = mark == "X" or phase is not None
    points = int(rest[0]) if rest else None
    return Result(player, laid, points, went_out, phase)


def rnd(**entries: str) -> Round:
    """A round from keyword arguments in seating order: ``rnd(Ann="X 0", Ben="- 60")``."""
    return Round(tuple(result(player, text) for player, text in entries.items()))


def setup(*players: str, edition: Edition | None = None, **options: object) -> Setup:
    return Setup(edition or editions.get("original"), tuple(players), **options)  # type: ignore[arg-type]


def play(game: Setup, rounds: Iterable[Round], *, confirm: bool = False) -> Sheet:
    """The sheet after entering ``rounds`` one by one, as the app does."""
    sheet = build_sheet(game, [])
    for round in rounds:
        sheet = add_round(sheet, round, confirm=confirm)
    return sheet


def phases_and_points(sheet: Sheet) -> dict[str, tuple[int, int]]:
    return {line.name: (len(line.phases_done), line.points) for line in sheet.players}


# The worked example of the card game rules (docs/rules.md). Each column of the printed sheet
# lists a player's points of the rounds they did not go out in, in order:
#   Michaela 20 15 | Horst 25 65 10 70 | Petra 20 70 15 20 | Thomas 75 25 50 15 65
# Michaela laid her phase every round; the round each went out in is our reconstruction.
SEED_PLAYERS = ("Michaela", "Horst", "Petra", "Thomas")
SEED_ROUNDS = [
    rnd(Michaela="X 20", Horst="X 0", Petra="X 20", Thomas="- 75"),
    rnd(Michaela="X 0", Horst="X 25", Petra="- 70", Thomas="X 25"),
    rnd(Michaela="X 0", Horst="- 65", Petra="X 15", Thomas="- 50"),
    rnd(Michaela="X 0", Horst="X 10", Petra="X 20", Thomas="X 15"),
    rnd(Michaela="X 15", Horst="- 70", Petra="X 0", Thomas="- 65"),
]

# Phases 1 and 2 only (variant 2) keep the games short. After round 2 Ann, Ben and Cem
# have both phases on the sheet with 10 points each; Dan is far behind.
FOUR = setup("Ann", "Ben", "Cem", "Dan", phases=(1, 2))
TIED = [
    rnd(Ann="X 0", Ben="X 10", Cem="X 5", Dan="- 50"),
    rnd(Ann="X 10", Ben="X 0", Cem="X 5", Dan="- 50"),
]
