"""A chunked request body (no Content-Length) obeys the same rules as any other (issue 31):
it arrives within the body deadline or is cut with 408 while the worker serves others; a
malformed chunk is a 400, a body larger than the route takes a 413, never a 500. On a real
gunicorn with its gevent workers (companion.guards.deadline)."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.kits.clients import trickled
from tests.kits.server import Server, call, serving

pytestmark = pytest.mark.slow  # a real gunicorn

SECONDS = 2
HEAD = (b"POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("chunked")
    with serving("sqlite", folder, workers=1, threads=1,
                 settings={"COMPANION_BODY_SECONDS": str(SECONDS)}) as running:
        yield running


def chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


def exchange(server: Server, raw: bytes, path: bytes = b"/api/games",
             timeout: float = 20) -> tuple[int, bytes]:
    """Sends ``raw`` after the head while reading the whole answer (a refusal may come before
    all of it was sent): the answer's status and body."""
    def send() -> None:
        with contextlib.suppress(OSError):  # closed by the server once it refused
            connection.sendall(HEAD % path + raw)

    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as connection:
        sender = threading.Thread(target=send)
        sender.start()
        answer = b""
        with contextlib.suppress(ConnectionResetError):
            while part := connection.recv(65536):
                answer += part
        with contextlib.suppress(OSError):
            connection.shutdown(socket.SHUT_RDWR)  # stops a sender still writing
        sender.join()
    status = int(answer.split(b" ", 2)[1]) if answer else 0
    return status, answer.partition(b"\r\n\r\n")[2]


def test_a_chunked_body_is_read_like_any_other(server: Server) -> None:
    body = json.dumps({"players": ["Ada", "Bo"]}).encode()
    status, answer = exchange(server, chunk(body[:10]) + chunk(body[10:]) + b"0\r\n\r\n")
    assert status == 201, answer
    assert b'"Ada"' in answer


@pytest.mark.parametrize("raw", [b"zz\r\n{}\r\n0\r\n\r\n", b"2\r\n{}XX0\r\n\r\n",
                                 b"-5\r\n{}\r\n0\r\n\r\n"])
def test_a_malformed_chunk_is_a_400(server: Server, raw: bytes) -> None:
    status, answer = exchange(server, raw)
    assert status == 400, answer
    assert json.loads(answer)["error"] == "The request could not be understood."


@pytest.mark.parametrize(("path", "size"), [(b"/api/games", 300 * 1024),
                                            (b"/api/import", 9 * 1024 * 1024)])
def test_a_chunked_body_too_large_is_a_413(server: Server, path: bytes, size: int) -> None:
    payload = b" " * 65536
    raw = b"".join(chunk(payload) for _ in range(size // len(payload) + 1)) + b"0\r\n\r\n"
    status, answer = exchange(server, raw, path)
    assert status == 413, answer[:300]
    assert json.loads(answer)["error"] == "The request is too large."


def trickle(server: Server, outcomes: list[tuple[bytes, float]]) -> None:
    """A chunked body sent one byte-sized chunk every half second, never finished."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as connection:
        connection.sendall(HEAD % b"/api/check")
        answer = trickled(connection, chunk(b" "), started)
    outcomes.append((answer.split(b" ", 2)[1] if answer else b"", time.monotonic() - started))


def test_trickling_chunked_bodies_are_cut_with_408_and_others_are_served(
        server: Server) -> None:
    outcomes: list[tuple[bytes, float]] = []
    slow = [threading.Thread(target=trickle, args=(server, outcomes)) for _ in range(20)]
    for thread in slow:
        thread.start()
    time.sleep(0.5)
    served = []
    while any(thread.is_alive() for thread in slow):
        started = time.monotonic()
        answer = call(server.url, "POST", "/api/games", {"players": ["Ada", "Bo"]}, timeout=10)
        served.append((answer.status, time.monotonic() - started))
        time.sleep(0.2)
    for thread in slow:
        thread.join()
    assert len(outcomes) == 20
    assert all(status == b"408" for status, _seconds in outcomes), outcomes
    # Never cut before the deadline; cut by the server, not by the client giving up (20 s).
    assert all(SECONDS <= seconds < 20 for _status, seconds in outcomes), outcomes
    # One worker, and it answered other requests while twenty bodies trickled.
    assert len(served) >= 3 and all(status == 201 for status, _seconds in served), served
