"""Whole lay-downs: groups in any order matched to the phase's parts, every phase of every
edition with a lay-down that makes it and one that does not."""

from __future__ import annotations

import pytest

from companion import editions
from companion.editions import Edition
from companion.rules import check_laydown, get_phase, parse_cards

ORIGINAL, MASTERS, BOARD = (editions.get(key) for key in ("original", "masters", "board"))


def groups(text: str):
    """``"7r 7b 7g | 9y 9y W"``: groups separated by bars."""
    return [parse_cards(group) for group in text.split("|")] if text.strip() else []


def check(edition: Edition, number: int, text: str):
    return check_laydown(get_phase(edition, number), groups(text))


def said(result) -> list[str]:
    return [str(reason) for reason in result.reasons]


# (edition, phase, a lay-down that makes it, one that does not, a reason it gives)
PHASE_TABLE = [
    (ORIGINAL, 1, "7r 7b 7g | 9y 9y W", "7r 7b 7g | 9y 8y W", "mixes numbers: 8 9"),
    (ORIGINAL, 2, "5r 5b W | 8g 9g 10y 11r", "5r 5b 5g | 4r 5y 7b 8g", "has a gap at 6"),
    (ORIGINAL, 3, "2r 2b 2g 2y | W 6b 7b 8r", "2r 2b 2g | 5r 6b 7b 8r", "needs at least 4"),
    (ORIGINAL, 4, "1r 2b 3g 4y 5r 6r 7r", "1r 2b 3g 4y 5r 6r", "needs at least 7 cards"),
    (ORIGINAL, 5, "W 6r 7b 8g 9y 10r 11b 12g", "6r 7b 8g 9y 10r 11b 12g W", "past 12"),
    (ORIGINAL, 6, "2r 3r 4r 5r 6r 7r 9r 8r 10r", "2r 3r 4r 5r 6r 7r 9r 8r W", "ascending"),
    (ORIGINAL, 7, "4r 4b 4g 4y | 4r 4b 4g 4y", "4r 4b 4g W | W W W W", "no natural card"),
    (ORIGINAL, 8, "1r 3r 5r 7r 9r 11r W", "1r 3r 5r 7r 9r 11r 2b", "mixes colours: r b"),
    (ORIGINAL, 9, "3r 3b 3g 3y W | 12r 12b", "3r 3b 3g 3y S | 12r 12b", "a skip can never"),
    (ORIGINAL, 10, "10r 10b W W W | 6y 6y 6g", "10r 10b W W W | 6y 6y 6g | 1r 1b", "not 3"),
    (MASTERS, 1, "7r 7b 7g | 7y 7r 7b | 1r 1b 1g", "7r 7b 7g | 1r 1b 1g", "needs 3 groups"),
    (MASTERS, 2, "1r 1b | 2r W | 3g 3y | 4b 4b", "1r 1b | 2r W | 3g 3y | 4b 5b", "mixes"),
    (MASTERS, 3, "9r 9b 9g 9y W | 9r 10b 11g 12y", "9r 9b 9g 9y | 9r 10b 11g 12y", "least 5"),
    (MASTERS, 4, "1r 1b 1g | 2r 2b W | W W 12r", "1r 1b 1g | 2r 2b W | 11r 12r W", "past 12"),
    (MASTERS, 5, "5r 5r W | 1b 2b 3b 4b 5b 6b", "5r 5r 5r | 1b 2b 3b 4b 5b 6b", "only 2 of 5r"),
    (MASTERS, 6, "1r 2r 3r 4r | 4b 3b 2b 1b", "1r 2r 3r 4r | 4b 3b W 1b", "lay it as 1 W 3 4"),
    (MASTERS, 7, "3r 4b 5g 6y | 1g 7g 9g 12g", "3r 4b 5g 6y | 1g 7g 9g 12b", "mixes colours"),
    (MASTERS, 8, "3r W 5r 6r 7r", "3r 4r 5b 6r 7r", "mixes colours: r b"),
    (MASTERS, 9, "1y 2y 3y 4y 5y 6y W W", "1y 2y 3y 4y 5y 6y W", "needs at least 8 cards"),
    (MASTERS, 10, "1b 1b 2b 3b 4b 5b 6b W W", "1b 1b 1b 3b 4b 5b 6b W W", "only 2 of 1b"),
    (BOARD, 1, "1r 4r 8r 9r W | 5b 6g 7y", "1r 4r 8r 9r W | 5b 6g 8y", "has a gap at 7"),
    (BOARD, 2, "3r 3r | 3g 3g | 7y 7y | 7b W", "3r 3r | 3g 3g | 7y 7y | S 7b", "no skip cards"),
    (BOARD, 3, "8r 8b 8g | 2r 3r 4r 5r", "8r 8b 8g", "this phase needs 2 groups"),
    (BOARD, 4, "W W 3r 4b | 9g 10g 11g 12g", "W W W 3r | 9g 10g 11g 12g", "below 1"),
    (BOARD, 5, "1g 2g 3g 4g 5g W | 6r 6b 6y", "1g 2g 3g 4g 5g | 6r 6b 6y", "least 6 cards"),
    (BOARD, 6, "1r 2r 3r 4r 5r 6r 7r 8r", "1r 2r 3r 4r W W W 7r", "too many wilds"),
    (BOARD, 7, "5r 5b | 6r 6b W | 7r 7b 7g 7y", "5r 5b | 6r 6b W | 7r 7b 7g 8y", "mixes"),
    (BOARD, 8, "11r 11b 11g 11y | 11r 11b 11g 11y", "11r 11b 11g 11y | 11r 11b 11g 11y 11r",
     "only 2 of 11r"),
    (BOARD, 9, "W 1r 2b 3g 4y 5r 6b 7g 8y 9r 10b 11g 12y W", "4r 5r 6r 7r 8r 9r 10r 11r 12r W",
     "past 12"),
    (BOARD, 10, "2r 2b 2g 2y W W | 12r 12r 12b", "W W W W W | 12r 12r 12b", "no natural"),
]


@pytest.mark.parametrize(("edition", "number", "good", "bad", "reason"), PHASE_TABLE)
def test_every_phase_has_laydowns_that_make_it(edition, number, good, bad, reason):
    result = check(edition, number, good)
    assert result.valid, said(result)
    assert result.reasons == ()
    assert sorted(map(str, (group.part for group in result.groups))) == sorted(
        map(str, get_phase(edition, number).parts))


@pytest.mark.parametrize(("edition", "number", "good", "bad", "reason"), PHASE_TABLE)
def test_every_phase_has_laydowns_that_do_not(edition, number, good, bad, reason):
    result = check(edition, number, bad)
    assert not result.valid
    assert any(reason in sentence for sentence in said(result)), said(result)


def test_groups_come_in_any_order_and_keep_it():
    result = check(ORIGINAL, 2, "8g 9g 10y 11r | 5r 5b W")
    assert result.valid
    assert [group.part.describe() for group in result.groups] == ["run of 4", "set of 3"]
    assert [group.wilds for group in result.groups] == [(), ("5",)]
    assert [str(card) for card in result.groups[1].cards] == ["5r", "5b", "W"]


def test_extra_cards_that_fit_are_fine():
    assert check(ORIGINAL, 2, "5r 5b 5g 5y | 3g 4g 5g 6y 7r W").valid


def test_an_extra_group_is_not():
    assert said(check(ORIGINAL, 1, "7r 7b 7g | 9y 9y W | 1r 1b 1g")) == [
        "this phase needs 2 groups (2 sets of 3), not 3"]


def test_a_one_group_phase_says_so():
    assert said(check(ORIGINAL, 8, "1r 2r 3r 4r | 5r 6r 7r")) == [
        "this phase is one group (7 cards of one colour), not 2"]


@pytest.mark.parametrize("laydown", ["7r 7b 7g | 7y 7r 7b", "7r 7b W | 7g W W"])
def test_two_sets_may_use_the_same_number(laydown):
    assert check(ORIGINAL, 1, laydown).valid


def test_eight_fours_are_two_sets_of_four():
    assert check(ORIGINAL, 7, "4r 4b 4g 4y | 4r 4b 4g 4y").valid


def test_the_deck_limits_hold_over_the_whole_laydown():
    result = check(ORIGINAL, 1, "7r 7r 7b | 7r 7g 7y")
    assert said(result) == ["the deck has only 2 of 7r"]
    assert len(result.groups) == 2


def test_wilds_over_the_whole_laydown_are_counted_too():
    assert "the deck has only 8 wilds" in said(check(ORIGINAL, 1, "7r W W W W | 8r W W W W W"))


def test_the_closest_matching_names_the_failing_group():
    # Matched as set + run only the run fails; matched the other way round both would.
    assert said(check(ORIGINAL, 2, "4r 5y 7b 8g | 5r 5b 5g")) == [
        "group 1, 4 5 7 8, cannot be the run of 4", "the run 4 5 7 8 has a gap at 6"]


def test_equal_parts_are_interchangeable():
    result = check(BOARD, 7, "7r 7b 7g 7y | 5r 5b | 6r 6b W")
    assert result.valid
    assert [group.part.size for group in result.groups] == [4, 2, 3]
