"""Several players lay the last phase with the same fewest points: a tie-break round (the
Masters article, docs/rules.md)."""

from __future__ import annotations

import pytest

from companion.scoring import RoundRejected, add_round, build_sheet
from tests.kits.sheet_notation import FOUR, TIED, play, rnd


def test_a_tie_on_the_fewest_points_calls_a_tie_break_round() -> None:
    sheet = build_sheet(FOUR, TIED)
    assert sheet.status == "tiebreak"
    assert sheet.tiebreak == ("Ann", "Ben", "Cem")
    assert sheet.expected == ("Ann", "Ben", "Cem")
    assert sheet.winner is None and sheet.winners == ()


def test_in_the_tie_break_round_the_fewest_points_among_who_laid_wins() -> None:
    sheet = build_sheet(FOUR, [*TIED, rnd(Ann="- 50", Ben="X 20", Cem="X 0")])
    view = sheet.rounds[-1]
    assert view.tiebreak
    assert view.attempted == {"Ann": 2, "Ben": 2, "Cem": 2}  # the phase completed last
    assert sheet.status == "finished" and sheet.winner == "Cem"
    assert sheet.standings[0] == "Cem"


def test_the_tie_break_round_gives_no_second_x_and_others_keep_their_points() -> None:
    sheet = build_sheet(FOUR, [*TIED, rnd(Ann="- 50", Ben="X 20", Cem="X 0")])
    assert sheet.line("Cem").phases_done == (1, 2)
    assert sheet.line("Dan").round_points == (50, 50, None)
    assert sheet.rounds[-1].totals == {"Ann": 60, "Ben": 30, "Cem": 10, "Dan": 100}


def test_still_tied_after_a_tie_break_round_plays_another_one() -> None:
    # Ben's 0 without going out can only be a confirmed oddity, but it keeps the tie.
    again = rnd(Ann="X 0 out", Ben="X 0", Cem="- 50")
    sheet = play(FOUR, [*TIED, again], confirm=True)
    assert sheet.status == "tiebreak" and sheet.tiebreak == ("Ann", "Ben")
    sheet = add_round(sheet, rnd(Ann="X 5", Ben="X 0"))
    assert sheet.winner == "Ben"


def test_the_dealer_moves_on_in_tie_break_rounds_too() -> None:
    sheet = build_sheet(FOUR, [*TIED, rnd(Ann="- 50", Ben="X 20", Cem="X 0")])
    assert [view.dealer for view in sheet.rounds] == ["Ann", "Ben", "Cem"]


@pytest.mark.parametrize(("tiebreak", "problem"), [
    (rnd(Ann="X 0", Ben="X 20", Cem="- 50", Dan="- 50"),
     "only Ann, Ben, Cem play the tie-break round, not Dan"),
    (rnd(Ann="X 0", Ben="X 20"), "Cem is missing from this round"),
])
def test_a_tie_break_round_with_the_wrong_players_is_rejected(tiebreak: object,
                                                              problem: str) -> None:
    with pytest.raises(RoundRejected) as rejected:
        build_sheet(FOUR, [*TIED, tiebreak])  # type: ignore[list-item]
    assert rejected.value.number == 3
    assert [str(p) for p in rejected.value.problems] == [problem]
    assert rejected.value.problems[0].field == "player"
