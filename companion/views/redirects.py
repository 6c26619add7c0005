"""Where a page sends the browser after a form's change."""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from flask import redirect, url_for
from werkzeug import Response


def see_other(endpoint: str, **values: Any) -> Response:
    """The page to look at next: 303 See Other, so that the browser asks for it with GET
    (post/redirect/get)."""
    return redirect(url_for(endpoint, **values), HTTPStatus.SEE_OTHER)
