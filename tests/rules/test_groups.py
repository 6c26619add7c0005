"""Single groups, as the rule books describe them: sets, runs, colour groups, colour runs."""

from __future__ import annotations

import pytest

from companion import editions
from companion.editions import Edition
from companion.rules import (
    REASON_TEMPLATES,
    Part,
    PartKind,
    check_group,
    check_hit,
    check_laydown,
    deck_reasons,
    get_phase,
    parse_cards,
)

ORIGINAL, MASTERS, BOARD = (editions.get(key) for key in ("original", "masters", "board"))
SET, RUN, COLOUR, COLOUR_RUN = PartKind.SET, PartKind.RUN, PartKind.COLOUR, PartKind.COLOUR_RUN


def check(kind: PartKind, size: int, cards: str, edition: Edition = ORIGINAL):
    return check_group(edition, Part(kind, size), parse_cards(cards))


def said(result) -> list[str]:
    return [str(reason) for reason in result.reasons]


@pytest.mark.parametrize(("kind", "size", "cards", "wilds"), [
    # A set: n or more cards of one number, colours free.
    (SET, 3, "7r 7b 7g", ()),
    (SET, 3, "7r 7r W", ("7",)),
    (SET, 3, "7r 7b 7g 7y", ()),  # an extra card that fits
    (SET, 2, "W 12y", ("12",)),
    # A run reads left to right ascending; each wild stands for its position's number.
    (RUN, 3, "3r W W", ("4", "5")),
    (RUN, 3, "W 3r W", ("2", "4")),
    (RUN, 3, "W W 3r", ("1", "2")),
    (RUN, 4, "8g 9g 10y 11r", ()),
    (RUN, 4, "4r 5b W 7g 8y", ("6",)),  # a run of 5 for a run of 4
    (RUN, 8, "1r 2r 3r 4r 5r 6r 7r 8r", ()),
    (RUN, 8, "4r 5b 6g 7y 8r 9b 10g 11y", ()),
    (RUN, 9, "1r 2b 3g 4y 5r 6b 7g 8y 9r 10b 11g 12y", ()),  # 12 cards is the most
    (RUN, 3, "10r 11b W", ("12",)),
    # Colour groups: n or more cards of one colour, numbers free.
    (COLOUR, 7, "1r 3r 5r 7r 9r 11r W", ("r",)),
    (COLOUR, 5, "2g 2g W 9g 12g", ("g",)),
    # A colour run is a run of one colour.
    (COLOUR_RUN, 5, "3r W 5r 6r W", ("4r", "7r")),
    (COLOUR_RUN, 5, "8y 9y 10y 11y 12y", ()),
])
def test_groups_that_follow_the_rules(kind, size, cards, wilds):
    result = check(kind, size, cards)
    assert result.valid, said(result)
    assert result.reasons == ()
    assert result.wilds == wilds


@pytest.mark.parametrize(("kind", "size", "cards", "reason"), [
    (SET, 3, "7r 7b", "7r 7b is too short: it needs at least 3 cards"),
    (SET, 3, "7r 8b W", "the set 7r 8b W mixes numbers: 7 8"),
    (SET, 3, "W W W", "W W W has no natural card: every group needs at least one"),
    (SET, 3, "7r 7b S", "a skip can never be part of a phase"),
    (SET, 3, "7r 7r 7r", "the deck has only 2 of 7r"),
    (RUN, 3, "4r 5b 7g", "the run 4 5 7 has a gap at 6"),
    (RUN, 4, "4r 5y 7b 8g", "the run 4 5 7 8 has a gap at 6"),
    (RUN, 3, "2r 3b 7g", "the run 2 3 7 has a gap from 4 to 6"),
    (RUN, 3, "4r W 7g", "the run 4 W 7 has a gap at 6"),
    (RUN, 3, "4r W W 6g", "the run 4 W W 6 has too many wilds between 4 and 6"),
    (RUN, 3, "7r 5g W", "the run 7 5 W is not in ascending order: lay it as 5 W 7"),
    (RUN, 3, "9r 2g 5b", "the run 2 5 9 has a gap from 3 to 4"),  # no wilds: any order
    (RUN, 3, "12r W", "the run 12 W would go past 12: lay it as W 12"),
    (RUN, 3, "W 1r", "the run W 1 would go below 1: lay it as 1 W"),
    (RUN, 3, "11r W 1r", "the run 11 W 1 goes from 12 to 1, but 12 and 1 are not neighbours"),
    (RUN, 4, "3r 4b 4g 5y", "the run 3 4 4 5 holds 4 twice"),
    (RUN, 4, "W W W 1r", "the run W W W 1 would go below 1: lay it as 1 W W W"),
    (RUN, 3, "11r W W", "the run 11 W W would go past 12: lay it as W 11 W"),
    (RUN, 3, "12r 1b 2g", "the run 12 1 2 goes from 12 to 1, but 12 and 1 are not neighbours"),
    (RUN, 9, "1r 2b 3g 4y 5r 6b 7g 8y 9r 10b 11g 12y W",
     "the run 1 2 3 4 5 6 7 8 9 10 11 12 W would go past 12"),
    (RUN, 3, "W W", "W W has no natural card: every group needs at least one"),
    (COLOUR, 7, "1r 3r 5r 7r 9r 11r 2b",
     "the colour group 1r 3r 5r 7r 9r 11r 2b mixes colours: r b"),
    (COLOUR, 3, "W W W", "W W W has no natural card: every group needs at least one"),
    (COLOUR_RUN, 5, "3r 4r 5b 6r 7r", "the colour run 3r 4r 5b 6r 7r mixes colours: r b"),
    (COLOUR_RUN, 5, "3r 4r 6r 7r 8r", "the run 3r 4r 6r 7r 8r has a gap at 5"),
    (COLOUR_RUN, 3, "5r 4r 3r W",
     "the run 5r 4r 3r W is not in ascending order: lay it as 3r 4r 5r W"),
])
def test_groups_that_break_a_rule_say_which(kind, size, cards, reason):
    result = check(kind, size, cards)
    assert not result.valid
    assert reason in said(result)
    assert result.wilds == ()


def test_a_group_too_short_and_without_a_natural_says_both():
    assert said(check(RUN, 3, "W")) == ["W is too short: it needs at least 3 cards",
                                        "W has no natural card: every group needs at least one"]


def test_the_board_game_has_no_skips():
    assert said(check(SET, 3, "7r 7b S", BOARD)) == ["the board game has no skip cards"]


def test_a_board_game_run_may_take_wilds_beyond_a_full_one_to_twelve():
    result = check(RUN, 9, "W 1r 2b 3g 4y 5r 6b 7g 8y 9r 10b 11g 12y W", BOARD)
    assert result.valid and result.wilds == ("+", "+")
    filled = check(RUN, 9, "W W 3g 4y 5r 6b 7g 8y 9r 10b 11g 12y W", BOARD)
    assert filled.valid and filled.wilds == ("1", "2", "+")


def test_only_a_full_board_game_run_goes_beyond_its_ends():
    assert said(check(RUN, 3, "W W 1r 2b 3g", BOARD)) == [
        "the run W W 1 2 3 would go below 1: lay it as 1 2 3 W W"]
    assert not check(RUN, 9, "4r 5r 6r 7r 8r 9r 10r 11r 12r W", BOARD).valid


def test_the_board_game_deck_has_any_number_of_jokers_but_two_of_each_card():
    assert check(SET, 5, "9r W W W W W W W W W W", BOARD).valid
    assert said(check(SET, 3, "9r 9r 9r", BOARD)) == ["the deck has only 2 of 9r"]


def test_the_card_game_deck_has_eight_wilds():
    assert said(check(SET, 3, "9r " + "W " * 9)) == ["the deck has only 8 wilds"]
    assert check(SET, 3, "9r " + "W " * 8).valid


@pytest.mark.parametrize(("cards", "edition", "reasons"), [
    ("7r 7r 7b", ORIGINAL, []),
    ("7r 7r 7r 8b 8b 8b", MASTERS, ["the deck has only 2 of 7r", "the deck has only 2 of 8b"]),
    ("S S S S S", ORIGINAL, ["the deck has only 4 skips"]),
    ("S", BOARD, ["the board game has no skip cards"]),
    ("W " * 97, BOARD, ["the deck has only 96 cards"]),
])
def test_deck_limits(cards, edition, reasons):
    assert [str(reason) for reason in deck_reasons(edition, parse_cards(cards))] == reasons


def test_reasons_use_a_fixed_set_of_plain_templates():
    for entry in REASON_TEMPLATES:
        # A pair is a reason that counts: its singular and plural.
        for template in entry if isinstance(entry, tuple) else (entry,):
            assert template == template.strip() and not template.endswith(".")
            assert template[0].islower() or template.startswith("%(")
    assert len(set(REASON_TEMPLATES)) == len(REASON_TEMPLATES)


@pytest.mark.parametrize("cards", ["7r 6r 5r 4r 3r 2r 1r", "3b 1r 2g 7y 5r 4b 6g"])
def test_a_run_without_wilds_may_come_in_any_order(cards):
    phase = get_phase(editions.get("original"), 4)
    result = check_laydown(phase, [parse_cards(cards)])
    assert result.valid, said(result)
    assert [card.number for card in result.groups[0].cards] == [1, 2, 3, 4, 5, 6, 7]


def test_a_run_on_the_table_without_wilds_takes_cards_at_its_real_ends():
    hit = check_hit(editions.get("original"), RUN, parse_cards("6r 4b 5g"), parse_cards("7y")[0])
    assert hit.valid and hit.where == ("high",)
