"""The one way an answer derived from a game's revision is kept: looked up by a key that names
the revision, else made, and kept only when what was made is exactly that revision.

A maker reads the game's sheet (``reading.sheet_at``), which may be newer than the revision
the request started from when a write landed in between: it says so by leaving
:attr:`Keeping.exact` False, and nothing is kept under a revision it does not show.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from companion.cache.store import Kept

V = TypeVar("V")


class Keeping(Generic[V]):
    """Where a value being made will be kept, and whether it may be."""

    def __init__(self, store: Kept[V], key: Hashable) -> None:
        self.store, self.key = store, key
        self.exact = False
        """Set by the maker: what it made shows exactly the state the key names."""
        self.kept = False

    def keep(self, value: V) -> None:
        """Keep ``value`` once, if it is exact. A drawing calls this when it is done, even
        after the request that asked for it gave up waiting (companion.infra.drawing.draw)."""
        if self.exact and not self.kept:
            self.kept = True
            self.store.put(self.key, value)


def per_revision(store: Kept[V], key: Hashable,
                 make: Callable[[Keeping[V]], V]) -> tuple[V, bool]:
    """The value ``store`` keeps for ``key``, else ``make``'s (kept when it is exact), and
    whether it shows exactly the revision ``key`` names."""
    found = store.find(key)
    if found is not None:
        return found, True
    keeping = Keeping(store, key)
    value = make(keeping)
    keeping.keep(value)
    return value, keeping.exact
