"""Home page and the language switch."""

from __future__ import annotations

from http import HTTPStatus
from urllib.parse import urlsplit

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from companion.display.starts import starts
from companion.i18n import LANGUAGE_COOKIE

bp = Blueprint("main", __name__)


@bp.get("/")
def home() -> str:
    """Start a game, the checker or a blank sheet, or resume a recent game."""
    return render_template("home.html", starts=starts())


def _local(target: str | None) -> str:
    """Only same-site paths are followed after the switch (no open redirect)."""
    if not target or not target.startswith("/") or target.startswith("//"):
        return url_for("main.home")
    parts = urlsplit(target)
    return parts.path + (f"?{parts.query}" if parts.query else "")


@bp.post("/language")
def set_language() -> Response:
    """Remember the chosen language in a cookie and go back."""
    response = redirect(_local(request.form.get("next")), HTTPStatus.SEE_OTHER)
    lang = request.form.get("lang")
    if lang is not None and lang in current_app.config["LANGUAGES"]:
        response.set_cookie(LANGUAGE_COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax",
                            secure=request.is_secure)
    return response
