"""The languages the site speaks."""

from __future__ import annotations

from pathlib import Path

from companion import config

ROOT = Path(__file__).parents[2]


LANGUAGES = list(config.defaults(str(ROOT / "instance"))["LANGUAGES"])
