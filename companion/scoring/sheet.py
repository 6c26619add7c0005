"""The card games' score sheet (original and Masters): phases done, points, the winner.

The Wertungsblatt rules (the card game rules and the Masters article, docs/rules.md), as
decided for the companion:

- Each round the player who went out scores 0; everybody else scores their hand.
- Original: everybody works through the phases in play (variant 2: e.g. only 1–5, or the
  even ones) in order. Who laid their phase gets an X for it and tries the next phase in
  play; the others try the same phase again.
- Masters: each round a player chooses which phase not yet completed to try; the sheet
  records the phase laid. ``current_phase`` is then only a hint: the lowest one left.
- Whoever has the last phase in play on the table at the end of a round wins (Masters: all
  10 completed). If several manage it in the same round, the fewest total points wins; if
  those are tied too, the tied players play a tie-break round, each trying the phase they
  completed last again. Of those who lay it, the fewest total points (the tie-break round
  included) wins; still tied, another tie-break round for those still tied. A tie still
  standing after round ``MAX_ROUNDS`` (2,000; no table gets there) is a shared win.
- Variant 1 (``ten_rounds``): exactly one round per phase in play; in round r everybody
  tries phase r, laid or not. After the last round the fewest points win; a tie is a shared
  win (``winners``), there is no tie-break round.
- The player left of the dealer deals next (tie-break rounds included): round r is dealt by
  seat (first_dealer + r − 1).
- Standings: phases completed (more first), then points (fewer first), then seat; variant 1
  points first, then phases; a decided winner always comes first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from types import MappingProxyType

from companion.limits import MAX_ROUNDS
from companion.scoring.cardchecks import card_round_errors, who_went_out
from companion.scoring.checks import expected_results
from companion.scoring.model import (
    PlayerLine,
    Problem,
    Result,
    Round,
    RoundView,
    Setup,
    Sheet,
    Status,
)
from companion.scoring.plausibility import card_warnings
from companion.scoring.roster import joiners, last_round, next_at_table, present, starting_points

__all__ = ["advance", "card_round_errors", "dealer_of", "rank", "round_warnings", "start"]

_NOBODY: MappingProxyType[str, int] = MappingProxyType({})


def start(setup: Setup) -> Sheet:
    """The empty sheet of a card game (``setup`` already normalised)."""
    lines = tuple(PlayerLine(name, seat, (), _next_phase(setup, (), 0), 0, None, ())
                  for seat, name in enumerate(setup.players))
    return _assemble(setup, (), lines, "playing", (), ())


def dealer_of(setup: Setup, number: int) -> str:
    """Who deals round ``number``: the dealer moves one seat clockwise every round.

    >>> from companion.editions import get
    >>> dealer_of(Setup(get("original"), ("Ann", "Ben", "Cem")), 4)
    'Ann'
    """
    return next_at_table(setup, (setup.first_dealer + number - 1) % len(setup.players), number)


def round_warnings(sheet: Sheet, round: Round) -> tuple[Problem, ...]:
    """Warnings for ``round`` as the next round of ``sheet`` (one that breaks no rule)."""
    results = expected_results(sheet, round)
    went_out = who_went_out(results)[0]
    attempted = {result.player: _attempted(sheet, result) for result in results}
    return card_warnings(sheet.setup.edition, results, went_out, attempted)


def advance(sheet: Sheet, round: Round) -> Sheet:
    """The sheet after ``round`` (which breaks no rule) is played."""
    setup, number = sheet.setup, sheet.next_round
    results = _normalised(sheet, round)
    attempted = {result.player: _attempted(sheet, result) for result in results}
    played = {result.player: result for result in results}
    tiebreak_round = sheet.status == "tiebreak"
    lines = _seat_joiners(setup, number + 1, tuple(
        _line_after(setup, line, played.get(line.name), attempted.get(line.name),
                    tiebreak_round, number)
        for line in sheet.players))
    status, winners, tied = _outcome(sheet, lines, results)
    view = RoundView(
        number=number, results=results, tiebreak=tiebreak_round,
        dealer=dealer_of(setup, number), starter=None,
        attempted=MappingProxyType(attempted),
        totals=MappingProxyType({line.name: line.points for line in lines}),
        moves=(), stopped=(), markers=_NOBODY)
    return _assemble(setup, (*sheet.rounds, view), lines, status, winners, tied)


def _seat_joiners(setup: Setup, number: int, lines: tuple[PlayerLine, ...]
                  ) -> tuple[PlayerLine, ...]:
    """Players joining in round ``number`` start with the highest total at the table."""
    joining = joiners(setup, number)
    if not joining:
        return lines
    points = starting_points([line.points for line in lines if line.name not in joining])
    return tuple(replace(line, points=points) if line.name in joining else line
                 for line in lines)


def _normalised(sheet: Sheet, round: Round) -> tuple[Result, ...]:
    """The round's results in seating order, with who went out marked."""
    results = expected_results(sheet, round)
    went_out = who_went_out(results)[0]
    return tuple(result if result.went_out == (result.player == went_out)
                 else replace(result, went_out=result.player == went_out) for result in results)


def phase_tried(sheet: Sheet, player: str) -> int | None:
    """The phase ``player`` tries in the next round: their current phase, the round's phase in
    variant 1, their last phase again in a tie-break round; None in Masters (they choose).

    Board game: the space their marker stands on.
    """
    line = sheet.line(player)
    if sheet.setup.edition.chooses_phase:
        return None
    if sheet.status == "tiebreak":
        return line.phases_done[-1] if line.phases_done else None
    if sheet.setup.ten_rounds:
        return sheet.setup.phases[sheet.next_round - 1]
    return line.current_phase


def _attempted(sheet: Sheet, result: Result) -> int | None:
    """The phase the player tried in the round (Masters: the phase laid, or None)."""
    if sheet.setup.edition.chooses_phase:
        return result.phase if result.laid else None
    return phase_tried(sheet, result.player)


def _next_phase(setup: Setup, done: Sequence[int], played: int) -> int | None:
    """The phase tried in the round after ``played`` rounds, or None when none is left."""
    if setup.ten_rounds:
        return setup.phases[played] if played < len(setup.phases) else None
    left = [phase for phase in setup.phases if phase not in done]
    if setup.edition.chooses_phase:
        return min(left, default=None)
    return left[0] if left else None


def _line_after(setup: Setup, line: PlayerLine, result: Result | None, phase: int | None,
                tiebreak_round: bool, number: int) -> PlayerLine:
    """A player's column after round ``number``; players outside a tie-break only get None.

    A phase laid in a tie-break round was completed before, so it earns no second X.
    """
    if result is None:
        return replace(line, round_points=(*line.round_points, None))
    points = result.points or 0
    done = line.phases_done
    if result.laid and not tiebreak_round and phase is not None:
        done = (*done, phase)
    # Made directly, not by dataclasses.replace: once per player per round of every replay.
    return PlayerLine(line.name, line.seat, done, _next_phase(setup, done, number),
                      line.points + points, line.marker, (*line.round_points, points))


def _outcome(sheet: Sheet, lines: Sequence[PlayerLine], results: Sequence[Result]
             ) -> tuple[Status, tuple[str, ...], tuple[str, ...]]:
    """(status, winners, tied players for a tie-break round) after the round just played."""
    if sheet.setup.ten_rounds:
        if sheet.next_round < len(sheet.setup.phases):
            return "playing", (), ()
        playing = set(present(sheet.setup, sheet.next_round))
        return "finished", _fewest_points([line for line in lines if line.name in playing]), ()
    laid = {result.player for result in results if result.laid}
    if sheet.status == "tiebreak":
        # Somebody always lays in a tie-break round: who went out has laid their phase.
        candidates = [line for line in lines if line.name in laid] or [
            line for line in lines if line.name in sheet.tiebreak]
    else:
        candidates = [line for line in lines if line.name in laid and line.current_phase is None]
    if not candidates:
        return "playing", (), ()
    best = _fewest_points(candidates)
    if len(best) == 1 or sheet.next_round >= MAX_ROUNDS:
        # A tie still standing after the last round a game may have is a shared win.
        return "finished", best, ()
    return "tiebreak", (), best


def _fewest_points(lines: Sequence[PlayerLine]) -> tuple[str, ...]:
    fewest = min(line.points for line in lines)
    return tuple(line.name for line in lines if line.points == fewest)


def rank(setup: Setup, line: PlayerLine, winners: Sequence[str]) -> tuple[int, ...]:
    """Where a player finishes (lower first): the standings' order but for the seat, so equal
    ranks are a tie (head-to-head counts it for neither)."""
    phases = -len(line.phases_done)
    gone = int(last_round(setup, line.seat) is not None)  # who left is listed last
    if setup.ten_rounds:
        return int(line.name not in winners), gone, line.points, phases
    return int(line.name not in winners), gone, phases, line.points


def _standings(setup: Setup, lines: Sequence[PlayerLine], winners: Sequence[str]
               ) -> tuple[str, ...]:
    ordered = sorted(lines, key=lambda line: (*rank(setup, line, winners), line.seat))
    return tuple(line.name for line in ordered)


def _assemble(setup: Setup, rounds: tuple[RoundView, ...], lines: tuple[PlayerLine, ...],
              status: Status, winners: tuple[str, ...], tied: tuple[str, ...]) -> Sheet:
    next_round = len(rounds) + 1
    finished = status == "finished"
    return Sheet(
        setup=setup, rounds=rounds, players=lines, status=status,
        winner=winners[0] if len(winners) == 1 else None, winners=winners, tiebreak=tied,
        dealer=None if finished else dealer_of(setup, next_round), starter=None,
        standings=_standings(setup, lines, winners), next_round=next_round,
        expected=() if finished else (tied or present(setup, next_round)))

