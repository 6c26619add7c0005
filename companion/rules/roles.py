"""What each out does: which part of the phase it fills, or which wild it frees.

The story is told against the solver's closest lay-down: the hand padded with as many
wilds as it is short, the hand's own wilds in the parts they complete first (the parts
with the fewest wilds), the padding where cards are missing. An out that fits a missing
card's place fills that part; one that fits the place of one of the hand's wilds frees that
wild for a missing card in another part (in the same part, it just fills it); any other
out leads to another lay-down, and the part it takes there is the part it fills. A hand
with fewer naturals than the phase has parts needs naturals first: any natural gives a
part its first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .cards import WILD, Card
from .phases import PartKind, Phase
from .solver import _strategy, solve
from .tally import Tally


class Role(Enum):
    FILLS = "fills"  # takes the place of a missing card in ``part``
    FREES = "frees"  # takes the place of one of the hand's wilds in ``part``
    WILD = "wild"  # a wild: fills any missing card
    FIRST = "first"  # a natural for a part that has none yet


@dataclass(frozen=True)
class OutGroup:
    """Outs that do the same: their role and the index of the part they go to."""

    role: Role
    part: int | None
    cards: tuple[Card, ...]


def out_groups(phase: Phase, hand: Sequence[Card], outs: Sequence[Card]
               ) -> tuple[OutGroup, ...]:
    """The outs of ``hand`` grouped by what they do, parts in phase order, wilds last.

    >>> from .cards import parse_cards
    >>> from .phases import Edition, get_phase
    >>> from .outs import shortfall
    >>> phase, hand = get_phase(Edition.ORIGINAL, 3), parse_cards("8r 8g 8b 3y 4y 5r W S")
    >>> [(group.role.value, group.part, " ".join(map(str, group.cards)))
    ...  for group in out_groups(phase, hand, shortfall(phase, hand)[1])]
    [('frees', 0, '8r 8g 8b 8y'), ('fills', 1, '2r 2g 2b 2y 6r 6g 6b 6y'), ('wild', None, 'W')]
    """
    naturals = [card for card in outs if card.is_natural]
    groups: dict[tuple[Role, int | None], list[Card]] = {}
    tally = Tally(hand)
    if naturals and sum(tally.supply) < len(phase.parts):
        groups[Role.FIRST, None] = naturals
    elif naturals:
        pad = _strategy(phase.parts).fewest(tally) - tally.wilds
        places = _places(phase, hand, pad, tally.wilds)
        for card in naturals:
            role, part = next(((role, part) for role, part, meaning in places
                               if meaning == _meaning(phase, part, card)), (None, None))
            if role is None:
                role, part = Role.FILLS, _part_of(phase, hand, card, pad - 1)
            groups.setdefault((role, part), []).append(card)
    if WILD in outs:
        groups[Role.WILD, None] = [WILD]
    order = sorted(groups, key=lambda key: (key[0] is Role.WILD, -1 if key[1] is None
                                            else key[1], key[0].value))
    return tuple(OutGroup(role, part, tuple(groups[role, part])) for role, part in order)


def _places(phase: Phase, hand: Sequence[Card], pad: int, wilds: int
            ) -> list[tuple[Role, int, str]]:
    """The wilds' places in the closest lay-down: (FREES or FILLS, part, what it stands for),
    missing cards (FILLS) first."""
    found = solve(phase, [*hand, *[WILD] * max(0, pad)])
    if not found.valid:
        return []
    order = sorted(range(len(phase.parts)), key=lambda part: (len(found.wilds[part]), part))
    places = [(part, meaning) for part in order for meaning in found.wilds[part]]
    own, missing = places[:wilds], places[wilds:]
    short = {part for part, _ in missing}  # a wild freed in one of these stays in its part
    return ([(Role.FILLS, part, meaning) for part, meaning in missing]
            + [(Role.FILLS if part in short else Role.FREES, part, meaning)
               for part, meaning in own])


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
