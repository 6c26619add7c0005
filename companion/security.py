"""Security headers, and HTTPS behind a proxy: Secure cookies and HSTS when served over TLS."""

from __future__ import annotations

from flask import Flask, Response, current_app, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix

HEADERS = {
    # Scripts only from our own files; inline style attributes carry player colours.
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "style-src 'self' 'unsafe-inline'; script-src 'self'; "
                               "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
                               "form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    # Game links are capabilities: never hand them to another site as a referrer.
    "Referrer-Policy": "same-origin",
    # Nothing here needs the phone's sensors or payment: no page, nor anything it embeds,
    # may ask for them. Sharing a result (navigator.share, the clipboard) stays allowed.
    # Only features browsers know: an unknown one ("bluetooth") is a console warning on every
    # page (tests/browser/test_second_evening.py listens for any).
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), "
                          "serial=(), midi=(), magnetometer=(), gyroscope=(), "
                          "accelerometer=()",
}


class SessionInterface(SecureCookieSessionInterface):
    """The session cookie is ``Secure`` whenever the request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(super().get_cookie_secure(app) or request.is_secure)


def _private(response: Response) -> None:
    """Pages and JSON answers may carry an edit link (the sheet, a group, an export): no
    shared cache (a proxy, a CDN) may keep them. Only what says ``public`` (the static files,
    the blank PDF) is shared; the rest is ``private``, revalidated unless it says otherwise."""
    cache = response.cache_control
    if cache.public or cache.private or cache.no_store:
        return
    if request.endpoint == "static":
        cache.public = True
        return
    cache.private = True
    if not response.headers.get("Cache-Control", "").strip(" ,").replace("private", ""):
        cache.no_cache = True


def _headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    _private(response)
    seconds = int(current_app.config["HSTS_SECONDS"])
    if request.is_secure and seconds:
        response.headers.setdefault("Strict-Transport-Security", f"max-age={seconds}")
    return response


def init_app(app: Flask) -> None:
    """Trust ``PROXIES`` proxies' X-Forwarded-* headers; Secure cookies and HSTS over HTTPS."""
    proxies = int(app.config["PROXIES"])
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)
    app.session_interface = SessionInterface()
    app.after_request(_headers)
