"""Security headers, and HTTPS behind a proxy: Secure cookies and HSTS when served over TLS;
what the session keeps sealed from the phone that carries it."""

from __future__ import annotations

import base64
import json
from ipaddress import IPv4Network, IPv6Network, ip_address, ip_network
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import Flask, Response, current_app, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment
    from werkzeug.routing import MapAdapter

HEADERS = {
    # Scripts only from our own files; inline style attributes carry player colours.
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "style-src 'self' 'unsafe-inline'; script-src 'self'; "
                               "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
                               "form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    # Game links are capabilities: a Referer says the site, never the page's path, to other
    # sites and to our own (whose requests a proxy's log writes down). Flask-WTF's check of
    # forms posted over HTTPS needs a Referer of this origin, which this sends.
    "Referrer-Policy": "strict-origin",
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


def _sealer() -> Fernet:
    secret = str(current_app.config["SECRET_KEY"]).encode()
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None,
               info=b"phase10-companion session seal").derive(secret)
    return Fernet(base64.urlsafe_b64encode(key))


def seal(data: dict[str, Any]) -> str:
    """``data`` encrypted and signed with a key derived from SECRET_KEY, for the session
    cookie: Flask's cookie is signed, not encrypted, and anyone holding the phone (or the
    cookie) could read what it keeps."""
    return _sealer().encrypt(json.dumps(data, separators=(",", ":")).encode()).decode()


def unseal(token: object, seconds: int) -> dict[str, Any] | None:
    """What :func:`seal` sealed at most ``seconds`` ago; None for anything else (older,
    another key's, changed, or no token at all)."""
    if not isinstance(token, str):
        return None
    try:
        data = json.loads(_sealer().decrypt(token.encode(), ttl=seconds))
    except (InvalidToken, ValueError):
        return None
    return data if isinstance(data, dict) else None


class FromProxies:
    """``PROXIES`` proxies' X-Forwarded-* headers, believed only when the request comes from
    one of the ``PROXY_FROM`` addresses. When the app can also be reached directly, anyone
    else could otherwise name any address, and escape the quotas counted per address."""

    def __init__(self, app: WSGIApplication, proxies: int, trusted: str) -> None:
        self.plain = app
        self.fixed = ProxyFix(app, x_for=proxies, x_proto=proxies, x_host=proxies)
        self.trusted = networks(trusted)

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Any:
        try:
            peer = ip_address(environ.get("REMOTE_ADDR", ""))
        except ValueError:  # a Unix socket: only a proxy on this machine reaches it
            return self.fixed(environ, start_response)
        if peer.version == 6 and peer.ipv4_mapped is not None:  # ::ffff:127.0.0.1
            peer = peer.ipv4_mapped
        through = any(peer in network for network in self.trusted)
        return (self.fixed if through else self.plain)(environ, start_response)


def networks(listed: str) -> list[IPv4Network | IPv6Network]:
    """``"127.0.0.1, ::1, 10.0.0.0/8"`` as networks; a wrong entry stops the start with a
    sentence that names it."""
    found = []
    for entry in filter(None, (part.strip() for part in listed.split(","))):
        try:
            found.append(ip_network(entry, strict=False))
        except ValueError:
            raise ValueError(f"COMPANION_PROXY_FROM: {entry!r} is not an IP address or "
                             "network (such as 127.0.0.1 or 10.0.0.0/8)") from None
    return found


def public_address(app: Flask) -> None:
    """With ``PUBLIC_URL`` set, links are built on it whatever Host a request names, and a
    request naming another host is refused (Flask's ``TRUSTED_HOSTS``: 400). The Host header
    is the client's to choose: without this a request for ``evil.example`` got API links,
    share links and QR codes pointing there. A wrong address stops the start with a sentence."""
    url = str(app.config.get("PUBLIC_URL") or "").strip()
    if not url:
        return
    parts = urlsplit(url)
    if (parts.scheme not in ("http", "https") or not parts.hostname or parts.username
            or parts.password or parts.path not in ("", "/") or parts.query
            or parts.fragment):
        raise ValueError(f"COMPANION_PUBLIC_URL: {url!r} is not the address of a site, such as "
                         "https://phase10.example.org (a scheme, a host and maybe a port; "
                         "no path)")
    app.config["SERVER_NAME"] = parts.netloc.lower()
    app.config["PREFERRED_URL_SCHEME"] = parts.scheme
    if app.config.get("TRUSTED_HOSTS") is None:  # instance/config.py may list more
        app.config["TRUSTED_HOSTS"] = [parts.hostname]


def public_links(app: Flask, adapter: MapAdapter | None) -> MapAdapter | None:
    """A request's URL builder with the public address's scheme too (a proxy that does not
    say it terminated TLS would otherwise make every link ``http://``)."""
    if adapter is not None and app.config.get("PUBLIC_URL"):
        adapter.url_scheme = str(app.config["PREFERRED_URL_SCHEME"])
    return adapter


def init_app(app: Flask) -> None:
    """Trust ``PROXIES`` proxies' X-Forwarded-* headers when they come from ``PROXY_FROM``;
    Secure cookies and HSTS over HTTPS; links on ``PUBLIC_URL`` when it is set."""
    public_address(app)
    proxies = int(app.config["PROXIES"])
    if proxies:
        app.wsgi_app = FromProxies(  # type: ignore[method-assign]
            app.wsgi_app, proxies, str(app.config["PROXY_FROM"]))
    app.session_interface = SessionInterface()
    app.after_request(_headers)
