"""Many phones, one game, against a real gunicorn (several workers and threads, preloaded app)
on SQLite and on PostgreSQL: no write may corrupt, lose or wedge a game."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.kits.clients import at_once
from tests.kits.server import Answer, Server, call, round_body, started

pytestmark = [pytest.mark.storage, pytest.mark.slow]  # a real gunicorn

PLAYERS = ["Ann", "Ben", "Cleo"]


@pytest.fixture(scope="module")
def server(server_database: tuple[str, Path]) -> Iterator[Server]:
    with started(*server_database) as running:
        yield running


def new_game(server: Server) -> dict[str, Any]:
    answer = call(server.url, "POST", "/api/games", {"players": PLAYERS})
    assert answer.status == 201, answer
    return dict(answer.body)


def game_of(server: Server, game: dict[str, Any]) -> dict[str, Any]:
    answer = call(server.url, "GET", f"/api/games/{game['id']}")
    assert answer.status == 200, answer
    return dict(answer.body)


def rounds_path(game: dict[str, Any]) -> str:
    return f"/api/games/{game['id']}/rounds"


def test_thirty_phones_posting_one_round_number_store_it_once(server):
    game = new_game(server)
    answers = at_once([lambda: call(server.url, "POST", rounds_path(game),
                                    round_body(1, PLAYERS, number=1))] * 30)
    assert Counter(answer.status for answer in answers) == {201: 1, 409: 29}
    stored = game_of(server, game)
    assert [len(r["results"]) for r in stored["rounds"]] == [3]
    assert stored["revision"] == game["revision"] + 1


def test_twenty_corrections_of_one_round_leave_one_result_per_player(server):
    game = new_game(server)
    assert call(server.url, "POST", rounds_path(game), round_body(1, PLAYERS)).status == 201
    bodies = [round_body(1, PLAYERS) for _ in range(20)]
    for index, body in enumerate(bodies):
        body["results"][1]["points"] = 50 + 5 * index  # twenty different corrections
    answers = at_once([lambda body=body: call(server.url, "PUT", f"{rounds_path(game)}/1", body)
                       for body in bodies])
    assert [answer.status for answer in answers] == [200] * 20
    stored = game_of(server, game)
    results = stored["rounds"][0]["results"]
    assert sorted(result["player"] for result in results) == sorted(PLAYERS)
    sent = [{(r["player"], r["points"]) for r in body["results"]} for body in bodies]
    assert {(r["player"], r["points"]) for r in results} in sent
    assert stored["revision"] == game["revision"] + 21


def test_undo_racing_the_next_round_leaves_a_game_that_takes_its_next_round(server):
    outcomes: Counter[tuple[int, int]] = Counter()
    for _ in range(10):
        game = new_game(server)
        assert call(server.url, "POST", rounds_path(game), round_body(1, PLAYERS)).status == 201
        undo, add = at_once([
            lambda game=game: call(server.url, "DELETE", f"{rounds_path(game)}/last?number=1"),
            lambda game=game: call(server.url, "POST", rounds_path(game),
                                   round_body(2, PLAYERS, number=2))])
        outcomes[(undo.status, add.status)] += 1
        numbers = [r["number"] for r in game_of(server, game)["rounds"]]
        assert numbers == list(range(1, len(numbers) + 1))
        following = len(numbers) + 1
        answer = call(server.url, "POST", rounds_path(game),
                      round_body(following, PLAYERS, number=following))
        assert answer.status == 201, (outcomes, answer)
    assert set(outcomes) <= {(200, 201), (200, 409), (409, 201)}, outcomes


def test_the_revision_counts_every_acknowledged_write(server):
    game = new_game(server)
    for turn in (1, 2):
        assert call(server.url, "POST", rounds_path(game), round_body(turn, PLAYERS)).status == 201
    writes: list[Callable[[], Answer]] = []
    for index in range(8):
        writes.append(lambda: call(server.url, "POST", rounds_path(game), round_body(3, PLAYERS)))
        writes.append(lambda i=index: call(server.url, "PUT", f"{rounds_path(game)}/1",
                                           round_body(1, PLAYERS, confirm=i % 2 == 0)))
        writes.append(lambda: call(server.url, "PUT", f"{rounds_path(game)}/2",
                                   round_body(2, PLAYERS)))
    for _ in range(3):
        writes.append(lambda: call(server.url, "DELETE", f"{rounds_path(game)}/last"))
    answers = at_once(writes)
    assert not [answer for answer in answers if answer.status >= 500 or answer.status == 0]
    acknowledged = sum(200 <= answer.status < 300 for answer in answers)
    stored = game_of(server, game)
    assert stored["revision"] == game["revision"] + 2 + acknowledged
    assert all(len(r["results"]) == 3 for r in stored["rounds"])


def test_a_stale_revision_is_refused_with_the_current_game(server):
    game = new_game(server)
    first = call(server.url, "POST", rounds_path(game),
                 round_body(1, PLAYERS, revision=game["revision"]))
    assert first.status == 201
    stale = call(server.url, "POST", rounds_path(game),
                 round_body(2, PLAYERS, revision=game["revision"]))
    assert stale.status == 409
    assert stale.body["game"]["revision"] == first.body["revision"]
    assert len(game_of(server, game)["rounds"]) == 1


def test_a_burst_right_after_start_answers_every_request(server_database, server):
    url, folder = server_database
    games = [new_game(server) for _ in range(4)]
    fresh = Server(url, folder / "instance").start(wait=False)
    try:
        fresh.wait_ready()
        requests: list[Callable[[], Answer]] = []
        for game in games:
            for index in range(10):
                requests.append(lambda g=game: call(fresh.url, "GET", f"/api/games/{g['view_id']}"))
                requests.append(lambda g=game: call(fresh.url, "GET", f"/api/games/{g['id']}"))
                if index < 5:
                    requests.append(lambda g=game: call(fresh.url, "POST", rounds_path(g),
                                                        round_body(1, PLAYERS)))
        answers = at_once(requests)
    finally:
        fresh.stop()
    statuses = Counter(answer.status for answer in answers)
    assert set(statuses) <= {200, 201}, statuses
    for game in games:
        assert len(game_of(server, game)["rounds"]) == 5


def test_kill_9_under_load_loses_no_acknowledged_round(server_database, server):
    url, folder = server_database
    games = [new_game(server) for _ in range(4)]
    victim = Server(url, folder / "instance").start()
    acknowledged: dict[str, list[int]] = {game["id"]: [] for game in games}
    stop = threading.Event()

    def write(game: dict[str, Any]) -> None:
        for number in range(1, 26):
            if stop.is_set():
                return
            answer = call(victim.url, "POST", rounds_path(game),
                          round_body(number, PLAYERS, number=number), timeout=10)
            if answer.status == 201:
                acknowledged[game["id"]].append(number)
            elif answer.status != 0:
                raise AssertionError(answer)
            else:
                return

    writers = [threading.Thread(target=write, args=(game,)) for game in games]
    for writer in writers:
        writer.start()
    deadline = time.monotonic() + 20
    while sum(map(len, acknowledged.values())) < 20 and time.monotonic() < deadline:
        time.sleep(0.01)
    victim.kill()
    stop.set()
    for writer in writers:
        writer.join()
    assert sum(map(len, acknowledged.values())) >= 20
    for game in games:  # the module's server reads the same database again
        numbers = [r["number"] for r in game_of(server, game)["rounds"]]
        assert numbers == list(range(1, len(numbers) + 1))
        assert set(acknowledged[game["id"]]) <= set(numbers), (acknowledged, numbers)
