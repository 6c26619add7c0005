"""What each out does: which part of the phase it fills, or which wild it frees.

The story is told against the solver's closest lay-down: the hand padded with as many
wilds as it is short, the hand's own wilds in the parts they complete first (the parts
with the fewest wilds), the padding where cards are missing. An out that fits a missing
card's place fills that part, one that fits the place of one of the hand's wilds goes to
that part, any other out to the part it takes in the closest lay-down with it. An out for
a part that lacks cards fills it; an out for a part that one of the hand's wilds completes
frees that wild for a missing card elsewhere. A hand with fewer naturals than the phase
has parts needs naturals first: any natural gives a part its first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from companion.rules.cards import WILD, Card
from companion.rules.hand_counts import Tally
from companion.rules.phases import PartKind, Phase
from companion.rules.solver import solve, strategy_for


class Role(Enum):
    FILLS = "fills"  # takes the place of a missing card in ``part``
    FREES = "frees"  # takes the place of one of the hand's wilds in ``part``
    WILD = "wild"  # a wild: fills any missing card
    FIRST = "first"  # a natural for a part that has none yet


@dataclass(frozen=True)
class OutGroup:
    """Outs that do the same: their role and the index of the part they go to (the first of
    equal parts)."""

    role: Role
    part: int | None
    cards: tuple[Card, ...]


def out_groups(phase: Phase, hand: Sequence[Card], outs: Sequence[Card]
               ) -> tuple[OutGroup, ...]:
    """The outs of ``hand`` grouped by what they do, parts in phase order, wilds last.

    >>> from .cards import parse_cards
    >>> from companion.editions import get; from companion.rules import get_phase
    >>> from .outs import shortfall
    >>> phase, hand = get_phase(get("original"), 3), parse_cards("8r 8g 8b 3y 4y 5r W S")
    >>> [(group.role.value, group.part, " ".join(map(str, group.cards)))
    ...  for group in out_groups(phase, hand, shortfall(phase, hand)[1])]
    [('frees', 0, '8b 8g 8r 8y'), ('fills', 1, '2b 2g 2r 2y 6b 6g 6r 6y'), ('wild', None, 'W')]
    """
    naturals = [card for card in outs if card.is_natural]
    groups: dict[tuple[Role, int | None], list[Card]] = {}
    tally = Tally(hand)
    if naturals and sum(tally.supply) < len(phase.parts):
        groups[Role.FIRST, None] = naturals
    elif naturals:
        pad = strategy_for(phase.parts).fewest(tally) - tally.wilds
        places = _places(phase, hand, pad, tally.wilds)
        for card in naturals:
            place = next(((missing, part) for missing, part, meaning in places
                          if meaning == _meaning(phase, part, card)), None)
            if place is not None:
                role = _role(phase, places, place[1], exact=True)
                part: int | None = _first_equal(phase, place[1])
            else:
                part = _first_equal(phase, _part_of(phase, hand, card, pad - 1))
                role = _role(phase, places, part, exact=False)
            groups.setdefault((role, part), []).append(card)
    if WILD in outs:
        groups[Role.WILD, None] = [WILD]
    order = sorted(groups, key=lambda key: (key[0] is Role.WILD, -1 if key[1] is None
                                            else key[1], key[0].value))
    return tuple(OutGroup(role, part, tuple(groups[role, part])) for role, part in order)


def _places(phase: Phase, hand: Sequence[Card], pad: int, wilds: int
            ) -> list[tuple[bool, int, str]]:
    """The wilds' places in the closest lay-down: (missing, part, what it stands for), the
    missing cards' places first, then those of the hand's own wilds."""
    found = solve(phase, [*hand, *[WILD] * max(0, pad)])
    if not found.valid:
        return []
    order = sorted(range(len(phase.parts)), key=lambda part: (len(found.wilds[part]), part))
    places = [(part, meaning) for part in order for meaning in found.wilds[part]]
    own, missing = places[:wilds], places[wilds:]
    return ([(True, part, meaning) for part, meaning in missing]
            + [(False, part, meaning) for part, meaning in own])


def _role(phase: Phase, places: Sequence[tuple[bool, int, str]], part: int | None, *,
          exact: bool) -> Role:
    """An out in a part that lacks cards fills it; one in a part that one of the hand's
    wilds completes frees that wild for a part that lacks cards. Unless the out took a place
    in the closest lay-down (``exact``), equal parts count as one: they may trade places."""
    def index(where: int) -> int | None:
        return where if exact else _first_equal(phase, where)
    lacking = {index(where) for missing, where, _ in places if missing}
    wild = {index(where) for missing, where, _ in places if not missing}
    return Role.FREES if part is not None and part in wild - lacking else Role.FILLS


def _first_equal(phase: Phase, part: int | None) -> int | None:
    """The first part equal to ``part``: "2 sets of 3" are one kind of part to a player."""
    return None if part is None else phase.parts.index(phase.parts[part])


def _meaning(phase: Phase, part: int, card: Card) -> str:
    """What a wild in ``part`` would have to stand for to be this card."""
    assert card.colour is not None
    kind = phase.parts[part].kind
    if kind is PartKind.COLOUR:
        return card.colour.value
    if kind is PartKind.COLOUR_RUN:
        return f"{card.number}{card.colour.value}"
    return str(card.number)


def _part_of(phase: Phase, hand: Sequence[Card], card: Card, pad: int) -> int | None:
    """The part ``card`` takes in the closest lay-down of the hand with it."""
    for extra in (max(0, pad), max(0, pad) + 1):
        found = solve(phase, [*hand, card, *[WILD] * extra])
        if found.laydown is not None:
            return next((part for part, group in enumerate(found.laydown) if card in group),
                        None)
    return None
