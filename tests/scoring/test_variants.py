"""Variant 1 (exactly one round per phase) and the Masters edition's free choice of phase."""

from __future__ import annotations

import pytest

from companion import editions
from companion.scoring import GameFinished, Result, Round, add_round, build_sheet, check_round
from tests.kits.sheet_notation import play, rnd, setup

MASTERS = editions.get("masters")


def test_variant_1_everybody_moves_on_laid_or_not() -> None:
    sheet = build_sheet(setup("Ann", "Ben", ten_rounds=True),
                        [rnd(Ann="X 0", Ben="- 60"), rnd(Ann="- 55", Ben="X 0")])
    assert [view.attempted for view in sheet.rounds] == [{"Ann": 1, "Ben": 1},
                                                         {"Ann": 2, "Ben": 2}]
    assert sheet.line("Ann").phases_done == (1,)
    assert sheet.line("Ben").phases_done == (2,)
    assert [line.current_phase for line in sheet.players] == [3, 3]


def test_variant_1_ends_after_exactly_ten_rounds_and_the_fewest_points_win() -> None:
    rounds = [rnd(Ann="X 0", Ben="- 60")] * 9
    sheet = build_sheet(setup("Ann", "Ben", ten_rounds=True), rounds)
    assert sheet.status == "playing" and sheet.next_round == 10
    # Ben lays nothing but phase 10, yet points decide.
    sheet = add_round(sheet, rnd(Ann="- 100", Ben="X 0"))
    assert sheet.status == "finished" and sheet.winner == "Ann"
    assert sheet.line("Ann").current_phase is None
    with pytest.raises(GameFinished):
        add_round(sheet, rnd(Ann="X 0", Ben="- 60"))


def test_variant_1_with_some_phases_plays_one_round_per_phase() -> None:
    sheet = build_sheet(setup("Ann", "Ben", ten_rounds=True, phases=(2, 4)),
                        [rnd(Ann="X 0", Ben="- 60"), rnd(Ann="- 60", Ben="X 0")])
    assert [view.attempted["Ann"] for view in sheet.rounds] == [2, 4]
    assert sheet.status == "finished"


def test_variant_1_ties_are_shared_wins_without_a_tie_break() -> None:
    sheet = build_sheet(setup("Ann", "Ben", "Cem", ten_rounds=True, phases=(2, 4)),
                        [rnd(Ann="X 0", Ben="X 20", Cem="- 60"),
                         rnd(Ann="X 20", Ben="X 0", Cem="- 60")])
    assert sheet.status == "finished"
    assert sheet.winner is None and sheet.winners == ("Ann", "Ben")
    assert sheet.tiebreak == ()
    assert sheet.standings == ("Ann", "Ben", "Cem")


def test_variant_1_standings_count_points_before_phases() -> None:
    sheet = build_sheet(setup("Ann", "Ben", "Cem", ten_rounds=True),
                        [rnd(Ann="- 50", Ben="X 80", Cem="X 0")])
    assert sheet.standings == ("Cem", "Ann", "Ben")


def test_masters_players_choose_which_phase_to_lay() -> None:
    sheet = build_sheet(setup("Ann", "Ben", "Cem", edition=MASTERS),
                        [rnd(Ann="5 0", Ben="3 20", Cem="- 60"),
                         rnd(Ann="1 0", Ben="- 70", Cem="10 5")])
    assert sheet.line("Ann").phases_done == (5, 1)
    assert sheet.line("Ann").current_phase == 2  # the lowest left, only a hint
    assert sheet.line("Cem").phases_done == (10,)
    assert sheet.rounds[0].attempted == {"Ann": 5, "Ben": 3, "Cem": None}
    assert sheet.status == "playing"  # phase 10 is no finish line in Masters


def test_masters_is_won_by_completing_all_ten_phases() -> None:
    order = (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    sheet = play(setup("Ann", "Ben", edition=MASTERS),
                 [rnd(Ann=f"{phase} 0", Ben="- 50") for phase in order])
    assert sheet.winner == "Ann"
    assert sheet.line("Ann").phases_done == order
    assert sheet.line("Ann").current_phase is None


def test_masters_setup_always_uses_phases_1_to_10_and_no_variant_1() -> None:
    sheet = build_sheet(setup("Ann", "Ben", edition=MASTERS, phases=(1, 2), ten_rounds=True),
                        [])
    assert sheet.setup.phases == tuple(range(1, 11))
    assert not sheet.setup.ten_rounds


@pytest.mark.parametrize(("ann", "problem"), [
    ("5 0", "Ann has already completed phase 5"),
    ("X 0", "say which phase Ann laid"),
    ("11 0", "“11” is not a phase: phases are numbered 1 to 10"),
])
def test_masters_phase_choice_errors(ann: str, problem: str) -> None:
    sheet = build_sheet(setup("Ann", "Ben", edition=MASTERS), [rnd(Ann="5 0", Ben="- 60")])
    errors, _ = check_round(sheet, rnd(Ann=ann, Ben="- 60"))
    assert [(str(e), e.player, e.field) for e in errors][:1] == [(problem, "Ann", "phase")]


def test_masters_a_phase_number_needs_the_phase_laid() -> None:
    sheet = build_sheet(setup("Ann", "Ben", edition=MASTERS), [])
    round = Round((Result("Ann", True, 0, phase=4), Result("Ben", False, 60, phase=3)))
    errors, _ = check_round(sheet, round)
    assert [str(e) for e in errors] == [
        "Ben did not lay a phase, so no phase number goes with it"]


def test_masters_tie_break_lays_the_phase_completed_last_again() -> None:
    # Out in turns: after phase 10 both have 25 points.
    rounds = [rnd(Ann=f"{phase} {5 * (phase % 2 == 0)}", Ben=f"{phase} {5 * (phase % 2)}")
              for phase in range(1, 11)]
    sheet = build_sheet(setup("Ann", "Ben", edition=MASTERS), rounds)
    assert sheet.status == "tiebreak" and sheet.tiebreak == ("Ann", "Ben")
    errors, _ = check_round(sheet, rnd(Ann="3 0", Ben="- 60"))
    assert [str(e) for e in errors] == ["in the tie-break round Ann tries phase 10 again"]
    sheet = add_round(sheet, rnd(Ann="10 0", Ben="- 60"))
    assert sheet.winner == "Ann"
