"""Outs against a brute-force reference, on thousands of random hands of all 30 phases.

The reference knows nothing of the solver's counts: it adds every multiset of cards the
deck still holds to the hand, smallest first, and asks the brute-force lay-down search of
``test_solver_reference`` whether the hand then completes the phase. ``short`` is the size
of the smallest such addition; a card is an out exactly when some smallest addition holds
it (then the hand with that card is one card closer). The deck's limits are the reference's
too: no third copy of a card, no ninth wild, no wild at all in the board game.

Hands come close to a phase on purpose (a random complete lay-down with cards taken out and
others put in), so that most are 0–2 cards short; for those further away the reference
only confirms that no addition of 2 cards completes them.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.rules import SKIP, WILD, Card, Colour, Phase, check_hit, solve
from companion.rules.extras import extras
from companion.rules.outs import find_outs, shortfall
from tests.kits.oracle import (
    ALL_PHASES,
    LIMIT,
    NATURALS,
    concrete_groups,
    fits_deck,
    most_extras,
    narrow_hands,
    plain_reference_outs,
    reference,
    reference_outs,
)

pytestmark = pytest.mark.slow  # brute force: every arrangement of every hand

#: Raise for a longer run: OUTS_EXAMPLES=20000 pytest tests/rules/test_outs_reference.py
EXAMPLES = int(os.environ.get("OUTS_EXAMPLES", "1000"))


@st.composite
def close_hands(draw: st.DrawFn, phase: Phase) -> list[Card]:
    """A random complete lay-down of ``phase`` (some of its cards wilds), up to three of its
    cards taken out, up to three random cards put in; within the deck's limits."""
    cards: list[Card] = []
    for part in phase.parts:
        slots = draw(st.sampled_from(list(concrete_groups(part.kind, part.size))))
        extra = draw(st.integers(0, 1))
        for index, (number, colour) in enumerate(slots + slots[-1:] * extra):
            wild = index > 0 and not phase.edition.turned_jokers and draw(st.booleans()) \
                and draw(st.booleans())
            cards.append(WILD if wild else Card.natural(
                number or draw(st.integers(1, 12)), colour or draw(st.sampled_from(list(Colour)))))
    out = draw(st.integers(0, 3))
    for _ in range(min(out, len(cards))):
        cards.pop(draw(st.integers(0, len(cards) - 1)))
    noise = st.sampled_from(NATURALS + [WILD] + ([SKIP] if phase.edition.skips else []))
    cards += draw(st.lists(noise, max_size=3))
    kept: list[Card] = []
    for card in cards:
        if fits_deck(phase.edition, kept + [card]):
            kept.append(card)
    return draw(st.permutations(kept))


@st.composite
def phase_and_hand(draw: st.DrawFn) -> tuple[Phase, list[Card]]:
    phase = draw(st.sampled_from(ALL_PHASES))
    if draw(st.integers(0, 3)):
        return phase, draw(close_hands(phase))
    return phase, draw(narrow_hands(phase.edition))


def assert_agrees(phase: Phase, hand: list[Card]) -> None:
    short, outs = shortfall(phase, hand)
    event(f"short {short}" if short <= LIMIT else f"short > {LIMIT}")
    expected = reference_outs(phase, hand)
    if expected is None:
        assert short > LIMIT, (phase, hand, short, outs)
        return
    assert (short, list(outs)) == expected, (phase, hand)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(phase_and_hand())
def test_outs_agree_with_brute_force(case: tuple[Phase, list[Card]]) -> None:
    """The same short and the same outs as adding cards by brute force."""
    assert_agrees(*case)


@settings(max_examples=max(100, EXAMPLES // 10), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(phase_and_hand(), st.lists(st.sampled_from(NATURALS + [WILD, SKIP]), max_size=6))
def test_seen_cards_only_change_the_odds(case: tuple[Phase, list[Card]], seen: list[Card]) -> None:
    """Cards seen elsewhere leave short and outs alone and take their copies off the count."""
    phase, hand = case
    if not fits_deck(phase.edition, hand + seen):
        return
    found = find_outs(phase, hand, seen)
    assert (found.short, found.outs) == shortfall(phase, hand)
    deck = phase.edition.deck
    unseen = Counter({card: deck.copies_per_card for card in NATURALS})
    if not phase.edition.turned_jokers:
        unseen[WILD], unseen[SKIP] = deck.wilds, deck.skips
    unseen.subtract(Counter(hand + seen))
    assert found.unseen == deck.cards - len(hand) - len(seen)
    copies = sum(max(0, unseen[card]) for card in found.outs)
    assert found.out_copies == min(copies, found.unseen)  # board jokers are cards unseen too


def by_brute_force(phase: Phase, cards: list[Card]) -> bool:
    return reference(phase, cards)


@settings(max_examples=max(60, EXAMPLES // 20), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(phase_and_hand())
def test_outs_agree_with_brute_force_alone(case: tuple[Phase, list[Card]]) -> None:
    """The same, one card deep, with the brute-force lay-down search instead of the solver
    deciding whether cards complete the phase."""
    phase, hand = case
    short, outs = shortfall(phase, hand)
    expected = reference_outs(phase, hand, 1, by_brute_force)
    if expected is None:
        assert short > 1, (phase, hand, short)
    else:
        assert (short, list(outs)) == expected, (phase, hand)


@settings(max_examples=max(200, EXAMPLES // 2), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(phase_and_hand(), st.lists(st.sampled_from(NATURALS + [WILD, SKIP]), max_size=5))
def test_extras_agree_with_brute_force(case: tuple[Phase, list[Card]], more: list[Card]) -> None:
    """As many extra cards as laying them one by one allows, each where it may go."""
    phase, hand = case
    if fits_deck(phase.edition, hand + more):
        hand = hand + more
    laydown = solve(phase, hand).laydown
    if laydown is None:
        return
    left = Counter(card for card in hand if not card.is_skip)
    left.subtract(card for group in laydown for card in group)
    if left.total() > 6:
        return
    groups = [list(group) for group in laydown]
    placed = extras(phase, laydown, hand)
    for extra in placed:  # each one may go where the plan puts it, in the plan's order
        part = phase.parts[extra.group]
        hit = check_hit(phase.edition, part.kind, groups[extra.group], extra.card)
        assert hit.valid and (extra.where in hit.where or not hit.where), (phase, hand, extra)
        group = groups[extra.group]
        groups[extra.group] = [extra.card, *group] if extra.where == "low" else [*group,
                                                                                 extra.card]
        left[extra.card] -= 1
        assert left[extra.card] >= 0
    assert len(placed) == most_extras(phase, [list(group) for group in laydown],
                                      +left + Counter(extra.card for extra in placed))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(phase_and_hand())
def test_the_references_shortcuts_change_no_answer(case: tuple[Phase, list[Card]]) -> None:
    """Skipping the additions too small for the phase, and those whose cards are all outs
    already, only makes the reference cheaper."""
    assert reference_outs(*case) == plain_reference_outs(*case)
