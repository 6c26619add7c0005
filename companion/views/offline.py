"""The service worker at the site root, and the page shown offline for pages never opened."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template

bp = Blueprint("offline", __name__)

#: Pages every phone gets on its first visit, so they open without a connection.
SHELL_PAGES = ("/", "/checker", "/print", "/offline")
#: Static files precached with them; scripts and styles the pages use must be listed here,
#: and the modules those scripts import (tests/pages/test_offline_shell.py checks both).
SHELL_FILES = (
    "app.css", "recent.js", "recent-words.js", "live.js", "round.js", "round-points.js",
    "checker.js", "checker-cards.js", "groups.js", "print.js", "local-time.js", "share.js",
    "share-plan.js", "offline-queue.js", "offline-sync.js", "offline.js", "offline-sheet.js",
    "offline.css", "manifest.webmanifest", "icons/icon.svg", "icons/icon-192.png",
    "icons/apple-touch-icon.png",
)


def precache_urls() -> list[str]:
    """Every URL the service worker stores when it installs."""
    return [*SHELL_PAGES, *(f"/static/{name}" for name in SHELL_FILES)]


def _signature(folders: tuple[Path, ...]) -> tuple[tuple[str, int, int], ...]:
    files = sorted(path for folder in folders for path in folder.rglob("*") if path.is_file())
    return tuple((str(path), path.stat().st_mtime_ns, path.stat().st_size) for path in files)


@lru_cache(maxsize=4)
def _version(folders: tuple[Path, ...], signature: tuple[tuple[str, int, int], ...]) -> str:
    digest = hashlib.sha256(json.dumps(precache_urls()).encode())
    for name, _mtime, _size in signature:
        path = Path(name)
        # Named from its folder's parent, so the version is the same wherever it is installed.
        digest.update(str(path.relative_to(_home(folders, path))).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _home(folders: tuple[Path, ...], path: Path) -> Path:
    return next(folder.parent for folder in folders if path.is_relative_to(folder))


def versioned_folders() -> tuple[Path, ...]:
    """The static files and templates the app serves, wherever they are (the checkout, or
    inside the installed package): any change there installs a new worker."""
    root = Path(current_app.root_path)
    return (root / (current_app.static_folder or "static"),
            root / (current_app.template_folder or "templates"))


def version() -> str:
    """A hash of the static files and templates: the name of this release's caches."""
    folders = versioned_folders()
    return _version(folders, _signature(folders))


@bp.get("/sw.js")
def service_worker() -> Response:
    """The worker, from the root so its scope is the whole site; never cached by HTTP. A module
    worker (it imports the queue's modules): the configuration goes in front of its imports,
    which a module allows (they are hoisted; ``OFFLINE`` is set before the worker's own code)."""
    static = Path(current_app.static_folder or "static")
    config = {"version": version(), "precache": precache_urls()}
    source = f"const OFFLINE = {json.dumps(config)};\n" + (static / "sw.js").read_text("utf-8")
    response = Response(source, mimetype="text/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def page() -> str:
    """What a phone shows without a connection for a page it has never opened."""
    return render_template("offline/page.html")
