"""The registry of editions: one :class:`Edition` object per edition, found by its key.

The built-in editions are the modules of this package; each defines ``EDITION``. Tests may
:func:`register` more.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from companion.editions.base import Edition, PhaseTable
from companion.refusals import N_
from companion.rules.errors import PhaseError
from companion.rules.solver import plan

_REGISTRY: dict[str, Edition] = {}
Resolver = Callable[[str], "Edition | None"]
_resolvers: ContextVar[tuple[Resolver, ...]] = ContextVar("edition_resolvers", default=())
"""Where keys the registry does not hold are looked up: the current app's (house rules stored
in its database, companion.services.editions), set while one of its contexts is pushed
(:func:`resolving`, companion.app)."""

DEFAULT_KEY = "original"
"""The edition a form or request means when it names none: the card game everybody knows."""


def register(edition: Edition) -> Edition:
    """Adds ``edition``; a second edition with the same key, or a phase the rules engine cannot
    check, is refused."""
    if edition.key in _REGISTRY and _REGISTRY[edition.key] is not edition:
        raise ValueError(f"two editions have the key {edition.key!r}")
    plan(edition.phases)  # refuses a phase the solver has no strategy for
    _REGISTRY[edition.key] = edition
    return edition


def unregister(edition: Edition) -> None:
    """Removes an edition again (for tests that register one of their own)."""
    if _REGISTRY.get(edition.key) is edition:
        del _REGISTRY[edition.key]


def all_editions() -> tuple[Edition, ...]:
    """Every registered edition, in the order forms list them."""
    return tuple(sorted(_REGISTRY.values(), key=lambda edition: (edition.order, edition.key)))


def keys() -> tuple[str, ...]:
    return tuple(edition.key for edition in all_editions())


def get(key: object) -> Edition:
    """The edition called ``key`` (case and spaces ignored); PhaseError names the choices.

    >>> get(" Masters").key
    'masters'
    """
    if isinstance(key, Edition):
        return key
    if isinstance(key, str) and key.strip().lower() in _REGISTRY:
        return _REGISTRY[key.strip().lower()]
    if isinstance(key, str) and key.strip():
        for resolve in _resolvers.get():
            found = resolve(key.strip())
            if found is not None:
                return found
    raise PhaseError("“%(edition)s” is not an edition: choose %(choices)s",
                     edition=key, choices=", ".join(keys()))


@contextmanager
def resolving(resolvers: Iterable[Resolver]) -> Iterator[None]:
    """Within the block, :func:`get` asks ``resolvers`` for a key the registry does not hold."""
    token = _resolvers.set(tuple(resolvers))
    try:
        yield
    finally:
        _resolvers.reset(token)


def default() -> Edition:
    return _REGISTRY[DEFAULT_KEY]


def _load_builtin() -> None:
    for module in pkgutil.iter_modules(__path__):
        if module.name not in ("base", "house", "words"):  # the modules that are no edition
            register(importlib.import_module(f"{__name__}.{module.name}").EDITION)


_load_builtin()

__all__ = ["DEFAULT_KEY", "Edition", "N_", "PhaseTable", "all_editions",
           "default", "get", "keys", "register", "resolving", "unregister"]
