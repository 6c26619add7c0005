"""A small thread-safe least-recently-used store for results derived from stored data.

Keys must say everything the value depends on (for groups: a fingerprint that changes with
every stored change), so a kept value is never stale; each process keeps its own.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    """At most ``size`` values, the least recently used dropped first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

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
        with self._lock:
            found = self._values.get(key)
            if found is not None:
                self._values.move_to_end(key)
            return found

    def put(self, key: Hashable, value: V) -> None:
        """Keep ``value`` for ``key``; the least recently used beyond ``size`` are dropped."""
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()
