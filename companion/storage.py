"""The database underneath: one write at a time per game, fork safety, schema by migrations.

Writes to a game are serialised by the database, not by the process, so any number of
workers and machines can share it:

- PostgreSQL: the write locks the game's row (``SELECT … FOR UPDATE``) before it reads the
  rounds; a second writer waits until the first has committed and then sees its rounds.
- SQLite: the write opens its transaction with ``BEGIN IMMEDIATE``, which takes the database's
  write lock before the first read. pysqlite's own implicit transactions are switched off so
  that the app decides how each transaction begins; WAL lets readers go on meanwhile.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask, has_request_context, request
from flask_migrate import Migrate, stamp, upgrade
from sqlalchemy import Engine, event, inspect, text

from companion.extensions import db

MIGRATIONS = str(Path(__file__).resolve().parent / "migrations")
#: The revision that describes the schema of the first release (made by ``create_all``).
FIRST_SCHEMA = "0001"
#: How long a write waits for another write to the same SQLite database (milliseconds).
SQLITE_BUSY_MS = 30_000
BEGIN_OPTION = "companion_begin"

migrate = Migrate(directory=MIGRATIONS, render_as_batch=True, compare_type=True)


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


def prepare_engine(engine: Engine) -> None:
    """SQLite transactions as described above; every engine is renewed in a forked child."""
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
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


def init_app(app: Flask, *, also: Callable[[Flask, Engine], None] | None = None) -> None:
    """Bind the migrations, prepare the engine and bring the schema up to date if asked;
    ``also``: what else needs the prepared engine (the read side's pool)."""
    migrate.init_app(app, db)

    with app.app_context():
        prepare_engine(db.engine)
        if also is not None:
            also(app, db.engine)
        if app.config.get("MIGRATE_ON_START", True):
            upgrade_schema()
        db.session.remove()
        if not _in_memory(db.engine):
            # The app factory's own connections are closed before any worker is forked. (An
            # in-memory SQLite database lives only as long as its one connection: kept.)
            db.engine.dispose()


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


def _migrate(engine: Engine) -> None:
    # The look is over before the migration starts: an in-memory SQLite database has one
    # connection, which cannot hold two transactions.
    with engine.connect() as connection:
        tables = set(inspect(connection).get_table_names())
    if "game" in tables and "alembic_version" not in tables:
        stamp(directory=MIGRATIONS, revision=FIRST_SCHEMA)
    upgrade(directory=MIGRATIONS)
