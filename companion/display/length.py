"""A game's length as pages show it: clock times and "1 hr 33 min" in the page's language.

Times are written in UTC (all the server knows) inside ``<time datetime=…>``; static/local-time.js
shows them in the phone's own time zone."""

from __future__ import annotations

from datetime import timedelta

from babel.dates import format_timedelta
from flask_babel import get_locale


def duration(seconds: int, locale: str | None = None) -> str:
    """Hours and minutes in ``locale`` (by default the page's language): "1 hr 33 min",
    "1 Std., 33 Min."; seconds only under a minute."""
    locale = locale or str(get_locale() or "en")

    def part(delta: timedelta) -> str:
        # A number stays on one line with its unit ("20 Min." does not break at 390 px).
        text = format_timedelta(delta, threshold=1, format="short", locale=locale)
        return text.replace(" ", "\u00a0")

    if seconds < 60:
        return part(timedelta(seconds=seconds))
    hours, minutes = divmod(seconds // 60, 60)
    parts = [part(timedelta(hours=hours))] if hours else []
    if minutes or not hours:
        parts.append(part(timedelta(minutes=minutes)))
    return " ".join(parts)
