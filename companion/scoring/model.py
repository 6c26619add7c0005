"""The score sheet's value objects: what a game is set up as, what a round records, and
the sheet derived from them. Frozen and free of behaviour beyond describing themselves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from companion.editions import Edition
from companion.refusals import Kind, Reason, ScoringError

Status = Literal["playing", "tiebreak", "finished"]


@dataclass(frozen=True)
class GameSpec:
    """A new game's settings as asked for (a request, a form, a rematch), before
    companion.services.games checks them and stores the game whose Setup they become: names
    as typed, ``first`` the name of the first dealer or starter."""

    edition: Edition
    players: tuple[str, ...]
    phases: tuple[int, ...] | None = None
    """The phases in play (None: all of the edition's)."""
    ten_rounds: bool = False
    knocking: bool = False
    first: str | None = None


@dataclass(frozen=True)
class Setup:
    """How a game is played, fixed before round 1.

    ``phases`` (variant 2) and ``ten_rounds`` (variant 1) belong to the original card game;
    Masters and the board game always use phases 1–10 and the sheet normalises them so.
    ``first_dealer`` is a seat: in the card games who deals round 1, in the board game who
    starts round 1 (the youngest). ``knocking`` (variant 3) changes nothing on the sheet.
    """

    edition: Edition
    players: tuple[str, ...]
    phases: tuple[int, ...] = ()
    """The phases in play, in order (empty: all of the edition's; normalised to those)."""
    ten_rounds: bool = False
    first_dealer: int = 0
    knocking: bool = False
    joined: tuple[int, ...] = ()
    """Per seat, the first round the player plays (empty: everybody from round 1)."""
    left: tuple[int, ...] = ()
    """Per seat, the first round the player no longer plays (0 or empty: still playing)."""


@dataclass(frozen=True)
class Result:
    """One player's line of one round.

    ``points`` are the card games' penalty points (``None`` in the board game); ``went_out``
    marks who ended the round (card games may leave it out for everybody, see
    :func:`companion.scoring.check_round`); ``phase`` is, in Masters only, the number of
    the phase laid.
    """

    player: str
    laid: bool
    points: int | None = None
    went_out: bool = False
    phase: int | None = None


@dataclass(frozen=True)
class Round:
    """The results of one round; its number is its position in the game, from 1."""

    results: tuple[Result, ...]


@dataclass(frozen=True)
class Problem(Reason):
    """One broken rule or one warning: a translatable reason, and the entry at fault.

    >>> str(Problem("%(player)s went out, so %(player)s scores 0 points", {"player": "Petra"}))
    'Petra went out, so Petra scores 0 points'
    """

    player: str | None = None
    field: str | None = None
    """The entry at fault: "points", "phase", "went_out", "player"; None for the round."""


class InvalidSetup(ScoringError):
    """A setup no game can be played with (too few players, an unknown phase, ...)."""

    def __init__(self, template: str, **params: object) -> None:
        self.problem = Problem(template, params)
        super().__init__(self.problem)


class GameFinished(ScoringError):
    """A round was offered to a game that is already decided."""

    kind = Kind.CONFLICT

    def __init__(self) -> None:
        super().__init__("the game is finished: it takes no more rounds")


class RoundRejected(ScoringError):
    """Round ``number`` breaks the rules named in ``problems``, at least one (``reason``: the
    first)."""

    kind = Kind.REFUSED

    def __init__(self, number: int, problems: Sequence[Problem]) -> None:
        self.number = number
        self.problems = tuple(problems)
        super().__init__(self.problems[0])
        self.args = (f"round {number}: " + "; ".join(str(p) for p in self.problems),)


class NeedsConfirmation(ScoringError):
    """The round breaks no rule but looks impossible; it is taken only when confirmed.
    ``warnings``: at least one (``reason``: the first)."""

    kind = Kind.REFUSED

    def __init__(self, warnings: Sequence[Problem]) -> None:
        self.warnings = tuple(warnings)
        super().__init__(self.warnings[0])
        self.args = ("please confirm: " + "; ".join(str(w) for w in self.warnings),)


@dataclass(frozen=True)
class Move:
    """Board game: one phase marker moving from ``start`` to ``end`` at a round's end."""

    player: str
    start: int
    end: int


@dataclass(frozen=True)
class RoundView:
    """A recorded round as the sheet shows it."""

    number: int
    results: tuple[Result, ...]
    """In seating order, with ``went_out`` filled in."""
    tiebreak: bool
    dealer: str | None
    """Card games: who dealt this round."""
    starter: str | None
    """Board game: who started this round."""
    attempted: Mapping[str, int | None]
    """The phase each player of the round tried (Masters: the phase laid, else None)."""
    totals: Mapping[str, int]
    """Card games: every player's running total after this round."""
    moves: tuple[Move, ...]
    """Board game: the markers that moved, in evaluation order."""
    stopped: tuple[str, ...]
    """Board game: who had laid but did not move because the game ended first."""
    markers: Mapping[str, int]
    """Board game: every player's marker after this round."""


@dataclass(frozen=True)
class PlayerLine:
    """One player's column of the sheet."""

    name: str
    seat: int
    phases_done: tuple[int, ...]
    """In the order completed (board game: the phases actually laid and moved on from)."""
    current_phase: int | None
    """The phase tried next; None once the last phase in play is done."""
    points: int
    marker: int | None
    """Board game: 1–10 a phase space, 11 the laurel wreath; None in the card games."""
    round_points: tuple[int | None, ...]
    """Per round; None when the player did not play it (tie-break) and in the board game."""


@dataclass(frozen=True)
class FinalResult:
    """One player's line of a game known only by its final result (typed from a paper sheet,
    or read from another app's log): no rounds.

    ``phases``: phases completed (None: not known, as in a play logged elsewhere);
    ``points``: the card games' penalty points (None: the board game, or not known);
    ``marker``: the board game's marker, 1–10 a phase space, 11 the laurel wreath;
    ``place``: 1 for the winners, equal places a tie (0: not ranked yet).
    """

    player: str
    phases: int | None = None
    points: int | None = None
    marker: int | None = None
    place: int = 0


@dataclass(frozen=True)
class Sheet:
    """Everything the score sheet shows, derived from the setup and the rounds."""

    setup: Setup
    rounds: tuple[RoundView, ...]
    players: tuple[PlayerLine, ...]
    status: Status
    winner: str | None
    winners: tuple[str, ...]
    tiebreak: tuple[str, ...]
    dealer: str | None
    starter: str | None
    standings: tuple[str, ...]
    next_round: int
    expected: tuple[str, ...]
    final: tuple[FinalResult, ...] | None = None
    """A game known by its final result only (no rounds): each player's line of it, in
    seating order; None for a game played round by round."""

    def line(self, name: str) -> PlayerLine:
        """The column of player ``name`` (KeyError for a stranger)."""
        for line in self.players:
            if line.name == name:
                return line
        raise KeyError(name)
