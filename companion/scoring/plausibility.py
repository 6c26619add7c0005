"""Warnings for card-game rounds that break no rule but cannot happen with the standard deal
of 10 cards. They are asked about, never refused: house rules and typos look alike."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.editions import Edition
from companion.rules import get_phase
from companion.rules.cards import Colour
from companion.scoring.model import Problem, Result

HAND = 10
"""Cards each player holds at the end of a round until they lay their phase."""


def _by_value(edition: Edition) -> tuple[tuple[int, int], ...]:
    """The edition's deck as (value, how many cards) pairs, the most valuable first: its
    wilds and skips, its number cards 10–12 and 1–9, each at the edition's values."""
    deck, values = edition.deck, edition.values
    copies = deck.copies_per_card * len(Colour)
    pairs = ((values.wild, deck.wilds if not edition.turned_jokers else 0),
             (values.skip, deck.skips), (values.high, 3 * copies), (values.low, 9 * copies))
    return tuple(sorted((pair for pair in pairs if pair[1] > 0), reverse=True))


def _sum(pairs: Sequence[tuple[int, int]], cards: int) -> int:
    total = 0
    for value, count in pairs:
        taken = min(count, cards)
        total, cards = total + value * taken, cards - taken
    return total


def most_points(edition: Edition, cards: int) -> int:
    """What the ``cards`` most valuable cards of the edition's deck are worth together.

    >>> from companion.editions import get
    >>> most_points(get("original"), 10), most_points(get("original"), 4)
    (190, 80)
    """
    return _sum(_by_value(edition), cards)


def least_points(edition: Edition, cards: int) -> int:
    """What the ``cards`` least valuable cards of the edition's deck are worth together.

    >>> from companion.editions import get
    >>> least_points(get("original"), 10)
    50
    """
    return _sum(tuple(reversed(_by_value(edition))), cards)


def least_without_phase(edition: Edition) -> int:
    """The fewest points a player who did not lay their phase can have: a full hand's worth.
    Fewer points than this mean the phase was laid (the round form ticks it by itself)."""
    return least_points(edition, HAND)


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
    - phase not laid: 10 cards are left, worth at least 50 and at most 190 points (with the
      rule book's values; the edition's :class:`~companion.editions.base.CardValues` say);
    - phase p laid: at most 10 − (cards of phase p) cards are left, worth at most what the
      most valuable such cards of the deck are worth (wilds 20, skips 15, then 10 each).

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
        least, most = least_points(edition, HAND), most_points(edition, HAND)
        if points < least:
            return Problem("%(player)s did not lay their phase and so holds 10 cards, worth at "
                           "least %(least)s points, not %(points)s",
                           {**params, "least": least}, name, "points")
        if points > most:
            return Problem("%(player)s has %(points)s points, but 10 cards are worth at most "
                           "%(most)s", {**params, "most": most}, name, "points")
        return None
    if phase is None:
        return None
    laid = get_phase(edition, phase).card_count
    left = max(HAND - laid, 0)
    most = most_points(edition, left)
    if points <= most:
        return None
    return Problem(TOO_MANY_LEFT[0], {**params, "phase": phase, "laid": laid, "left": left,
                                      "most": most}, name, "points",
                   plural=TOO_MANY_LEFT[1], count="left")
