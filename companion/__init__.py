"""Phase 10 Companion: score sheet, board-game track, printable sheets and rules checker.

``companion.rules`` and ``companion.scoring`` are pure and load neither Flask nor SQLAlchemy;
the web app is built only when ``create_app`` is called.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: defaults, instance/config.py, the environment, then ``test_config``."""
    from companion.app import build

    return build(test_config)
