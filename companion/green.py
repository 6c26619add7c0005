"""Whether this process runs under gevent: gunicorn's gevent worker patches the standard
library (sockets, threads, select) as it starts; the development server, the tests and the
commands run unpatched."""

from __future__ import annotations

import sys


def patched(module: str) -> bool:
    """Whether gevent has patched the standard library's ``module`` in this process."""
    monkey = sys.modules.get("gevent.monkey")
    return bool(monkey is not None and monkey.is_module_patched(module))
