"""The reads phones repeat: a link's revision in one indexed lookup, and the sheet of a revision.

Every open sheet asks "has this game changed?" again and again, and after every change each
phone of the table reads the game once. So:

- :func:`head` answers the first question from the game's row alone (the unique index on
  ``edit_key`` or ``view_key``): no players, rounds or results. On PostgreSQL it runs on a
  connection of its own in autocommit, without the pool's ping: one round trip to the
  server instead of four (ping, BEGIN, SELECT, ROLLBACK).
- :func:`sheet` replays the rounds into the sheet once per revision and process. A revision
  names one state of a game for good (every stored change adds one, in the same transaction),
  and ``edit_key`` is unique across databases, so the pair is a safe cache key: nothing is kept
  that another worker or machine could contradict.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from flask import Flask, current_app
from sqlalchemy import Engine, QueuePool, bindparam, create_engine, event, or_, select
from sqlalchemy.sql import CompoundSelect, Select

from companion import scoring
from companion.cache import sheets
from companion.editions import Edition
from companion.infra.extensions import db
from companion.infra.storage import prepare_engine, unanswered
from companion.models import Game
from companion.services import games
from companion.services.games import KEY


@dataclass(frozen=True)
class GameHead:
    """A game's own row: its links and revision, and whether ``key`` may edit it."""

    id: int
    edit_key: str
    view_key: str
    edition: Edition
    revision: int
    created_at: datetime
    editable: bool
    last_round_at: datetime | None = None
    """When the latest round was entered (the game's end, once it is finished)."""

    @property
    def etag(self) -> str:
        """The game's entity tag for this link (its revision, and edit or view)."""
        return f"r{self.revision}{'e' if self.editable else 'v'}"


_GAME = Game.__table__.c
#: Built once: a poll runs this and nothing else.
_HEAD = select(_GAME.id, _GAME.edit_key, _GAME.view_key, _GAME.edition, _GAME.revision,
               _GAME.created_at, _GAME.last_round_at).where(or_(_GAME.edit_key == bindparam("key"),
                                           _GAME.view_key == bindparam("key")))
_REVISION = select(_GAME.revision).where(_GAME.id == bindparam("id"))


_READS = "companion.reads"


def init_reads(app: Flask, engine: Engine) -> None:
    """Where :func:`rows` reads: a pool of its own on PostgreSQL, in autocommit and without
    the ping, else the app's engine (a SQLite file; an in-memory database, whose one
    connection the session may be using, is left to the session).

    Autocommit sends no BEGIN and no ROLLBACK, and an idle connection in it holds no snapshot
    or lock. Instead of a ping before every use, a read that finds its connection broken (the
    server restarted) is tried once more on a new one."""
    if engine.dialect.name == "postgresql":
        # In autocommit there is no transaction to roll back when a connection goes back.
        options = app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {})
        connect_args = options.get("connect_args", {})
        reads = create_engine(engine.url, isolation_level="AUTOCOMMIT", pool_pre_ping=False,
                              pool_reset_on_return=None, connect_args=connect_args,
                              pool_timeout=options.get("pool_timeout", 30))
        prepare_engine(reads, connect_args)
        # Whoever disposes of the app's engine (tests, a forked worker) disposes of this too.
        event.listen(engine, "engine_disposed", lambda _engine: reads.dispose())
        app.extensions[_READS] = (reads, engine)
    elif isinstance(engine.pool, QueuePool):
        app.extensions[_READS] = (engine, engine)


def _observed(engine: Engine) -> bool:
    """Whether something watches the engine's statements (a test or benchmark counting them,
    Flask-SQLAlchemy recording them): then reads go through the session, where it sees them."""
    return bool(engine.dispatch.before_cursor_execute or engine.dispatch.after_cursor_execute)


Processor = Callable[[Any], Any] | None


@dataclass(frozen=True)
class _Compiled:
    """A statement as its driver takes it: the SQL, the order of its positional parameters
    (None: the driver takes them by name), and each column's conversion of the driver's value
    into what the session would give (a date from SQLite's text, an edition from its key)."""

    sql: str
    order: tuple[str, ...] | None
    convert: tuple[Processor, ...]

    def row(self, values: Sequence[Any]) -> tuple[Any, ...]:
        return tuple(value if convert is None else convert(value)
                     for convert, value in zip(self.convert, values, strict=True))


def _compiled(statement: Select[Any] | CompoundSelect[Any], engine: Engine) -> _Compiled:
    compiled = statement.compile(dialect=engine.dialect)
    order = compiled.positiontup
    dialect = engine.dialect
    convert = tuple(column.type.dialect_impl(dialect).result_processor(dialect, None)
                    for column in statement.selected_columns)
    return _Compiled(str(compiled), tuple(order) if order is not None else None, convert)


_compiled_for: dict[tuple[int, str], _Compiled] = {}


def _one_row(statement: Select[Any], params: dict[str, Any]) -> tuple[Any, ...] | None:
    """The first row of a lookup by a unique index (see :func:`rows`)."""
    found = rows(statement, params, first=True)
    return found[0] if found else None


def rows(statement: Select[Any] | CompoundSelect[Any], params: dict[str, Any], *,
         first: bool = False) -> list[tuple[Any, ...]]:
    """The rows of a small read by index, straight from the driver, as plain tuples of the
    values the session would give; ``first``: only the first row.

    What a phone's poll costs is mostly what sits around its one SELECT: a session, its
    transaction, the statement's execution context. A pooled driver connection and a cursor
    are all it needs. The statement must bind only ``params`` (constants written as SQL). The
    same statement goes through the session when something watches the app's statements
    (:func:`_observed`), so a count of queries stays true."""
    engines: tuple[Engine, Engine] | None = current_app.extensions.get(_READS)
    if engines is None or _observed(engines[1]):
        result = db.session.connection().execute(statement, params)
        return [tuple(row) for row in (result.fetchmany(1) if first else result)]
    reads = engines[0]
    cache_key = (id(statement), reads.dialect.name)
    compiled = _compiled_for.get(cache_key)
    if compiled is None:
        compiled = _compiled_for[cache_key] = _compiled(statement, reads)
    order = compiled.order
    arguments: Any = params if order is None else tuple(params[name] for name in order)
    for attempt in (1, 2):
        connection = reads.raw_connection()
        try:
            cursor = connection.cursor()
            try:
                cursor.execute(compiled.sql, arguments)
                if first:
                    one = cursor.fetchone()
                    return [] if one is None else [compiled.row(one)]
                return [compiled.row(row) for row in cursor.fetchall()]
            finally:
                cursor.close()
        except reads.dialect.loaded_dbapi.Error as error:
            broken = reads.dialect.is_disconnect(error, connection.dbapi_connection, None)
            if broken:
                connection.invalidate(error)
                # A restarted server broke every idle connection, not just this one: start
                # the pool afresh rather than meet them one failed request at a time.
                reads.dispose()
            if attempt == 2 or not broken or unanswered(error):
                raise
        finally:
            connection.close()
    raise AssertionError("unreachable")


def head(key: str) -> GameHead | None:
    """The game behind edit or view link ``key``, from its row alone (None: no such game)."""
    if not KEY.fullmatch(key):
        return None
    row = _one_row(_HEAD, {"key": key})
    if row is None:
        return None
    game_id, edit_key, view_key, edition, revision, created_at, last_round_at = row
    return GameHead(game_id, edit_key, view_key, edition, revision, created_at,
                    editable=edit_key == key, last_round_at=last_round_at)


def revision_of(game_id: int) -> int | None:
    """The game's current revision (None once it is gone)."""
    found: int | None = db.session.connection().execute(_REVISION, {"id": game_id}).scalar()
    return found


class GameKeys(Protocol):
    """What finding a game's sheet needs of its row: a GameHead or a models.Game."""

    @property
    def id(self) -> int: ...

    @property
    def edit_key(self) -> str: ...

    @property
    def revision(self) -> int: ...


def sheet(game: GameKeys) -> scoring.Sheet:
    """The sheet of ``game`` at its revision, replayed once per process and kept."""
    return sheet_at(game)[0]


def sheet_at(game: GameKeys) -> tuple[scoring.Sheet, bool]:
    """The sheet as :func:`sheet` gives it, and whether it is exactly the sheet of
    ``game.revision`` (False when a write landed after ``game`` was read: the sheet is then
    newer than the revision, and nothing built from the two may be kept under it). The kept
    sheet of the revision needs no game loaded; else companion.services.games.sheet_at, the
    one way to a sheet."""
    found = sheets.kept(game.edit_key, game.revision)
    if found is not None:
        return found, True
    loaded = games.find_game(game.edit_key)
    if loaded is None:  # deleted meanwhile: there is nothing to show but what the row said
        raise LookupError(game.edit_key)
    built, exact = games.sheet_at(loaded[0])
    return built, exact and loaded[0].revision == game.revision
