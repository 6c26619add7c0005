"""What a card-game round must keep (errors) and what only looks impossible (warnings)."""

from __future__ import annotations

import pytest

from companion.scoring import (
    GameFinished,
    NeedsConfirmation,
    Result,
    Round,
    RoundRejected,
    add_round,
    build_sheet,
    check_round,
)
from tests.kits.sheet_notation import rnd, setup

GAME = setup("Ann", "Ben", "Cem")


def errors_of(round: Round) -> list[tuple[str, str | None, str | None]]:
    errors, _ = check_round(build_sheet(GAME, []), round)
    return [(str(error), error.player, error.field) for error in errors]


def warnings_of(round: Round, previous: list[Round] | None = None) -> list[str]:
    errors, warnings = check_round(build_sheet(GAME, previous or []), round)
    assert errors == ()
    return [str(warning) for warning in warnings]


def test_a_good_round_has_no_problems() -> None:
    assert errors_of(rnd(Ann="X 0", Ben="- 60", Cem="X 25")) == []


@pytest.mark.parametrize(("round", "expected"), [
    (rnd(Ann="X 0", Ben="- 60", Cem="X 25", Dan="- 50"),
     [("Dan is not playing in this game", "Dan", "player")]),
    (Round((Result("Ann", True, 0), Result("Ben", False, 60), Result("Ben", False, 60),
            Result("Cem", False, 50))),
     [("Ben is entered more than once", "Ben", "player")]),
    (rnd(Ann="X 0", Ben="- 60"), [("Cem is missing from this round", "Cem", "player")]),
])
def test_every_player_appears_exactly_once(round: Round,
                                           expected: list[tuple[str, str, str]]) -> None:
    assert errors_of(round) == expected


@pytest.mark.parametrize(("cem", "message"), [
    ("- -5", "points cannot be negative: Cem has -5"),
    ("- 62", "62 points are not possible: every card is worth 5, 10, 15 or 20 points, so "
             "Cem's points must be a multiple of 5"),
    ("-", "enter the points of Cem"),
])
def test_points_are_a_multiple_of_5_and_not_negative(cem: str, message: str) -> None:
    assert errors_of(rnd(Ann="X 0", Ben="- 60", Cem=cem)) == [(message, "Cem", "points")]


@pytest.mark.parametrize(("round", "expected"), [
    (rnd(Ann="X 5", Ben="- 60", Cem="X 25"),
     [("one player goes out each round and scores 0 points: mark who went out",
       None, "went_out")]),
    (rnd(Ann="X 0", Ben="- 60", Cem="X 0"),
     [("Ann, Cem all have 0 points: mark who went out", None, "went_out")]),
    (rnd(Ann="X 0 out", Ben="- 60", Cem="X 0 out"),
     [("only one player goes out each round, not Ann, Cem", None, "went_out")]),
    (rnd(Ann="X 5 out", Ben="- 60", Cem="X 25"),
     [("Ann went out, so Ann scores 0 points", "Ann", "points")]),
    (rnd(Ann="- 0 out", Ben="- 60", Cem="X 25"),
     [("Ann went out, so Ann must have laid their phase", "Ann", "phase")]),
    (rnd(Ann="- 0", Ben="- 60", Cem="X 25"),
     [("Ann scores 0 points, so Ann went out and must have laid their phase", "Ann",
       "phase")]),
])
def test_exactly_one_player_went_out_with_0_points_and_their_phase(
        round: Round, expected: list[tuple[str, str | None, str]]) -> None:
    assert errors_of(round) == expected


def test_a_marked_player_with_0_points_settles_who_went_out() -> None:
    sheet = add_round(build_sheet(GAME, []), rnd(Ann="X 0", Ben="- 60", Cem="X 0 out"),
                      confirm=True)
    assert [r.went_out for r in sheet.rounds[0].results] == [False, False, True]


def test_a_rejected_round_names_its_number_and_changes_nothing() -> None:
    sheet = build_sheet(GAME, [rnd(Ann="X 0", Ben="- 60", Cem="X 25")])
    with pytest.raises(RoundRejected) as rejected:
        add_round(sheet, rnd(Ann="X 0", Ben="- 62", Cem="X 25"))
    assert rejected.value.number == 2
    assert sheet.next_round == 2


@pytest.mark.parametrize(("round", "warning"), [
    (rnd(Ann="X 0", Ben="- 45", Cem="X 25"),
     "Ben did not lay their phase and so holds 10 cards, worth at least 50 points, not 45"),
    (rnd(Ann="X 0", Ben="- 195", Cem="X 25"),
     "Ben has 195 points, but 10 cards are worth at most 190"),
    # Phase 1 is 6 cards: at most 4 are left, worth at most 4 wilds = 80.
    (rnd(Ann="X 0", Ben="- 60", Cem="X 85"),
     "Cem laid phase 1 (6 cards), so at most 4 cards are left, worth at most 80 points, "
     "not 85"),
    (rnd(Ann="X 0 out", Ben="- 60", Cem="X 0"),
     "Cem did not go out but has 0 points: everybody but the player who went out still "
     "holds cards"),
])
def test_numbers_the_standard_deal_cannot_produce_are_warnings(round: Round,
                                                               warning: str) -> None:
    assert warnings_of(round) == [warning]


@pytest.mark.parametrize("round", [
    rnd(Ann="X 0", Ben="- 50", Cem="X 80"),
    rnd(Ann="X 0", Ben="- 190", Cem="X 5"),
])
def test_the_limits_themselves_are_plausible(round: Round) -> None:
    assert warnings_of(round) == []


def test_the_limit_follows_the_phase_laid() -> None:
    # Phase 2 is 7 cards: 3 are left, worth at most 20 + 20 + 20.
    first = rnd(Ann="X 0", Ben="- 60", Cem="X 25")
    assert warnings_of(rnd(Ann="X 65", Ben="- 60", Cem="X 0"), [first]) == [
        "Ann laid phase 2 (7 cards), so at most 3 cards are left, worth at most 60 points, "
        "not 65"]


def test_warnings_name_the_player_and_the_points_field() -> None:
    _, warnings = check_round(build_sheet(GAME, []), rnd(Ann="X 0", Ben="- 45", Cem="X 25"))
    assert [(w.player, w.field, dict(w.params)["points"]) for w in warnings] == [
        ("Ben", "points", 45)]


def test_a_round_with_warnings_needs_confirming_and_is_not_asked_again() -> None:
    odd = rnd(Ann="X 0", Ben="- 45", Cem="X 25")
    with pytest.raises(NeedsConfirmation) as asked:
        add_round(build_sheet(GAME, []), odd)
    assert [w.player for w in asked.value.warnings] == ["Ben"]
    sheet = add_round(build_sheet(GAME, []), odd, confirm=True)
    assert build_sheet(GAME, [odd]) == sheet


def test_a_finished_game_takes_no_more_rounds() -> None:
    sheet = build_sheet(setup("Ann", "Ben", phases=(1,)), [rnd(Ann="X 0", Ben="- 60")])
    assert sheet.status == "finished"
    with pytest.raises(GameFinished):
        check_round(sheet, rnd(Ann="X 0", Ben="- 60"))
    with pytest.raises(GameFinished):
        add_round(sheet, rnd(Ann="X 0", Ben="- 60"))


def test_replaying_a_round_after_the_game_was_won_is_rejected() -> None:
    won = [rnd(Ann="X 0", Ben="- 60")]
    with pytest.raises(RoundRejected) as rejected:
        build_sheet(setup("Ann", "Ben", phases=(1,)), won * 2)
    assert rejected.value.number == 2
    assert str(rejected.value.problems[0]) == "the game was already over after round 1"
