"""One unit of work per use case: the one place a write commits or rolls back.

A use case that writes runs inside :func:`unit`::

    with work.unit():
        sheet = games.record_round(game, new)

Everything the use case flushes is committed when the block ends, or rolled back when it
raises (and the error goes on to the caller, who answers it). Views, the API and error
handlers never call ``commit()`` or ``rollback()`` themselves. A unit opened inside another
joins it: the outer one commits once.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from companion.extensions import db

_OPEN = "unit_of_work_open"


@contextmanager
def unit() -> Iterator[None]:
    """Commit what the block wrote, or roll it back when the block raises."""
    session = db.session()
    if session.info.get(_OPEN):
        yield  # inside another use case's unit: that one commits
        return
    session.info[_OPEN] = True
    try:
        yield
    except BaseException:
        session.info.pop(_OPEN, None)
        session.rollback()
        raise
    session.info.pop(_OPEN, None)
    session.commit()


def is_open() -> bool:
    """Whether a use case's unit is open in this session (its write is under way)."""
    return bool(db.session().info.get(_OPEN))
