"""Card values belong to the edition: a Mattel deck's wild costs 25, and the round's checks and
warnings follow whatever values the edition has."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion import editions
from companion.editions.base import MATTEL, CardValues
from companion.scoring import Round, build_sheet, check_round, least_without_phase
from companion.scoring.plausibility import least_points, most_points
from tests.kits.sheet_notation import rnd, setup

ORIGINAL = editions.get("original")
MATTEL_EDITION = replace(ORIGINAL, key="mattel-test", values=MATTEL)
ODD = replace(ORIGINAL, key="odd-test", values=CardValues(low=1, high=2, skip=3, wild=4))


def problems(edition: editions.Edition, round: Round) -> tuple[list[str], list[str]]:
    errors, warnings = check_round(build_sheet(setup("Ann", "Ben", "Cem", edition=edition), []),
                                   round)
    return [str(error) for error in errors], [str(warning) for warning in warnings]


def test_the_rule_book_values_are_the_built_in_editions_values() -> None:
    for key in ("original", "masters"):
        assert editions.get(key).values == CardValues(low=5, high=10, skip=15, wild=20)
    assert most_points(ORIGINAL, 10) == 8 * 20 + 2 * 15
    assert least_without_phase(ORIGINAL) == 50


def test_with_mattel_values_ten_cards_may_be_worth_230() -> None:
    assert most_points(MATTEL_EDITION, 10) == 8 * 25 + 2 * 15
    assert problems(MATTEL_EDITION, rnd(Ann="X 0", Ben="- 230", Cem="X 25")) == ([], [])
    assert problems(MATTEL_EDITION, rnd(Ann="X 0", Ben="- 235", Cem="X 25"))[1] == [
        "Ben has 235 points, but 10 cards are worth at most 230"]
    # The rule book's deck would have warned about 230:
    assert problems(ORIGINAL, rnd(Ann="X 0", Ben="- 230", Cem="X 25"))[1] != []


def test_what_a_laid_phase_leaves_is_valued_with_the_edition_wilds() -> None:
    # Phase 1 is 6 cards: at most 4 are left, 4 wilds = 100 with Mattel's values.
    assert problems(MATTEL_EDITION, rnd(Ann="X 0", Ben="- 60", Cem="X 100")) == ([], [])
    assert problems(MATTEL_EDITION, rnd(Ann="X 0", Ben="- 60", Cem="X 105"))[1] == [
        "Cem laid phase 1 (6 cards), so at most 4 cards are left, worth at most 100 points, "
        "not 105"]


def test_other_values_move_every_limit_and_the_multiple() -> None:
    assert least_points(ODD, 10) == 10 and least_without_phase(ODD) == 10
    assert most_points(ODD, 10) == 8 * 4 + 2 * 3
    assert problems(ODD, rnd(Ann="X 0", Ben="- 13", Cem="X 7")) == ([], [])
    assert problems(ODD, rnd(Ann="X 0", Ben="- 9", Cem="X 7"))[1] == [
        "Ben did not lay their phase and so holds 10 cards, worth at least 10 points, not 9"]


@pytest.mark.parametrize(("values", "points", "error"), [
    (CardValues(low=10, high=20, skip=30, wild=50), 75,
     "75 points are not possible: every card is worth a multiple of 10 points, so Ben's "
     "points must be one too"),
    (CardValues(), 62, "62 points are not possible: every card is worth 5, 10, 15 or 20 "
                       "points, so Ben's points must be a multiple of 5"),
])
def test_points_are_a_multiple_of_what_every_card_is_worth(values: CardValues, points: int,
                                                           error: str) -> None:
    edition = replace(ORIGINAL, key="multiple-test", values=values)
    assert problems(edition, rnd(Ann="X 0", Ben=f"- {points}", Cem="X 20"))[0] == [error]
