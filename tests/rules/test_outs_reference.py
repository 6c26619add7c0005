"""Outs against a brute-force reference, on thousands of random hands of all 30 phases.

The reference knows nothing of the solver's counts: it adds every multiset of cards the
deck still holds to the hand, smallest first, and asks the brute-force lay-down search of
``tests.kits.oracle`` whether the hand then completes the phase. ``short`` is the size
of the smallest such addition; a card is an out exactly when some smallest addition holds
it (then the hand with that card is one card closer). The deck's limits are the reference's
too: no third copy of a card, no ninth wild, no wild at all in the board game.

Hands come close to a phase on purpose (a random complete lay-down with cards taken out and
others put in), so that most are 0–2 cards short; for those further away the reference
only confirms that no addition of 2 cards completes them.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.rules import SKIP, WILD, Card, Colour, Phase
from companion.rules.outs import shortfall
from tests.kits.oracle import (
    ALL_PHASES,
    LIMIT,
    NATURALS,
    assert_unseen_counted,
    concrete_groups,
    extras_agree,
    fits_deck,
    narrow_hands,
    plain_reference_outs,
    reference,
    reference_outs,
)

pytestmark = pytest.mark.slow  # brute force: every arrangement of every hand

#: Each CI run draws new hands (hypothesis is not derandomized here), so the runs add up; raise
#: for a longer run: OUTS_EXAMPLES=20000 pytest tests/rules/test_outs_reference.py
EXAMPLES = int(os.environ.get("OUTS_EXAMPLES", "500"))


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
    if fits_deck(phase.edition, hand + seen):
        assert_unseen_counted(phase, hand, seen)


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
    extras_agree(phase, hand + more if fits_deck(phase.edition, hand + more) else hand, 6)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(phase_and_hand())
def test_the_references_shortcuts_change_no_answer(case: tuple[Phase, list[Card]]) -> None:
    """Skipping the additions too small for the phase, and those whose cards are all outs
    already, only makes the reference cheaper."""
    assert reference_outs(*case) == plain_reference_outs(*case)
