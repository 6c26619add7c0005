"""Configuration defaults; ``instance/config.py`` and environment variables override them."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url

ENVIRONMENT_KEYS = {
    "DATABASE_URL": "SQLALCHEMY_DATABASE_URI",
    "SECRET_KEY": "SECRET_KEY",
    "COMPANION_QUOTA_STORAGE": "RATELIMIT_STORAGE_URI",
    "COMPANION_PROXY_FROM": "PROXY_FROM",
    "COMPANION_PUBLIC_URL": "PUBLIC_URL",
}
#: Bytes each process keeps in all its stores together (KEPT_BYTES, COMPANION_KEPT_BYTES).
KEPT_BYTES = 64 * 1024 * 1024
#: Whole-number settings from the environment (on/off ones take 0 or 1).
ENVIRONMENT_NUMBERS = {
    "COMPANION_MIGRATE_ON_START": "MIGRATE_ON_START",
    "COMPANION_PROXIES": "PROXIES",
    "COMPANION_HSTS_SECONDS": "HSTS_SECONDS",
    "COMPANION_QUOTAS": "RATELIMIT_ENABLED",
    "COMPANION_BODY_SECONDS": "BODY_SECONDS",
    "COMPANION_DB_CONNECT_SECONDS": "DATABASE_CONNECT_SECONDS",
    "COMPANION_DB_STATEMENT_SECONDS": "DATABASE_STATEMENT_SECONDS",
    "COMPANION_DB_LOCK_SECONDS": "DATABASE_LOCK_SECONDS",
    "COMPANION_DB_ANSWER_SECONDS": "DATABASE_ANSWER_SECONDS",
    "COMPANION_QUOTA_GAMES": "QUOTA_GAMES",
    "COMPANION_QUOTA_WRITES": "QUOTA_WRITES",
    "COMPANION_QUOTA_IMPORTS": "QUOTA_IMPORTS",
    "COMPANION_QUOTA_EXPORTS": "QUOTA_EXPORTS",
    "COMPANION_QUOTA_PRINTS": "QUOTA_PRINTS",
    "COMPANION_STREAMS_PER_ADDRESS": "STREAMS_PER_ADDRESS",
    "COMPANION_DRAWING_PROCESSES": "DRAWING_PROCESSES",
    "COMPANION_DRAWING_SECONDS": "DRAWING_SECONDS",
    "COMPANION_DRAWING_WAITING": "DRAWING_WAITING",
    "COMPANION_KEPT_BYTES": "KEPT_BYTES",
}


def defaults(instance_path: str) -> dict[str, Any]:
    """Settings that work out of the box: SQLite in the instance folder."""
    database = Path(instance_path) / "companion.sqlite"
    return {
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
        "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
        "WTF_CSRF_TIME_LIMIT": None,
        "BABEL_DEFAULT_LOCALE": "en",
        "LANGUAGES": ("en", "de", "fr", "it", "nl"),
        "MAX_CONTENT_LENGTH": 256 * 1024,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "PREFERRED_URL_SCHEME": "http",
        # Only static assets are compressed: pages carry CSRF tokens and names people typed,
        # and compressing those together invites length-based guessing (BREACH).
        "COMPRESS_MIMETYPES": ["text/css", "text/javascript", "application/javascript",
                               "image/svg+xml", "application/manifest+json"],
        "COMPRESS_ALGORITHM": ["br", "gzip"],
        "COMPRESS_STREAMS": False,
        "SEND_FILE_MAX_AGE_DEFAULT": 3600,
        # The schema is migrated when the app starts (one process at a time); production may
        # turn this off and run `flask --app companion db upgrade` when it deploys instead.
        "MIGRATE_ON_START": 1,
        # How many proxies in front of the app set X-Forwarded-For/-Proto/-Host (0: none).
        "PROXIES": 0,
        # The addresses (or networks) those proxies connect from: X-Forwarded-* from anyone
        # else is ignored (companion.infra.security).
        "PROXY_FROM": "127.0.0.1,::1",
        # The address people reach the app at (https://phase10.example.org): every absolute
        # link (the API's, the share link, QR codes, the PDF's) is built on it, and a request
        # for another host is refused (400). Empty: links take the request's own Host, as a
        # table at home needs (companion.infra.security.public_address).
        "PUBLIC_URL": "",
        # Strict-Transport-Security on answers served over HTTPS (0 turns it off).
        "HSTS_SECONDS": 365 * 24 * 3600,
        # Requests per minute per client address (companion.guards.quotas): a table records a round
        # every minute or two; an abuser sends hundreds a second. 0 in RATELIMIT_ENABLED turns
        # the quotas off; RATELIMIT_STORAGE_URI (memory:// by default, counted per worker)
        # names a shared store such as redis://host:6379 for exact counts over several boxes.
        "RATELIMIT_ENABLED": 1,
        "RATELIMIT_STORAGE_URI": "memory://",
        "QUOTA_GAMES": 60,
        "QUOTA_WRITES": 600,
        "QUOTA_IMPORTS": 10,
        "QUOTA_EXPORTS": 60,
        "QUOTA_PRINTS": 30,
        # A request body must arrive within this many seconds (companion.guards.deadline: 408).
        "BODY_SECONDS": 10,
        # PostgreSQL: a connection (a wait for one of the pool's too), a statement, a wait for
        # a lock give up after these many seconds (503, companion.guards.outage), and the app
        # waits at most DATABASE_ANSWER_SECONDS for any answer of a server that cannot enforce
        # its own timeouts (frozen, cut off: companion.infra.storage), so every request is answered
        # within 15 s, well inside gunicorn's 30 s worker timeout.
        "DATABASE_CONNECT_SECONDS": 5,
        "DATABASE_STATEMENT_SECONDS": 8,
        "DATABASE_LOCK_SECONDS": 5,
        "DATABASE_ANSWER_SECONDS": 10,
        # Live streams one client address may hold open per worker (companion.api.games:
        # 429 beyond; 0: no cap). A table has a phone or two per player, each with a tab or two.
        "STREAMS_PER_ADDRESS": 24,
        # PDFs and pictures are drawn in this many processes per worker (companion.infra.drawing;
        # 0: in the worker itself), at most DRAWING_WAITING at once per worker, each within
        # DRAWING_SECONDS of being asked for (else 503 and Retry-After).
        "DRAWING_PROCESSES": 1,
        "DRAWING_WAITING": 16,
        "DRAWING_SECONDS": 20,
        # Bytes each process keeps of pages, answers, sheets, PDFs and pictures derived from
        # stored data, in all its stores together (companion.cache.stores): past it, the least
        # recently used of any store goes first.
        "KEPT_BYTES": KEPT_BYTES,
    }


def from_environment(environ: os._Environ[str] | dict[str, str] = os.environ) -> dict[str, Any]:
    """Settings given as environment variables (``DATABASE_URL``, ``SECRET_KEY``, …)."""
    found: dict[str, Any] = {
        key: environ[name] for name, key in ENVIRONMENT_KEYS.items() if environ.get(name)}
    for name, key in ENVIRONMENT_NUMBERS.items():
        value = environ.get(name, "").strip()
        if value:
            if not value.isascii() or not value.isdigit():
                raise ValueError(f"{name} must be a whole number, not {value!r}")
            found[key] = int(value)
    url = found.get("SQLALCHEMY_DATABASE_URI")
    if url and url.startswith(("postgres://", "postgresql://")):
        # SQLAlchemy needs the driver named; psycopg 3 is the one we ship.
        found["SQLALCHEMY_DATABASE_URI"] = "postgresql+psycopg://" + url.split("://", 1)[1]
    return found


def instance_secret_key(instance_path: str) -> str:
    """The secret key kept in the instance folder, generated on first start (0600: created
    readable by its owner only, with no moment in between)."""
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(secrets.token_urlsafe(48))
    return path.read_text().strip()


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite database URL; None for another database or an in-memory one."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    database = str(parsed.database)
    return None if database.startswith("file:") else Path(database)


def create_sqlite_file(path: Path) -> None:
    """Create the database file readable by its owner only (0600) before SQLite does (0644,
    whatever the umask allows): the scores, and the games' edit links, are in it. SQLite gives
    its -wal and -shm files the database file's mode. An existing file keeps its mode."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
