"""Packages whose heavy code loads when it is first used, not when the package is imported.

The drawing packages (``companion.pdf``, ``companion.png``) stand on reportlab, Pillow and
fontTools, a fifth of a worker's start-up. The web layer names their light parts (options,
words, paper names) at import time but draws in other processes (``companion.infra.drawing``), so
the packages export their drawing functions through :func:`exports` (PEP 562): the module
that defines a name is imported when the name is first asked for, then kept.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def exports(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A ``__getattr__`` for ``package`` that takes each name of ``where`` from the submodule
    it maps to."""

    def __getattr__(name: str) -> Any:  # noqa: N807  (the module hook's own name)
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
