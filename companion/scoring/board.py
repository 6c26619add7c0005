"""The board game's track (the board game rules, docs/rules.md): phase markers, the
evaluation order, the wreath.

As decided for the companion:

- There are no points. Every player's marker starts on phase space 1.
- Exactly one player ended the round (``went_out``, never guessed), having laid their phase.
- Evaluation: the player who ended the round moves 2 spaces, skipping a phase; then, going
  clockwise from them, every other player who laid their phase moves 1 space. Space 11 is
  the laurel wreath; nobody moves past it.
- The first player to reach the wreath wins and the game ends at once: players later in the
  evaluation do not move (``RoundView.stopped``).
- ``phases_done`` holds the phases actually laid and moved on from (the space the marker
  left), so the phase skipped by ending a round gets no entry.
- The youngest (``first_dealer``) starts round 1; the player left of whoever ended a round
  starts the next one.
- Standings: the winner, then markers (further first), then seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import replace
from types import MappingProxyType

from companion.scoring.checks import (
    expected_results,
    must_have_laid,
    no_phase_number,
    roster_problems,
)
from companion.scoring.model import (
    Move,
    PlayerLine,
    Problem,
    Result,
    Round,
    RoundView,
    Setup,
    Sheet,
)
from companion.scoring.roster import last_round, next_at_table, present

__all__ = ["advance", "board_round_errors", "evaluate", "rank", "start"]

ENDER_MOVES, OTHERS_MOVE = 2, 1


def start(setup: Setup) -> Sheet:
    """The board before round 1: every marker on phase 1 (``setup`` already normalised)."""
    lines = tuple(PlayerLine(name, seat, (), 1, 0, 1, ())
                  for seat, name in enumerate(setup.players))
    return _assemble(setup, (), lines, None, next_at_table(setup, setup.first_dealer, 1))


def board_round_errors(sheet: Sheet, round: Round) -> tuple[Problem, ...]:
    """Everything that makes ``round`` impossible as the next round of ``sheet``."""
    roster = roster_problems(sheet, round)
    results = expected_results(sheet, round)
    problems = list(roster)
    for result in results:
        if result.points is not None:
            problems.append(Problem(
                "the board game has no points: leave the points of %(player)s empty",
                {"player": result.player}, result.player, "points"))
        problems += no_phase_number(result)
    if not roster:
        problems += _ender_problems(results)
    return tuple(problems)


def _ender_problems(results: Sequence[Result]) -> list[Problem]:
    enders = [result for result in results if result.went_out]
    if not enders:
        return [Problem("mark the player who ended the round", {}, None, "went_out")]
    if len(enders) > 1:
        return [Problem("only one player ends the round, not %(players)s",
                        {"players": ", ".join(result.player for result in enders)},
                        None, "went_out")]
    return must_have_laid(enders[0], "%(player)s ended the round, so %(player)s must have "
                                     "laid their phase")


def evaluate(players: Sequence[str], markers: Mapping[str, int], ender: str,
             laid: Set[str], wreath: int = 11
             ) -> tuple[tuple[Move, ...], tuple[str, ...], str | None]:
    """(moves, stopped, winner) of a round's evaluation; ``wreath`` is the space after the
    last phase.

    >>> evaluate(["Ann", "Ben", "Cem"], {"Ann": 3, "Ben": 10, "Cem": 9}, "Cem", {"Ben", "Cem"})
    ((Move(player='Cem', start=9, end=11),), ('Ben',), 'Cem')
    """
    seat = players.index(ender)
    order = [players[(seat + step) % len(players)] for step in range(len(players))]
    moves: list[Move] = []
    stopped: list[str] = []
    winner: str | None = None
    for name in order:
        if name != ender and name not in laid:
            continue
        if winner is not None:
            stopped.append(name)
            continue
        steps = ENDER_MOVES if name == ender else OTHERS_MOVE
        moves.append(Move(name, markers[name], min(markers[name] + steps, wreath)))
        if moves[-1].end == wreath:
            winner = name
    return tuple(moves), tuple(stopped), winner


def advance(sheet: Sheet, round: Round) -> Sheet:
    """The board after ``round`` (which breaks no rule) is evaluated."""
    setup = sheet.setup
    players = present(setup, sheet.next_round)
    results = tuple(expected_results(sheet, round))
    ender = next(result.player for result in results if result.went_out)
    before = {line.name: line.marker or 1 for line in sheet.players}
    moves, stopped, winner = evaluate(
        players, before, ender, {result.player for result in results if result.laid},
        setup.edition.wreath)
    moved = {move.player: move for move in moves}
    lines = tuple(_line_after(line, moved.get(line.name), setup.edition.wreath)
                  for line in sheet.players)
    view = RoundView(
        number=sheet.next_round, results=results, tiebreak=False, dealer=None,
        starter=sheet.starter, attempted=MappingProxyType(dict(before)),
        totals=MappingProxyType({}), moves=moves, stopped=stopped,
        markers=MappingProxyType({line.name: line.marker or 1 for line in lines}))
    seat = setup.players.index(ender) + 1
    starter = None if winner else next_at_table(setup, seat % len(setup.players),
                                                sheet.next_round + 1)
    return _assemble(sheet.setup, (*sheet.rounds, view), lines, winner, starter)


def _line_after(line: PlayerLine, move: Move | None, wreath: int) -> PlayerLine:
    round_points = (*line.round_points, None)
    if move is None:
        return replace(line, round_points=round_points)
    return replace(line, phases_done=(*line.phases_done, move.start),
                   current_phase=move.end if move.end < wreath else None,
                   marker=move.end, round_points=round_points)


def rank(setup: Setup, line: PlayerLine, winner: str | None) -> tuple[int, ...]:
    """Where a player finishes (lower first): the standings' order but for the seat, so equal
    ranks are a tie (head-to-head counts it for neither)."""
    gone = int(last_round(setup, line.seat) is not None)  # who left is listed last
    return int(line.name != winner), gone, -(line.marker or 1)


def _assemble(setup: Setup, rounds: tuple[RoundView, ...], lines: tuple[PlayerLine, ...],
              winner: str | None, starter: str | None) -> Sheet:
    finished = winner is not None
    ordered = sorted(lines, key=lambda line: (*rank(setup, line, winner), line.seat))
    return Sheet(
        setup=setup, rounds=rounds, players=lines,
        status="finished" if finished else "playing",
        winner=winner, winners=(winner,) if winner else (), tiebreak=(), dealer=None,
        starter=starter, standings=tuple(line.name for line in ordered),
        next_round=len(rounds) + 1,
        expected=() if finished else present(setup, len(rounds) + 1))
