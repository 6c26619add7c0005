"""The app served on 127.0.0.1 from a thread, for browser tests.

werkzeug's development server closes an answer only after it has drained the socket, and that
read raises when the client has already reset the connection (Chromium does, often, for a
script it no longer needs); the answer's open file is then left to the garbage collector and
reported as a ResourceWarning, which this suite turns into a failure. Here every answer is
closed as soon as its last byte is written, or when writing it fails.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from typing import Any

from werkzeug.serving import BaseWSGIServer, make_server


class _ClosedWhenDone:
    """An answer's body that closes the body it wraps once sent, or once sending failed."""

    def __init__(self, body: Iterable[bytes]) -> None:
        self._body = body
        self._open = True

    def __iter__(self) -> Iterator[bytes]:
        try:
            yield from self._body
        finally:
            self.close()

    def close(self) -> None:
        if self._open:
            self._open = False
            close = getattr(self._body, "close", None)
            if close is not None:
                close()


def closing_answers(app: Any) -> Any:
    """Wrap a WSGI app so that every answer it gives is closed when sent."""
    def serve(environ: dict[str, Any], start_response: Any) -> _ClosedWhenDone:
        return _ClosedWhenDone(app(environ, start_response))
    return serve


def serve_in_thread(app: Any) -> tuple[BaseWSGIServer, str]:
    """Start serving ``app`` on a free port; the server and its base URL. Stop it with
    ``server.shutdown(); server.server_close()``."""
    server = make_server("127.0.0.1", 0, closing_answers(app), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"
