"""Recording rounds: the four functions the app calls, for every edition.

A sheet is never stored: it is replayed from the setup and the rounds, so an edited round
recomputes everything after it. Errors (broken rules) always refuse a round; warnings
(numbers the standard deal cannot produce) only ask for confirmation when a round is
entered or edited, never again on replay.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.limits import MAX_ROUNDS
from companion.scoring import board, sheet
from companion.scoring.checks import normalise_setup
from companion.scoring.model import (
    GameFinished,
    NeedsConfirmation,
    Problem,
    Round,
    RoundRejected,
    Setup,
    Sheet,
)


def _start(setup: Setup) -> Sheet:
    setup = normalise_setup(setup)
    return board.start(setup) if setup.edition.markers else sheet.start(setup)


def _errors(current: Sheet, round: Round) -> tuple[Problem, ...]:
    if current.setup.edition.markers:
        return board.board_round_errors(current, round)
    return sheet.card_round_errors(current, round)


def _advance(current: Sheet, round: Round) -> Sheet:
    if current.setup.edition.markers:
        return board.advance(current, round)
    return sheet.advance(current, round)


def _over(current: Sheet) -> Problem:
    return Problem("the game was already over after round %(number)s",
                   {"number": current.next_round - 1})


def _replay(current: Sheet, rounds: Sequence[Round]) -> Sheet:
    """``current`` with ``rounds`` added, checked for errors only."""
    for round in rounds:
        if current.status == "finished":
            raise RoundRejected(current.next_round, (_over(current),))
        errors = _errors(current, round)
        if errors:
            raise RoundRejected(current.next_round, errors)
        current = _advance(current, round)
    return current


def build_sheet(setup: Setup, rounds: Sequence[Round]) -> Sheet:
    """The sheet after ``rounds``, replayed from the start.

    Raises InvalidSetup for a setup no game can have, and RoundRejected for the first round
    that breaks a rule (a round after the game was decided included). Warnings are not
    looked at again: they were confirmed when the round was entered.
    """
    return _replay(_start(setup), rounds)


def continue_sheet(current: Sheet, setup: Setup, rounds: Sequence[Round]) -> Sheet | None:
    """The sheet after ``rounds`` played next after ``current``, as :func:`build_sheet` would
    give it for all of them; None when ``current`` was made for another setup (players who
    joined, left or were renamed since): the game must then be replayed from the start."""
    if normalise_setup(setup) != current.setup:
        return None
    return _replay(current, rounds)


def check_round(current: Sheet, round: Round) -> tuple[tuple[Problem, ...], tuple[Problem, ...]]:
    """(errors, warnings) of adding ``round`` as the next round of ``current``.

    Warnings are only looked for in a round that breaks no rule, and only in the card
    games. Raises GameFinished when the game is decided.
    """
    errors = _rule_errors(current, round)
    if errors or current.setup.edition.markers:
        return errors, ()
    return errors, sheet.round_warnings(current, round)


def _rule_errors(current: Sheet, round: Round) -> tuple[Problem, ...]:
    """The rules ``round`` breaks as the next round of ``current`` (GameFinished when the game
    is decided)."""
    if current.status == "finished":
        raise GameFinished()
    if current.next_round > MAX_ROUNDS:
        return (Problem("a game has at most %(max)s rounds", {"max": MAX_ROUNDS}),)
    return _errors(current, round)


def add_round(current: Sheet, round: Round, *, confirm: bool = False) -> Sheet:
    """``current`` with ``round`` played next.

    Raises GameFinished, RoundRejected (errors), or NeedsConfirmation (warnings, unless
    ``confirm``).
    """
    warnings: tuple[Problem, ...] = ()
    if confirm:  # its warnings are answered already: only the rules are looked at
        errors = _rule_errors(current, round)
    else:
        errors, warnings = check_round(current, round)
    if errors:
        raise RoundRejected(current.next_round, errors)
    if warnings:
        raise NeedsConfirmation(warnings)
    return _advance(current, round)


def replace_round(setup: Setup, rounds: Sequence[Round], number: int, new: Round, *,
                  confirm: bool = False) -> Sheet:
    """The sheet with round ``number`` (from 1) replaced by ``new`` and the rest replayed.

    ``new`` is checked for errors and warnings against the sheet before it; later rounds
    for errors only, so an edit that makes a later round impossible (a different tie-break,
    a game decided earlier) raises RoundRejected naming that later round. IndexError when
    there is no round ``number``.
    """
    if not 1 <= number <= len(rounds):
        raise IndexError(f"there is no round {number}")
    before = build_sheet(setup, rounds[:number - 1])
    if before.status == "finished":
        raise RoundRejected(number, (_over(before),))
    return _replay(add_round(before, new, confirm=confirm), rounds[number:])
