"""The browser tests' thread server closes every answer, also when the client resets the
connection before it has read it (the cause of a flaky browser test: an unclosed static file
reported as a ResourceWarning, which this suite treats as an error)."""

from __future__ import annotations

import gc
import socket
import struct
import threading
import warnings
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from companion import create_app
from tests.kits.thread_server import closing_answers


def _read_then_reset(port: int, path: str) -> None:
    """Ask for ``path``, read the whole answer, and reset the connection at once (SO_LINGER 0
    sends RST), as a browser does with a connection it no longer needs: the RST reaches the
    server while it drains the socket after writing."""
    with socket.create_connection(("127.0.0.1", port)) as client:
        client.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += client.recv(65536)
        head, _, body = answer.partition(b"\r\n\r\n")
        length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                          if line.lower().startswith(b"content-length")))
        while len(body) < length:
            body += client.recv(65536)
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def _leaks(app: Any, path: str, tries: int = 20) -> list[str]:
    """ResourceWarnings raised while a server of ``app`` answers clients that reset."""
    server = make_server("127.0.0.1", 0, app)
    caught: list[str] = []
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always", ResourceWarning)
        for _ in range(tries):
            handler = threading.Thread(target=server.handle_request)
            handler.start()
            _read_then_reset(server.server_port, path)
            handler.join()
        gc.collect()
        caught = [str(w.message) for w in seen if issubclass(w.category, ResourceWarning)]
    server.server_close()
    return caught


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path / "instance"))
    return create_app({"SECRET_KEY": "thread-server",
                       "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite'}"})


def test_a_reset_connection_leaves_no_open_file(app: Any) -> None:
    assert _leaks(closing_answers(app), "/static/offline-sheet.js") == []


def test_werkzeug_alone_leaks_the_file_it_could_not_send(app: Any) -> None:
    """The cause, shown: without the wrapper the same requests leave files to the collector.
    (If werkzeug ever closes them itself, this fails and the wrapper can go.)"""
    leaked = _leaks(app, "/static/offline-sheet.js")
    assert leaked and all("offline-sheet.js" in message for message in leaked)
