"""Whether this process runs under gevent: gunicorn's gevent worker patches the standard
library (sockets, threads, select) as it starts; the development server, the tests and the
commands run unpatched."""

from __future__ import annotations

import contextvars
import sys
import time
from collections.abc import Callable
from typing import TypeVar


def patched(module: str) -> bool:
    """Whether gevent has patched the standard library's ``module`` in this process."""
    monkey = sys.modules.get("gevent.monkey")
    return bool(monkey is not None and monkey.is_module_patched(module))


class Turns:
    """Long work in a request that lets the worker's other requests have their turn.

    Under gevent every request of a worker is a greenlet of one thread: a request that
    computes for a second holds all the others for that second. Work that calls a ``Turns``
    between its steps (a game of an import, a hundred of its rounds) steps aside whenever
    ``every`` seconds have passed since it last did: the event loop then polls the sockets
    and serves whatever is ready before the work goes on. Without gevent it does nothing.

    Never call it while a write holds SQLite's lock (companion.infra.storage.begin_write): another
    request of the same worker could then wait for that lock inside SQLite, which blocks the
    whole worker.
    """

    def __init__(self, every: float = 0.01) -> None:
        self.every = every
        self.green = patched("socket")
        self.since = time.perf_counter()

    def __call__(self) -> None:
        if not self.green or time.perf_counter() - self.since < self.every:
            return
        import gevent

        # A timer, not sleep(0): sleep(0) may come back before the loop polls the sockets.
        gevent.sleep(0.0001)
        self.since = time.perf_counter()


T = TypeVar("T")


def in_thread(work: Callable[[], T]) -> T:
    """``work()`` in a native thread of the gevent hub, the asking greenlet waiting for it
    while the event loop serves the others; in place where gevent has not patched threading.

    For a call that blocks inside C with the interpreter let go (SQLite's statements: a
    write that must not be interrupted, see :class:`Turns`): the loop goes on meanwhile.
    The work runs with a copy of the greenlet's context (the same request and app)."""
    if not patched("threading"):
        return work()
    from gevent import get_hub

    context = contextvars.copy_context()
    result: T = get_hub().threadpool.apply(context.run, (work,))
    return result
