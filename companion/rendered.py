"""Answers rendered once per revision and kept: sheet pages, group pages, a game's JSON.

A page of a game at one revision, in one language, through one kind of link, looks the same to
everybody, except for two things that belong to the person asking:

- the CSRF token in its forms (one per browser session), and
- messages flashed to that session (a round stored, an undo that can be taken back).

So each process keeps the rendered page with its CSRF token cut out (replaced by
:data:`CSRF_SLOT`, a random word nobody outside this process ever sees) and puts the asker's
token back in on every answer. A request with messages waiting, or anything else of its own,
is rendered in full and not kept (:func:`personal`). Every key names what the answer depends
on: the game's edit link (unique across databases) and revision, or a group's fingerprint; the
kind of link (edit or read-only); the language; and the address the app is served at (pages
carry absolute links) and was asked for. A new revision is a new key, so nothing stale is
served, and nothing is kept that another worker could contradict.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Hashable

from flask import current_app, g, request, session
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf

from .kept import Kept

#: Stands for the CSRF token in a kept page; random per process, never sent to anybody.
CSRF_SLOT = "csrf-slot-" + secrets.token_hex(16)
#: Pages kept per process (a sheet page of 20 rounds is about 30 kB).
KEPT_PAGES = 512
#: JSON answers kept per process (a game of 20 rounds is about 15 kB).
KEPT_JSON = 1024

_pages: Kept[str] = Kept(KEPT_PAGES)
_json: Kept[bytes] = Kept(KEPT_JSON)


def audience() -> tuple[str, str, bytes]:
    """What else than the data a page depends on: the language, the app's own address, and
    the query string (the language switch sends people back to the same address)."""
    return str(get_locale()), request.host_url, request.query_string


def personal() -> bool:
    """Whether this request's page shows something only its asker sees (flashed messages)."""
    return "_flashes" in session


def _token_name() -> str:
    return str(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))


def page(key: Hashable, render: Callable[[], str], *, keep: Callable[[], bool]) -> str:
    """The page kept for ``key`` with this asker's CSRF token, else ``render()``'s.

    A freshly rendered page is kept when ``keep()`` says so once it is rendered (the caller
    checks there that what it rendered is the state ``key`` names)."""
    found = _pages.find(key)
    if found is not None:
        return found.replace(CSRF_SLOT, generate_csrf()) if CSRF_SLOT in found else found
    html = render()
    if keep():
        token = g.get(_token_name())
        _pages.put(key, html.replace(token, CSRF_SLOT) if token else html)
    return html


def json_body(key: Hashable, make: Callable[[], bytes], *, keep: Callable[[], bool]) -> bytes:
    """The JSON body kept for ``key``, else ``make()``'s (kept when ``keep()`` says so)."""
    found = _json.find(key)
    if found is not None:
        return found
    body = make()
    if keep():
        _json.put(key, body)
    return body


def forget() -> None:
    """Drop every kept answer (benchmarks measure the first view with it)."""
    _pages.clear()
    _json.clear()
