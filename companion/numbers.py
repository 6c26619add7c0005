"""Whole numbers typed by people or sent in links: ASCII digits only, and not too many.

``str.isdigit`` also accepts "²" and "①", which ``int`` refuses, and ``int`` refuses texts
of more than 4,300 digits: both used to reach a 500. Everything that reads a number from a
form or a query string goes through here.
"""

from __future__ import annotations

import re

DIGITS = re.compile(r"[0-9]{1,9}")
#: A whole number with a sign as people type it: "-10", "+5", "−10" (a typographic minus).
#: Up to 4,000 digits, under ``int``'s limit, so that any number a person can type is read
#: and named for what it is (too large, negative), not refused as "not a number".
SIGNED = re.compile(r"([-+\u2212]?)([0-9]{1,4000})")


def whole_number(text: str | None) -> int | None:
    """The number ``text`` spells in ASCII digits (spaces around allowed), else None.

    >>> whole_number(" 35 "), whole_number("²"), whole_number("-5"), whole_number("1" * 5000)
    (35, None, None, None)
    """
    if text is None:
        return None
    stripped = text.strip()
    return int(stripped) if DIGITS.fullmatch(stripped) else None


def signed_number(text: str | None) -> int | None:
    """The number ``text`` spells in ASCII digits with an optional sign, else None.

    >>> signed_number(" -10 "), signed_number("\u221210"), signed_number("1" * 20) == int("1" * 20)
    (-10, -10, True)
    >>> signed_number("3.5"), signed_number("²"), signed_number("1" * 5000)
    (None, None, None)
    """
    match = SIGNED.fullmatch((text or "").strip())
    if match is None:
        return None
    sign, digits = match.groups()
    return -int(digits) if sign in ("-", "\u2212") else int(digits)
