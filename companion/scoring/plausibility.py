"""Warnings for card-game rounds that break no rule but cannot happen with the standard deal
of 10 cards. They are asked about, never refused: house rules and typos look alike."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.editions import Edition
from companion.rules import get_phase
from companion.scoring.model import Problem, Result

HAND = 10
"""Cards each player holds at the end of a round until they lay their phase."""

_MOST_VALUABLE_FIRST = (20,) * 8 + (15,) * 4 + (10,) * 24 + (5,) * 72
"""The card game's 108 cards by value: 8 wilds, 4 skips, 24 of 10–12, 72 of 1–9."""


def most_points(cards: int) -> int:
    """What the ``cards`` most valuable cards of the deck are worth together.

    >>> most_points(10), most_points(4), most_points(1)
    (190, 80, 20)
    """
    return sum(_MOST_VALUABLE_FIRST[:cards])


LEAST_FOR_FULL_HAND = 5 * HAND
MOST_FOR_FULL_HAND = most_points(HAND)

TOO_MANY_LEFT = (
    "%(player)s laid phase %(phase)s (%(laid)s cards), so at most %(left)s card is left, worth "
    "at most %(most)s points, not %(points)s",
    "%(player)s laid phase %(phase)s (%(laid)s cards), so at most %(left)s cards are left, "
    "worth at most %(most)s points, not %(points)s")
#: The warnings that count something, as (singular, plural), for the translators' catalog.
COUNTED_TEMPLATES: tuple[tuple[str, str], ...] = (TOO_MANY_LEFT,)


def card_warnings(edition: Edition, results: Sequence[Result], went_out: str | None,
                  attempted: Mapping[str, int | None]) -> tuple[Problem, ...]:
    """At most one warning for each player who did not go out, naming their points.

    - 0 points without going out: only the player who went out has no cards left;
    - phase not laid: 10 cards are left, worth at least 50 and at most 190 points;
    - phase p laid: at most 10 − (cards of phase p) cards are left, worth at most what the
      most valuable such cards are worth (wilds 20, skips 15, then 10 each).

    ``attempted`` names the phase each player tried, so the phase laid when they laid it.
    """
    found = (_warning(edition, result, attempted.get(result.player))
             for result in results if result.player != went_out)
    return tuple(problem for problem in found if problem is not None)


def _warning(edition: Edition, result: Result, phase: int | None) -> Problem | None:
    points, name = result.points or 0, result.player
    params: dict[str, object] = {"player": name, "points": points}
    if points == 0:
        return Problem("%(player)s did not go out but has 0 points: everybody but the player "
                       "who went out still holds cards", params, name, "points")
    if not result.laid:
        if points < LEAST_FOR_FULL_HAND:
            return Problem("%(player)s did not lay their phase and so holds 10 cards, worth at "
                           "least %(least)s points, not %(points)s",
                           {**params, "least": LEAST_FOR_FULL_HAND}, name, "points")
        if points > MOST_FOR_FULL_HAND:
            return Problem("%(player)s has %(points)s points, but 10 cards are worth at most "
                           "%(most)s", {**params, "most": MOST_FOR_FULL_HAND}, name, "points")
        return None
    if phase is None:
        return None
    laid = get_phase(edition, phase).card_count
    left = max(HAND - laid, 0)
    if points <= most_points(left):
        return None
    return Problem(TOO_MANY_LEFT[0], {**params, "phase": phase, "laid": laid, "left": left,
                                      "most": most_points(left)}, name, "points",
                   plural=TOO_MANY_LEFT[1], count="left")
