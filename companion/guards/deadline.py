"""A request body must arrive within ``BODY_SECONDS`` (408), without holding a worker.

gunicorn cuts slow headers but waits for a trickling body forever; with gevent workers each
waiting connection is only a greenlet, yet thousands of them exhaust a worker's connections.
This WSGI middleware reads the body before the app sees it, under a gevent timeout, so the
wait is cooperative and bounded. A body that is late is dropped and the app answers 408 (its
own error page or JSON, translated) and the connection is closed. Outside a gevent worker (the
development server, tests' thread server) there is no hub to time out on: the body is left to
the server, whose socket timeout applies.
"""

from __future__ import annotations

import contextlib
import io
import socket
from collections.abc import Iterable
from typing import Any

from flask import Flask, abort, request
from werkzeug.wsgi import LimitedStream

from companion.limits import IMPORT_MAX_BYTES

LATE = "companion.body_late"
WRITES = {"POST", "PUT", "PATCH", "DELETE"}
#: The addresses that take a group's file, up to IMPORT_MAX_BYTES; others MAX_CONTENT_LENGTH.
IMPORTS = {"/api/import", "/import"}


def _gevent_patched() -> bool:
    import sys

    monkey = sys.modules.get("gevent.monkey")
    return bool(monkey is not None and monkey.is_module_patched("socket"))


def _stop_reading(environ: dict[str, Any]) -> None:
    """Close the connection's reading side: gunicorn ignores an app's ``Connection: close``
    and would otherwise wait for the rest of the body before the next request."""
    connection = environ.get("gunicorn.socket")
    if connection is not None:
        with contextlib.suppress(OSError):
            connection.shutdown(socket.SHUT_RD)


class BodyDeadline:
    """Reads up to ``most`` bytes of a write's body within ``seconds``, or marks it late."""

    def __init__(self, app: Any, seconds: float, most: int, imports: int) -> None:
        self.app, self.seconds, self.most, self.imports = app, seconds, most, imports

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        length = str(environ.get("CONTENT_LENGTH") or "0")
        # Larger bodies are refused by the app (413) without being read.
        most = self.imports if environ.get("PATH_INFO") in IMPORTS else self.most
        if (environ.get("REQUEST_METHOD") in WRITES and length.isdigit()
                and 0 < int(length) <= most and _gevent_patched()):
            from gevent import Timeout  # type: ignore[import-untyped]

            try:
                with Timeout(self.seconds):
                    body = LimitedStream(environ["wsgi.input"], int(length)).read()
            except Timeout:
                environ[LATE], body = True, b""
                _stop_reading(environ)
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
        return self.app(environ, start_response)  # type: ignore[no-any-return]


def _refuse_late() -> None:
    if request.environ.get(LATE):
        abort(408)


def init_app(app: Flask) -> None:
    """Wrap the app; the refusal runs before every other check (CSRF, quotas)."""
    app.wsgi_app = BodyDeadline(  # type: ignore[method-assign]
        app.wsgi_app, float(app.config["BODY_SECONDS"]), int(app.config["MAX_CONTENT_LENGTH"]),
        IMPORT_MAX_BYTES)
    app.before_request_funcs.setdefault(None, []).insert(0, _refuse_late)
