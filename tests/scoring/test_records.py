"""A group's records, read like the issue's examples: who wins most, who is stuck on which
phase, best and worst game, the board game's wreath; ties are shared, unfinished games left out."""

from __future__ import annotations

import pytest

from companion import editions
from companion.scoring import build_sheet
from companion.scoring.records import (
    PlayedGame,
    group_records,
    hardest,
    phase_attempts,
    replay,
)
from tests.kits.played_games import ANN_WINS, BEN_WINS, BOARD, UNFINISHED, game
from tests.kits.sheet_notation import rnd, setup


def by_name(records, name):  # type: ignore[no-untyped-def]
    return next(player for player in records.players if player.name == name)


def test_games_played_and_won_match_names_case_insensitively() -> None:
    records = group_records([ANN_WINS, BEN_WINS, UNFINISHED], {})
    ann, ben = by_name(records, "Ann"), by_name(records, "Ben")
    assert (ann.played, ann.won, ann.win_rate) == (2, 1, 0.5)
    assert (ben.played, ben.won) == (2, 1)


def test_unfinished_games_are_listed_newest_first_but_left_out_of_the_records() -> None:
    records = group_records([ANN_WINS, UNFINISHED, BEN_WINS], {})
    assert [summary.ref for summary in records.games] == ["g3", "g2", "g1"]
    assert records.games[0].status == "playing" and records.games[0].winners == ()
    assert records.games[1].winners == ("ben",)
    assert "Cem" not in [player.name for player in records.players]
    assert records.wins == (("Ann",), ("Ben",))


def test_average_penalty_points_per_round_over_the_rounds_played() -> None:
    ann = by_name(group_records([ANN_WINS, BEN_WINS], {}), "Ann")
    # 0 + 60 + 0 in the first game, 50 + 50 in the second: 160 over 5 rounds.
    assert ann.average_points == 32


def test_phase_at_the_first_try_and_rounds_per_phase() -> None:
    ann = by_name(group_records([ANN_WINS, BEN_WINS], {}), "Ann")
    one, two = ann.phases
    # Phase 1: first try in game 1, two rounds in game 2 without laying it: 3 rounds for
    # the one completion.
    assert (one.phase, one.tried, one.first_try, one.completed, one.rounds) == (1, 2, 1, 1, 3)
    assert one.average_rounds == 3
    # Phase 2: laid at the second try in game 1.
    assert (two.tried, two.first_try, two.completed, two.average_rounds) == (1, 0, 1, 2)
    assert ann.nemesis == one


def test_the_groups_nemesis_phase() -> None:
    records = group_records([ANN_WINS, BEN_WINS], {})
    # Phase 1: Ann and Ben in two games; Ben at the second try in game 1, Ann two rounds
    # without it in game 2: 1 + 2 + 2 + 1 rounds for 3 completions, 2 rounds each.
    # Phase 2: Ann 2 rounds, Ben 1 without it as the game ended, Ben 1: 4 rounds for 2.
    phase_one, phase_two = records.phases
    assert (phase_one.tried, phase_one.first_try, phase_one.rounds) == (4, 2, 6)
    assert (phase_two.tried, phase_two.first_try, phase_two.rounds) == (3, 1, 4)
    # Equally many rounds per completion: fewer first tries make phase 2 the nemesis.
    assert phase_one.average_rounds == phase_two.average_rounds == 2
    assert hardest(records.phases) == phase_two


def test_who_cleared_every_phase_at_the_first_try_has_no_nemesis() -> None:
    flawless = game("g4", 27, ("Eva", "Fin"), [rnd(Eva="X 0", Fin="- 50"),
                                               rnd(Eva="X 0", Fin="X 50")])
    records = group_records([flawless], {})
    eva, fin = by_name(records, "Eva"), by_name(records, "Fin")
    assert [(phase.tried, phase.first_try) for phase in eva.phases] == [(1, 1), (1, 1)]
    assert eva.nemesis is None
    assert fin.nemesis is not None and fin.nemesis.phase == 1
    # Alone, Eva's game leaves the group a nemesis: phase 1, which took Fin two rounds.
    assert hardest(records.phases) == records.phases[0]
    assert hardest(eva.phases) is None


def test_best_and_worst_game_by_points() -> None:
    ann = by_name(group_records([ANN_WINS, BEN_WINS], {}), "Ann")
    assert ann.best is not None and ann.worst is not None
    assert (ann.best.ref, ann.best.value) == ("g1", 60)
    assert (ann.worst.ref, ann.worst.value) == ("g2", 100)


def test_merged_spellings_count_as_one_player_shown_as_merged_into() -> None:
    micha = game("g4", 27, ("Micha", "Ben"), [rnd(Micha="X 0", Ben="- 60"),
                                               rnd(Micha="X 0", Ben="- 60")])
    apart = group_records([ANN_WINS, micha], {})
    assert {player.name for player in apart.players} == {"Ann", "Ben", "Micha"}
    merged = group_records([ANN_WINS, micha], {"micha": "Ann"})
    assert {player.name for player in merged.players} == {"Ann", "Ben"}
    ann = by_name(merged, "Ann")
    assert (ann.played, ann.won) == (2, 2)
    assert merged.wins == (("Ann",), ("Ann",))


def test_ties_count_as_shared_wins() -> None:
    # Variant 1: exactly one round per phase; equal points after the last one share the win.
    tie = game("t", 1, ("Ann", "Ben", "Cem"), [
        rnd(Ann="X 0", Ben="- 50", Cem="- 60"),
        rnd(Ann="- 50", Ben="X 0", Cem="X 0"),
    ], ten_rounds=True)
    records = group_records([tie], {})
    ann, ben = by_name(records, "Ann"), by_name(records, "Ben")
    assert (ann.won, ann.shared, ben.won, ben.shared) == (1, 1, 1, 1)
    assert by_name(records, "Cem").won == 0
    assert records.wins == (("Ann", "Ben"),)


def test_board_game_wins_and_rounds_to_the_wreath() -> None:
    records = group_records([BOARD, ANN_WINS], {})
    ann = by_name(records, "Ann")
    assert (ann.played, ann.won, ann.board_played, ann.board_won) == (2, 2, 1, 1)
    assert ann.wreath_rounds == (6,) and ann.fastest_wreath == 6
    # Board points are no penalty points: the average counts only the card game's rounds.
    assert ann.average_points == 20
    board_phases = [phase for phase in records.phases if phase.edition is editions.get("board")]
    assert [phase.phase for phase in board_phases] == [1, 3, 4, 5, 7, 9]
    three = next(phase for phase in board_phases if phase.phase == 3)
    # Ann laid 3 at her first try; Ben tried twice.
    assert (three.tried, three.first_try, three.rounds) == (2, 1, 3)


def test_masters_counts_for_wins_but_not_for_phases() -> None:
    masters = game("m", 3, ("Ann", "Ben"), [
        rnd(Ann=f"{n} 0", Ben="- 60") for n in range(1, 11)], edition=editions.get("masters"))
    records = group_records([masters], {})
    assert by_name(records, "Ann").won == 1
    assert records.phases == ()


def test_tiebreak_rounds_are_no_attempts() -> None:
    tied = setup("Ann", "Ben", phases=(1,))
    sheet = build_sheet(tied, [rnd(Ann="X 0 out", Ben="X 0"), rnd(Ann="X 0 out", Ben="X 20")])
    assert sheet.status == "finished" and sheet.rounds[1].tiebreak
    assert phase_attempts(sheet) == {("Ann", 1): (1, True), ("Ben", 1): (1, True)}


@pytest.mark.parametrize("played", [ANN_WINS, BEN_WINS, UNFINISHED, BOARD])
def test_replay_gives_the_checked_sheet(played: PlayedGame) -> None:
    assert replay(played.setup, played.rounds) == build_sheet(played.setup, played.rounds)


def test_a_game_whose_rounds_cannot_be_read_is_listed_and_left_out() -> None:
    broken = game("x", 5, ("Ann", "Ben"), [*ANN_WINS.rounds, rnd(Ann="X 0", Ben="- 5")])
    records = group_records([broken], {})
    assert records.games[0].status == "playing" and records.players == ()
