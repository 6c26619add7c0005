"""A long import against a real gunicorn (SQLite and PostgreSQL): it is linear in its rounds,
so the longest game a file may hold is answered while other games' writes go on."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.limits import MAX_ROUNDS
from tests.kits.server import Answer, Server, call, round_body, started

pytestmark = [pytest.mark.storage, pytest.mark.slow]  # a real gunicorn

@pytest.fixture(scope="module")
def server(server_database: tuple[str, Path]) -> Iterator[Server]:
    with started(*server_database, workers=2) as running:
        yield running


def longest_file() -> dict[str, Any]:
    """Two players tie on phase 10 and in every tie-break until the last round a game has."""
    rounds = [{"results": [
        {"player": name, "phase": True, "went_out": seat == number % 2,
         "points": 0 if seat == number % 2 or number >= 10 else 10}
        for seat, name in enumerate(("Ann", "Ben"))], "confirm": True}
        for number in range(MAX_ROUNDS)]
    return {"format": "phase10-companion", "version": 1, "kind": "game",
            "game": {"players": ["Ann", "Ben"], "rounds": rounds}}


def test_other_games_are_written_while_the_longest_import_runs(server: Server) -> None:
    """Another game's rounds are stored, each acknowledged, while the longest import runs, and
    the import itself is answered (before issue 22 a long import outlasted gunicorn's timeout
    and took its worker down). How long those writes wait is a figure of
    benchmarks/history.py, not an assertion here: it depends on the machine's load."""
    players = ["Cem", "Dora"]
    other = call(server.url, "POST", "/api/games", {"players": players})
    assert other.status == 201, other
    answers: list[Answer] = []
    importing = threading.Thread(target=lambda: answers.append(
        call(server.url, "POST", "/api/import", longest_file(), timeout=120)))
    importing.start()
    turn = 1
    while importing.is_alive() or turn == 1:
        answer = call(server.url, "POST", f"/api/games/{other.body['id']}/rounds",
                      {**round_body(turn, players), "confirm": True}, timeout=120)
        assert answer.status == 201, answer
        turn += 1
        if turn > 15:  # the short game nears its end: start another
            other, turn = call(server.url, "POST", "/api/games", {"players": players}), 1
        time.sleep(0.05)  # a table's pace, not a flood: the flood would only slow the import
    importing.join()
    assert answers[0].status == 201, answers[0]
    assert answers[0].body["next_round"] == MAX_ROUNDS + 1
    assert answers[0].body["status"] == "finished"
