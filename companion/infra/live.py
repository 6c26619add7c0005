"""Live updates: one watcher per process tells every open stream when its game changed.

A phone's stream (``GET /api/games/<key>/events``) holds no database connection while it waits:
it waits on a :class:`Subscription`. One watcher per process and database learns of changes
for all of them at once:

- PostgreSQL: a single connection LISTENs on :data:`CHANNEL`; every stored change notifies it
  with ``"<game id> <revision>"`` when its transaction commits (companion.services.games._touch).
- SQLite (no notifications): one query per tick asks for the revisions of every game this
  process is watching.

On PostgreSQL the same listener also answers the phones that poll instead of streaming: while it
listens, every committed change reaches :attr:`Watcher.latest`, so a game's row read once
(:meth:`Watcher.remember`) plus what was heard since gives its current revision without asking
the database again (:meth:`Watcher.known`). A poll keeps the listener running for
:data:`POLL_INTEREST` seconds. The answer can lag a commit by the time its notification takes
to arrive (milliseconds); a phone polls every 1.5 s.

Each worker listens to the database itself, so any number of workers and machines sharing one
PostgreSQL deliver every change. The watcher runs in a thread, which is a greenlet under
gunicorn's gevent workers (threading is patched there) and a real thread elsewhere.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from typing import Any

from sqlalchemy import Engine, bindparam, column, select, table

from companion.infra import storage

CHANNEL = "companion_revisions"
#: How often the SQLite watcher asks for the revisions of the games it watches (seconds).
TICK = 0.25
#: How many ids go into one SQLite query (well below its limit of bound parameters).
CHUNK = 500
#: How long the PostgreSQL watcher waits for a notification before it looks whether anybody
#: still watches (it closes its connection when nobody does).
IDLE = 5.0
#: How long after a poll the PostgreSQL listener keeps running for pollers (seconds).
POLL_INTEREST = 30.0
#: Game rows kept for pollers per process, and revisions heard, before they are forgotten.
KNOWN = 10_000
log = logging.getLogger(__name__)
#: The two columns of the game table a change is told by, as the notifications say them
#: ("<game id> <revision>"): named here, below the models (tests/storage/test_storage.py checks
#: them against companion.models.Game).
GAMES = table("game", column("id"), column("revision"))
_REVISIONS = select(GAMES.c.id, GAMES.c.revision).where(
    GAMES.c.id.in_(bindparam("ids", expanding=True)))


class Subscription:
    """One stream's interest in one game: ``wait`` returns once the revision passed ``seen``."""

    def __init__(self, game_id: int, seen: int) -> None:
        self.game_id, self.seen, self.latest = game_id, seen, seen
        self.changed = threading.Event()
        #: Set by :func:`end_streams`: the stream ends, and its phone connects again elsewhere.
        self.ended = False

    def end(self) -> None:
        self.ended = True
        self.changed.set()

    def offer(self, revision: int) -> None:
        if revision > self.latest:
            self.latest = revision
            self.changed.set()

    def wait(self, timeout: float) -> int | None:
        """The newest revision once it is newer than the last one seen, or None on timeout
        (or once the stream has :attr:`ended`)."""
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
        #: True while every committed change is being heard (PostgreSQL listener connected).
        self.listening = False
        #: Changes whenever the listener connects or stops: a row remembered under an older
        #: epoch may have missed a change.
        self.epoch = 0
        #: Newest revision heard per game id while listening, with the number of the
        #: notification that said it (:attr:`heard` counts them).
        self.latest: dict[int, tuple[int, int]] = {}
        self.heard = 0
        self.rows: OrderedDict[str, tuple[tuple[int, int], Any]] = OrderedDict()
        self.polled_until = 0.0
        #: Whether the loop has lost the database (logged once, until it answers again).
        self.down = False
        self.thread: threading.Thread | None = None
        #: Set by :meth:`stop`: the loop ends and does not start again.
        self.stopping = threading.Event()

    def _start(self) -> None:
        """The loop, if it is not running (call with the lock held)."""
        if not self.started and not self.stopping.is_set():
            self.started = True
            self.thread = threading.Thread(target=self._run, name="companion-live",
                                           daemon=True)
            self.thread.start()

    def stop(self, timeout: float = IDLE + 5) -> None:
        """End the loop and forget every stream; returns once the loop has ended. For an
        app that is done (a test's), so no thread is left retrying a database that is gone."""
        self.stopping.set()
        with self.lock:
            self.subscriptions.clear()
            thread, listening = self.thread, self.listening
        if thread is None or thread is threading.current_thread():
            return
        if listening:
            self._wake()
        thread.join(timeout)

    def _wake(self) -> None:
        """A notification, so the listener looks at :attr:`stopping` now rather than after
        its wait (a change to no game: other listeners on the channel ignore it)."""
        with contextlib.suppress(Exception):
            connection = _notification_connection(self.engine)  # outside the pool: closed here
            try:
                connection.execute("SELECT pg_notify(%s, '0 0')", (CHANNEL,))
            finally:
                connection.close()

    def subscribe(self, game_id: int, seen: int) -> Subscription:
        subscription = Subscription(game_id, seen)
        if _ending.is_set():
            subscription.end()
        with self.lock:
            self.subscriptions.setdefault(game_id, set()).add(subscription)
            self._start()
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

    def poll_token(self) -> tuple[int, int] | None:
        """For a poll about to read a game's row: keeps the PostgreSQL listener running, and
        returns what to :meth:`remember` the row under: the epoch and how many notifications
        were heard before the read (None: nothing is being heard, so the row cannot be kept)."""
        if self.engine.dialect.name != "postgresql":
            return None
        with self.lock:
            self.polled_until = time.monotonic() + POLL_INTEREST
            self._start()
            return (self.epoch, self.heard) if self.listening else None

    def remember(self, key: str, row: Any, token: tuple[int, int]) -> None:
        """Keep a game's row (read after :meth:`poll_token` gave ``token``) for later polls."""
        with self.lock:
            if token[0] == self.epoch and self.listening:
                self.rows[key] = (token, row)
                self.rows.move_to_end(key)
                if len(self.rows) > KNOWN:
                    self.rows.popitem(last=False)

    def known(self, key: str) -> tuple[Any, int] | None:
        """A remembered row of ``key`` and the game's newest revision, while nothing can have
        been missed since it was read (else None: read the database)."""
        with self.lock:
            found = self.rows.get(key)
            if found is None or not self.listening or found[0][0] != self.epoch:
                return None
            self.polled_until = time.monotonic() + POLL_INTEREST
            (_epoch, before), row = found
            # Only what was heard after the row was read can be newer than the row.
            revision, number = self.latest.get(row.id, (0, 0))
            return row, revision if number > before and revision > row.revision else row.revision

    def _heard(self, listening: bool) -> None:
        with self.lock:
            self.listening = listening
            self.epoch += 1
            self.latest.clear()
            self.rows.clear()

    def deliver(self, changes: Iterable[tuple[int, int]]) -> None:
        """Tell the streams of each changed game its new revision."""
        with self.lock:
            changes = list(changes)
            if self.listening:
                for game_id, revision in changes:  # in commit order: the last is the newest
                    self.heard += 1
                    self.latest[game_id] = (revision, self.heard)
                if len(self.latest) > KNOWN:
                    self.latest.clear()  # forget, and the rows that relied on it
                    self.rows.clear()
            targets = [(self.subscriptions.get(game_id, ()), revision)
                       for game_id, revision in changes]
            for subscriptions, revision in targets:
                for subscription in list(subscriptions):
                    subscription.offer(revision)

    def _busy(self) -> bool:
        """Whether any stream still watches; the loop stops (and restarts later) when not."""
        with self.lock:
            if self.stopping.is_set() or (not self.subscriptions
                                          and time.monotonic() >= self.polled_until):
                self.started = False
            return self.started

    def _run(self) -> None:
        postgres = self.engine.dialect.name == "postgresql"
        while self._busy():
            try:
                self._listen() if postgres else self._poll()
            except Exception as error:  # the database went away: catch up once it is back
                self._lost(error)
                self.stopping.wait(1)

    def _lost(self, error: Exception) -> None:
        """One log line per outage (not one per retry), as the rest of the app logs."""
        if not self.down:
            self.down = True
            first = (str(error).splitlines() or [type(error).__name__])[0][:300]
            log.error("live updates: lost the database (%s); retrying every second", first)

    def _back(self) -> None:
        if self.down:
            self.down = False
            log.warning("live updates: the database answers again")

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
            self._back()
            self.stopping.wait(TICK)

    def _listen(self) -> None:
        connection = _notification_connection(self.engine)
        try:
            connection.execute(f"LISTEN {CHANNEL}")
            # From here on every commit is heard: pollers may keep rows read from now on.
            self._heard(True)
            # Changes made while nobody listened (a first start, a lost connection).
            self.catch_up()
            self._back()
            while self._busy():
                for notice in connection.notifies(timeout=IDLE):
                    if self.stopping.is_set():
                        break
                    game_id, _space, revision = notice.payload.partition(" ")
                    self.deliver([(int(game_id), int(revision))])
        finally:
            self._heard(False)
            connection.close()


def _notification_connection(engine: Engine) -> Any:
    """A psycopg connection of its own, in autocommit, outside the engine's pool, with the
    engine's timeouts (companion.infra.storage.connect)."""
    connection = storage.connect(engine)
    connection.autocommit = True
    return connection


_watchers: dict[str, Watcher] = {}
_watchers_lock = threading.Lock()


_by_engine: dict[int, Watcher] = {}


def watcher(engine: Engine) -> Watcher:
    """This process's watcher of ``engine``'s database (a forked child starts its own)."""
    found = _by_engine.get(id(engine))
    if found is not None and found.engine is engine and found.pid == os.getpid():
        return found  # a poll asks for it on every request: skip rendering the URL
    key = engine.url.render_as_string(hide_password=False)
    with _watchers_lock:
        found = _watchers.get(key)
        if found is None or found.pid != os.getpid():
            found = _watchers[key] = Watcher(engine)
        if found.engine is engine:
            _by_engine[id(engine)] = found
        return found


class OpenStreams:
    """How many streams each client address holds open in this process (a worker)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.by_address: dict[str, int] = {}

    def open(self, address: str, most: int) -> bool:
        """Count one more stream of ``address``, unless it holds ``most`` already (0: no cap)."""
        with self.lock:
            held = self.by_address.get(address, 0)
            if most and held >= most:
                return False
            self.by_address[address] = held + 1
            return True

    def close(self, address: str) -> None:
        with self.lock:
            held = self.by_address.pop(address, 0) - 1
            if held > 0:
                self.by_address[address] = held


#: Set by :func:`end_streams` when this process shuts down: every stream ends, new ones at once.
_ending = threading.Event()


def end_streams() -> int:
    """This process is shutting down (a gunicorn worker told to stop, on a deploy or a restart):
    every open stream ends now, and one opened meanwhile ends after its first event. A stream
    never ends by itself, so otherwise each would hold its worker for the whole graceful
    timeout; its phone reconnects after :data:`RETRY_MS`, to a worker that stays. Returns how
    many streams were ended."""
    _ending.set()
    with _watchers_lock:
        watchers = list(_watchers.values())
    ended = 0
    for owner in watchers:
        with owner.lock:
            subscriptions = [one for watching in owner.subscriptions.values() for one in watching]
        for subscription in subscriptions:
            subscription.end()
        ended += len(subscriptions)
    return ended


def stop_watching(engine: Engine) -> None:
    """Stop this process's watcher of ``engine``'s database and forget it (an app that is
    done, a test's): no thread is left retrying a database that may be gone next."""
    key = engine.url.render_as_string(hide_password=False)
    with _watchers_lock:
        found = _watchers.pop(key, None)
        for number, known in list(_by_engine.items()):
            if known is found:
                del _by_engine[number]
    if found is not None:
        found.stop()
        if found.engine is not engine:
            # An earlier app's engine that only the watcher still held: close what its pool
            # keeps, rather than leave the connections to the garbage collector.
            found.engine.dispose()


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
            if subscription.ended:
                return
            yield b": keep-alive\n\n" if revision is None else event(revision)
    finally:
        owner.unsubscribe(subscription)
