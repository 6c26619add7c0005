"""Clients that hold a server: many requests at once, a body that trickles."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from tests.kits.server import Answer


def trickled(connection: socket.socket, piece: bytes, started: float) -> bytes:
    """Sends ``piece`` every half second until an answer comes, for 20 s at most; the
    answer, whole once the server closed the connection."""
    answer = b""
    connection.settimeout(0.5)
    while time.monotonic() - started < 20:
        try:
            if not answer:
                connection.sendall(piece)
            part = connection.recv(4096)
        except TimeoutError:
            continue
        except OSError:
            break
        if not part:
            break  # closed by the server: the whole answer is in
        answer += part
    return answer


def at_once(requests: list[Callable[[], Answer]]) -> list[Answer]:
    """Send every request at the same moment, each from its own thread."""
    barrier = threading.Barrier(len(requests))

    def send(request: Callable[[], Answer]) -> Answer:
        barrier.wait()
        return request()

    with ThreadPoolExecutor(len(requests)) as pool:
        return list(pool.map(send, requests))
