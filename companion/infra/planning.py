"""Planning off the event loop: a hand searched for a lay-down, its outs, the phases ranked.

Under gunicorn's gevent workers a worker serves all its connections as greenlets of one
thread, so a request that computes holds every other request of its worker until it is done.
A plan is pure Python and short (a tenth of a second for the hardest hands measured), too
short to be worth a process of the drawing pool (companion.infra.drawing), whose arguments are
pickled: it runs in one of the gevent hub's native threads instead. The greenlet that asked
waits for it; the event loop goes on, and the other greenlets get the interpreter whenever
the planning thread hands it over (every 5 ms). The work runs with a copy of the asking
greenlet's context, so it sees the same request (its language) and app. What the work raises
(a hand beyond the deck: a refusal, 400) comes back to the greenlet as a value and is raised
there: gevent's pool would otherwise print its traceback to the error log on every refusal.

Where gevent has not patched threading (the development server, tests, a command) the work
runs in place.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from typing import Any, TypeVar

from companion.infra.green import patched

T = TypeVar("T")


def off_the_loop(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)``, in a native thread of the gevent hub when there is one."""
    if not patched("threading"):
        return work(*args)
    from gevent import get_hub

    context = contextvars.copy_context()
    done: list[T] = []

    def run() -> Exception | None:
        try:
            done.append(context.run(work, *args))
        except Exception as error:  # raised below, in the asking greenlet
            return error
        return None

    error = get_hub().threadpool.apply(run)
    if error is not None:
        raise error
    return done[0]
