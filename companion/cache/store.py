"""Small thread-safe least-recently-used stores for results derived from stored data, all
under one byte budget per app.

Keys must say everything the value depends on (for groups: a fingerprint that changes with
every stored change), so a kept value is never stale; each app of each process keeps its own
(companion.cache.stores). Every store counts its values against its app's one :class:`Budget`
(``COMPANION_KEPT_BYTES``): past it, the least recently used value of any store goes first,
so a flood of one kind (PDFs of long games) takes room from the others instead of adding to
them.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class Budget:
    """The bytes every store of a process may keep together, and the order in which their
    values were last used (the oldest, of whichever store, is dropped first)."""

    def __init__(self, most_bytes: int) -> None:
        self.most_bytes = most_bytes
        self.bytes = 0
        self.lock = threading.Lock()
        self.order: OrderedDict[tuple[Kept[Any], Hashable], None] = OrderedDict()

    def make_room(self) -> None:
        """Drop the least recently used values of any store until the budget holds them
        (called with the lock held)."""
        while self.bytes > self.most_bytes and self.order:
            store, key = next(iter(self.order))
            store.drop(key)

    def limit(self, most_bytes: int) -> None:
        """Set the budget (the app's KEPT_BYTES) and drop what no longer fits."""
        with self.lock:
            self.most_bytes = most_bytes
            self.make_room()


class Kept(Generic[V]):
    """At most ``size`` values, each costing what ``weigh`` says (bytes, or an estimate of
    them) against ``within``, the budget it shares; the least recently used go first."""

    def __init__(self, size: int, *, weigh: Callable[[V], int], within: Budget) -> None:
        self.size, self.weigh, self.budget = size, weigh, within
        self.bytes = 0
        self._values: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._values)

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept for ``key``, or ``make()``'s, kept from now on."""
        found = self.find(key)
        if found is not None:
            return found
        value = make()  # outside the lock: two first views may both derive, never block
        self.put(key, value)
        return value

    def find(self, key: Hashable) -> V | None:
        """The value kept for ``key`` (None: nothing kept)."""
        with self.budget.lock:
            found = self._values.get(key)
            if found is None:
                return None
            self._values.move_to_end(key)
            self.budget.order.move_to_end((self, key))
            return found[0]

    def put(self, key: Hashable, value: V) -> None:
        """Keep ``value`` for ``key``; the least recently used beyond ``size``, or beyond the
        budget, are dropped. A value larger than the whole budget is never kept."""
        cost = self.weigh(value)
        with self.budget.lock:
            if cost > self.budget.most_bytes:
                return
            self.drop(key)
            self._values[key] = (value, cost)
            self.budget.order[(self, key)] = None
            self.bytes += cost
            self.budget.bytes += cost
            while len(self._values) > self.size:
                self.drop(next(iter(self._values)))
            self.budget.make_room()

    def drop(self, key: Hashable) -> None:
        """Drop what is kept for ``key`` (called with the budget's lock held)."""
        old = self._values.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
            self.budget.bytes -= old[1]
            del self.budget.order[(self, key)]

    def forget(self, key: Hashable) -> None:
        """Drop what is kept for ``key``, if anything."""
        with self.budget.lock:
            self.drop(key)

    def clear(self) -> None:
        """Drop everything this store keeps."""
        with self.budget.lock:
            for key in list(self._values):
                self.drop(key)
