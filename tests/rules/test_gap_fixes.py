"""A run with a gap that a wild laid elsewhere could fill names the order that makes it
("8 9 11 W": "lay it as 8 9 W 11"), and only an order that is a run of the same cards."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.editions import get
from companion.rules.card_groups import check_group
from companion.rules.cards import parse_cards
from companion.rules.phases import Part, PartKind

ORIGINAL = get("original")
RUN4 = Part(PartKind.RUN, 4)


@pytest.mark.parametrize(("hand", "said"), [
    ("8r 9b 11g W", "the run 8 9 11 W has a gap at 10: lay it as 8 9 W 11"),
    ("W 3r 6b W", "the run W 3 6 W has a gap from 4 to 5: lay it as 3 W W 6"),
    ("4r 5b 7g 8y", "the run 4 5 7 8 has a gap at 6"),  # no wild: nothing to move
    ("8r 9b 12g W", "the run 8 9 12 W has a gap from 10 to 11"),  # one wild, two missing
])
def test_a_gap_names_the_order_that_fills_it(hand: str, said: str) -> None:
    check = check_group(ORIGINAL, RUN4, parse_cards(hand))
    assert [str(reason) for reason in check.reasons] == [said]


CARDS = st.one_of(st.just("W"), st.builds(lambda n, c: f"{n}{c}", st.integers(1, 12),
                                          st.sampled_from("rbgy")))


@given(st.lists(CARDS, min_size=3, max_size=6))
def test_an_order_offered_is_a_run_of_the_same_cards(hand: list[str]) -> None:
    part = Part(PartKind.RUN, len(hand))
    for reason in check_group(ORIGINAL, part, parse_cards(" ".join(hand))).reasons:
        found = re.search(r"has a gap .*: lay it as (.*)$", str(reason))
        if not found:
            continue
        order = found.group(1).split()
        assert Counter("W" if card == "W" else card[:-1] for card in hand) == Counter(order)
        laid = [card if card == "W" else f"{card}r" for card in order]
        assert check_group(ORIGINAL, part, parse_cards(" ".join(laid))).valid, (hand, order)
