"""Imports against a real gunicorn with a single worker (SQLite and PostgreSQL), so that every
request shares the event loop of the imports: the largest file the limit lets through is
answered, never cut; two imports at once and a table's writes beside them are all answered
(on SQLite each import's write waits for the other's lock off the event loop, which would
otherwise wait for itself); a file of 100,000 players is refused. How long anything waits is
a figure of benchmarks/import_load.py, not an assertion here."""

from __future__ import annotations

import http.client
import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from companion.limits import IMPORT_MAX_BYTES
from tests.kits.group_file import group_file, longest_games
from tests.kits.logs import bgg_file, bgstats_file
from tests.kits.server import Answer, Server, call, created, round_body, started

pytestmark = [pytest.mark.storage, pytest.mark.slow]  # a real gunicorn


@pytest.fixture(scope="module")
def server(server_database: tuple[str, Path]) -> Iterator[Server]:
    with started(*server_database, workers=1,
                 settings={"COMPANION_QUOTAS": "0"}) as running:
        yield running


def posted(server: Server, path: str, body: bytes, kind: str = "application/json") -> Answer:
    """POST bytes as they are (the kit's ``call`` writes its own, larger JSON)."""
    request = urllib.request.Request(server.url + path, data=body, method="POST",
                                     headers={"Content-Type": kind})
    try:
        with urllib.request.urlopen(request, timeout=300) as response:
            return Answer(response.status, json.loads(response.read()))
    except urllib.error.HTTPError as error:
        return Answer(error.code, json.loads(error.read()))
    except (urllib.error.URLError, http.client.HTTPException, OSError) as error:
        return Answer(0, str(error))  # no answer: the connection was cut


def reading_until(server: Server, path: str, done: threading.Event,
                  answers: list[Answer]) -> threading.Thread:
    """A client reading ``path`` again and again until ``done`` is set (once at least)."""

    def read() -> None:
        answers.append(call(server.url, "GET", path, timeout=300))
        while not done.is_set():
            answers.append(call(server.url, "GET", path, timeout=300))

    thread = threading.Thread(target=read)
    thread.start()
    return thread


def test_the_largest_file_is_answered_and_reads_go_on_meanwhile(server: Server) -> None:
    game = created(server.url, "/api/games", {"players": ["Ann", "Ben"]})
    largest = longest_games(IMPORT_MAX_BYTES)
    body = json.dumps(largest, separators=(",", ":")).encode()
    assert IMPORT_MAX_BYTES - len(body) < 2 ** 20  # as large as the limit lets a file be
    done = threading.Event()
    reads: list[Answer] = []
    reader = reading_until(server, f"/api/games/{game['view_id']}", done, reads)
    answer = posted(server, "/api/import", body)
    done.set()
    reader.join()
    assert answer.status == 201, answer  # 0 would be a connection cut by the worker timeout
    assert len(answer.body["games"]) == len(largest["group"]["games"])
    assert all(game["status"] == "finished" for game in answer.body["games"])
    assert reads and {read.status for read in reads} == {200}


def test_two_imports_at_once_and_a_table_beside_them_are_all_answered(server: Server) -> None:
    players = ["Cem", "Dora"]
    table = created(server.url, "/api/games", {"players": players})
    files = [group_file(40, seed=seed) for seed in (1, 2)]
    imports: list[Answer] = []
    threads = [threading.Thread(target=lambda file=file: imports.append(
        call(server.url, "POST", "/api/import", file, timeout=300))) for file in files]
    for thread in threads:
        thread.start()
    writes: list[Answer] = []
    for turn in range(1, 6):
        writes.append(call(server.url, "POST", f"/api/games/{table['id']}/rounds",
                           {**round_body(turn, players), "confirm": True}, timeout=300))
    for thread in threads:
        thread.join()
    assert [answer.status for answer in imports] == [201, 201], imports
    assert [answer.status for answer in writes] == [201] * 5, writes
    names = sorted(answer.body["name"] for answer in imports)
    assert names == ["Friday", "Friday"]
    for answer, file in zip(sorted(imports, key=lambda a: len(a.body["games"])),
                            sorted(files, key=lambda f: len(f["group"]["games"])), strict=True):
        exported = call(server.url, "GET", f"/api/groups/{answer.body['id']}/export")
        assert exported.status == 200
        assert len(exported.body["group"]["games"]) == len(file["group"]["games"])


def test_a_hundred_thousand_players_are_refused(server: Server) -> None:
    crowd: dict[str, Any] = {"format": "phase10-companion", "version": 1, "kind": "group",
                             "group": {"name": "Crowd", "games": [
                                 {"players": [f"P{n}" for n in range(100_000)]}]}}
    answer = call(server.url, "POST", "/api/import", crowd, timeout=300)
    assert answer.status == 422, answer
    assert answer.body["details"][0]["field"] == "players"


def games_stored(url: str) -> int:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return int(connection.execute(text("SELECT count(*) FROM game")).scalar_one())
    finally:
        engine.dispose()


def test_logs_are_imported_beside_reads_and_a_refused_one_stores_nothing(
        server: Server, server_database: tuple[str, Path]) -> None:
    """A BG Stats log of 300 Phase 10 plays and the same plays as BoardGameGeek XML are
    answered while a client reads a game; a log whose last play names a player twice is
    refused, naming that play, and stores none of the others."""
    game = created(server.url, "/api/games", {"players": ["Ann", "Ben"]})
    log = bgstats_file(300)
    done = threading.Event()
    reads: list[Answer] = []
    reader = reading_until(server, f"/api/games/{game['view_id']}", done, reads)
    from_bgstats = posted(server, "/api/import", json.dumps(log).encode())
    from_bgg = posted(server, "/api/import", bgg_file(log), "text/xml")
    before = games_stored(server_database[0])
    scores = log["plays"][-2]["playerScores"]
    scores[1]["playerRefId"] = scores[0]["playerRefId"]
    refused = posted(server, "/api/import", json.dumps(log).encode())
    done.set()
    reader.join()
    assert from_bgstats.status == 201, from_bgstats
    assert len(from_bgstats.body["games"]) == 300 and from_bgstats.body["skipped"] == 300
    assert from_bgg.status == 201 and len(from_bgg.body["games"]) == 300, from_bgg
    assert refused.status == 422 and refused.body["details"][0]["play"] == 599, refused
    assert games_stored(server_database[0]) == before
    assert reads and {read.status for read in reads} == {200}
