"""Rules every edition's round must keep: who takes part, and who ended the round."""

from __future__ import annotations

from dataclasses import replace

from companion.limits import MAX_PLAYERS, MIN_PLAYERS
from companion.scoring.model import InvalidSetup, Problem, Result, Round, Setup, Sheet
from companion.scoring.roster import check_roster


def normalise_setup(setup: Setup) -> Setup:
    """``setup`` checked, with Masters and the board game on phases 1–10 and no variant 1.

    Raises InvalidSetup for 2–6 players not met, a repeated name, an unknown phase or seat.
    """
    players = setup.players
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise InvalidSetup("a game needs %(min)s to %(max)s players, not %(count)s",
                           min=MIN_PLAYERS, max=MAX_PLAYERS, count=len(players))
    if len(set(players)) != len(players) or not all(name.strip() for name in players):
        raise InvalidSetup("every player needs a name of their own")
    if not 0 <= setup.first_dealer < len(players):
        raise InvalidSetup("seat %(seat)s is not at the table", seat=setup.first_dealer)
    problem = check_roster(setup)
    if problem:
        raise InvalidSetup(problem)
    every = setup.edition.phase_numbers
    if not setup.edition.variants:
        return replace(setup, phases=every, ten_rounds=False)
    phases = setup.phases or every
    if len(set(phases)) != len(phases) or not set(phases) <= set(every):
        raise InvalidSetup("the phases in play must be different phases from 1 to %(last)s",
                           last=len(every))
    return replace(setup, phases=phases)
    return setup


def roster_problems(sheet: Sheet, round: Round) -> list[Problem]:
    """Every expected player appears exactly once, and nobody else.

    Strangers and repeated names are errors; in a tie-break round only the tied play.
    """
    problems: list[Problem] = []
    seen: set[str] = set()
    for result in round.results:
        name = result.player
        if name in seen:
            problems.append(Problem("%(player)s is entered more than once", {"player": name},
                                    name, "player"))
        elif name not in sheet.setup.players:
            problems.append(Problem("%(player)s is not playing in this game", {"player": name},
                                    name, "player"))
        elif name not in sheet.expected and sheet.status != "tiebreak":
            problems.append(Problem("%(player)s does not play round %(number)s",
                                    {"player": name, "number": sheet.next_round}, name,
                                    "player"))
        elif name not in sheet.expected:
            problems.append(Problem(
                "only %(players)s play the tie-break round, not %(player)s",
                {"players": ", ".join(sheet.expected), "player": name}, name, "player"))
        seen.add(name)
    for name in sheet.expected:
        if name not in seen:
            problems.append(Problem("%(player)s is missing from this round", {"player": name},
                                    name, "player"))
    return problems


def expected_results(sheet: Sheet, round: Round) -> list[Result]:
    """The first result of each expected player, in seating order."""
    first: dict[str, Result] = {}
    for result in round.results:
        first.setdefault(result.player, result)
    return [first[name] for name in sheet.expected if name in first]


def must_have_laid(result: Result, template: str) -> list[Problem]:
    """Nobody ends a round without their phase on the table."""
    if result.laid:
        return []
    return [Problem(template, {"player": result.player}, result.player, "phase")]


def no_phase_number(result: Result) -> list[Problem]:
    """Only Masters records which phase was laid."""
    if result.phase is None:
        return []
    return [Problem("only the Masters edition records which phase %(player)s laid",
                    {"player": result.player}, result.player, "phase")]
