"""Phones with other browser settings than the ``pages`` fixture's: another language
(``locale`` sets navigator.language and the Accept-Language header) or dark mode
(``color_scheme``). Their script errors fail the test just the same."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.kits.browser import PHONE, ScriptErrors, service_workers


@contextmanager
def phone_factory(browser: Any, errors: ScriptErrors, request: pytest.FixtureRequest,
                  **defaults: Any) -> Iterator[Callable[..., Any]]:
    """Yields ``make(**options)``: a 390 px touch phone in a fresh context with ``defaults``
    and ``options`` on top. Closes them afterwards, then fails on any script error (unless
    the test is an expected failure)."""
    opened: list[Any] = []

    def make(**options: Any) -> Any:
        settings: dict[str, Any] = {"locale": "en-GB", "viewport": PHONE,
                                    "device_scale_factor": 2, "is_mobile": True,
                                    "has_touch": True, "service_workers": service_workers(request)}
        context = browser.new_context(**(settings | defaults | options))
        opened.append(context)
        # Pages the test opens later in this context (a second tab) are watched too.
        context.on("page", errors.watch)
        return context.new_page()

    yield make
    for context in opened:
        context.close()
    if request.node.get_closest_marker("xfail") is None:
        assert not errors, "script errors:\n" + "\n".join(errors)
