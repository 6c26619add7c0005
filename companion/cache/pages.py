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
from urllib.parse import urlencode

from flask import current_app, g, request, session
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf

from companion.cache import stores
from companion.cache.revisions import Keeping, per_revision

#: Stands for the CSRF token in a kept page; random per process, never sent to anybody.
CSRF_SLOT = "csrf-slot-" + secrets.token_hex(16)
#: The only query parameters a kept page depends on (a group's whole list); any other is
#: ignored, so ``?x=1``, ``?x=2``, … share one kept page.
KNOWN_QUERY = ("all",)


def host() -> str:
    """The app's own address as asked for, in one spelling: case, a trailing dot and the
    scheme's default port do not make another key."""
    scheme, _, name = request.host_url.rstrip("/").partition("://")
    name = name.lower().replace(".:", ":").rstrip(".")
    default = {"http": ":80", "https": ":443"}.get(scheme, "")
    if default and name.endswith(default):
        name = name[: -len(default)]
    return f"{scheme}://{name}/"


def known_query() -> str:
    """The query parameters a kept page depends on, in one order ("" for none)."""
    return urlencode([(name, request.args[name]) for name in KNOWN_QUERY
                      if name in request.args])


def here() -> str:
    """The address the language switch sends back to: this page with its parameters, or,
    on a page that is kept (shared by everyone asking with other parameters), its known ones."""
    if not g.get("keeping_page"):
        return request.full_path if request.query_string else request.path
    query = known_query()
    return f"{request.path}?{query}" if query else request.path


def audience() -> tuple[str, str, str]:
    """What else than the data a page depends on: the language, the app's own address, and
    the query parameters that change the page."""
    return str(get_locale()), host(), known_query()


def personal() -> bool:
    """Whether this request's page shows something only its asker sees (flashed messages)."""
    return "_flashes" in session


def _token_name() -> str:
    return str(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))


def page(key: Hashable, render: Callable[[Keeping[str]], str]) -> str:
    """The page kept for ``key`` with this asker's CSRF token, else ``render``'s, kept
    (:func:`companion.cache.revisions.per_revision`) when it says it is exactly the state
    ``key`` names."""

    def cut_out_token(keeping: Keeping[str]) -> str:
        g.keeping_page = True
        html = render(keeping)
        token = g.get(_token_name())
        return html.replace(token, CSRF_SLOT) if token else html

    found = per_revision(stores.pages, key, cut_out_token)[0]
    return found.replace(CSRF_SLOT, generate_csrf()) if CSRF_SLOT in found else found


def json_body(key: Hashable, make: Callable[[Keeping[bytes]], bytes]) -> bytes:
    """The JSON body kept for ``key``, else ``make``'s (kept when it says it is exact)."""
    return per_revision(stores.answers, key, make)[0]
