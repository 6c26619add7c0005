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
    """At most ``size`` values and, when ``weigh`` says what a value costs, at most
    ``most_bytes`` in all; the least recently used dropped first."""

    def __init__(self, size: int, *, most_bytes: int | None = None,
                 weigh: Callable[[V], int] | None = None) -> None:
        self.size, self.most_bytes, self.weigh = size, most_bytes, weigh
        self.bytes = 0
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def _cost(self, value: V) -> int:
        return self.weigh(value) if self.weigh is not None else 0

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
        cost = self._cost(value)
        if self.most_bytes is not None and cost > self.most_bytes:
            return  # larger than the whole store: never kept
        with self._lock:
            old = self._values.pop(key, None)
            if old is not None:
                self.bytes -= self._cost(old)
            self._values[key] = value
            self.bytes += cost
            while len(self._values) > self.size or (
                    self.most_bytes is not None and self.bytes > self.most_bytes):
                self.bytes -= self._cost(self._values.popitem(last=False)[1])

    def forget(self, key: Hashable) -> None:
        """Drop what is kept for ``key``, if anything."""
        with self._lock:
            old = self._values.pop(key, None)
            if old is not None:
                self.bytes -= self._cost(old)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()
            self.bytes = 0
