"""Players who join late and players who leave: the sheet replays them fairly."""

from __future__ import annotations

import pytest

from companion import editions
from companion.scoring import InvalidSetup, RoundRejected, build_sheet
from tests.kits.sheet_notation import play, rnd, setup

ROUND_1 = rnd(Ann="X 0", Ben="- 60")
ROUND_2 = rnd(Ann="- 55", Ben="X 0")


def test_a_late_joiner_starts_on_phase_1_with_the_highest_total() -> None:
    game = setup("Ann", "Ben", "Cem", joined=(1, 1, 3))
    sheet = play(game, [ROUND_1, ROUND_2])
    cem = sheet.line("Cem")
    assert cem.points == 60 and cem.phases_done == () and cem.current_phase == 1
    assert cem.round_points == (None, None)
    assert sheet.expected == ("Ann", "Ben", "Cem")
    sheet = play(game, [ROUND_1, ROUND_2, rnd(Ann="X 0", Ben="- 50", Cem="X 10")])
    assert sheet.line("Cem").points == 70 and sheet.line("Cem").phases_done == (1,)


def test_a_joiner_is_refused_before_their_first_round() -> None:
    game = setup("Ann", "Ben", "Cem", joined=(1, 1, 2))
    with pytest.raises(RoundRejected) as refused:
        play(game, [rnd(Ann="X 0", Ben="- 60", Cem="- 50")])
    assert "Cem does not play round 1" in str(refused.value)
    assert play(game, [ROUND_1]).line("Cem").points == 60


def test_an_edit_before_the_join_moves_the_joiners_points_with_it() -> None:
    game = setup("Ann", "Ben", "Cem", joined=(1, 1, 2))
    assert build_sheet(game, [rnd(Ann="X 0", Ben="- 90")]).line("Cem").points == 90


def test_a_player_who_leaves_keeps_their_rounds_but_plays_no_more() -> None:
    game = setup("Ann", "Ben", "Cem", left=(0, 2, 0))
    first = rnd(Ann="X 0", Ben="X 5", Cem="- 60")
    sheet = play(game, [first])
    assert sheet.expected == ("Ann", "Cem")
    sheet = play(game, [first, rnd(Ann="- 60", Cem="X 0")])
    ben = sheet.line("Ben")
    assert ben.points == 5 and ben.round_points == (5, None)
    assert sheet.standings[-1] == "Ben"  # fewest points, but gone
    with pytest.raises(RoundRejected):
        play(game, [first, rnd(Ann="- 60", Ben="X 0", Cem="X 0")])


def test_the_deal_passes_over_a_player_who_left() -> None:
    game = setup("Ann", "Ben", "Cem", left=(0, 2, 0))
    sheet = play(game, [rnd(Ann="X 0", Ben="X 5", Cem="- 60")])
    assert sheet.rounds[0].dealer == "Ann" and sheet.dealer == "Cem"


def test_who_left_cannot_win_variant_1() -> None:
    game = setup("Ann", "Ben", "Cem", phases=(1, 2), ten_rounds=True, left=(0, 2, 0))
    sheet = play(game, [rnd(Ann="X 0", Ben="X 5", Cem="- 60"), rnd(Ann="X 10", Cem="X 0")])
    assert sheet.status == "finished" and sheet.winners == ("Ann",)


def test_board_game_joiner_starts_on_space_1_and_the_start_passes_on() -> None:
    game = setup("Ann", "Ben", "Cem", edition=editions.get("board"), joined=(1, 1, 2),
                 left=(0, 2, 0))
    sheet = play(game, [rnd(Ann="-", Ben="X out")])
    assert sheet.expected == ("Ann", "Cem")
    assert sheet.line("Cem").marker == 1 and sheet.starter == "Cem"


def test_a_roster_that_cannot_be_is_refused() -> None:
    with pytest.raises(InvalidSetup):
        build_sheet(setup("Ann", "Ben", joined=(1,)), [])
    with pytest.raises(InvalidSetup):
        build_sheet(setup("Ann", "Ben", joined=(1, 4), left=(0, 2)), [])
