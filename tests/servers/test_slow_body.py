"""A request body that trickles is cut with 408 within the bound, and the worker serves other
requests meanwhile (companion.guards.deadline, on a real gunicorn with gevent workers)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.kits.clients import trickled
from tests.kits.server import DATABASES, Server, call, serving

SECONDS = 2


@pytest.fixture(params=DATABASES)
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    with serving(request.param, tmp_path, workers=1, threads=1,
                 settings={"COMPANION_BODY_SECONDS": str(SECONDS)}) as running:
        yield running


def trickle(server: Server, outcome: dict[str, object]) -> None:
    """A game's JSON announced as 200 bytes, sent one byte every half second."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as connection:
        connection.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\n"
                           b"Content-Type: application/json\r\nContent-Length: 200\r\n\r\n")
        answer = trickled(connection, b" ", started)
    outcome["status"] = answer.split(b" ", 2)[1] if answer else b""
    outcome["answer"] = answer
    outcome["seconds"] = time.monotonic() - started
    outcome["ended"] = time.monotonic()


@pytest.mark.storage
@pytest.mark.slow
def test_a_trickling_body_is_cut_with_408_and_others_are_served(server: Server):
    outcome: dict[str, object] = {}
    slow = threading.Thread(target=trickle, args=(server, outcome))
    slow.start()
    time.sleep(0.5)
    served = []
    while slow.is_alive():
        answer = call(server.url, "POST", "/api/games", {"players": ["Ada", "Bo"]}, timeout=10)
        served.append((answer.status, time.monotonic()))
        time.sleep(0.2)
    slow.join()
    assert outcome["status"] == b"408", outcome
    assert b"took too long to arrive" in outcome["answer"]  # type: ignore[operator]
    # Never cut before the deadline; cut by the server, not by the client giving up (20 s).
    assert SECONDS <= float(outcome["seconds"]) < 20  # type: ignore[arg-type]
    # One worker, and it answered other requests while the body still trickled (before the
    # 408), not after: a worker blocked by the trickle would answer them only once it was cut.
    assert all(status == 201 for status, _when in served), served
    ended = float(outcome["ended"])  # type: ignore[arg-type]
    assert any(when < ended for _status, when in served), (served, outcome)
