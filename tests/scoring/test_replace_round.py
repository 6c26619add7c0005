"""Correcting an earlier round recomputes every round after it."""

from __future__ import annotations

import pytest

from companion.scoring import NeedsConfirmation, RoundRejected, replace_round
from tests.kits.sheet_notation import FOUR, SEED_PLAYERS, SEED_ROUNDS, TIED, rnd, setup

SEED = setup(*SEED_PLAYERS)


def test_an_edited_round_moves_every_later_round_on() -> None:
    # Thomas did lay phase 1 in round 1 after all.
    fixed = rnd(Michaela="X 20", Horst="X 0", Petra="X 20", Thomas="X 75")
    sheet = replace_round(SEED, SEED_ROUNDS, 1, fixed)
    assert [view.attempted["Thomas"] for view in sheet.rounds] == [1, 2, 3, 3, 4]
    assert sheet.line("Thomas").phases_done == (1, 2, 3)
    assert sheet.line("Thomas").current_phase == 4
    assert sheet.line("Thomas").points == 230
    assert len(sheet.rounds) == 5


def test_edited_points_change_every_later_total() -> None:
    fixed = rnd(Michaela="X 20", Horst="X 0", Petra="X 20", Thomas="- 95")
    sheet = replace_round(SEED, SEED_ROUNDS, 1, fixed)
    assert [view.totals["Thomas"] for view in sheet.rounds] == [95, 120, 170, 185, 250]


def test_the_edited_round_itself_is_checked_for_warnings() -> None:
    odd = rnd(Michaela="X 20", Horst="X 0", Petra="X 20", Thomas="- 45")
    with pytest.raises(NeedsConfirmation):
        replace_round(SEED, SEED_ROUNDS, 1, odd)
    assert replace_round(SEED, SEED_ROUNDS, 1, odd, confirm=True).line("Thomas").points == 200


def test_the_edited_round_itself_is_checked_for_errors() -> None:
    broken = rnd(Michaela="X 20", Horst="X 0", Petra="X 20", Thomas="- 72")
    with pytest.raises(RoundRejected) as rejected:
        replace_round(SEED, SEED_ROUNDS, 1, broken)
    assert rejected.value.number == 1


def test_an_edit_that_decides_the_game_earlier_rejects_the_later_rounds() -> None:
    rounds = [*TIED, rnd(Ann="- 50", Ben="X 20", Cem="X 0")]
    # Ben did not lay phase 2 in round 2: Ann and Cem are not tied, Cem wins at once.
    fixed = rnd(Ann="X 10", Ben="- 50", Cem="X 0", Dan="- 50")
    with pytest.raises(RoundRejected) as rejected:
        replace_round(FOUR, rounds, 2, fixed)
    assert rejected.value.number == 3
    assert [str(p) for p in rejected.value.problems] == [
        "the game was already over after round 2"]


def test_an_edit_that_changes_the_tie_rejects_a_round_with_the_old_players() -> None:
    rounds = [*TIED, rnd(Ann="- 50", Ben="X 20", Cem="X 0")]
    # Dan went out in round 1, not Ann: now only Ben and Cem are tied.
    fixed = rnd(Ann="X 10", Ben="X 10", Cem="X 5", Dan="X 0")
    with pytest.raises(RoundRejected) as rejected:
        replace_round(FOUR, rounds, 1, fixed)
    assert rejected.value.number == 3
    assert [str(p) for p in rejected.value.problems] == [
        "only Ben, Cem play the tie-break round, not Ann"]


def test_there_is_no_round_to_replace_beyond_the_last() -> None:
    with pytest.raises(IndexError):
        replace_round(SEED, SEED_ROUNDS, 6, SEED_ROUNDS[0])


def test_a_round_stored_after_the_game_ended_cannot_be_replaced() -> None:
    won = [rnd(Ann="X 0", Ben="- 60")]
    with pytest.raises(RoundRejected) as rejected:
        replace_round(setup("Ann", "Ben", phases=(1,)), won * 2, 2, won[0])
    assert rejected.value.number == 2
