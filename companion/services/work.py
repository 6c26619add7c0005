"""One unit of work per use case: the one place a write commits or rolls back.

A use case that writes runs inside :func:`unit`::

    with work.unit():
        sheet = games.record_round(game, new)

Everything the use case flushes is committed when the block ends, or rolled back when it
raises (and the error goes on to the caller, who answers it). Views, the API and error
handlers never call ``commit()`` or ``rollback()`` themselves (tests/project/test_units.py
fails where they do). A unit opened inside another joins it: the outer one commits once.

A write can ask its unit for more, in the open, where the write is made:

- :func:`before_commit`: work done once when the block ends, before the commit, in the same
  transaction (what a write to a game also keeps, companion.services.kept: records,
  head-to-head; once per unit however many rounds an import adds);
- :func:`after_commit`: work done once the commit succeeded, and only then (the sheets a
  write made join the process's cache, companion.cache.sheets).

Each is registered under a key: registering the same key again in one unit keeps the first
registration. A rolled-back unit runs neither. Asking outside a unit is a mistake (a write
nobody commits), and raises.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy.exc import DBAPIError

from companion.infra.extensions import db

_OPEN = "unit_of_work"
T = TypeVar("T")


@dataclass
class _Unit:
    """What the open unit runs when its block ends: before the commit, and after it."""

    before: dict[Hashable, Callable[[], None]] = field(default_factory=dict)
    after: dict[Hashable, Callable[[], None]] = field(default_factory=dict)
    held: dict[Hashable, Any] = field(default_factory=dict)


@contextmanager
def unit() -> Iterator[None]:
    """Commit what the block wrote, or roll it back when the block raises."""
    session = db.session()
    if session.info.get(_OPEN) is not None:
        yield  # inside another use case's unit: that one commits
        return
    opened = session.info[_OPEN] = _Unit()
    try:
        yield
        _run(opened.before)
    except BaseException:
        session.info.pop(_OPEN, None)
        with suppress(DBAPIError):  # the connection is gone, and its transaction with it
            session.rollback()
        raise
    session.info.pop(_OPEN, None)
    session.commit()
    _run(opened.after)


def _run(actions: dict[Hashable, Callable[[], None]]) -> None:
    """Run every action, also those an action registers meanwhile, each once."""
    done: set[Hashable] = set()
    while pending := [key for key in actions if key not in done]:
        for key in pending:
            done.add(key)
            actions[key]()


def _open() -> _Unit:
    opened = db.session().info.get(_OPEN)
    if not isinstance(opened, _Unit):
        raise RuntimeError("a write outside a unit of work: run it inside `with work.unit():`")
    return opened


def before_commit(key: Hashable, action: Callable[[], None]) -> None:
    """Run ``action`` when the open unit's block ends, before it commits (once per ``key``)."""
    _open().before.setdefault(key, action)


def after_commit(key: Hashable, action: Callable[[], None]) -> None:
    """Run ``action`` once the open unit has committed (once per ``key``)."""
    _open().after.setdefault(key, action)


def held(key: Hashable, make: Callable[[], T]) -> T:
    """What the open unit holds under ``key`` for its actions (made by ``make`` on the first
    ask): it ends with the unit, committed or rolled back."""
    opened = _open()
    if key not in opened.held:
        opened.held[key] = make()
    found: T = opened.held[key]
    return found


def is_open() -> bool:
    """Whether a unit of work is open (what is read now may be about to change)."""
    return isinstance(db.session().info.get(_OPEN), _Unit)
