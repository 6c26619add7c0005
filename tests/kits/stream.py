"""A phone's live stream for tests: GET /api/games/<key>/events read line by line in a thread,
the revisions it announced kept in order."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
from collections.abc import Iterator
from urllib.parse import urlsplit


class Stream:
    """One open Server-Sent Events stream of a game."""

    def __init__(self, base: str, key: str, timeout: float = 60,
                 source: str | None = None) -> None:
        """``source``: the local address to connect from (127.0.0.2: another client)."""
        address = urlsplit(base)
        self.connection = http.client.HTTPConnection(
            address.hostname, address.port, timeout=timeout,
            source_address=None if source is None else (source, 0))
        self.connection.request("GET", f"/api/games/{key}/events",
                                headers={"Accept": "text/event-stream"})
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.content_type = self.response.getheader("Content-Type", "")
        self.retry_after = self.response.getheader("Retry-After")
        self.revisions: list[int] = []
        self.comments = 0
        #: Whether the server ended the stream itself: its answer came to its proper end.
        self.finished = False
        self.changed = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        if self.status == 200:
            self.reader.start()

    def _read(self) -> None:
        kind = None
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\r\n")
                if line.startswith(":"):
                    self.comments += 1
                elif line.startswith("event:"):
                    kind = line.partition(":")[2].strip()
                elif line.startswith("data:") and kind == "revision":
                    revision = json.loads(line.partition(":")[2])["revision"]
                    with self.changed:
                        self.revisions.append(revision)
                        self.changed.notify_all()
            self.finished = True
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            pass  # closed by the test, or by the server

    def wait_for(self, revision: int, seconds: float = 10) -> bool:
        """Whether the stream announced ``revision`` (or a later one) within ``seconds``."""
        with self.changed:
            return self.changed.wait_for(
                lambda: bool(self.revisions) and self.revisions[-1] >= revision, seconds)

    def close(self) -> None:
        """Hang up (the reader sees the end of the stream and stops)."""
        if self.connection.sock is not None:
            with contextlib.suppress(OSError):
                self.connection.sock.shutdown(socket.SHUT_RDWR)
        if self.reader.is_alive():
            self.reader.join(10)
        with contextlib.suppress(OSError):
            self.response.close()  # else its file keeps the socket open, as if still there
        self.connection.close()


@contextlib.contextmanager
def closing_all() -> Iterator[list[Stream]]:
    """A list for a test's streams, every one closed afterwards (a server stops at once only
    when none is left open)."""
    opened: list[Stream] = []
    try:
        yield opened
    finally:
        for stream in opened:
            stream.close()
