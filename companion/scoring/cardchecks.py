"""The rules a card game's round must keep (original and Masters): points, who went out,
and in Masters which phase was laid."""

from __future__ import annotations

from collections.abc import Sequence
from math import gcd

from companion.editions.base import RAVENSBURGER, Edition
from companion.limits import MAX_POINTS
from companion.scoring.checks import (
    expected_results,
    must_have_laid,
    no_phase_number,
    roster_problems,
)
from companion.scoring.model import Problem, Result, Round, Sheet
from companion.scoring.plausibility import HAND, most_points


def card_round_errors(sheet: Sheet, round: Round) -> tuple[Problem, ...]:
    """Everything that makes ``round`` impossible as the next round of ``sheet``.

    Who went out is only judged once every expected player is there exactly once.
    """
    roster = roster_problems(sheet, round)
    results = expected_results(sheet, round)
    problems = list(roster)
    for result in results:
        problems += points_problems(result, sheet.setup.edition)
        if sheet.setup.edition.chooses_phase:
            problems += masters_phase_problems(sheet, result)
        else:
            problems += no_phase_number(result)
    if not roster:
        problems += who_went_out(results)[1]
    return tuple(problems)


def points_problems(result: Result, edition: Edition) -> list[Problem]:
    """Penalty points are a whole number, not negative, not more than :data:`MAX_POINTS`, and
    a multiple of what every card is worth a multiple of: 5 with the rule book's 5 (1–9),
    10 (10–12), 15 (skip) and 20 (wild). Each mistake has its own message, the same for the
    round form and the API.
    """
    points, name, values = result.points, result.player, edition.values
    if points is None:
        return [Problem("enter the points of %(player)s", {"player": name}, name, "points")]
    if isinstance(points, bool) or not isinstance(points, int):
        return [Problem("points are a whole number, not “%(points)s”",
                        {"points": points}, name, "points")]
    if points < 0:
        return [Problem("points cannot be negative: %(player)s has %(points)s",
                        {"player": name, "points": points}, name, "points")]
    if points > MAX_POINTS:
        # Refused only far above a real hand (the plausibility warning asks about the rest),
        # but the message names what a hand is worth in this edition, not the limit.
        return [Problem("%(player)s has %(points)s points, too many for one round: 10 cards "
                        "are worth at most %(most)s points", {
                            "player": name, "points": points,
                            "most": most_points(edition, HAND)}, name, "points")]
    step = gcd(values.low, values.high, values.skip, values.wild)
    if step < 2 or not points % step:
        return []
    if values == RAVENSBURGER:
        return [Problem("%(points)s points are not possible: every card is worth 5, 10, 15 or "
                        "20 points, so %(player)s's points must be a multiple of 5",
                        {"player": name, "points": points}, name, "points")]
    return [Problem("%(points)s points are not possible: every card is worth a multiple of "
                    "%(step)s points, so %(player)s's points must be one too",
                    {"player": name, "points": points, "step": step}, name, "points")]


def masters_phase_problems(sheet: Sheet, result: Result) -> list[Problem]:
    """Masters: a laid phase is named, is a phase 1–10, and was not completed before.

    In a tie-break round the tied player lays the phase they completed last again.
    """
    phase, name = result.phase, result.player
    params: dict[str, object] = {"player": name, "phase": phase}
    if phase is None:
        return [Problem("say which phase %(player)s laid", params, name, "phase")
                ] if result.laid else []
    if not result.laid:
        return [Problem("%(player)s did not lay a phase, so no phase number goes with it",
                        params, name, "phase")]
    last = sheet.setup.edition.phase_count
    if isinstance(phase, bool) or not isinstance(phase, int) or not 1 <= phase <= last:
        return [Problem("“%(phase)s” is not a phase: phases are numbered 1 to %(last)s",
                        {**params, "last": last}, name, "phase")]
    done = sheet.line(name).phases_done
    if sheet.status == "tiebreak" and done and phase != done[-1]:
        return [Problem("in the tie-break round %(player)s tries phase %(last)s again",
                        {**params, "last": done[-1]}, name, "phase")]
    if sheet.status != "tiebreak" and phase in done:
        return [Problem("%(player)s has already completed phase %(phase)s",
                        params, name, "phase")]
    return []


def who_went_out(results: Sequence[Result]) -> tuple[str | None, list[Problem]]:
    """Who went out, and what is wrong with it.

    Exactly one player goes out each round. When nobody is marked, the only player with 0
    points went out; with no such player, or several, somebody has to be marked. Whoever
    went out scores 0 and has laid their phase.
    """
    marked = [result for result in results if result.went_out]
    if len(marked) > 1:
        return None, [Problem("only one player goes out each round, not %(players)s",
                              {"players": ", ".join(result.player for result in marked)},
                              None, "went_out")]
    if marked:
        return marked[0].player, _out_problems(marked[0])
    zeros = [result for result in results if result.points == 0]
    if len(zeros) == 1:
        return zeros[0].player, must_have_laid(
            zeros[0], "%(player)s scores 0 points, so %(player)s went out and must have laid "
            "their phase")
    if not zeros:
        return None, [Problem("one player goes out each round and scores 0 points: mark who "
                              "went out", {}, None, "went_out")]
    return None, [Problem("%(players)s all have 0 points: mark who went out",
                          {"players": ", ".join(result.player for result in zeros)},
                          None, "went_out")]


def _out_problems(out: Result) -> list[Problem]:
    problems = must_have_laid(out, "%(player)s went out, so %(player)s must have laid their "
                                   "phase")
    if out.points is not None and out.points != 0:
        problems.insert(0, Problem("%(player)s went out, so %(player)s scores 0 points",
                                   {"player": out.player, "points": out.points},
                                   out.player, "points"))
    return problems
