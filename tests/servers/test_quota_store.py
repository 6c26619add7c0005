"""Quotas counted in Redis (COMPANION_QUOTA_STORAGE=redis://…): one count across servers;
while Redis does not answer, each worker counts in its memory and says so once."""

from __future__ import annotations

import itertools
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.kits import redis_server
from tests.kits.server import Server, call, database_url, started, wipe_database

QUOTA = 5


@pytest.fixture
def redis_url() -> Iterator[str]:
    """The Redis of CI (emptied first) or one of the test's own."""
    shared = redis_server.shared_url()
    if shared is not None:
        import redis

        redis.Redis.from_url(shared).flushdb()
        yield shared
        return
    if not redis_server.available():
        pytest.skip("needs redis-server (Debian's package) or TEST_REDIS_URL")
    own = redis_server.Redis().start()
    try:
        yield own.url
    finally:
        own.remove()


@pytest.fixture
def database(tmp_path: Path) -> str:
    """PostgreSQL when there is one to test on, else a SQLite file both servers share."""
    url = database_url("postgresql" if os.environ.get("TEST_DATABASE_URL") else "sqlite",
                      tmp_path)
    wipe_database(url)
    return url


def _settings(redis_url: str) -> dict[str, str]:
    return {"COMPANION_QUOTA_STORAGE": redis_url, "COMPANION_QUOTA_GAMES": str(QUOTA)}


def _new_game(server: Server) -> int:
    return call(server.url, "POST", "/api/games", {"players": ["Ada", "Bo"]}).status


def test_two_servers_on_one_redis_count_one_quota(redis_url, database, tmp_path):
    with started(database, tmp_path / "one", workers=2, settings=_settings(redis_url)) as one, \
            started(database, tmp_path / "two", workers=2,
                    settings={**_settings(redis_url), "COMPANION_MIGRATE_ON_START": "0"}) as two:
        servers = itertools.cycle([one, two])
        answers = [_new_game(next(servers)) for _ in range(QUOTA + 3)]
    # Counted in each worker's memory, four workers would take 4 × QUOTA games.
    assert answers == [201] * QUOTA + [429] * 3


def _log(server: Server) -> str:
    """What the server wrote to its log, once it has stopped."""
    assert server.process is not None and server.process.stderr is not None
    os.killpg(server.process.pid, signal.SIGTERM)
    server.process.wait(timeout=30)
    return server.process.stderr.read().decode(errors="replace")


def test_while_redis_is_away_each_worker_counts_in_memory_and_says_so_once(tmp_path):
    if not redis_server.available():
        pytest.skip("needs redis-server (Debian's package)")
    own = redis_server.Redis().start()
    url = f"sqlite:///{tmp_path / 'away.sqlite'}"
    server = Server(url, tmp_path / "instance", workers=1, settings=_settings(own.url)).start()
    try:
        assert [_new_game(server) for _ in range(2)] == [201] * 2
        own.stop()
        # Not refused for the store's sake, and still counted: in memory now, from zero.
        away = [_new_game(server) for _ in range(QUOTA + 2)]
        assert away == [201] * QUOTA + [429] * 2
        own.start()  # same port, empty
        back: list[int] = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(back) < QUOTA + 1:
            time.sleep(1)  # it looks for the store again after 1, 2, 4… seconds
            back.append(_new_game(server))
        log: Any = _log(server)
    finally:
        server.stop()
        own.remove()
    assert log.count("quotas: their store does not answer") == 1, log
    assert log.count("quotas: their store answers again") == 1, log
    assert 201 in back  # the empty store counts from zero again
