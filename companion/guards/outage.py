"""A database that does not answer: 503 with Retry-After, logged once per outage.

Every request that needs the database while it is down (refused, restarting, or slower than
the timeouts set here) gets 503 and ``Retry-After`` instead of a 500 and a traceback; the
first such answer in a worker logs the cause once, the first success afterwards logs that it
is back. SQLAlchemy invalidates the whole pool when one connection reports a disconnect, and
the app's engine pings before use, so the next request after the restart gets a fresh
connection without restarting gunicorn.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response
from flask_babel import gettext as _
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from companion.http_answers import try_again_later
from companion.infra.extensions import db
from companion.infra.storage import ANSWER

log = logging.getLogger(__name__)
#: Seconds a client is asked to wait before it tries again.
RETRY_SECONDS = 5
_down = {"since": False}


def _unavailable(error: Exception) -> Any:
    # Nothing to roll back: a write's unit of work has (companion.services.work), and the
    # session is closed quietly after the answer (forget_session).
    if not _down["since"]:
        _down["since"] = True
        log.error("the database does not answer: %s", str(error).splitlines()[0][:300])
    return try_again_later(
        _("The database is not answering right now. Try again in a few seconds."),
        RETRY_SECONDS)


def _back(response: Response) -> Response:
    if _down["since"] and response.status_code < 500:
        _down["since"] = False
        log.warning("the database answers again")
    return response


def _is_outage(error: DBAPIError) -> bool:
    return isinstance(error, OperationalError) or bool(error.connection_invalidated)


def engine_options(config: dict[str, Any]) -> dict[str, Any]:
    """PostgreSQL's timeouts, from the settings: the server's own (statement, lock) and the
    client's, which hold when the server cannot act (companion.infra.storage: each answer; TCP
    keepalives for an idle connection, ``tcp_user_timeout`` for what the network never
    acknowledges)."""
    statement = int(config["DATABASE_STATEMENT_SECONDS"]) * 1000
    lock = int(config["DATABASE_LOCK_SECONDS"]) * 1000
    answer = int(config["DATABASE_ANSWER_SECONDS"])
    return {"connect_timeout": int(config["DATABASE_CONNECT_SECONDS"]),
            "options": f"-c statement_timeout={statement} -c lock_timeout={lock}",
            ANSWER: answer or None, "keepalives": 1, "keepalives_idle": 10,
            "keepalives_interval": 5, "keepalives_count": 2, "tcp_user_timeout": answer * 1000}


def init_app(app: Flask) -> None:
    """Timeouts into the engine options (before the engine is made), the 503 handlers."""
    if str(app.config["SQLALCHEMY_DATABASE_URI"]).startswith("postgresql"):
        options = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
        options["connect_args"] = {**engine_options(app.config),
                                   **options.get("connect_args", {})}
        # Waiting for a connection of the pool is part of connecting.
        options.setdefault("pool_timeout", int(app.config["DATABASE_CONNECT_SECONDS"]))
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options
        # The reads and the listener use the driver directly (companion.services.reading,
        # companion.infra.live): their own errors are outages too. Imported here, in the worker,
        # after gevent's patching.
        import psycopg

        app.register_error_handler(psycopg.OperationalError, _unavailable)

    @app.errorhandler(DBAPIError)
    def database_error(error: DBAPIError):  # type: ignore[no-untyped-def]
        if not _is_outage(error):
            raise error
        return _unavailable(error)

    app.register_error_handler(PoolTimeout, _unavailable)
    app.after_request(_back)


def forget_session(_error: BaseException | None) -> None:
    """Close the request's session before Flask-SQLAlchemy does, quietly when the database
    went away meanwhile: its rollback would raise after the answer was made, and turn a 503
    (or even a 200) into a 500. Registered after Flask-SQLAlchemy's teardown, so it runs
    before it (teardown functions run in reverse order)."""
    try:
        db.session.remove()
    except DBAPIError as error:
        if not _is_outage(error):
            raise
