"""A gunicorn told to stop (a deploy, a restart) ends its live streams itself, cleanly, and
exits: it does not sit out its graceful timeout while streams that never end by themselves
hold its workers. The phones reconnect, to the workers that stay (gunicorn.conf.py's
``post_worker_init``, companion.infra.live.end_streams)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from tests.kits.server import Server, call, created, round_body
from tests.kits.stream import Stream, closing_all

pytestmark = [pytest.mark.storage, pytest.mark.slow]  # a real gunicorn

PLAYERS = ["Ann", "Ben"]
#: Far longer than the test waits for the server to exit: only ending the streams lets it.
GRACE = 600
WAIT = 120


def test_a_stopping_server_ends_every_stream_and_exits_without_waiting_them_out(
        server_database: tuple[str, Path]) -> None:
    url, folder = server_database
    server = Server(url, folder / "instance", workers=2,
                    settings={"GUNICORN_CMD_ARGS": f"--graceful-timeout {GRACE}",
                              "COMPANION_STREAMS_PER_ADDRESS": "0"}).start()
    assert server.process is not None
    process = server.process
    try:
        with closing_all() as streams:
            game = created(server.url, "/api/games", {"players": PLAYERS})
            streams.extend(Stream(server.url, game["view_id"], timeout=WAIT) for _ in range(6))
            assert [stream.status for stream in streams] == [200] * 6
            revision = call(server.url, "POST", f"/api/games/{game['id']}/rounds",
                            round_body(1, PLAYERS)).body["revision"]
            assert all(stream.wait_for(revision) for stream in streams)

            os.killpg(process.pid, signal.SIGTERM)
            status = process.wait(timeout=WAIT)
            for stream in streams:
                stream.reader.join(WAIT)
            # Each stream came to its proper end (the last chunk), not cut off by a kill.
            assert [stream.finished for stream in streams] == [True] * 6
        assert status == 0
        log = server.errors()
        assert "graceful timeout" not in log.lower(), log
    finally:
        server.stop()  # kills what is left if the test failed midway


def test_a_server_stopped_as_soon_as_it_listens_stops_every_worker(tmp_path: Path) -> None:
    """A TERM to the process group while workers still boot (a deploy right after a start):
    every worker stops once booted, none waits for the graceful timeout to kill it."""
    server = Server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "instance", workers=4,
                    settings={"GUNICORN_CMD_ARGS": f"--graceful-timeout {GRACE}"}).start()
    assert server.process is not None
    process = server.process
    try:
        os.killpg(process.pid, signal.SIGTERM)
        assert process.wait(timeout=WAIT) == 0
        log = server.errors()
        assert "graceful timeout" not in log.lower(), log
        assert log.count("Booting worker") == log.count("Worker exiting") == 4, log
    finally:
        server.stop()
