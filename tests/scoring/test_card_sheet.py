"""The card game's Wertungsblatt: X for each phase laid, penalty points, dealer, winner."""

from __future__ import annotations

import pytest

from companion.scoring import Result, Round, build_sheet, check_round
from tests.kits.sheet_notation import SEED_PLAYERS, SEED_ROUNDS, phases_and_points, play, rnd, setup


def test_the_worked_example_after_round_5() -> None:
    sheet = play(setup(*SEED_PLAYERS), SEED_ROUNDS)  # no warning to confirm either
    assert phases_and_points(sheet) == {
        "Michaela": (5, 35), "Horst": (3, 170), "Petra": (4, 125), "Thomas": (2, 230)}
    columns = {line.name: [p for p in line.round_points if p] for line in sheet.players}
    assert columns == {"Michaela": [20, 15], "Horst": [25, 65, 10, 70],
                       "Petra": [20, 70, 15, 20], "Thomas": [75, 25, 50, 15, 65]}
    # "Petra liegt mit 4 Phasen an zweiter Stelle ... Thomas bildet das Schlusslicht"
    assert sheet.standings == ("Michaela", "Petra", "Horst", "Thomas")
    assert sheet.status == "playing"
    assert sheet.next_round == 6


def test_who_lays_their_phase_gets_an_x_and_tries_the_next_one() -> None:
    sheet = build_sheet(setup(*SEED_PLAYERS), SEED_ROUNDS)
    thomas = sheet.line("Thomas")
    assert thomas.phases_done == (1, 2)
    assert thomas.current_phase == 3
    assert [view.attempted["Thomas"] for view in sheet.rounds] == [1, 1, 2, 2, 3]
    assert sheet.line("Michaela").current_phase == 6


def test_running_totals_after_each_round() -> None:
    sheet = build_sheet(setup(*SEED_PLAYERS), SEED_ROUNDS)
    assert [view.totals["Horst"] for view in sheet.rounds] == [0, 25, 90, 100, 170]


def test_the_only_player_with_0_points_went_out_when_nobody_is_marked() -> None:
    sheet = build_sheet(setup(*SEED_PLAYERS), SEED_ROUNDS[:1])
    assert [r.player for r in sheet.rounds[0].results if r.went_out] == ["Horst"]


def test_results_are_kept_in_seating_order() -> None:
    shuffled = Round(tuple(reversed(SEED_ROUNDS[0].results)))
    sheet = build_sheet(setup(*SEED_PLAYERS), [shuffled])
    assert [r.player for r in sheet.rounds[0].results] == list(SEED_PLAYERS)


@pytest.mark.parametrize(("first_dealer", "dealers"), [
    (0, ["Michaela", "Horst", "Petra", "Thomas", "Michaela"]),
    (2, ["Petra", "Thomas", "Michaela", "Horst", "Petra"]),
])
def test_the_player_left_of_the_dealer_deals_next(first_dealer: int,
                                                  dealers: list[str]) -> None:
    sheet = build_sheet(setup(*SEED_PLAYERS, first_dealer=first_dealer), SEED_ROUNDS)
    assert [view.dealer for view in sheet.rounds] == dealers
    assert sheet.dealer == dealers[1]  # round 6 is dealt like round 2


def test_a_new_game() -> None:
    sheet = build_sheet(setup("Ann", "Ben"), [])
    assert sheet.status == "playing" and sheet.winner is None and sheet.winners == ()
    assert sheet.expected == ("Ann", "Ben") and sheet.next_round == 1
    assert [line.current_phase for line in sheet.players] == [1, 1]
    assert sheet.dealer == "Ann" and sheet.starter is None


def test_only_some_phases_in_play_variant_2() -> None:
    even = setup("Ann", "Ben", phases=(2, 4, 6, 8, 10))
    sheet = build_sheet(even, [rnd(Ann="X 0", Ben="- 60")])
    assert sheet.rounds[0].attempted == {"Ann": 2, "Ben": 2}
    assert sheet.line("Ann").phases_done == (2,)
    assert sheet.line("Ann").current_phase == 4
    assert sheet.line("Ben").current_phase == 2


def test_whoever_has_the_last_phase_in_play_on_the_table_wins() -> None:
    first_five = setup("Ann", "Ben", phases=(1, 2, 3, 4, 5))
    rounds = [rnd(Ann="X 10", Ben="X 0")] + [rnd(Ann="X 0", Ben="- 60")] * 4
    sheet = build_sheet(first_five, rounds)
    assert sheet.status == "finished"
    assert sheet.winner == "Ann" and sheet.winners == ("Ann",)
    assert sheet.line("Ann").current_phase is None
    assert sheet.dealer is None and sheet.expected == ()


def test_the_winner_heads_the_standings_whatever_the_points() -> None:
    sheet = build_sheet(setup("Ann", "Ben", phases=(1, 2)),
                        [rnd(Ann="- 150", Ben="X 0"), rnd(Ann="X 0", Ben="- 50"),
                         rnd(Ann="X 0", Ben="- 50")])
    assert sheet.winner == "Ann"
    assert sheet.line("Ann").points > sheet.line("Ben").points
    assert sheet.standings == ("Ann", "Ben")


def test_several_lay_the_last_phase_and_the_fewest_points_win() -> None:
    sheet = build_sheet(setup("Ann", "Ben", "Cem", phases=(1,)),
                        [rnd(Ann="X 20", Ben="X 0", Cem="X 10")])
    assert sheet.winner == "Ben"
    assert sheet.standings == ("Ben", "Cem", "Ann")


def test_standings_count_phases_before_points() -> None:
    sheet = build_sheet(setup("Ann", "Ben", "Cem"), [rnd(Ann="- 50", Ben="X 80", Cem="X 0")])
    assert sheet.standings == ("Cem", "Ben", "Ann")


def test_standings_on_equal_phases_and_points_follow_the_seats() -> None:
    sheet = build_sheet(setup("Ann", "Ben", "Cem"), [rnd(Ann="- 50", Ben="- 50", Cem="X 0")])
    assert sheet.standings == ("Cem", "Ann", "Ben")


def test_laid_phase_numbers_are_masters_only() -> None:
    sheet = build_sheet(setup("Ann", "Ben"), [])
    bad = Round((Result("Ann", True, 0, phase=1), Result("Ben", False, 50)))
    errors, _ = check_round(sheet, bad)
    assert [(e.player, e.field) for e in errors] == [("Ann", "phase")]
