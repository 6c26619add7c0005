"""On PostgreSQL a poll is answered from the game's row read once plus the changes the process's
listener heard since (companion.infra.live.Watcher.known): no database round trip, and never behind
for longer than a notification takes to arrive."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from flask import Flask
from sqlalchemy import event

from companion import create_app
from companion.infra import live
from companion.infra.extensions import db

NAMES = ["Ann", "Ben", "Cem"]
ROUND = {"results": [{"player": "Ann", "phase": True, "points": 0, "went_out": True},
                     {"player": "Ben", "phase": True, "points": 25},
                     {"player": "Cem", "phase": False, "points": 60}]}


def eventually(check: Callable[[], bool], seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return check()


@contextmanager
def statements(app: Flask) -> Iterator[list[str]]:
    seen: list[str] = []

    def record(_conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        seen.append(sql)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)


@pytest.fixture
def postgres(app: Flask) -> Flask:
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            pytest.skip("SQLite has no notifications: its polls read the row every time")
    return app


def poll(app: Flask, key: str, etag: str) -> tuple[int, str]:
    answer = app.test_client().get(f"/api/games/{key}", headers={"If-None-Match": etag})
    return answer.status_code, answer.headers["ETag"]


def listening(app: Flask, key: str, etag: str) -> live.Watcher:
    """Poll until this process's listener hears every change and has kept the game's row."""
    with app.app_context():
        watcher = live.watcher(db.engine)
    assert eventually(lambda: poll(app, key, etag)[0] == 304 and watcher.known(key) is not None)
    return watcher


def test_a_poll_needs_no_query_once_the_row_is_known(postgres: Flask) -> None:
    game = postgres.test_client().post("/api/games", json={"players": NAMES}).get_json()
    etag = f'"r{game["revision"]}v"'
    listening(postgres, game["view_id"], etag)
    with statements(postgres) as seen:
        assert poll(postgres, game["view_id"], etag) == (304, etag)
    assert seen == []


def test_a_change_from_another_process_reaches_the_next_poll(postgres: Flask) -> None:
    client = postgres.test_client()
    game = client.post("/api/games", json={"players": NAMES}).get_json()
    etag = f'"r{game["revision"]}e"'
    listening(postgres, game["id"], etag)
    # Another app on the same database: its own engine, as another worker or machine has.
    other = create_app({"TESTING": True, "SECRET_KEY": "other",
                        "SQLALCHEMY_DATABASE_URI": postgres.config["SQLALCHEMY_DATABASE_URI"]})
    try:
        answer = other.test_client().post(f"/api/games/{game['id']}/rounds", json=ROUND)
        assert answer.status_code == 201, answer.get_json()
        new = f'"r{answer.get_json()["revision"]}e"'
        assert eventually(lambda: poll(postgres, game["id"], etag) == (200, new), 2.0)
        with statements(postgres) as seen:
            assert poll(postgres, game["id"], new) == (304, new)
        assert not any("FROM game" in sql for sql in seen)  # the row is still the one read
        body = client.get(f"/api/games/{game['id']}").get_json()
        assert body["revision"] == answer.get_json()["revision"] and len(body["rounds"]) == 1
    finally:
        with other.app_context():
            db.session.remove()
            db.engine.dispose()


def test_a_lost_listener_sends_polls_back_to_the_database(postgres: Flask) -> None:
    game = postgres.test_client().post("/api/games", json={"players": NAMES}).get_json()
    etag = f'"r{game["revision"]}v"'
    watcher = listening(postgres, game["view_id"], etag)
    url = postgres.config["SQLALCHEMY_DATABASE_URI"].replace("+psycopg", "")
    with psycopg.connect(url, autocommit=True) as connection:  # outside every pool
        connection.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = current_database() AND query LIKE 'LISTEN%%'")
    assert eventually(lambda: watcher.known(game["view_id"]) is None or not watcher.listening)
    if watcher.known(game["view_id"]) is None:
        with statements(postgres) as seen:
            assert poll(postgres, game["view_id"], etag) == (304, etag)
        assert any("FROM game" in sql for sql in seen)
    # Once it listens again, polls are answered from memory again.
    listening(postgres, game["view_id"], etag)
