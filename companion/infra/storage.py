"""The database underneath: one write at a time per game, fork safety, schema by migrations.

Writes to a game are serialised by the database, not by the process, so any number of
workers and machines can share it:

- PostgreSQL: the write locks the game's row (``SELECT … FOR UPDATE``) before it reads the
  rounds; a second writer waits until the first has committed and then sees its rounds.
- SQLite: the write opens its transaction with ``BEGIN IMMEDIATE``, which takes the database's
  write lock before the first read. pysqlite's own implicit transactions are switched off so
  that the app decides how each transaction begins; WAL lets readers go on meanwhile.

A PostgreSQL server that stops answering (a frozen process, a stalled disk, a network that
drops everything) cannot enforce its own statement timeout, and the kernel of a stopped server
on the same machine even acknowledges what is sent to it. So every connection the app opens
(:func:`connect`) waits at most ``ANSWER`` seconds for each answer of the server, whatever it
waits for (a statement, a commit, a ping): then it closes itself and raises psycopg's
OperationalError, which SQLAlchemy takes for a lost connection (the pool is renewed) and
companion.guards.outage for an outage (503 with Retry-After).
"""

from __future__ import annotations

import os
import sys
import weakref
from functools import cache
from pathlib import Path
from typing import Any

from flask import Flask, current_app, has_request_context, request
from sqlalchemy import Engine, event, inspect, text

from companion.infra import schema_commands
from companion.infra.extensions import db

MIGRATIONS = str(Path(__file__).resolve().parents[1] / "migrations")
#: The revision that describes the schema of the first release (made by ``create_all``).
FIRST_SCHEMA = "0001"
#: How long a write waits for another write to the same SQLite database (milliseconds).
SQLITE_BUSY_MS = 30_000
BEGIN_OPTION = "companion_begin"
#: The connect argument that says how long a connection waits for each answer (seconds): read
#: by :func:`connect`, never passed on to the server.
ANSWER = "companion_answer_seconds"
_connect_args: weakref.WeakKeyDictionary[Engine, dict[str, Any]] = weakref.WeakKeyDictionary()


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # the "begin" listener below starts transactions
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_MS}")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.close()


def _sqlite_begin(connection: Any) -> None:
    mode = connection.get_execution_options().get(BEGIN_OPTION, "DEFERRED")
    connection.exec_driver_sql(f"BEGIN {mode}")


@cache
def _answering() -> type[Any]:
    """psycopg's connection, with a deadline on every wait for the server (made on first use:
    psycopg is imported in the worker, after gevent's patching; gunicorn.conf.py)."""
    import psycopg
    from psycopg import errors

    class NoAnswer(psycopg.OperationalError):
        """The server did not answer within the connection's ``answer_seconds``."""

    class Answering(psycopg.Connection[Any]):
        answer_seconds: float | None = None
        silent = NoAnswer

        def wait(self, gen: Any, interval: float = 0.1, timeout: float | None = None) -> Any:
            try:
                return super().wait(gen, interval, self.answer_seconds if timeout is None
                                    else timeout)
            except errors._WaitTimeout:
                if timeout is not None:
                    raise  # the caller's own timeout (a listener waiting for notifications)
                # What the server did with the last request is unknown: never use it again.
                self.pgconn.finish()
                raise NoAnswer(
                    f"the database did not answer within {self.answer_seconds:g} s") from None

    return Answering


def unanswered(error: BaseException) -> bool:
    """Whether ``error`` says the server did not answer in time (asking again, on a new
    connection, would only wait as long again)."""
    return "psycopg" in sys.modules and isinstance(error, _answering().silent)


def connect(engine: Engine, *args: Any, **params: Any) -> Any:
    """A new psycopg connection to ``engine``'s database that waits at most the configured
    seconds for each answer (see the module's description). Without ``args`` and ``params``:
    with the engine's own connect arguments, outside its pool."""
    if not args and not params:
        url_args, url_params = engine.dialect.create_connect_args(engine.url)
        args, params = tuple(url_args), {**url_params, **_connect_args.get(engine, {})}
    params = dict(params)
    seconds = params.pop(ANSWER, None)
    connection = _answering().connect(*args, **params)
    connection.answer_seconds = seconds
    return connection


def prepare_engine(engine: Engine, connect_args: dict[str, Any] | None = None) -> None:
    """SQLite transactions as described above; on PostgreSQL connections that wait for each
    answer at most ``connect_args[ANSWER]`` seconds; every engine is renewed in a forked
    child."""
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
    elif engine.dialect.name == "postgresql":
        _connect_args[engine] = dict(connect_args or {})
        event.listen(engine, "do_connect", lambda _dialect, _record, args, params:
                     connect(engine, *args, **params))
    reference = weakref.ref(engine)

    def renew_after_fork() -> None:
        # A connection opened before a fork (gunicorn --preload) must never be used by two
        # processes: the child forgets the parent's pool without closing its sockets.
        alive = reference()
        if alive is not None:
            alive.dispose(close=False)

    os.register_at_fork(after_in_child=renew_after_fork)


def begin_write() -> None:
    """Start the session's transaction as a write: SQLite takes its write lock now.

    Call before the first query of a request that will write; PostgreSQL locks rows instead
    (``with_for_update``), so there this only starts an ordinary transaction.

    The request's body is read first. Under gevent workers a read from the socket may switch
    to another request of the same process; while this one holds SQLite's write lock, that
    other request could then wait for the lock inside SQLite, which blocks the whole process,
    and this one would never get back to commit. Nothing else in a write yields.
    """
    if has_request_context():
        request.get_data(cache=True)
    session = db.session()
    if session.in_transaction():
        # Nothing is written before the lock is taken: end the read-only transaction so the
        # write starts from the newest state.
        session.rollback()
    session.connection(execution_options={BEGIN_OPTION: "IMMEDIATE"})


def init_app(app: Flask) -> None:
    """Bind the migrations, prepare the engine and bring the schema up to date if asked."""
    schema_commands.init_app(app, MIGRATIONS)  # flask db …; alembic only when it runs

    with app.app_context():
        options = app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {}
        prepare_engine(db.engine, options.get("connect_args"))
        if app.config.get("MIGRATE_ON_START", True):
            upgrade_schema()
        db.session.remove()
        if not _in_memory(db.engine):
            # The app factory's own connections are closed before any worker is forked. (An
            # in-memory SQLite database lives only as long as its one connection: kept.)
            db.engine.dispose()


def bind_migrations(app: Flask) -> None:
    """Flask-Migrate bound to ``app``, for its functions (``flask_migrate.upgrade``) called
    outside ``flask db``; this imports alembic, which nothing else at start-up does."""
    schema_commands.ensure(app, MIGRATIONS)


def _in_memory(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite" and engine.url.database in (None, "", ":memory:")


def upgrade_schema() -> None:
    """Migrate to the newest schema; a database made before migrations is adopted first."""
    engine = db.engine
    if engine.dialect.name != "postgresql":
        _migrate(engine)
        return
    with engine.connect() as lock:
        # Several workers or machines may start at once: one migrates, the rest wait.
        lock.execute(text("SELECT pg_advisory_lock(1064910)"))
        lock.commit()
        try:
            _migrate(engine)
        finally:
            lock.execute(text("SELECT pg_advisory_unlock(1064910)"))
            lock.commit()


def newest_revision() -> str:
    """The newest migration's revision, from the file names alone: each file in ``versions/``
    is named for its revision ("0011_house_editions.py"; tests/storage/test_migrations.py
    keeps it so)."""
    return max(path.name.split("_", 1)[0]
               for path in (Path(MIGRATIONS) / "versions").glob("[0-9]*_*.py"))


def _up_to_date(connection: Any, tables: set[str]) -> bool:
    if "alembic_version" not in tables:
        return False
    found = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
    return list(found) == [newest_revision()]


def _migrate(engine: Engine) -> None:
    # The look is over before the migration starts: an in-memory SQLite database has one
    # connection, which cannot hold two transactions.
    with engine.connect() as connection:
        tables = set(inspect(connection).get_table_names())
        if _up_to_date(connection, tables):
            return  # the common start: no need to load alembic to learn that
    bind_migrations(current_app)
    from flask_migrate import stamp, upgrade

    if "game" in tables and "alembic_version" not in tables:
        stamp(directory=MIGRATIONS, revision=FIRST_SCHEMA)
    upgrade(directory=MIGRATIONS)
