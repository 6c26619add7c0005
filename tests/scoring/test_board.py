"""The board game's phase markers: +2 for who ended the round, +1 clockwise for the others."""

from __future__ import annotations

import pytest

from companion import editions
from companion.scoring import (
    GameFinished,
    Move,
    Result,
    Round,
    Sheet,
    add_round,
    build_sheet,
    check_round,
)
from companion.scoring.board import evaluate
from tests.kits.sheet_notation import rnd, setup

BOARD = editions.get("board")
ABCD = setup("Ann", "Ben", "Cem", "Dan", edition=BOARD)
ABC = setup("Ann", "Ben", "Cem", edition=BOARD)


def board_round(ender: str, *laid: str, players: tuple[str, ...] = ABC.players) -> Round:
    """``ender`` ended the round; ``laid`` also have their phase on the table."""
    return Round(tuple(Result(name, name == ender or name in laid, went_out=name == ender)
                       for name in players))


def markers(sheet: Sheet) -> dict[str, int | None]:
    return {line.name: line.marker for line in sheet.players}


def test_markers_start_on_phase_1() -> None:
    sheet = build_sheet(ABCD, [])
    assert set(markers(sheet).values()) == {1}
    assert [line.current_phase for line in sheet.players] == [1, 1, 1, 1]
    assert sheet.starter == "Ann" and sheet.dealer is None


def test_the_ender_moves_2_then_the_others_who_laid_1_clockwise_from_the_ender() -> None:
    sheet = build_sheet(ABCD, [rnd(Ann="X", Ben="-", Cem="X out", Dan="X")])
    view = sheet.rounds[0]
    assert view.moves == (Move("Cem", 1, 3), Move("Dan", 1, 2), Move("Ann", 1, 2))
    assert markers(sheet) == {"Ann": 2, "Ben": 1, "Cem": 3, "Dan": 2}
    assert view.markers == markers(sheet)
    assert view.stopped == ()


def test_the_ender_skips_a_phase_without_an_entry_for_it() -> None:
    sheet = build_sheet(ABCD, [rnd(Ann="X", Ben="-", Cem="X out", Dan="X")])
    assert sheet.line("Cem").phases_done == (1,)
    assert sheet.line("Cem").current_phase == 3
    assert sheet.line("Ben").phases_done == ()
    assert sheet.line("Ben").current_phase == 1
    assert sheet.rounds[0].attempted == {"Ann": 1, "Ben": 1, "Cem": 1, "Dan": 1}


def test_the_board_game_has_no_points() -> None:
    sheet = build_sheet(ABCD, [rnd(Ann="X", Ben="-", Cem="X out", Dan="X")])
    assert [line.points for line in sheet.players] == [0, 0, 0, 0]
    assert sheet.line("Ann").round_points == (None,)


def test_the_player_left_of_who_ended_a_round_starts_the_next() -> None:
    sheet = build_sheet(setup(*ABCD.players, edition=BOARD, first_dealer=3),
                        [board_round("Ben", players=ABCD.players),
                         board_round("Dan", players=ABCD.players)])
    assert [view.starter for view in sheet.rounds] == ["Dan", "Cem"]
    assert sheet.starter == "Ann"


# Ann on phase 10 and Cem on phase 9, both laying: Cem ends the round and reaches the
# wreath first, so Ann never moves.
TO_TEN_AND_NINE = [
    board_round("Ann", "Cem"), board_round("Ann", "Cem"), board_round("Cem", "Ann"),
    board_round("Cem", "Ann"), board_round("Ann", "Cem"), board_round("Ben", "Cem", "Ann"),
]


def test_the_ender_reaching_the_wreath_first_beats_a_player_on_phase_10() -> None:
    sheet = build_sheet(ABC, TO_TEN_AND_NINE)
    assert markers(sheet) == {"Ann": 10, "Ben": 3, "Cem": 9}
    sheet = add_round(sheet, board_round("Cem", "Ann"))
    assert sheet.rounds[-1].moves == (Move("Cem", 9, 11),)
    assert sheet.rounds[-1].stopped == ("Ann",)
    assert sheet.status == "finished" and sheet.winner == "Cem" and sheet.winners == ("Cem",)
    assert markers(sheet) == {"Ann": 10, "Ben": 3, "Cem": 11}
    assert sheet.line("Cem").current_phase is None
    assert sheet.standings == ("Cem", "Ann", "Ben")
    assert sheet.starter is None and sheet.expected == ()


def test_of_two_reaching_the_wreath_the_earlier_clockwise_wins() -> None:
    to_ten_and_ten = [board_round("Ann", "Ben"), board_round("Ben", "Ann"),
                      board_round("Ann", "Ben"), board_round("Ben", "Ann"),
                      board_round("Ann", "Ben"), board_round("Ben", "Ann")]
    sheet = build_sheet(ABC, to_ten_and_ten)
    assert markers(sheet) == {"Ann": 10, "Ben": 10, "Cem": 1}
    sheet = add_round(sheet, board_round("Cem", "Ann", "Ben"))
    assert sheet.rounds[-1].moves == (Move("Cem", 1, 3), Move("Ann", 10, 11))
    assert sheet.rounds[-1].stopped == ("Ben",)
    assert sheet.winner == "Ann"


def test_the_evaluation_wraps_round_the_table() -> None:
    moves, stopped, winner = evaluate(["Ann", "Ben", "Cem"], {"Ann": 10, "Ben": 10, "Cem": 4},
                                      "Ben", {"Ann", "Cem"})
    assert moves == (Move("Ben", 10, 11),)
    assert stopped == ("Cem", "Ann")
    assert winner == "Ben"


def test_nobody_moves_past_the_wreath() -> None:
    moves, _, winner = evaluate(["Ann", "Ben"], {"Ann": 10, "Ben": 2}, "Ann", set())
    assert moves == (Move("Ann", 10, 11),) and winner == "Ann"


def test_a_finished_board_game_takes_no_more_rounds() -> None:
    sheet = build_sheet(ABC, [*TO_TEN_AND_NINE, board_round("Cem", "Ann")])
    with pytest.raises(GameFinished):
        add_round(sheet, board_round("Ann"))


@pytest.mark.parametrize(("round", "expected"), [
    (rnd(Ann="X", Ben="-", Cem="X"), [("mark the player who ended the round", None, "went_out")]),
    (rnd(Ann="X out", Ben="-", Cem="X out"),
     [("only one player ends the round, not Ann, Cem", None, "went_out")]),
    (rnd(Ann="- out", Ben="-", Cem="X"),
     [("Ann ended the round, so Ann must have laid their phase", "Ann", "phase")]),
    (rnd(Ann="X 0 out", Ben="-", Cem="X"),
     [("the board game has no points: leave the points of Ann empty", "Ann", "points")]),
    (rnd(Ann="X out", Ben="-"), [("Cem is missing from this round", "Cem", "player")]),
    (rnd(Ann="X out", Ben="-", Cem="X", Eve="X"),
     [("Eve is not playing in this game", "Eve", "player")]),
])
def test_board_round_errors(round: Round, expected: list[tuple[str, str | None, str]]) -> None:
    errors, warnings = check_round(build_sheet(ABC, []), round)
    assert [(str(e), e.player, e.field) for e in errors] == expected
    assert warnings == ()


def test_the_board_game_never_guesses_who_ended_the_round() -> None:
    errors, _ = check_round(build_sheet(ABC, []), rnd(Ann="X", Ben="-", Cem="-"))
    assert [e.field for e in errors] == ["went_out"]
