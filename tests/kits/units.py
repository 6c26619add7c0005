"""A unit of work for tests that look at a write and keep nothing of it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress

from companion.services import work


class _Discarded(Exception):
    """Ends a unit of work without committing it."""


@contextmanager
def discarded() -> Iterator[None]:
    """A unit of work (companion.services.work) that rolls back when the block ends: what a
    write does can be looked at inside the block, and nothing of it is stored."""
    with suppress(_Discarded), work.unit():
        yield
        raise _Discarded
