"""URL builders compiled once per process, whatever the number of apps in it.

When an app adds a URL rule, werkzeug writes two small Python functions that build the rule's
URLs (``url_for``) and compiles them. For this app's rules that is a sizeable share of
``create_app``, paid again by every gunicorn worker, every CLI call and, in a test process, by
each of hundreds of apps. A builder depends only on the rule itself (its text, its parsed parts
and the names of its defaults), not on the app it belongs to, and its code reads the rule's
converters through the rule it is bound to: :class:`KeptRule` keeps each builder per process
under those, and every rule binds its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from werkzeug.routing import Rule

#: (rule, parts, default names, append_unknown) → the unbound builder werkzeug compiled.
_builders: dict[tuple[Any, ...], Callable[..., tuple[str, str]]] = {}


class KeptRule(Rule):
    """werkzeug's rule, whose builders are compiled once per process (``app.url_rule_class``)."""

    def _compile_builder(self, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        trace = getattr(self, "_trace", None)
        defaults = self.defaults or {}
        if trace is None or any(dynamic and part in defaults for dynamic, part in trace):
            # A default converted into the code itself: its value shapes the builder. Rare;
            # compiled as werkzeug does.
            return super()._compile_builder(append_unknown)
        key = (self.rule, tuple(trace), tuple(str(name) for name in defaults), append_unknown)
        builder = _builders.get(key)
        if builder is None:
            builder = _builders[key] = super()._compile_builder(append_unknown)
        return builder
