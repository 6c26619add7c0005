"""Hitting: adding one card to a group on the table (same number on a set, the next number at
either end of a run, same colour on a colour group; wilds anywhere they can stand)."""

from __future__ import annotations

import pytest

from companion import editions
from companion.editions import Edition
from companion.rules import Card, PartKind, check_hit, parse_cards

ORIGINAL, BOARD = editions.get("original"), editions.get("board")
SET, RUN, COLOUR, COLOUR_RUN = PartKind.SET, PartKind.RUN, PartKind.COLOUR, PartKind.COLOUR_RUN


def hit(kind: PartKind, group: str, card: str, edition: Edition = ORIGINAL):
    return check_hit(edition, kind, parse_cards(group), Card.parse(card))


def said(result) -> list[str]:
    return [str(reason) for reason in result.reasons]


@pytest.mark.parametrize(("kind", "group", "card", "where"), [
    (SET, "5r 5b 5g", "5y", ()),
    (SET, "5r 5b 5g", "W", ()),
    (SET, "W W 5g", "5g", ()),
    (COLOUR, "1r 4r 9r W", "12r", ()),
    (COLOUR, "1r 4r 9r W", "W", ()),
    # 3·J·J is 3-4-5: only 2 and 6 (or wilds) may be added.
    (RUN, "3r W W", "2b", ("low",)),
    (RUN, "3r W W", "6b", ("high",)),
    (RUN, "3r W W", "W", ("low", "high")),
    # J·3·J is 2-3-4: 1 and 5.
    (RUN, "W 3r W", "1g", ("low",)),
    (RUN, "W 3r W", "5g", ("high",)),
    # J·J·3 is 1-2-3: only the 4.
    (RUN, "W W 3r", "4y", ("high",)),
    (RUN, "W W 3r", "W", ("high",)),
    (RUN, "9r 10b 11g 12y", "8r", ("low",)),
    (RUN, "9r 10b 11g 12y", "W", ("low",)),
    (COLOUR_RUN, "4g 5g W", "7g", ("high",)),
    (COLOUR_RUN, "4g 5g W", "W", ("low", "high")),
])
def test_cards_that_fit(kind, group, card, where):
    result = hit(kind, group, card)
    assert result.valid, said(result)
    assert result.where == where and result.reasons == ()


@pytest.mark.parametrize(("kind", "group", "card", "reason"), [
    (SET, "5r 5b 5g", "6b", "6b does not fit the set 5r 5b 5g"),
    (COLOUR, "1r 4r 9r", "9b", "9b does not fit the colour group 1r 4r 9r"),
    (RUN, "3r W W", "5b", "5b does not fit the run 3 W W: only 2 or 6 does"),
    (RUN, "W W 3r", "9b", "9b does not fit the run W W 3: only 4 does"),
    (RUN, "1r 2b 3g 4y 5r 6b 7g 8y 9r 10b 11g 12y", "W",
     "the run 1 2 3 4 5 6 7 8 9 10 11 12 is full"),
    (COLOUR_RUN, "4g 5g W", "7r", "7r has the wrong colour for the colour run 4g 5g W"),
    (SET, "5r 5b 5g", "S", "a skip can never be part of a phase"),
    # The deck holds two of each card: no ninth natural 7, no third 7r.
    (SET, "7r 7r 7b 7b 7g 7g 7y 7y", "7r", "the deck has only 2 of 7r"),
    (COLOUR, "7r 7r 1r", "7r", "the deck has only 2 of 7r"),
    (SET, "7r W W W W W W W W", "W", "the deck has only 8 wilds"),
    # The group on the table must be a group of that kind.
    (SET, "5r 6b", "5g", "the set 5r 6b mixes numbers: 5 6"),
    (RUN, "4r 6b", "5g", "the run 4 6 has a gap at 5"),
    (RUN, "W W", "5g", "W W has no natural card: every group needs at least one"),
])
def test_cards_that_do_not(kind, group, card, reason):
    result = hit(kind, group, card)
    assert not result.valid and result.where == ()
    assert said(result) == [reason]


def test_a_run_takes_no_wrap_from_twelve_to_one():
    assert not hit(RUN, "10r 11b 12g", "1r").valid


def test_a_board_game_wild_still_goes_onto_a_full_set():
    full = "9r 9r 9b 9b 9g 9g 9y 9y"
    assert hit(SET, full, "W", BOARD).valid
    assert said(hit(SET, full, "9r", BOARD)) == ["the deck has only 2 of 9r"]


def test_a_board_game_wild_still_goes_onto_a_full_run_at_either_end():
    full = "1r 2b 3g 4y 5r 6b 7g 8y 9r 10b 11g 12y"
    assert hit(RUN, full, "W", BOARD).where == ("low", "high")
    assert hit(RUN, "W " + full + " W", "W", BOARD).valid
    assert not hit(RUN, full, "5r", BOARD).valid


def test_the_board_game_has_no_skips_to_add():
    assert said(hit(SET, "5r 5b", "S", BOARD)) == ["the board game has no skip cards"]
