"""The solver against a brute-force reference, on many small random hands of every phase.

The solver must find a lay-down exactly when the reference does, a sound one (the checker
accepts it, it is minimal, its cards come from the hand), and one with the fewest wilds.
The reference knows nothing of counts or templates: it picks every sub-multiset of the hand
for each part in turn, and a pick makes a group when some concrete group of that kind (a
number for a set, a first number for a run, a colour, a colour and a first number) has room
for all its naturals, the wilds standing for the rest.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import editions
from companion.editions import Edition
from companion.rules import SKIP, WILD, Card, Colour, PartKind, Phase, check_laydown, solve

pytestmark = pytest.mark.slow  # brute force: every arrangement of every hand

ALL_PHASES = [phase for edition in editions.all_editions() for phase in edition.phases]


@cache
def could_be(kind: PartKind, cards: tuple[Card, ...]) -> bool:
    """Whether these cards, each wild standing for whatever the group lacks, make a group."""
    naturals = [card for card in cards if card.is_natural]
    if not naturals or len(naturals) + cards.count(WILD) != len(cards):
        return False
    return any(fits(naturals, slots) for slots in concrete_groups(kind, len(cards)))


Slot = tuple[int | None, Colour | None]  # what a place in a group takes; None: anything


def fits(naturals: list[Card], slots: list[Slot]) -> bool:
    """Whether every natural takes its own slot (the wilds take the rest)."""
    free = list(slots)
    for card in naturals:
        place = next((slot for slot in free if slot[0] in (None, card.number)
                      and slot[1] in (None, card.colour)), None)
        if place is None:
            return False
        free.remove(place)
    return True


def concrete_groups(kind: PartKind, size: int) -> Iterator[list[Slot]]:
    """Every group of ``kind`` and ``size`` as slots: a set of one number, a colour group of
    one colour, a run from each first number (and of each colour for colour runs)."""
    if kind is PartKind.SET:
        for number in range(1, 13):
            yield [(number, None)] * size
    elif kind is PartKind.COLOUR:
        for colour in Colour:
            yield [(None, colour)] * size
    else:
        colours: list[Colour | None] = list(Colour) if kind is PartKind.COLOUR_RUN else [None]
        for colour in colours:
            for start in range(1, 14 - size):
                yield [(number, colour) for number in range(start, start + size)]


def fewest_wilds(phase: Phase, hand: list[Card]) -> int | None:
    """The fewest wilds a minimal lay-down of ``phase`` picked from ``hand`` holds, or None
    when no lay-down can be picked."""
    kinds = sorted(Counter(card for card in hand if not card.is_skip).items())
    cards = tuple(card for card, _ in kinds)

    @cache
    def search(part: int, counts: tuple[int, ...]) -> int | None:
        if part == len(phase.parts):
            return 0
        wanted = phase.parts[part]
        options = [pick.count(WILD) + rest_wilds
                   for pick, rest in picks(cards, counts, wanted.size)
                   if could_be(wanted.kind, pick)
                   and (rest_wilds := search(part + 1, rest)) is not None]
        return min(options, default=None)

    return search(0, tuple(count for _, count in kinds))


def reference(phase: Phase, hand: list[Card]) -> bool:
    """Whether some minimal lay-down of ``phase`` can be picked from ``hand``."""
    return fewest_wilds(phase, hand) is not None


def picks(cards: tuple[Card, ...], counts: tuple[int, ...], size: int
          ) -> Iterator[tuple[tuple[Card, ...], tuple[int, ...]]]:
    """Every sub-multiset of ``size`` cards, with what remains."""
    if size == 0:
        yield (), counts
        return
    if not counts:
        return
    for taken in range(min(size, counts[0]), -1, -1):
        for pick, rest in picks(cards[1:], counts[1:], size - taken):
            yield (cards[0],) * taken + pick, (counts[0] - taken, *rest)


def narrow_hands(edition: Edition) -> st.SearchStrategy[list[Card]]:
    """Up to 10 cards from a band of 3–5 numbers, 0–3 wilds, within the deck's limits."""
    @st.composite
    def build(draw: st.DrawFn) -> list[Card]:
        low = draw(st.integers(1, 10))
        band = range(low, min(12, low + draw(st.integers(2, 4))) + 1)
        wilds = draw(st.integers(0, 3))
        skips = draw(st.integers(0, 1)) if edition.skips else 0
        naturals = draw(st.lists(st.tuples(st.sampled_from(band), st.sampled_from(list(Colour))),
                                 max_size=10 - wilds - skips))
        counted = Counter(naturals)
        hand = [Card.natural(number, colour)
                for (number, colour), count in counted.items() for _ in range(min(count, 2))]
        hand += [WILD] * wilds + [SKIP] * skips
        return draw(st.permutations(hand))
    return build()


@st.composite
def phase_and_hand(draw: st.DrawFn) -> tuple[Phase, list[Card]]:
    phase = draw(st.sampled_from(ALL_PHASES))
    return phase, draw(narrow_hands(phase.edition))


def assert_agrees(phase: Phase, hand: list[Card]) -> None:
    found = solve(phase, hand)
    wilds = fewest_wilds(phase, hand)
    assert found.valid == (wilds is not None), (phase, hand, found)
    if found.laydown is None:
        assert found.reasons
        return
    check = check_laydown(phase, found.laydown)
    assert check.valid, (phase, hand, found, check)
    assert [len(group) for group in found.laydown] == [part.size for part in phase.parts]
    assert [group.part for group in check.groups] == list(phase.parts)
    assert not Counter(card for group in found.laydown for card in group) - Counter(hand)
    assert found.wilds == tuple(group.wilds for group in check.groups)
    assert sum(group.count(WILD) for group in found.laydown) == wilds, "not the fewest wilds"


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(phase_and_hand())
def test_solve_agrees_with_brute_force(case: tuple[Phase, list[Card]]) -> None:
    """A lay-down exactly when brute force finds one, and one with the fewest wilds."""
    assert_agrees(*case)
