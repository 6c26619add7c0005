"""Drawing off the event loop: PDFs and pictures in a small pool of processes per worker.

A filled sheet or the standings picture is seconds of CPU work at worst (a 2,000-round sheet,
six names of family emoji). Under gevent a worker serves all its connections in one thread,
so a drawing done there would stop every other request of that worker until it is done.
Each worker therefore hands its drawings to a pool of ``DRAWING_PROCESSES`` processes of its
own, started with its first drawing by ``spawn`` (a fresh interpreter: no copy of the
worker's sockets, database connections or gevent hub), and waits for the result on the
executor's future, whose lock gevent has patched: the other requests run meanwhile.

Bounded: at most ``DRAWING_WAITING`` drawings per worker wait or draw at once (one more gets
503 at once), and each must be done within ``DRAWING_SECONDS`` of being asked for, its wait
included (else 503 with ``Retry-After``). A drawing that missed its deadline still runs to its
end, and ``on_done`` keeps its result: the request sent again finds it kept.

``DRAWING_PROCESSES = 0`` draws in the request's own process (a development server, tests).
The executor is imported when the first pool is made, never when this module is: gunicorn's
master imports the app's modules before gevent patches a worker (gunicorn.conf.py), and
the executor must be built on the patched threading and select.
"""

from __future__ import annotations

import atexit
import copyreg
import importlib
import os
import pickle
import shutil
import tempfile
import threading
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Generic, TypeVar, cast

from flask import current_app
from flask_babel import gettext

from companion.refusals import Kind, ServiceError

T = TypeVar("T")


def read_only(items: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(items)


def _read_only(mapping: MappingProxyType[Any, Any]) -> tuple[Any, tuple[dict[Any, Any]]]:
    return read_only, (dict(mapping),)


# A sheet keeps its tallies read-only (companion.scoring.sheet); a pool process is sent a copy.
copyreg.pickle(MappingProxyType, _read_only)
TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"


class Drawer(Generic[T]):
    """A drawing function by the package that exports it and its name. The worker that asks
    for a drawing sends only the name, so the drawing code (reportlab, Pillow, fontTools) is
    imported by the process that draws, and never slows a worker's start (companion.infra.lazy).
    Looked up on the package each time: a test may put a spy there."""

    def __init__(self, package: str, name: str) -> None:
        self.package, self.name = package, name

    def load(self) -> Callable[..., T]:
        return cast(Callable[..., T], getattr(importlib.import_module(self.package), self.name))

    def __call__(self, *args: Any) -> T:
        return self.load()(*args)


BLANK_SHEET: Drawer[bytes] = Drawer("companion.pdf", "blank_sheet")
GAME_SHEET: Drawer[bytes] = Drawer("companion.pdf", "game_sheet")
STANDINGS: Drawer[bytes] = Drawer("companion.png", "standings_png")


class DrawingBusy(ServiceError):
    """The drawing was refused (too many waiting) or missed its deadline: a refusal for now,
    answered as the companion being busy (companion.http_answers.drawing_busy): try again later."""

    kind = Kind.UNAVAILABLE


class Translator:
    """``gettext`` of one language that a pool process can be sent (a plain object, not the
    request's bound function); the process loads the catalogue once."""

    def __init__(self, language: str) -> None:
        self.language = language

    def __call__(self, text: str) -> str:
        return str(_catalogue(self.language).ugettext(text))


@cache
def _catalogue(language: str) -> Any:
    from babel.support import Translations

    return Translations.load(str(TRANSLATIONS), [language], "messages")


def translate(language: str) -> Callable[[str], str]:
    """What a drawing translates with: the request's own ``gettext`` when it draws in this
    process (a forced locale applies), else a :class:`Translator` of ``language``."""
    if int(current_app.config["DRAWING_PROCESSES"]) == 0:
        return gettext
    return Translator(language)


#: How much less CPU a drawing process asks for than the workers (``nice``): when both want
#: the cores, the requests of every worker go first and the drawings take what is left.
NICENESS = 10


def _warm() -> None:
    """A pool process steps back (see NICENESS) and imports the drawing code once, before its
    first drawing."""
    os.nice(NICENESS)
    for drawer in (BLANK_SHEET, GAME_SHEET, STANDINGS):
        drawer.load()


def _drawn_from_files(work: Callable[..., Any], given: str, folder: str) -> str:
    """In a pool process: ``work`` of the arguments in the file ``given``; returns the file
    its result is in."""
    with open(given, "rb") as file:
        args = pickle.load(file)
    os.unlink(given)
    result = work(*args)
    descriptor, made = tempfile.mkstemp(dir=folder, suffix=".out")
    with os.fdopen(descriptor, "wb") as file:
        pickle.dump(result, file)
    return made


def _taken(path: str) -> Any:
    with open(path, "rb") as file:
        found = pickle.load(file)
    os.unlink(path)
    return found


class _Pool:
    """One worker's processes, the count of the drawings it has accepted, and the folder
    their arguments and results pass through.

    Only file names go through the executor's pipes. Its queue's feeder writes to a pipe
    with a blocking ``os.write``, which gevent does not make cooperative: the arguments of a
    long game (megabytes) would fill the pipe while the process is busy drawing, and stop
    the whole worker until the process read them."""

    def __init__(self, processes: int, waiting: int) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        self.pid = os.getpid()
        self.processes, self.waiting = processes, waiting
        self.folder = tempfile.mkdtemp(prefix="companion-drawings-")
        self.executor = ProcessPoolExecutor(
            processes, mp_context=multiprocessing.get_context("spawn"), initializer=_warm)
        self.slots = threading.BoundedSemaphore(waiting)
        # Its processes end with the worker; nothing waits for drawings nobody will read.
        atexit.register(self.close)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
        shutil.rmtree(self.folder, ignore_errors=True)


_pool: dict[str, _Pool] = {}
_pool_lock = threading.Lock()


def _current(processes: int, waiting: int) -> _Pool:
    with _pool_lock:
        found = _pool.get("pool")
        if found is None or found.pid != os.getpid() or (
                found.processes, found.waiting) != (processes, waiting):
            if found is not None and found.pid == os.getpid():
                found.executor.shutdown(wait=False)  # other settings (a test's)
            found = _pool["pool"] = _Pool(processes, waiting)
        return found


def _broken() -> DrawingBusy:
    """A process died (killed, out of memory): the next drawing starts a new pool."""
    with _pool_lock:
        _pool.pop("pool", None)
    return DrawingBusy("the pool of drawings broke")


class _Outcome:
    """What a drawing came to, once its process is done (set by the executor's thread)."""

    def __init__(self) -> None:
        self.ready = threading.Event()
        self.value: Any = None
        self.error: BaseException | None = None


def draw(work: Callable[..., T], *args: Any,
         on_done: Callable[[T], None] | None = None) -> T:
    """``work(*args)`` drawn in this worker's pool (or here, with ``DRAWING_PROCESSES = 0``);
    ``on_done`` is given the result, also when it comes after the deadline. Raises
    :class:`DrawingBusy` when refused or late."""
    config = current_app.config
    processes = int(config["DRAWING_PROCESSES"])
    if processes == 0:
        result = work(*args)
        if on_done is not None:
            on_done(result)
        return result
    pool = _current(processes, int(config["DRAWING_WAITING"]))
    if not pool.slots.acquire(blocking=False):
        raise DrawingBusy("too many drawings waiting")
    outcome = _Outcome()

    def finished(done: Any) -> None:
        pool.slots.release()
        try:
            outcome.value = _taken(done.result())
            if on_done is not None:
                on_done(outcome.value)
        except BaseException as error:  # the drawing's own, or a broken pool's
            outcome.error = error
        outcome.ready.set()

    descriptor, given = tempfile.mkstemp(dir=pool.folder, suffix=".in")
    with os.fdopen(descriptor, "wb") as file:
        pickle.dump(args, file)
    try:
        pool.executor.submit(_drawn_from_files, work, given, pool.folder).add_done_callback(
            finished)
    except RuntimeError:  # BrokenProcessPool
        pool.slots.release()
        raise _broken() from None
    if not outcome.ready.wait(float(config["DRAWING_SECONDS"])):
        raise DrawingBusy("the drawing missed its deadline")  # kept when done (on_done)
    from concurrent.futures.process import BrokenProcessPool

    if isinstance(outcome.error, BrokenProcessPool):
        raise _broken() from None
    if outcome.error is not None:
        raise outcome.error
    return cast(T, outcome.value)


#: Seconds a client is asked to wait before it asks for a refused or late drawing again.
RETRY_SECONDS = 10

