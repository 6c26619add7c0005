"""Seats for an evening (companion.scoring.seating): the tables' sizes for every count, and
the proposed tables against every possible seating (a brute force that knows nothing of
the search): the fewest pairs seated together again, then the closest tables' means."""

from __future__ import annotations

import doctest
import math
from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.scoring import seating as scoring_seating


@pytest.mark.parametrize("count", range(1, 38))
def test_the_sizes_for_every_count(count: int) -> None:
    if count == 1:
        with pytest.raises(scoring_seating.SeatingRefused, match="at least 2 players") as refused:
            scoring_seating.table_sizes(count)
        assert refused.value.field == "players"
        return
    if count > 36:
        with pytest.raises(scoring_seating.SeatingRefused, match="at most 36") as refused:
            scoring_seating.table_sizes(count)
        assert refused.value.field == "players"
        return
    sizes = scoring_seating.table_sizes(count)
    assert sum(sizes) == count
    assert all(2 <= size <= 6 for size in sizes)
    assert len(sizes) == math.ceil(count / 6)  # as few tables as six seats allow
    assert max(sizes) - min(sizes) <= 1  # as equal as they can be
    assert list(sizes) == sorted(sizes, reverse=True)


@pytest.mark.parametrize(("count", "sizes"), [
    (2, (2,)), (6, (6,)), (7, (4, 3)), (12, (6, 6)), (13, (5, 4, 4)), (18, (6, 6, 6)),
    (19, (5, 5, 5, 4)), (36, (6,) * 6)])
def test_the_sizes_the_issue_names(count: int, sizes: tuple[int, ...]) -> None:
    assert scoring_seating.table_sizes(count) == sizes


def test_the_docstring_examples_hold() -> None:
    result = doctest.testmod(scoring_seating)
    assert result.failed == 0 and result.attempted > 0


def test_nobody_to_seat_is_refused_naming_the_field() -> None:
    with pytest.raises(scoring_seating.SeatingRefused, match="nobody to seat") as refused:
        scoring_seating.seat([])
    assert refused.value.field == "players"


@pytest.mark.parametrize("count", range(2, 37))
def test_everybody_is_seated_once_at_tables_of_the_sizes(count: int) -> None:
    strengths = [((player * 7919) % 101) / 100 for player in range(count)]
    met = [(a, b) for a, b in combinations(range(count), 2) if (a * b) % 5 == 1]
    tables = scoring_seating.seat(strengths, met)
    assert sorted(player for table in tables for player in table) == list(range(count))
    assert tuple(len(table) for table in tables) == scoring_seating.table_sizes(count)
    assert scoring_seating.seat(strengths, met) == tables  # the same input, the same tables


def every_seating(count: int) -> Iterator[list[list[int]]]:
    """Every way to give each player one of the tables' seats (each seating once per order
    of equal tables): label the players with table numbers in every distinct order."""
    sizes = scoring_seating.table_sizes(count)

    def label(player: int, room: list[int]) -> Iterator[list[int]]:
        if player == count:
            yield []
            return
        for table, free in enumerate(room):
            if free:
                room[table] -= 1
                for rest in label(player + 1, room):
                    yield [table, *rest]
                room[table] += 1

    for labels in label(0, list(sizes)):
        yield [[p for p in range(count) if labels[p] == table] for table in range(len(sizes))]


def best_by_brute_force(strengths: Sequence[float], met: list[tuple[int, int]]
                        ) -> tuple[int, float]:
    def judged(tables: list[list[int]]) -> tuple[int, float]:
        again = sum((a, b) in met or (b, a) in met
                    for table in tables for a, b in combinations(table, 2))
        means = [sum(strengths[p] for p in table) / len(table) for table in tables]
        return again, max(means) - min(means)

    return min(judged(tables) for tables in every_seating(len(strengths)))


strengths_of = st.integers(2, 10).flatmap(lambda count: st.lists(
    st.floats(-20, 40, allow_nan=False).map(lambda value: round(value, 2)),
    min_size=count, max_size=count))


@settings(max_examples=150, deadline=None)
@given(strengths_of)
def test_without_tonight_the_tables_are_as_balanced_as_any_seating(
        strengths: list[float]) -> None:
    again, spread, _squares = scoring_seating.cost(scoring_seating.seat(strengths), strengths)
    assert again == 0
    assert spread <= best_by_brute_force(strengths, [])[1] + 1e-9


@settings(max_examples=150, deadline=None)
@given(strengths_of, st.data())
def test_with_tonight_the_fewest_pairs_meet_again_then_the_best_balance(
        strengths: list[float], data: st.DataObject) -> None:
    pairs = list(combinations(range(len(strengths)), 2))
    met = data.draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs)))
    found = scoring_seating.cost(scoring_seating.seat(strengths, met), strengths, met)
    best = best_by_brute_force(strengths, met)
    assert found[0] == best[0]
    assert found[1] <= best[1] + 1e-9


def test_the_local_search_mixes_three_tables_of_six_as_well_as_can_be() -> None:
    """Three tables of six played: a new table of six meets someone again whatever it does;
    two of each earlier table (three pairs a table) is the least."""
    earlier = [range(0, 6), range(6, 12), range(12, 18)]
    met = [pair for table in earlier for pair in combinations(table, 2)]
    strengths = [float(player % 7) for player in range(18)]
    tables = scoring_seating.seat(strengths, met)
    assert scoring_seating.cost(tables, strengths, met)[0] == 9
    for table in tables:
        assert sorted(player // 6 for player in table) == [0, 0, 1, 1, 2, 2]


def test_the_local_search_seats_eighteen_without_anybody_meeting_again() -> None:
    """Six tables of three played: each new table takes one of each, nobody meets again."""
    met = [pair for start in range(0, 18, 3) for pair in combinations(range(start, start + 3), 2)]
    strengths = [float((player * 5) % 11) for player in range(18)]
    tables = scoring_seating.seat(strengths, met)
    assert scoring_seating.cost(tables, strengths, met)[0] == 0


def test_the_local_search_balances_thirty_six_players() -> None:
    strengths = [float(player) for player in range(36)]  # 0 … 35: every mean can be 17.5
    tables = scoring_seating.seat(strengths)
    assert scoring_seating.cost(tables, strengths)[1] < 1e-9


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(0, 1, allow_nan=False), min_size=13, max_size=36), st.data())
def test_the_local_search_is_no_worse_than_its_greedy_start(
        strengths: list[float], data: st.DataObject) -> None:
    count = len(strengths)
    met = data.draw(st.lists(st.tuples(st.integers(0, count - 1), st.integers(0, count - 1)),
                             max_size=60))
    tables = scoring_seating.seat(strengths, met)
    assert sorted(p for table in tables for p in table) == list(range(count))
    start = scoring_seating.greedy(strengths, met)
    found = scoring_seating.cost(tables, strengths, met)
    greedy = scoring_seating.cost(start, strengths, met)
    assert found[0] <= greedy[0]
    assert found[0] < greedy[0] or found[1] <= greedy[1] + 1e-9
