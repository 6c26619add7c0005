"""A request body must arrive within ``BODY_SECONDS`` (408), without holding a worker;
chunked or not, a malformed body is a 400 and one too large a 413.

gunicorn cuts slow headers but waits for a trickling body forever; with gevent workers each
waiting connection is only a greenlet, yet thousands of them exhaust a worker's connections.
This WSGI middleware reads the body before the app sees it, under a gevent timeout, so the
wait is cooperative and bounded. A body that is late is dropped and the app answers 408 (its
own error page or JSON, translated) and the connection is closed. Outside a gevent worker (the
development server, tests' thread server) there is no hub to time out on: the body is left to
the server, whose socket timeout applies (a chunked body is still read here, so that a
malformed or oversized one is refused as such).
"""

from __future__ import annotations

import contextlib
import io
import socket
from collections.abc import Iterable, Iterator
from typing import Any

from flask import Flask, abort, request
from werkzeug.wsgi import LimitedStream

from companion import http_answers
from companion.infra.green import patched
from companion.limits import IMPORT_MAX_BYTES
from companion.refusals import InputError, Kind

REFUSED = "companion.body_refused"
"""The kind of refusal of a body that did not arrive as it should (late, malformed, too
large), which the app answers with its status (companion.http_answers)."""
WRITES = {"POST", "PUT", "PATCH", "DELETE"}
#: The addresses that take a group's file, up to IMPORT_MAX_BYTES; others MAX_CONTENT_LENGTH.
IMPORTS = {"/api/import", "/import"}


def _stop_reading(environ: dict[str, Any]) -> None:
    """Close the connection's reading side: gunicorn ignores an app's ``Connection: close``
    and would otherwise wait for the rest of the body before the next request."""
    connection = environ.get("gunicorn.socket")
    if connection is not None:
        with contextlib.suppress(OSError):
            connection.shutdown(socket.SHUT_RD)


class BodyDeadline:
    """Reads up to ``most`` bytes of a write's body within ``seconds``, or marks it refused:
    late (408), malformed (400: a chunk size that is no number), too large (413).

    A chunked body (``Transfer-Encoding: chunked``, no ``Content-Length``) is read here too,
    chunk by chunk, under the same deadline: its length is only known once it has arrived."""

    def __init__(self, app: Any, seconds: float, most: int, imports: int) -> None:
        self.app, self.seconds, self.most, self.imports = app, seconds, most, imports

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") in WRITES:
            # Larger bodies with a length are refused by the app (413) without being read.
            most = self.imports if environ.get("PATH_INFO") in IMPORTS else self.most
            length = str(environ.get("CONTENT_LENGTH") or "")
            if "chunked" in str(environ.get("HTTP_TRANSFER_ENCODING", "")).lower():
                self._read(environ, None, most)
            elif length.isdigit() and 0 < int(length) <= most and patched("socket"):
                self._read(environ, int(length), most)
        return self.app(environ, start_response)  # type: ignore[no-any-return]

    def _read(self, environ: dict[str, Any], length: int | None, most: int) -> None:
        """The body read into memory (``length`` bytes, or chunks until the last one), or
        ``environ[REFUSED]`` set to why not; the app then sees a body of known length."""
        try:
            with _deadline(self.seconds):
                body = _chunks(environ["wsgi.input"], most) if length is None else \
                    LimitedStream(environ["wsgi.input"], length).read()
        except BodyRefused as refused:
            environ[REFUSED], body = refused.kind, b""
            _stop_reading(environ)
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))


class BodyRefused(InputError):
    """A body that did not arrive as it should: ``kind`` says how the app answers. The
    answer is the app's own page or JSON for that kind's status (translated there), so the
    reason here is only what a log shows."""

    WHY = {Kind.LATE: "the request body did not arrive in time",
           Kind.INPUT: "the request body is not well formed",
           Kind.TOO_LARGE: "the request body is too large"}

    def __init__(self, kind: Kind) -> None:
        super().__init__(self.WHY[kind])
        self.kind = kind


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """BodyRefused (late) when the block takes longer than ``seconds`` (under gevent; elsewhere
    the server's socket timeout bounds each read)."""
    if not patched("socket"):
        yield
        return
    from gevent import Timeout

    try:
        with Timeout(seconds):
            yield
    except Timeout:
        raise BodyRefused(Kind.LATE) from None


def _chunks(stream: Any, most: int) -> bytes:
    """A chunked body as the server decodes it, at most ``most`` bytes (413 beyond); a
    malformed chunk (a size that is no number, a chunk without its line end) is a 400."""
    parts: list[bytes] = []
    size = 0
    while True:
        try:
            part = stream.read(min(CHUNK, most + 1 - size))
        except Exception as error:  # noqa: BLE001  the servers' chunk errors share no base
            # (gunicorn's ParseException, its NoMoreData an OSError, werkzeug's OSError);
            # gevent's Timeout is no Exception and reaches _deadline.
            raise BodyRefused(Kind.INPUT) from error
        if not part:
            return b"".join(parts)
        parts.append(part)
        size += len(part)
        if size > most:
            raise BodyRefused(Kind.TOO_LARGE)


#: How much of a chunked body is asked for at once.
CHUNK = 64 * 1024


def _refuse_body() -> None:
    kind = request.environ.get(REFUSED)
    if kind is not None:
        abort(http_answers.status(kind))


def init_app(app: Flask) -> None:
    """Wrap the app; the refusal runs before every other check (CSRF, quotas)."""
    app.wsgi_app = BodyDeadline(  # type: ignore[method-assign]
        app.wsgi_app, float(app.config["BODY_SECONDS"]), int(app.config["MAX_CONTENT_LENGTH"]),
        IMPORT_MAX_BYTES)
    app.before_request_funcs.setdefault(None, []).insert(0, _refuse_body)
