"""The solver against a brute-force reference, on many small random hands of every phase.

The solver must find a lay-down exactly when the reference does, a sound one (the checker
accepts it, it is minimal, its cards come from the hand), and one with the fewest wilds.
The reference (``tests.kits.oracle``) knows nothing of counts or templates: it picks every
sub-multiset of the hand for each part in turn, and a pick makes a group when some concrete
group of that kind (a number for a set, a first number for a run, a colour, a colour and a
first number) has room for all its naturals, the wilds standing for the rest.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import Card, Phase
from tests.kits.oracle import ALL_PHASES, assert_solves_as_brute_force, narrow_hands

pytestmark = pytest.mark.slow  # brute force: every arrangement of every hand


@st.composite
def phase_and_hand(draw: st.DrawFn) -> tuple[Phase, list[Card]]:
    phase = draw(st.sampled_from(ALL_PHASES))
    return phase, draw(narrow_hands(phase.edition))


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(phase_and_hand())
def test_solve_agrees_with_brute_force(case: tuple[Phase, list[Card]]) -> None:
    """A lay-down exactly when brute force finds one, and one with the fewest wilds."""
    assert_solves_as_brute_force(*case)
