"""Live streams against a real gunicorn (gunicorn.conf.py: gevent workers) on SQLite and on
PostgreSQL: every phone's stream hears of every change, through any worker and any server
sharing the database, and idle streams hold no database connection."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from tests.kits.server import Server, call, round_body, started
from tests.kits.stream import Stream

pytestmark = [pytest.mark.storage, pytest.mark.slow]  # a real gunicorn

PLAYERS = ["Ann", "Ben", "Cleo"]


@pytest.fixture(scope="module")
def server(server_database: tuple[str, Path]) -> Iterator[Server]:
    # Every phone of these tests comes from one address: no cap per address here.
    with started(*server_database, workers=2,
                 settings={"COMPANION_STREAMS_PER_ADDRESS": "0"}) as running:
        yield running


@pytest.fixture
def streams() -> Iterator[list[Stream]]:
    """Streams opened by a test, closed after it (a server stops at once without them)."""
    opened: list[Stream] = []
    yield opened
    for stream in opened:
        stream.close()


def new_game(server: Server) -> dict[str, Any]:
    answer = call(server.url, "POST", "/api/games", {"players": PLAYERS})
    assert answer.status == 201, answer
    return dict(answer.body)


def add_round(server: Server, game: dict[str, Any], turn: int) -> int:
    """Stores round ``turn``; returns the game's new revision."""
    answer = call(server.url, "POST", f"/api/games/{game['id']}/rounds",
                  round_body(turn, PLAYERS))
    assert answer.status == 201, answer
    return int(answer.body["revision"])


def open_streams(server: Server, key: str, count: int, into: list[Stream]) -> list[Stream]:
    opened = [Stream(server.url, key) for _ in range(count)]
    into.extend(opened)
    return opened


def test_every_phone_of_a_table_hears_of_every_change(server, streams):
    game = new_game(server)
    phones = open_streams(server, game["view_id"], 3, streams) + open_streams(
        server, game["id"], 3, streams)
    assert {phone.status for phone in phones} == {200}
    assert all(phone.content_type.startswith("text/event-stream") for phone in phones)
    # At once: the revision as it is.
    assert all(phone.wait_for(game["revision"]) for phone in phones)
    for turn in range(1, 6):
        revision = add_round(server, game, turn)
        missed = [index for index, phone in enumerate(phones) if not phone.wait_for(revision)]
        assert not missed, f"phones {missed} never heard of revision {revision}"
    # Undo is a change too.
    undone = call(server.url, "DELETE", f"/api/games/{game['id']}/rounds/last")
    assert undone.status == 200
    assert all(phone.wait_for(undone.body["revision"]) for phone in phones)
    # Revisions only ever grow on a stream, and it never announces one that was not stored.
    for phone in phones:
        assert phone.revisions == sorted(phone.revisions)
        assert set(phone.revisions) <= set(range(1, undone.body["revision"] + 1))


def test_a_change_through_one_server_reaches_streams_on_another(server_database, server, streams):
    url, folder = server_database
    other = Server(url, folder / "instance-other", workers=1).start()
    try:
        game = new_game(server)
        here = open_streams(server, game["view_id"], 2, streams)
        there = open_streams(other, game["view_id"], 2, streams)
        revision = add_round(other, game, 1)
        assert all(phone.wait_for(revision) for phone in here + there)
        revision = add_round(server, game, 2)
        assert all(phone.wait_for(revision) for phone in here + there)
    finally:
        for stream in streams:
            stream.close()
        other.stop()


def test_many_idle_streams_leave_the_server_answering(server, streams):
    games = [new_game(server) for _ in range(5)]
    for game in games:
        open_streams(server, game["view_id"], 40, streams)
    assert {stream.status for stream in streams} == {200}
    # 200 phones wait; the server still answers a poll, a page and a write at once.
    poll = call(server.url, "GET", f"/api/games/{games[0]['view_id']}", timeout=10)
    assert poll.status == 200
    page = call(server.url, "GET", f"/games/{games[0]['id']}", timeout=10)
    assert page.status == 200
    revision = add_round(server, games[0], 1)
    assert all(stream.wait_for(revision) for stream in streams[:40])
    assert all(stream.revisions == [1] for stream in streams[40:])


def test_idle_streams_hold_no_database_connection(server_database, server, streams):
    url, _folder = server_database
    if not url.startswith("postgresql"):
        pytest.skip("SQLite has no connections to count")
    engine = create_engine(url)
    count = text("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")
    game = new_game(server)
    open_streams(server, game["view_id"], 1, streams)[0].wait_for(1)
    with engine.connect() as connection:
        before = connection.execute(count).scalar_one()
    phones = open_streams(server, game["view_id"], 60, streams)
    assert all(phone.wait_for(1) for phone in phones)
    with engine.connect() as connection:
        after = connection.execute(count).scalar_one()
    engine.dispose()
    # At most one more: the other worker's listener, if it had none yet.
    assert after - before <= 1, (before, after)


def test_an_unknown_game_has_no_stream(server):
    answer = call(server.url, "GET", "/api/games/no-such-game/events")
    assert answer.status == 404
    assert answer.body["error"]


def test_a_client_that_does_not_ask_for_a_stream_gets_the_revision_and_the_end(server):
    game = new_game(server)
    answer = call(server.url, "GET", f"/api/games/{game['view_id']}/events", timeout=10)
    assert answer.status == 200
    assert 'data: {"revision": 1}' in answer.body
