"""Live updates: one watcher per process tells every open stream when its game changed.

A phone's stream (``GET /api/games/<key>/events``) holds no database connection while it waits:
it waits on a :class:`Subscription`. One watcher per process and database learns of changes
for all of them at once:

- PostgreSQL: a single connection LISTENs on :data:`CHANNEL`; every stored change notifies it
  with ``"<game id> <revision>"`` when its transaction commits (companion.services._touch).
- SQLite (no notifications): one query per tick asks for the revisions of every game this
  process is watching.

Each worker listens to the database itself, so any number of workers and machines sharing one
PostgreSQL deliver every change. The watcher runs in a thread, which is a greenlet under
gunicorn's gevent workers (threading is patched there) and a real thread elsewhere.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Iterable, Iterator
from typing import Any

from sqlalchemy import Engine, bindparam, select

from .models import Game

CHANNEL = "companion_revisions"
#: How often the SQLite watcher asks for the revisions of the games it watches (seconds).
TICK = 0.25
#: How many ids go into one SQLite query (well below its limit of bound parameters).
CHUNK = 500
#: How long the PostgreSQL watcher waits for a notification before it looks whether anybody
#: still watches (it closes its connection when nobody does).
IDLE = 5.0
log = logging.getLogger(__name__)
_REVISIONS = select(Game.__table__.c.id, Game.__table__.c.revision).where(
    Game.__table__.c.id.in_(bindparam("ids", expanding=True)))


class Subscription:
    """One stream's interest in one game: ``wait`` returns once the revision passed ``seen``."""

    def __init__(self, game_id: int, seen: int) -> None:
        self.game_id, self.seen, self.latest = game_id, seen, seen
        self.changed = threading.Event()

    def offer(self, revision: int) -> None:
        if revision > self.latest:
            self.latest = revision
            self.changed.set()

    def wait(self, timeout: float) -> int | None:
        """The newest revision once it is newer than the last one seen, or None on timeout."""
        if self.latest <= self.seen and not self.changed.wait(timeout):
            return None
        self.changed.clear()
        if self.latest <= self.seen:
            return None
        self.seen = self.latest
        return self.seen


class Watcher:
    """The games this process's streams watch, and the one loop that looks for changes."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.pid = os.getpid()
        self.lock = threading.Lock()
        self.subscriptions: dict[int, set[Subscription]] = {}
        self.started = False

    def subscribe(self, game_id: int, seen: int) -> Subscription:
        subscription = Subscription(game_id, seen)
        with self.lock:
            self.subscriptions.setdefault(game_id, set()).add(subscription)
            if not self.started:
                self.started = True
                threading.Thread(target=self._run, name="companion-live", daemon=True).start()
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self.lock:
            watching = self.subscriptions.get(subscription.game_id)
            if watching is not None:
                watching.discard(subscription)
                if not watching:
                    del self.subscriptions[subscription.game_id]

    def watched(self) -> list[int]:
        with self.lock:
            return list(self.subscriptions)

    def deliver(self, changes: Iterable[tuple[int, int]]) -> None:
        """Tell the streams of each changed game its new revision."""
        with self.lock:
            targets = [(self.subscriptions.get(game_id, ()), revision)
                       for game_id, revision in changes]
            for subscriptions, revision in targets:
                for subscription in list(subscriptions):
                    subscription.offer(revision)

    def _busy(self) -> bool:
        """Whether any stream still watches; the loop stops (and restarts later) when not."""
        with self.lock:
            if not self.subscriptions:
                self.started = False
            return self.started

    def _run(self) -> None:
        postgres = self.engine.dialect.name == "postgresql"
        while self._busy():
            try:
                self._listen() if postgres else self._poll()
            except Exception:  # the database went away: catch up once it is back
                log.warning("live updates: lost the database, retrying", exc_info=True)
                time.sleep(1)

    def catch_up(self) -> None:
        """Ask for the revisions of every watched game (one indexed query per CHUNK games)."""
        ids = self.watched()
        if not ids:
            return
        with self.engine.connect() as connection:
            for start in range(0, len(ids), CHUNK):
                rows = connection.execute(_REVISIONS, {"ids": ids[start:start + CHUNK]})
                self.deliver((game_id, revision) for game_id, revision in rows)

    def _poll(self) -> None:
        while self._busy():
            self.catch_up()
            time.sleep(TICK)

    def _listen(self) -> None:
        connection = _notification_connection(self.engine)
        try:
            connection.execute(f"LISTEN {CHANNEL}")
            # Changes made while nobody listened (a first start, a lost connection).
            self.catch_up()
            while self._busy():
                for notice in connection.notifies(timeout=IDLE):
                    game_id, _space, revision = notice.payload.partition(" ")
                    self.deliver([(int(game_id), int(revision))])
        finally:
            connection.close()


def _notification_connection(engine: Engine) -> Any:
    """A psycopg connection of its own, in autocommit, outside the engine's pool."""
    args, params = engine.dialect.create_connect_args(engine.url)
    connection = engine.dialect.loaded_dbapi.connect(*args, **params)
    connection.autocommit = True
    return connection


_watchers: dict[str, Watcher] = {}
_watchers_lock = threading.Lock()


def watcher(engine: Engine) -> Watcher:
    """This process's watcher of ``engine``'s database (a forked child starts its own)."""
    key = engine.url.render_as_string(hide_password=False)
    with _watchers_lock:
        found = _watchers.get(key)
        if found is None or found.pid != os.getpid():
            found = _watchers[key] = Watcher(engine)
        return found


#: A comment line at least this often keeps proxies and phones from giving up on a quiet stream.
KEEP_ALIVE = 20.0
#: How long a phone waits before it reconnects a broken stream (milliseconds).
RETRY_MS = 1000


def event(revision: int) -> bytes:
    """One Server-Sent Event saying the game's revision is now ``revision``."""
    return f'id: {revision}\nevent: revision\ndata: {{"revision": {revision}}}\n\n'.encode()


def stream(owner: Watcher, subscription: Subscription, *, once: bool = False,
           keep_alive: float = KEEP_ALIVE) -> Iterator[bytes]:
    """The events of one stream: the revision at once, then every change, until the phone
    goes away (the server then closes this generator, which ends the subscription).
    ``once``: only the first event."""
    try:
        yield f"retry: {RETRY_MS}\n".encode() + event(subscription.seen)
        while not once:
            revision = subscription.wait(keep_alive)
            yield b": keep-alive\n\n" if revision is None else event(revision)
    finally:
        owner.unsubscribe(subscription)
