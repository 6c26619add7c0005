"""The hand solver, by example: does a hand hold a complete lay-down, and which one."""

from __future__ import annotations

from collections import Counter

import pytest

from companion import editions
from companion.rules import WILD, PartKind, Phase, check_laydown, get_phase, parse_cards, solve

ORIGINAL, MASTERS, BOARD = (editions.get(key) for key in ("original", "masters", "board"))


def laid(found) -> list[str]:
    return [" ".join(map(str, group)) for group in found.laydown]


def said(found) -> list[str]:
    return [str(reason) for reason in found.reasons]


def assert_sound(phase: Phase, hand: str, found) -> None:
    """The lay-down passes the checker, is minimal and uses only cards from the hand."""
    assert found.valid and found.reasons == ()
    check = check_laydown(phase, found.laydown)
    assert check.valid, [str(reason) for reason in check.reasons]
    assert [group.part for group in check.groups] == list(phase.parts)
    assert [len(group) for group in found.laydown] == [part.size for part in phase.parts]
    used = Counter(card for group in found.laydown for card in group)
    assert not used - Counter(parse_cards(hand))
    assert found.wilds == tuple(group.wilds for group in check.groups)


# (edition, phase, a hand that holds it, a near miss that does not)
HANDS = [
    (ORIGINAL, 1, "7r 7b 2g 7g 9y 9y W 1r", "7r 7b 7g 9y 9b 8y 1r"),
    (ORIGINAL, 2, "5r 8g 5b W 9g 10y 11r 3b", "5r 5b 5g 4r 5y 7b 8g"),
    (ORIGINAL, 3, "2r 2b 2g 5r 6b 7b 8r W", "2r 2b 2g 5r 6b 7b 9r W"),
    (ORIGINAL, 4, "1r 2b 3g W 5r 6r 7r 12b", "1r 2b 3g 4y 5r 6r 12r 12b"),
    (ORIGINAL, 5, "5r 6r 7b 8g 9y W 11b 12g", "3r 4r 5r 6r 7b 8g 9y 11b 12g"),
    (ORIGINAL, 6, "2r 3r 4r 5r 6r 7r 8r 9r 10r 10b", "2r 3r 4r 5r 6r 7r 8r 9r 9b S"),
    (ORIGINAL, 7, "4r 4b 4g 4y 4r 4b W W", "4r 4b 4g 4y 5r 5b 6g W"),
    (ORIGINAL, 8, "1r 3r 5r 7r 9r W W 2b", "1r 3r 5r 7r 9r 11r 2b 2g S"),
    (ORIGINAL, 9, "3r 3b 3g 3y W 12r 12b", "3r 3b 3g 3y 4r 12r 12b"),
    (ORIGINAL, 10, "10r 10b W W W 6y 6y 6g", "10r 10b 10g W 6y 6y 6g 7r"),
    (MASTERS, 1, "7r 7b 7g 7y 7r 7b 1r W W", "7r 7b 7g 7y 7r 1b 1g 1r 2b"),
    (MASTERS, 2, "1r 1b 2r W 3g 3y 4b W", "1r 1b 2r 3r 3g 4y 4b 5b"),
    (MASTERS, 3, "9r 9b 9g 9y W 9r 8r 10b 11g", "9r 9b 9g 9y 9r 10b 11g 12y"),
    (MASTERS, 4, "1r 1b 1g 2r 2b W W W 12r", "1r 1b 1g 2r 2b W 5r 7r 9r"),
    (MASTERS, 5, "5r 5r W 1b 2b 3b 4b 5b 6b", "5r 5r 5g 1b 2b 3b 4b 5b 7b 8b"),
    (MASTERS, 6, "1r 2r 3r 4r 2b 3b 4b 5b", "1r 2r 3r 4r 5r 6r 7r 9b"),
    (MASTERS, 7, "3r 4b 5g 6y 1g 7g 9g 12g", "3r 4b 5g 6g 1g 7b 9g 12g"),
    (MASTERS, 8, "3r W 5r 6r 7r 9b", "3r 4r 5b 6r 7r 9b"),
    (MASTERS, 9, "1y 2y 3y 4y 5y 6y W W", "1y 2y 3y 4y 5y 6y W 7r 8r"),
    (MASTERS, 10, "1b 1b 2b 3b 4b 5b 6b W W", "1b 1b 2b 3b 4b 5b 6b W 1r 2r"),
    (BOARD, 1, "1r 4r 8r 9r W 5b 6g 7y", "1r 4r 8r 9r 12r 5b 6g 8y"),
    (BOARD, 2, "3r 3r 3g 3g 7y 7y 7b W", "3r 3r 3g 3g 7y 7y 7b 8b"),
    (BOARD, 3, "8r 8b 8g 2r 3r 4r 5r", "8r 8b 8g 8y 2r 3r 5r 6r"),
    (BOARD, 4, "W W 3r 4b 9g 10g 11g 12g", "2r 3r 4b 5r 9g 10g 12g 1y"),
    (BOARD, 5, "1g 2g 3g 4g 5g W 6r 6b 6y", "1g 2g 3g 4g 5g 6g 6r 6b"),
    (BOARD, 6, "1r 2r 3r 4r 5r 6r 7r 8r", "1r 2r 3r 4r 5r 6r 7r 9r 10r"),
    (BOARD, 7, "5r 5b 6r 6b W 7r 7b 7g 7y", "5r 5b 6r 6b 7r 7b 7g 7y 8r"),
    (BOARD, 8, "11r 11b 11g 11y 11r 11b W W", "11r 11b 11g 11y 11r 10b 10g W"),
    (BOARD, 9, "W 2b 3g 4y 5r 6b 7g 8y 9r W", "2b 3g 4y 5r 6b 7g 8y 10r 11r"),
    (BOARD, 10, "2r 2b 2g 2y W 12r 12r 12b", "2r 2b 2g 2y W 12r 11r 11b"),
]


@pytest.mark.parametrize(("edition", "number", "hand", "near_miss"), HANDS)
def test_a_hand_that_holds_the_phase_gets_a_sound_laydown(edition, number, hand, near_miss):
    phase = get_phase(edition, number)
    assert_sound(phase, hand, solve(phase, parse_cards(hand)))


@pytest.mark.parametrize(("edition", "number", "hand", "near_miss"), HANDS)
def test_a_hand_one_card_short_gets_none_and_says_so(edition, number, hand, near_miss):
    phase = get_phase(edition, number)
    found = solve(phase, parse_cards(near_miss))
    assert not found.valid and found.laydown is None and found.wilds == ()
    count = len(parse_cards(near_miss))
    assert said(found) == [f"no lay-down of {phase.describe()} in these {count} cards",
                           "the closest lay-down is 1 card short"]
    assert solve(phase, parse_cards(near_miss + " W")).valid


def test_greedy_is_wrong_two_sets_share_the_naturals():
    # Three 7s first would leave the second set without a natural card.
    phase = get_phase(ORIGINAL, 1)
    found = solve(phase, parse_cards("7r 7b 7g W W W"))
    assert_sound(phase, "7r 7b 7g W W W", found)
    assert sorted(group.count(WILD) for group in found.laydown) == [1, 2]


def test_the_laydown_holds_as_few_wilds_as_it_can():
    # W W 3 4 5 6 7 would do, but 3 4 5 6 7 W 9 keeps a wild in hand.
    found = solve(get_phase(ORIGINAL, 4), parse_cards("9r W 3b 7g 5y W 6r 4g"))
    assert laid(found) == ["3b 4g 5y 6r 7g W 9r"]


def test_runs_come_ascending_with_wilds_where_they_stand():
    found = solve(get_phase(ORIGINAL, 4), parse_cards("9r W 3b 7g 5y 6r 4g"))
    assert laid(found) == ["3b 4g 5y 6r 7g W 9r"]
    assert found.wilds == (("8",),)


def test_a_run_fills_its_gaps_with_wilds():
    found = solve(get_phase(ORIGINAL, 2), parse_cards("2r 5b W W 7b 7g 7y"))
    assert laid(found) == ["7b 7g 7y", "2r W W 5b"]
    assert found.wilds == ((), ("3", "4"))


def test_a_colour_group_and_a_run_share_no_card():
    phase = get_phase(BOARD, 1)
    hand = "5r 6r 7r 7b W W W W"
    found = solve(phase, parse_cards(hand))
    assert_sound(phase, hand, found)
    assert not solve(phase, parse_cards("5r 6r 7r 7b W W W")).valid


@pytest.mark.parametrize(("edition", "number", "hand"), [
    # Only one colour: the number part takes all but one of its cards and wilds.
    (BOARD, 1, "1r 2r 3r W W W W W"),
    (BOARD, 5, "6r 6r W W W W W W W"),
    (MASTERS, 7, "3g 4g 5g 6g W W W W"),
])
def test_the_number_part_leaves_the_colour_group_a_natural(edition, number, hand):
    phase = get_phase(edition, number)
    found = solve(phase, parse_cards(hand))
    assert_sound(phase, hand, found)
    assert not solve(phase, parse_cards(hand)[:-1]).valid


def test_skips_are_ignored():
    phase = get_phase(ORIGINAL, 1)
    assert_sound(phase, "S 4r 4b 4g S 8r 8y 8b", solve(phase, parse_cards("S 4r 4b 4g S 8r 8y 8b")))


def test_a_board_game_hand_may_hold_many_jokers():
    phase = get_phase(BOARD, 9)
    hand = "5r " + "W " * 11
    assert_sound(phase, hand, solve(phase, parse_cards(hand)))


@pytest.mark.parametrize(("edition", "hand", "reason"), [
    (ORIGINAL, "7r 7r 7r 8b 8b 8b", "the deck has only 2 of 7r"),
    (ORIGINAL, "7r " + "W " * 9, "the deck has only 8 wilds"),
    (ORIGINAL, "S S S S S 7r 7b 7g 8r 8b 8g", "the deck has only 4 skips"),
    (BOARD, "S 4r 4b 4g 8r 8y 8b", "the board game has no skip cards"),
])
def test_a_hand_the_deck_cannot_hold_is_not_valid(edition, hand, reason):
    found = solve(get_phase(edition, 1), parse_cards(hand))
    assert not found.valid and found.laydown is None
    assert reason in said(found)


def test_a_hand_without_enough_naturals_says_so():
    found = solve(get_phase(ORIGINAL, 1), parse_cards("7r W W W W W"))
    assert said(found) == ["no lay-down of 2 sets of 3 in these 6 cards",
                           "too few natural cards: every group needs at least one"]


def test_a_short_hand_says_how_short():
    found = solve(get_phase(ORIGINAL, 1), parse_cards("4r 4b 4g 8r"))
    assert said(found)[1] == "the closest lay-down is 2 cards short"


def test_an_empty_hand():
    found = solve(get_phase(MASTERS, 8), [])
    assert not found.valid and said(found)[0] == "no lay-down of colour run of 5 in these 0 cards"


def test_every_part_kind_is_known_to_the_solver():
    kinds = {part.kind for edition in editions.all_editions() for number in range(1, 11)
             for part in get_phase(edition, number).parts}
    assert kinds == set(PartKind)
