"""Head-to-head in the group JSON: numbers a person can check by hand, kept right through an
undo, a corrected round, a game added in the middle of the group's history and a merge of two
spellings, always equal to head-to-head replayed from every round."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select

from companion import models
from companion.infra.extensions import db
from companion.services import groups
from tests.kits.group_games import assert_kept, card_round, start


def finish(api: Any, game: dict[str, Any], out: str, others: dict[str, int | bool]) -> None:
    """Phase 1 only: one round ends the game; ``out`` went out and wins."""
    answer = api.round(game, card_round(out, others), confirm=True)
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["status"] == "finished"


def pairs_of(api: Any, group: dict[str, Any]) -> dict[tuple[str, ...], dict[str, Any]]:
    data = api.client.get(f"/api/groups/{group['view_id']}").get_json()
    return {tuple(pair["players"]): pair for pair in data["head_to_head"]}


def rows_agree(app: Flask, group: dict[str, Any], pairs: dict[Any, dict[str, Any]]) -> None:
    """One pair_game row per game of each pair, and the records equal a replay."""
    with app.app_context():
        found = groups.find_group(group["id"])
        assert found is not None
        assert db.session.scalar(select(func.count()).select_from(models.PairGame).where(
            models.PairGame.group_id == found[0].id)) == sum(
            pair["games"] for pair in pairs.values())
    assert_kept(app, group["id"])


def test_three_players_four_games_as_computed_by_hand(api: Any, app: Flask) -> None:
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    players = ["Ann", "Ben", "Cem"]
    # Phase 1 only. Laid: 20 points; True below. Who went out wins; then more phases, then
    # fewer points; equal phases and points are a tie.
    finish(api, start(api, group, players, phases=[1]), "Ann", {"Ben": True, "Cem": 60})
    finish(api, start(api, group, players, phases=[1]), "Cem", {"Ann": 50, "Ben": 50})
    finish(api, start(api, group, players, phases=[1]), "Ann", {"Ben": 75, "Cem": True})
    finish(api, start(api, group, players, phases=[1]), "Ben", {"Ann": 55, "Cem": True})
    # By hand: game 1 Ann > Ben > Cem (0, 20, 60 points); game 2 Cem > Ann = Ben (0, 50, 50);
    # game 3 Ann > Cem > Ben (0, 20, 75); game 4 Ben > Cem > Ann (0, 20, 55).
    # Ann v Ben: Ann ahead in 1 and 3, Ben in 4, game 2 a tie; streaks 1 and 1;
    #   Ben − Ann: 20 + 0 + 75 − 55 = 40 over 4 games: 10.
    # Ann v Cem: Ann in 1 and 3, Cem in 2 and 4; 60 − 50 + 20 − 35 = −5: −1.25.
    # Ben v Cem: Ben in 1 and 4, Cem in 2 and 3 (two in a row); 40 − 50 − 55 + 20 = −45.
    pairs = pairs_of(api, group)
    assert pairs == {
        ("Ann", "Ben"): {"players": ["Ann", "Ben"], "games": 4, "ahead": [2, 1], "ties": 1,
                         "longest_streak": [1, 1], "points_games": 4,
                         "average_points_difference": 10.0},
        ("Ann", "Cem"): {"players": ["Ann", "Cem"], "games": 4, "ahead": [2, 2], "ties": 0,
                         "longest_streak": [1, 1], "points_games": 4,
                         "average_points_difference": -1.25},
        ("Ben", "Cem"): {"players": ["Ben", "Cem"], "games": 4, "ahead": [2, 2], "ties": 0,
                         "longest_streak": [1, 2], "points_games": 4,
                         "average_points_difference": -11.25},
    }
    rows_agree(app, group, pairs)


def test_undo_correction_a_game_added_in_the_middle_and_a_merge(api: Any, app: Flask) -> None:
    group = api.post("/api/groups", {}).get_json()
    first = start(api, group, ["Ann", "Ben"], phases=[1])
    finish(api, first, "Ann", {"Ben": 60})
    earlier = api.new_game(["ben", "ANN"], phases=[1])  # started before the next two
    second = start(api, group, ["Ann", "Ben"], phases=[1])
    third = start(api, group, ["Ben", "Ann"], phases=[1])
    finish(api, second, "Ann", {"Ben": 60})
    finish(api, third, "Ann", {"Ben": True})
    pair = pairs_of(api, group)[("Ann", "Ben")]
    assert (pair["ahead"], pair["longest_streak"]) == ([3, 0], [3, 0])
    assert pair["average_points_difference"] == round((60 + 60 + 20) / 3, 2)

    # A game played earlier joins the group: it falls between the first and the second.
    finish(api, earlier, "ben", {"ANN": 40})
    added = api.post(f"/api/groups/{group['id']}/games", {"game": earlier["id"]})
    assert added.status_code == 200, added.get_json()
    pair = pairs_of(api, group)[("Ann", "Ben")]
    assert (pair["games"], pair["ahead"], pair["longest_streak"]) == (4, [3, 1], [2, 1])
    rows_agree(app, group, pairs_of(api, group))

    # Its finish undone: it counts no more, and Ann's three in a row are whole again.
    assert api.client.delete(f"/api/games/{earlier['id']}/rounds/last").status_code == 200
    pair = pairs_of(api, group)[("Ann", "Ben")]
    assert (pair["games"], pair["ahead"], pair["longest_streak"]) == (3, [3, 0], [3, 0])
    rows_agree(app, group, pairs_of(api, group))

    # The second game corrected: Ben went out after all. It breaks Ann's streak in two.
    fixed = api.client.put(f"/api/games/{second['id']}/rounds/1",
                           json={"results": card_round("Ben", {"Ann": 30}), "confirm": True})
    assert fixed.status_code == 200, fixed.get_json()
    pair = pairs_of(api, group)[("Ann", "Ben")]
    assert (pair["ahead"], pair["longest_streak"]) == ([2, 1], [1, 1])
    assert pair["average_points_difference"] == round((60 - 30 + 20) / 3, 2)
    rows_agree(app, group, pairs_of(api, group))

    # "Benno" is Ben under another spelling: merged, his win over Ann is Ben's.
    benno = start(api, group, ["Benno", "Ann"], phases=[1])
    finish(api, benno, "Benno", {"Ann": 90})
    assert ("Ann", "Benno") in pairs_of(api, group)
    merged = api.post(f"/api/groups/{group['id']}/aliases", {"spelling": "Benno", "name": "Ben"})
    assert merged.status_code == 200, merged.get_json()
    pairs = pairs_of(api, group)
    assert list(pairs) == [("Ann", "Ben")]
    assert (pairs[("Ann", "Ben")]["games"], pairs[("Ann", "Ben")]["ahead"],
            pairs[("Ann", "Ben")]["longest_streak"]) == (4, [2, 2], [1, 1])
    rows_agree(app, group, pairs)
    # Ben wins the next one too: two in a row, counted across both spellings.
    finish(api, start(api, group, ["Ann", "Ben"], phases=[1]), "Ben", {"Ann": 10})
    assert pairs_of(api, group)[("Ann", "Ben")]["longest_streak"] == [1, 2]
    rows_agree(app, group, pairs_of(api, group))
    assert api.client.delete(f"/api/groups/{group['id']}/aliases/benno").status_code == 200
    pairs = pairs_of(api, group)
    assert pairs[("Ann", "Benno")]["ahead"] == [0, 1]
    assert pairs[("Ann", "Ben")]["longest_streak"] == [1, 1]
    rows_agree(app, group, pairs)


def test_the_board_game_counts_who_finished_ahead_but_has_no_points(api: Any,
                                                                    app: Flask) -> None:
    group = api.post("/api/groups", {}).get_json()
    board = start(api, group, ["Ann", "Ben"], edition="board")
    for _ in range(5):
        answer = api.round(board, [{"player": "Ben", "phase": True, "went_out": True},
                                   {"player": "Ann", "phase": True}])
        assert answer.status_code == 201, answer.get_json()
    pair = pairs_of(api, group)[("Ann", "Ben")]
    assert (pair["games"], pair["ahead"], pair["longest_streak"]) == (1, [0, 1], [0, 1])
    assert (pair["points_games"], pair["average_points_difference"]) == (0, None)
    rows_agree(app, group, pairs_of(api, group))


def test_unfinished_games_and_groups_without_games_have_no_head_to_head(api: Any) -> None:
    group = api.post("/api/groups", {}).get_json()
    assert pairs_of(api, group) == {}
    game = start(api, group, ["Ann", "Ben"], phases=[1, 2])
    assert api.round(game, card_round("Ann", {"Ben": 60})).status_code == 201
    assert pairs_of(api, group) == {}


def test_the_page_escapes_names_and_shows_head_to_head_once_a_game_is_finished(
        api: Any) -> None:
    group = api.post("/api/groups", {}).get_json()
    game = start(api, group, ["<b>Bo</b>", "Ann"], phases=[1])
    page = api.client.get(f"/groups/{group['view_id']}").get_data(as_text=True)
    assert "Head-to-head" not in page
    finish(api, game, "<b>Bo</b>", {"Ann": 60})
    page = api.client.get(f"/groups/{group['view_id']}").get_data(as_text=True)
    assert "Head-to-head" in page and "<b>Bo</b>" not in page
    assert "&lt;b&gt;Bo&lt;/b&gt; against Ann: ahead 1, behind 0" in page
    assert ("Points: on average &lt;b&gt;Bo&lt;/b&gt; had 60.0 fewer penalty points than Ann,"
            " over 1 card game.") in page


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 11])
def test_random_finishes_undos_and_corrections_keep_head_to_head_equal_to_a_replay(
        api: Any, app: Flask, seed: int) -> None:
    """Games started in one order and finished, undone and corrected in another: streaks
    are mended in the middle of each pair's games, not only at their end."""
    rng = random.Random(seed)
    group = api.post("/api/groups", {}).get_json()
    people = ["Ann", "Ben", "Cem", "Dora"]
    games = [(start(api, group, players, phases=[1]), players)
             for players in (rng.sample(people, rng.randint(2, 4)) for _ in range(8))]

    def outcome(players: list[str]) -> list[dict[str, Any]]:
        out = rng.choice(players)
        return card_round(out, {name: rng.choice([True, 50, 60]) for name in players
                                if name != out})

    finished: set[str] = set()  # as the answers to our own writes say
    for _step in range(30):
        game, players = rng.choice(games)
        if game["id"] not in finished:
            answer = api.round(game, outcome(players), confirm=True)
            assert answer.status_code == 201, answer.get_json()
            finished.add(game["id"])
        elif rng.random() < 0.5:
            assert api.client.delete(f"/api/games/{game['id']}/rounds/last").status_code == 200
            finished.discard(game["id"])
        else:
            fixed = api.client.put(f"/api/games/{game['id']}/rounds/1",
                                   json={"results": outcome(players), "confirm": True})
            assert fixed.status_code == 200, fixed.get_json()
    pairs = pairs_of(api, group)
    assert pairs
    rows_agree(app, group, pairs)
