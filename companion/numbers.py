"""Whole numbers typed by people or sent in links: ASCII digits only, and not too many.

``str.isdigit`` also accepts "²" and "①", which ``int`` refuses, and ``int`` refuses texts
of more than 4,300 digits: both used to reach a 500. Everything that reads a number from a
form or a query string goes through here.
"""

from __future__ import annotations

import re

DIGITS = re.compile(r"[0-9]{1,9}")


def whole_number(text: str | None) -> int | None:
    """The number ``text`` spells in ASCII digits (spaces around allowed), else None.

    >>> whole_number(" 35 "), whole_number("²"), whole_number("-5"), whole_number("1" * 5000)
    (35, None, None, None)
    """
    if text is None:
        return None
    stripped = text.strip()
    return int(stripped) if DIGITS.fullmatch(stripped) else None
