"""What a log line may say: never a game's, group's or house rules' edit or view key.

A key is a capability (``companion.models.new_key``: 43 URL-safe characters) and travels in
request paths and, as the Referer, in the headers: whoever reads a line holding an edit key
can edit that game. :func:`install` makes every log record of the process say a short digest
instead (``key~1a2b3c4d5e``): gunicorn's access and error logs, Flask's, the app's own, the
development server's. Lines about one game still read as one game; none gives its key.

A record is changed as it is made (the logging module's record factory), so every handler
(gunicorn's files, stderr, a test's capture) gets the same redacted line, and a record a
level filters out costs nothing. Standard library only: gunicorn.conf.py installs it in
the master, before any worker forks.

>>> redact("GET /games/" + "k" * 43 + "/round HTTP/1.1")
'GET /games/key~a0484a6185/round HTTP/1.1'
"""

from __future__ import annotations

import hashlib
import logging
import traceback
from typing import Any
from urllib.parse import unquote

import regex

#: A run of URL-safe characters long enough to be a key (32: 192 bits; every key is 43), with
#: percent-escapes counted in, so a key spelled ``%41bc…`` is caught as well. Words, file
#: names and numbers are far shorter.
_KEY = regex.compile(r"(?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2}){32,}")


def _digest(found: regex.Match[str]) -> str:
    token = unquote(found.group())
    return "key~" + hashlib.sha256(token.encode()).hexdigest()[:10]


def redact(text: str) -> str:
    """``text`` with anything that could be a key replaced by its digest."""
    return _KEY.sub(_digest, text)


def redacted(record: logging.LogRecord) -> logging.LogRecord:
    """``record`` with its message, traceback and stack redacted (formatted once, here)."""
    try:
        message = record.getMessage()
    except Exception:  # noqa: BLE001  a wrong format is the handler's to report, as ever
        return record
    clean = redact(message)
    if clean != message:
        record.msg, record.args = clean, None
    if record.exc_info and record.exc_info[1] is not None and not record.exc_text:
        text = "".join(traceback.format_exception(*record.exc_info)).rstrip("\n")
        record.exc_text = redact(text)
    if record.stack_info:
        record.stack_info = redact(record.stack_info)
    return record


def install() -> None:
    """Redact every log record made from now on in this process (once, however often
    called: each app the process builds calls it)."""
    made = logging.getLogRecordFactory()
    if getattr(made, "redacts", False):
        return

    def record(*args: Any, **kwargs: Any) -> logging.LogRecord:
        return redacted(made(*args, **kwargs))

    record.redacts = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(record)
