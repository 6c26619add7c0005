"""Error pages and JSON errors: bad input never becomes a 500."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import Flask, Response, jsonify, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from .extensions import db


def wants_json() -> bool:
    return request.path.startswith("/api/")


def json_error(status: int, message: str, details: Sequence[object] = (),
               **extra: Any) -> Response:
    """The API's error shape: ``{"error": sentence, "details": [...]}`` plus ``extra`` fields."""
    response = jsonify({"error": message, "details": list(details), **extra})
    response.status_code = status
    return response


MESSAGES = {
    400: _l("The request could not be understood."),
    404: _l("There is nothing here: check the link."),
    405: _l("This address does not take that kind of request."),
    408: _l("The request took too long to arrive. Check the connection and try again."),
    413: _l("The request is too large."),
    415: _l("Send the request as JSON (Content-Type: application/json)."),
    429: _l("Too many requests from your address. Wait a minute and try again."),
}


def register(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_failed(error: CSRFError):  # type: ignore[no-untyped-def]
        message = _("The form had expired or came from elsewhere. Reload the page and try again.")
        if wants_json():
            return json_error(400, message)
        return render_template("error.html", message=message, status=400), 400

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):  # type: ignore[no-untyped-def]
        status = error.code or 500
        message = str(MESSAGES.get(status) or _("Something went wrong."))
        if wants_json():
            return json_error(status, message)
        return render_template("error.html", message=message, status=status), status

    @app.errorhandler(500)
    def server_error(error: Exception):  # type: ignore[no-untyped-def]
        db.session.rollback()
        message = _("Something went wrong on our side. Your last change was not stored.")
        if wants_json():
            return json_error(500, message)
        return render_template("error.html", message=message, status=500), 500
