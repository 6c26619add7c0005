"""A group's records are kept with every write (companion.services.group_records) and always
equal the records replayed from every round (the reference), whatever changes a game: a
finish, an undo
that takes it back, a corrected round, a renamed player, a game added later, merged spellings;
a group stored before the tallies gets them on its first view; writes to two games of one
group at once on a real server lose no tally."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import text

from companion import create_app
from companion.cache import stores
from companion.infra.extensions import db
from companion.services import groups
from tests.kits.clients import at_once
from tests.kits.group_games import assert_kept, board_win, card_round, finish_short, start
from tests.kits.server import call, created, started


def play(api: Any, game: dict[str, Any], results: list[dict[str, Any]]) -> None:
    answer = api.round(game, results, confirm=True)
    assert answer.status_code == 201, answer.get_json()


def test_every_kind_of_change_keeps_the_records_equal_to_a_replay(api: Any, app: Flask) -> None:
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    key = group["id"]
    first = start(api, group, ["Ann", "Ben"], phases=[1, 2])
    finish_short(api, first, "Ann", "Ben")
    assert [p.name for p in assert_kept(app, key).players] == ["Ann", "Ben"]
    second = start(api, group, ["ann", "Cem", "Ben"], phases=[1, 2])
    play(api, second, card_round("Cem", {"ann": 10, "Ben": 95}))
    play(api, second, card_round("Cem", {"ann": True, "Ben": 45}))
    kept = assert_kept(app, key)
    assert next(p for p in kept.players if p.name == "Ben").worst.value == 140  # type: ignore[union-attr]
    # The undo takes the finish back: Cem's win and Ben's worst game go with it.
    assert api.client.delete(f"/api/games/{second['id']}/rounds/last").status_code == 200
    kept = assert_kept(app, key)
    assert "Cem" not in [p.name for p in kept.players]
    assert next(p for p in kept.players if p.name == "Ben").worst.value == 120  # type: ignore[union-attr]
    play(api, second, card_round("ann", {"Cem": 70, "Ben": 5}))
    play(api, second, card_round("ann", {"Cem": 70, "Ben": 5}))
    assert_kept(app, key)
    # A corrected round of a finished game, and a renamed player.
    fixed = api.client.put(f"/api/games/{first['id']}/rounds/1",
                           json={"results": card_round("Ann", {"Ben": 5}), "confirm": True})
    assert fixed.status_code == 200, fixed.get_json()
    assert_kept(app, key)
    renamed = api.client.patch(f"/api/games/{first['id']}/players/Ben", json={"name": "Benno"})
    assert renamed.status_code == 200, renamed.get_json()
    assert "Benno" in [p.name for p in assert_kept(app, key).players]
    # A board game, a game played earlier added later, merged and unmerged spellings.
    board_win(api, start(api, group, ["Cem", "Dora"], edition="board"), "Dora", "Cem")
    earlier = api.new_game(["Dora", "Ann"], phases=[1])
    play(api, earlier, card_round("Dora", {"Ann": 40}))
    added = api.post(f"/api/groups/{key}/games", {"game": earlier["id"]})
    assert added.status_code == 200, added.get_json()
    assert_kept(app, key)
    merged = api.post(f"/api/groups/{key}/aliases", {"spelling": "Benno", "name": "Ben"})
    assert merged.status_code == 200, merged.get_json()
    assert "Benno" not in [p.name for p in assert_kept(app, key).players]
    assert api.client.delete(f"/api/groups/{key}/aliases/benno").status_code == 200
    assert "Benno" in [p.name for p in assert_kept(app, key).players]


def test_random_finishes_and_undos_keep_the_records_equal_to_a_replay(api: Any,
                                                                       app: Flask) -> None:
    rng = random.Random(7)
    group = api.post("/api/groups", {}).get_json()
    names = ["Ann", "Ben", "Cem", "ann", "BEN"]
    games = []
    for _ in range(6):
        players = rng.sample(names[:3], 2) + ([names[3]] if rng.random() < 0.3 else [])
        if len({name.casefold() for name in players}) < len(players):
            players = players[:2]
        games.append((start(api, group, players, phases=[1, 2]), players))
    for _step in range(40):
        game, players = rng.choice(games)
        if rng.random() < 0.25:
            api.client.delete(f"/api/games/{game['id']}/rounds/last")
        else:
            out = rng.choice(players)
            api.round(game, card_round(out, {name: rng.choice([True, 5 * rng.randint(1, 20)])
                                             for name in players if name != out}))
    kept = assert_kept(app, group["id"])
    assert kept.players and kept.wins


def test_a_group_stored_before_the_tallies_gets_them_on_its_first_view(api: Any,
                                                                       app: Flask) -> None:
    group = api.post("/api/groups", {}).get_json()
    finish_short(api, start(api, group, ["Ann", "Ben"], phases=[1, 2]), "Ben", "Ann")
    board_win(api, start(api, group, ["Ann", "Cem"], edition="board"), "Ann", "Cem")
    before = assert_kept(app, group["id"])
    with app.app_context():  # as the migration leaves a group of an older release
        db.session.execute(text("UPDATE game_group SET tallies = NULL"))
        db.session.execute(text("UPDATE game SET facts = NULL, counted_in = NULL, "
                                "status = NULL, winners = NULL, played_rounds = NULL"))
        db.session.execute(text("DELETE FROM standing"))
        db.session.commit()
    page = api.client.get(f"/groups/{group['view_id']}")
    assert page.status_code == 200 and b"Ben" in page.data
    assert assert_kept(app, group["id"]) == before
    with app.app_context():
        assert db.session.execute(text("SELECT count(*) FROM game_group "
                                       "WHERE tallies IS NULL")).scalar_one() == 0
        assert db.session.execute(text("SELECT count(*) FROM standing")).scalar_one() == 4


@pytest.fixture(scope="module")
def busy_server(server_database: tuple[str, Path]):
    with started(*server_database, settings={"COMPANION_QUOTAS": "0"}) as running:
        yield running, server_database[0]


@pytest.mark.slow
def test_games_of_one_group_finished_at_once_on_a_real_server_lose_no_tally(busy_server):
    server, url = busy_server
    group = created(server.url, "/api/groups", {"name": "Busy"})
    games = []
    for index in range(12):
        answer = call(server.url, "POST", f"/api/groups/{group['id']}/games",
                      {"players": ["Ann", "Ben", f"P{index}"], "phases": [1]})
        assert answer.status == 201, answer
        games.append(answer.body)

    def finish(index: int, out: str) -> Any:
        others = {name: 25 for name in ("Ann", "Ben", f"P{index}") if name != out}
        body = {"results": card_round(out, others), "confirm": True}
        return lambda: call(server.url, "POST", f"/api/games/{games[index]['id']}/rounds", body)

    answers = at_once([finish(index, "Ann" if index % 2 else "Ben")
                       for index in range(len(games))])
    assert [answer.status for answer in answers] == [201] * len(games)
    undone = at_once([lambda game=game: call(server.url, "DELETE",
                                             f"/api/games/{game['id']}/rounds/last")
                      for game in games[:6]])
    assert [answer.status for answer in undone] == [200] * 6
    page = call(server.url, "GET", f"/api/groups/{group['view_id']}").body
    ann = next(player for player in page["players"] if player["name"] == "Ann")
    assert (ann["played"], ann["won"]) == (6, 3)
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "t",
                      "MIGRATE_ON_START": False})
    try:
        assert_kept(app, group["id"])
    finally:
        with app.app_context():
            db.engine.dispose()


def test_a_long_groups_chart_draws_its_newest_games_from_where_each_player_stood(
        api: Any, app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(groups, "WINS_DRAWN", 2)
    group = api.post("/api/groups", {}).get_json()
    for winner, loser in (("Ann", "Ben"), ("Ann", "Ben"), ("Ben", "Ann")):
        finish_short(api, start(api, group, ["Ann", "Ben"], phases=[1, 2]), winner, loser)
    with app.test_request_context():
        found = groups.find_group(group["id"])
        assert found is not None
        stores.forget()
        records = groups.derived(found[0], listed=25).records
        # The page draws games 2 and 3; Ann had won 1 before them.
        assert (records.wins, records.wins_from) == ((("Ann",), ("Ben",)), 1)
        everything = groups.derived(found[0]).records
        assert (len(everything.wins), everything.wins_from) == (3, 0)
    page = api.client.get(f"/groups/{group['view_id']}").get_data(as_text=True)
    assert "The newest 2 finished games, from game 2 on." in page
    api_json = api.client.get(f"/api/groups/{group['view_id']}").get_json()
    assert api_json["wins_over_time"] == [["Ann"], ["Ann"], ["Ben"]]
