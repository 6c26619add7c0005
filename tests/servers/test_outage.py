"""A database that does not answer gets 503 with Retry-After, never a 500, and one log line
per outage (companion.guards.outage)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from companion import create_app
from companion.guards import outage
from tests.kits.server import free_port


@pytest.fixture
def down(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """An app whose PostgreSQL server is not there (nothing listens on the port)."""
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setitem(outage._down, "since", False)
    url = f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}/none"
    return create_app({"SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url,
                       "MIGRATE_ON_START": 0, "RATELIMIT_ENABLED": False})


def test_pages_and_json_get_503_with_retry_after_and_one_log_line(down, caplog):
    client = down.test_client()
    with caplog.at_level(logging.ERROR, logger="companion.guards.outage"):
        answers = [client.get("/api/games/nosuchgame"), client.get("/games/nosuchgame"),
                   client.post("/api/games", json={"players": ["Ada", "Bo"]})]
    assert [answer.status_code for answer in answers] == [503] * 3
    assert all(answer.headers["Retry-After"] == "5" for answer in answers)
    assert answers[0].json["error"].startswith("The database is not answering right now")
    assert b"The database is not answering right now" in answers[1].data
    assert len([r for r in caplog.records if "does not answer" in r.getMessage()]) == 1


def test_postgresql_timeouts_come_from_the_settings(down):
    args = down.config["SQLALCHEMY_ENGINE_OPTIONS"]["connect_args"]
    assert args["connect_timeout"] == 5
    assert args["options"] == "-c statement_timeout=8000 -c lock_timeout=5000"
    assert args["companion_answer_seconds"] == 10
    assert args["tcp_user_timeout"] == 10_000 and args["keepalives"] == 1
    assert down.config["SQLALCHEMY_ENGINE_OPTIONS"]["pool_timeout"] == 5


@pytest.fixture
def cluster():  # type: ignore[no-untyped-def]
    from tests.kits.pg_cluster import throwaway

    with throwaway() as made:
        yield made


@pytest.mark.slow
def test_a_postgresql_restart_gives_503s_never_500s_and_heals_itself(cluster, tmp_path: Path):
    import threading
    import time

    from tests.kits.server import Server, call, created

    server = Server(cluster.url, tmp_path / "instance", workers=2, threads=1,
                    settings={"COMPANION_QUOTAS": "0"}).start()
    try:
        game = created(server.url, "/api/games", {"players": ["Ada", "Bo"]})
        paths = [f"/api/games/{game['id']}", f"/games/{game['view_id']}"]
        seen: list[tuple[str, int]] = []
        stop = threading.Event()

        def traffic() -> None:
            while not stop.is_set():
                for path in paths:
                    seen.append((path, call(server.url, "GET", path, timeout=15).status))
                seen.append(("POST", call(server.url, "POST", "/api/games",
                                          {"players": ["Ada", "Bo"]}, timeout=15).status))

        runner = threading.Thread(target=traffic)
        runner.start()
        time.sleep(1)
        cluster.stop()
        time.sleep(3)
        cluster.start()
        back = time.monotonic()
        time.sleep(3)
        stop.set()
        runner.join()
        statuses = {status for _path, status in seen}
        assert statuses <= {200, 201, 503}, [answer for answer in seen if answer[1] >= 500]
        assert 503 in statuses  # the outage was noticed, and answered as one
        # Once the first request succeeds again, every request of every kind does (how soon
        # after the restart is not asserted: it depends on the load of the machine).
        # Each worker heals on its own: wait for ten answers in a row, then count 20 more.
        streak = 0
        while streak < 10:
            assert time.monotonic() - back < 120, "the app never came back"
            answered = call(server.url, "GET", paths[0], timeout=15).status == 200
            streak = streak + 1 if answered else 0
        after = [call(server.url, "GET", path).status for path in paths * 10]
        assert after == [200] * 20
        assert call(server.url, "POST", "/api/games", {"players": ["Ada", "Bo"]}).status == 201
    finally:
        server.stop()


@pytest.mark.slow
def test_a_fast_restart_under_writes_cuts_no_answer_into_a_500(cluster, tmp_path: Path):
    """pg_ctl's fast restart ends every session mid-transaction (AdminShutdown): the request
    whose session is closed after its answer was made must not turn into a 500 either."""
    import threading
    import time
    from collections import Counter

    from tests.kits.server import Server, call, created, round_body

    server = Server(cluster.url, tmp_path / "instance", settings={"COMPANION_QUOTAS": "0"})
    server.start()
    try:
        seen: Counter[int] = Counter()
        stop = threading.Event()

        def table(kind: str, game: dict[str, Any]) -> None:
            turn = 0
            while not stop.is_set():
                state = call(server.url, "GET", f"/api/games/{game['id']}").body
                seen[200 if isinstance(state, dict) and "revision" in state else 503] += 1
                if kind == "write" and isinstance(state, dict) and state.get("next_round"):
                    turn += 1
                    seen[call(server.url, "POST", f"/api/games/{game['id']}/rounds", round_body(
                        turn % 9 + 1, ["Ada", "Bo"], revision=state["revision"])).status] += 1
                seen[call(server.url, "GET", f"/games/{game['id']}").status] += 1

        # Every table has its game before the restart (a worker's first answer can take a
        # second or more), made here: a game that cannot be made fails the test at once.
        tables = [threading.Thread(target=table, args=(kind, created(
                      server.url, "/api/games", {"players": ["Ada", "Bo"]})))
                  for kind in ("write", "write", "read", "read")]
        for thread in tables:
            thread.start()
        time.sleep(1)
        cluster.stop("fast")
        cluster.start()
        time.sleep(1)
        stop.set()
        for thread in tables:
            thread.join(timeout=60)
        assert seen[500] == 0 and seen[0] == 0, seen
        fresh = created(server.url, "/api/games", {"players": ["Cy", "Di"]})
        assert call(server.url, "POST", f"/api/games/{fresh['id']}/rounds", round_body(
            1, ["Cy", "Di"], revision=fresh["revision"])).status == 201
    finally:
        server.stop()
