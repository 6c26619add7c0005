"""companion.scoring.ratings as pure functions: places with ties, the order games are rated
in, what a rating says (its change, trend and sureness), and the odds."""

from __future__ import annotations

import doctest
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from companion.scoring import ratings
from companion.scoring.ratings import Rating

MODEL = PlackettLuce()


def facts(ranks: dict[str, list[int]], *, at: str = "2026-01-01T19:00:00.000000",
          ended: str | None = None, ref: str = "g", board: bool = False) -> dict[str, Any]:
    return {"at": at, "ref": ref, "ended": ended,
            "players": [{"name": name, "markers": board, "rank": rank}
                        for name, rank in ranks.items()]}


def test_players_equal_on_everything_share_a_place_and_the_next_skips() -> None:
    game = facts({"Ann": [0, 0, -2, 0], "Ben": [1, 0, -1, 40], "Cem": [1, 0, -1, 40],
                  "Dora": [1, 0, -1, 55]})
    assert ratings.seats(game) == [("Ann", 1), ("Ben", 2), ("Cem", 2), ("Dora", 4)]


def test_games_ending_in_the_same_second_are_rated_in_the_order_they_were_stored() -> None:
    first = facts({"Ann": [0], "Ben": [1]}, ended="2026-01-01T22:00:00.900000")
    second = facts({"Ann": [1], "Ben": [0]}, ended="2026-01-01T22:00:00.100000")
    assert ratings.order(first, 7) < ratings.order(second, 8)


def test_games_are_rated_in_the_order_they_ended_not_started() -> None:
    early = facts({"Ann": [0], "Ben": [1]}, at="2026-01-01T19:00:00.000000",
                  ended="2026-01-01T22:00:00.000000", ref="a")
    late = facts({"Ann": [1], "Ben": [0]}, at="2026-01-01T20:00:00.000000",
                 ended="2026-01-01T21:00:00.000000", ref="b")
    assert ratings.order(late, 2) < ratings.order(early, 1)
    found = ratings.replay([(1, early), (2, late)])["card"]
    # Ben's win came first, Ann's last: Ann ends ahead.
    assert found["ann"].mu > found["ben"].mu
    assert found["ann"].trend[-1] == pytest.approx(found["ann"].ordinal)


def test_a_person_seated_twice_counts_once_at_the_first_seat() -> None:
    game = facts({"Ann": [0], "ANNA": [2], "Ben": [1]})
    found = ratings.replay([(1, game)], person=lambda name: "ann" if "ann" in name.lower()
                           else name.lower())["card"]
    assert set(found) == {"ann", "ben"} and found["ann"].mu > 25 > found["ben"].mu


def test_card_and_board_games_are_rated_apart() -> None:
    found = ratings.replay([(1, facts({"Ann": [0], "Ben": [1]}, ref="a")),
                            (2, facts({"Ann": [1], "Ben": [0]}, ref="b", board=True))])
    assert found["card"]["ann"].games == found["board"]["ben"].games == 1
    assert found["card"]["ann"].mu == pytest.approx(found["board"]["ben"].mu)


@settings(deadline=None)  # a loaded machine: the arithmetic is checked, not timed
@given(st.lists(st.lists(st.integers(0, 3), min_size=2, max_size=6), min_size=1, max_size=12))
def test_a_replay_is_openskills_rate_game_after_game(games: list[list[int]]) -> None:
    played = [(n, facts({f"P{seat}": [place] for seat, place in enumerate(places)}))
              for n, places in enumerate(games)]
    expected: dict[str, Any] = {}
    for places in games:
        people = [f"p{seat}" for seat in range(len(places))]
        teams = [[expected.get(person, MODEL.rating())] for person in people]
        ranks = [1 + sum(other < place for other in places) for place in places]
        for person, team in zip(people, MODEL.rate(teams, ranks=ranks), strict=True):
            expected[person] = team[0]
    found = ratings.replay(played)["card"]
    assert found.keys() == expected.keys()
    for person, rating in expected.items():
        assert (found[person].mu, found[person].sigma) == (rating.mu, rating.sigma)


def test_a_rating_says_its_change_its_trend_and_how_sure_it_is() -> None:
    rating = Rating()
    assert rating.change is None and rating.sureness == "provisional"
    rating = rating.after(27.0, 8.0)
    assert rating.change == pytest.approx(3.0) and rating.points == (0.0, 3.0)
    for _ in range(4):
        rating = rating.after(30.0, 7.0)
    assert rating.games == 5 and rating.sureness == "settling"
    assert rating.after(30.0, 5.0).sureness == "settled"
    for _ in range(30):
        rating = rating.after(31.0, 5.0)
    assert len(rating.points) == ratings.TREND + 1 and len(rating.trend) == ratings.TREND + 1
    assert Rating.from_json(rating.as_json()) == rating


def test_the_odds_are_predict_win_and_a_player_alone_wins() -> None:
    strong = Rating(32.0, 3.0, 10)
    found = ratings.chances([strong, None])
    assert found == pytest.approx(MODEL.predict_win([[MODEL.rating(32.0, 3.0)],
                                                      [MODEL.rating()]]))
    assert found[0] > found[1]
    assert ratings.chances([None]) == [1.0]
    assert ratings.chances([]) == []


def test_the_docstring_examples() -> None:
    failures, tried = doctest.testmod(ratings)
    assert tried and not failures
