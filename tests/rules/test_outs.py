"""Outs by example: how short a hand is, which cards bring it closer, the odds of drawing
one, what each out does, and the extra cards that fit once the phase is laid."""

from __future__ import annotations

import doctest

import pytest

from companion import editions
from companion.editions import Edition
from companion.rules import check_hit, format_cards, get_phase, parse_cards, roles
from companion.rules import extras as rules_extras
from companion.rules import outs as rules_outs
from companion.rules.extras import extras
from companion.rules.outs import DeckError, chance, find_outs, shortfall, shorts
from companion.rules.roles import Role, out_groups

ORIGINAL, MASTERS, BOARD = (editions.get(key) for key in ("original", "masters", "board"))


def outs_of(edition: Edition, number: int, hand: str) -> tuple[int, str]:
    short, outs = shortfall(get_phase(edition, number), parse_cards(hand))
    return short, " ".join(format_cards(outs))


def test_the_contracts_example():
    found = find_outs(get_phase(ORIGINAL, 3), parse_cards("8r 8g 8b 3y 4y 5r W S 11b"),
                      parse_cards("6r 6g"))
    assert found.short == 1
    assert format_cards(found.outs) == ["2b", "2g", "2r", "2y", "6b", "6g", "6r", "6y",
                                        "8b", "8g", "8r", "8y", "W"]
    assert (found.unseen, found.out_copies, found.chances) == (97, 26, (0.268, 0.466, 0.612))
    assert found.solution.laydown is None


def test_a_complete_hand_needs_nothing_and_shows_its_laydown():
    found = find_outs(get_phase(ORIGINAL, 1), parse_cards("4r 4b 4g 8r 8y 8b 2r"))
    assert (found.short, found.outs, found.out_copies, found.chances) == (0, (), 0,
                                                                          (0.0, 0.0, 0.0))
    assert found.solution.valid and found.solution.laydown is not None


@pytest.mark.parametrize(("edition", "number", "hand", "short", "outs"), [
    # Two copies of 8r in hand: the deck holds no third.
    (ORIGINAL, 1, "8r 8r 8g 2b", 2, "2b 2g 2r 2y W"),
    # Eight 7s fill two sets; the third needs a wild, as no ninth 7 exists.
    (MASTERS, 1, "7r 7r 7g 7g 7b 7b 7y 7y", 1, "W"),
    # Board game: no wild to draw, and sets of 2 + 3 + 4 cannot all be 7s without one.
    (BOARD, 7, "7r 7r 7g 7g 7b 7b 7y 7y 3r", 1, "3b 3g 3r 3y"),
    (BOARD, 7, "7r 7r 7g 7g 7b 7b 7y 7y W", 0, ""),
    # A turned card (W) in a board game hand still counts as a wild: any natural joins it.
    (BOARD, 2, "3r 3g 5b 5y 9r 9b W", 1, " ".join(f"{n}{c}" for n in range(1, 13)
                                                 for c in "bgry")),
    # Fewer naturals than parts: any natural is an out; a wild only while cards are missing
    # beyond the naturals.
    (ORIGINAL, 1, "W W W W W", 2, " ".join(f"{n}{c}" for n in range(1, 13) for c in "bgry")),
    (ORIGINAL, 1, "W W W", 3, " ".join(f"{n}{c}" for n in range(1, 13) for c in "bgry")
     + " W"),
    # A colour group: more of the colour held most.
    (ORIGINAL, 8, "1r 2r 3r 4r 5b 6b W", 2, " ".join(f"{n}r" for n in range(1, 13)) + " W"),
    # A colour run: the missing cards of the closest window, in its colour.
    (MASTERS, 8, "3r 4r 6r 9b", 2, "2r 5r 7r W"),
    # Skips play no part.
    (ORIGINAL, 4, "1r 2r 3r 4r 5r S S 9b W", 1, "6b 6g 6r 6y 7b 7g 7r 7y W"),
])
def test_short_and_outs(edition, number, hand, short, outs):
    assert outs_of(edition, number, hand) == (short, outs)


def test_the_board_game_never_offers_a_wild():
    for phase in range(1, 11):
        short, outs = outs_of(BOARD, phase, "5r 6g 9b")
        assert short > 0 and "W" not in outs.split()


def test_every_phase_of_an_edition_at_once():
    hand = parse_cards("8r 8g 8b 3y 4y 5r W S 11b")
    assert [(phase.number, short) for phase, short in shorts(MASTERS, hand)] == [
        (1, 3), (2, 2), (3, 2), (4, 1), (5, 2), (6, 2), (7, 2), (8, 2), (9, 5), (10, 6)]
    assert [short for _, short in shorts(ORIGINAL, hand)][2] == 1


@pytest.mark.parametrize(("edition", "hand", "seen"), [
    (ORIGINAL, "8r 8r", "8r"),
    (ORIGINAL, "W W W W W", "W W W W"),
    (BOARD, "7r", "S"),
])
def test_more_copies_than_the_deck_holds_is_refused(edition, hand, seen):
    with pytest.raises(DeckError):
        find_outs(get_phase(edition, 1), parse_cards(hand), parse_cards(seen))


def test_seen_cards_lower_the_copies_and_the_odds():
    phase, hand = get_phase(ORIGINAL, 4), parse_cards("1r 2r 3r 4r 5r 6r 12b")
    alone = find_outs(phase, hand)
    seen = find_outs(phase, hand, parse_cards("7b 7g 7r 7y W W"))
    assert alone.outs == seen.outs
    assert (alone.unseen, alone.out_copies) == (101, 16)
    assert (seen.unseen, seen.out_copies) == (95, 10)
    assert seen.chances[0] < alone.chances[0]


def test_chance_is_hypergeometric():
    assert chance(10, 10, 1) == 1.0
    assert chance(10, 0, 3) == 0.0
    assert chance(4, 1, 2) == 0.5
    assert chance(3, 1, 5) == 1.0  # fewer cards left than draws: all of them come


def describe(edition: Edition, number: int, hand: str) -> list[tuple[str, int | None, str]]:
    phase, cards = get_phase(edition, number), parse_cards(hand)
    return [(group.role.value, group.part, " ".join(format_cards(group.cards)))
            for group in out_groups(phase, cards, shortfall(phase, cards)[1])]


def test_outs_grouped_by_what_they_do():
    # The set of 4 is 8 8 8 W: a fourth 8 frees the wild; a 2 or 6 finishes the run.
    assert describe(ORIGINAL, 3, "8r 8g 8b 3y 4y 5r W S 11b") == [
        ("frees", 0, "8b 8g 8r 8y"),
        ("fills", 1, "2b 2g 2r 2y 6b 6g 6r 6y"),
        ("wild", None, "W")]


def test_an_out_for_a_wild_in_the_same_part_just_fills_it():
    assert describe(ORIGINAL, 4, "1r 2r 3r 4r 5r 9b W") == [
        ("fills", 0, "6b 6g 6r 6y 7b 7g 7r 7y"), ("wild", None, "W")]


def test_outs_for_two_parts_and_for_a_first_natural():
    assert describe(BOARD, 5, "1g 2g 3g 4g 6r 6b 9y") == [
        ("fills", 0, " ".join(f"{n}g" for n in range(1, 13) if n != 6)),
        ("fills", 1, "6b 6g 6r 6y")]
    assert [(role, part) for role, part, _ in describe(MASTERS, 2, "3r W")] == [
        (Role.FIRST.value, None), (Role.WILD.value, None)]


def test_a_complete_hand_has_no_out_groups():
    assert out_groups(get_phase(ORIGINAL, 1), parse_cards("4r 4b 4g 8r 8y 8b"), ()) == ()


def laid_extras(edition: Edition, number: int, laydown: str, left: str) -> list[str]:
    """The extras for a lay-down given as groups split by "|", with ``left`` in hand: each
    must fit where the plan puts it, in the plan's order."""
    phase = get_phase(edition, number)
    groups = [parse_cards(group) for group in laydown.split("|")]
    hand = [card for group in groups for card in group] + parse_cards(left)
    placed = extras(phase, tuple(tuple(group) for group in groups), hand)
    for extra in placed:
        group = groups[extra.group]
        hit = check_hit(edition, phase.parts[extra.group].kind, group, extra.card)
        assert hit.valid and (extra.where in hit.where or not hit.where), extra
        groups[extra.group] = [extra.card, *group] if extra.where == "low" else [*group,
                                                                                 extra.card]
    return [f"{extra.card}>{extra.group}" for extra in placed]


@pytest.mark.parametrize(("edition", "number", "laydown", "left", "expected"), [
    # The run grows past a wild bridge, the sets take their numbers; skips never fit.
    (ORIGINAL, 2, "8r 8g 8b | 3y 4y 5r 6b", "8y W 2r 9g 12g S", ["2r>1", "W>1", "8y>1", "9g>1"]),
    (ORIGINAL, 2, "8r 8g 8b | 3y 4y 5r 6b", "8y W 12g", ["8y>0", "W>0"]),
    # Runs only: the wild bridges the gap that opens the most.
    (ORIGINAL, 4, "5r 6r 7r 8r 9b 10b 11b", "3y 1g W", ["W>0", "3y>0"]),
    # Runs only, card game: spare wilds grow the run.
    (ORIGINAL, 6, "2r 3r 4r 5r 6r 7r 8r 9r 10r", "W W W W", ["W>0", "W>0", "W>0"]),
    # Two runs share the cards left: all five go.
    (MASTERS, 6, "3r 4r 5r 6r | 7b 8b 9b 10b", "11g 2y 7y W W",
     ["2y>0", "7y>0", "W>0", "W>0", "11g>1"]),
    # Two runs want the one 5 left: one gets it, the other a wild.
    (MASTERS, 6, "1r 2r 3r 4r | 6b 7b 8b 9b", "5y W", ["5y>1", "W>0"]),
    # Nothing fits.
    (ORIGINAL, 1, "4r 4b 4g | 8r 8y 8b", "2r", []),
    # Colour groups take their colour; a colour run its colour and next numbers.
    (BOARD, 5, "1g 2g 3g 4g 5g 12g | 6r 6b 6y", "9g 7r", ["9g>0"]),
    (MASTERS, 8, "3b 4b 5b 6b 7b", "8b 8r 2b 1b", ["8b>0", "2b>0", "1b>0"]),
    # The board game's wild goes onto a full run too.
    (BOARD, 9, "1r 2r 3r 4r 5r 6r 7r 8r 9r", "10b 11b 12b W", ["10b>0", "11b>0", "12b>0",
                                                           "W>0"]),
])
def test_extra_cards_that_fit(edition, number, laydown, left, expected):
    assert sorted(laid_extras(edition, number, laydown, left)) == sorted(expected)


@pytest.mark.parametrize("module", [rules_outs, rules_extras, roles])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0
