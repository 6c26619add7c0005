"""Shared fixtures: an app per test on a fresh database (SQLite, and PostgreSQL when
TEST_DATABASE_URL is set), its client, and helpers for the JSON API."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, make_url, text

from companion import create_app, editions
from companion.editions import Edition
from companion.infra import live
from companion.infra.extensions import db
from tests.kits.server import DATABASES, database_url, empty_tables, wipe_database

#: A drawing has 20 s in production; a test machine running several suites at once (each
#: drawing process at a lower priority) can take longer only to start a drawing's process.
#: Every app and server of the tests gets two minutes; tests of the deadline set their own.
os.environ.setdefault("COMPANION_DRAWING_SECONDS", "120")


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist each worker gets its own PostgreSQL database, TEST_DATABASE_URL's
    name with the worker's (``companion_test_gw0``), made on the same server if missing:
    tests empty and drop tables, which must not happen under another worker's feet."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    shared = os.environ.get("TEST_DATABASE_URL")
    if not worker or not shared:
        return
    url = make_url(shared)
    name = f"{url.database}_{worker}"
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            if connection.execute(text("SELECT 1 FROM pg_database WHERE datname = :name"),
                                  {"name": name}).first() is None:
                connection.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    os.environ["TEST_DATABASE_URL"] = url.set(database=name).render_as_string(
        hide_password=False)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers a core. A third of the suite's time is waiting, not computing
    (real servers starting and restarting, deadlines running out, a browser loading a page):
    with one worker a core the cores idle meanwhile. ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still
    sets the number by hand."""
    return 2 * len(os.sched_getaffinity(0))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests start Chromium: they count as slow (``pytest -m "not slow"``)."""
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite database migrated once; every test starts from a copy (migrating from scratch
    for each test would take most of the suite's time)."""
    template = tmp_path_factory.mktemp("template") / "migrated.sqlite"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{template}", "SECRET_KEY": "t"})
    with app.app_context():
        db.engine.dispose()  # the last connection folds the WAL back into the file
    return template


def _database_url(kind: str, tmp_path: Path, template: Path) -> str:
    if kind == "sqlite":
        copy = tmp_path / "test.sqlite"
        shutil.copyfile(template, copy)
        return f"sqlite:///{copy}"
    return os.environ["TEST_DATABASE_URL"]


@contextmanager
def _app_on(kind: str, folder: Path, template: Path) -> Iterator[Flask]:
    """The app on a fresh database of ``kind``; its live-update loop stopped and PostgreSQL's
    tables emptied after it."""
    folder.mkdir(parents=True, exist_ok=True)
    url = _database_url(kind, folder, template)
    app = create_app({  # migrates PostgreSQL when a server test emptied it
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": url,
        "WTF_CSRF_ENABLED": False,
        "SERVER_NAME": "companion.test",
        # Hypothesis and long tests create hundreds of games from one address; the quotas
        # are tested on their own (tests/servers/test_quotas.py) and on a real gunicorn.
        "RATELIMIT_ENABLED": False,
    })
    try:
        yield app
    finally:
        with app.app_context():
            live.stop_watching(db.engine)  # the live-update loop ends with the test
            db.session.remove()
            db.engine.dispose()
        if kind == "postgresql":
            empty_tables(url)  # the schema stays for the next test


@pytest.fixture(params=DATABASES)
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        migrated_sqlite: Path) -> Iterator[Flask]:
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path / "instance"))
    with _app_on(request.param, tmp_path, migrated_sqlite) as app:
        yield app


@pytest.fixture
def every_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                   migrated_sqlite: Path) -> Iterator[dict[str, Flask]]:
    """The app on each database at once, by kind: for a test that sends the same requests to
    all of them (and compares their answers), made once instead of once per database."""
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path / "instance"))
    with ExitStack() as stack:
        yield {kind: stack.enter_context(_app_on(kind, tmp_path / kind, migrated_sqlite))
               for kind in DATABASES}


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


class Api:
    """Small helper so API tests read like the requests they make."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client

    def post(self, path: str, body: Any) -> Any:
        return self.client.post(path, json=body)

    def new_game(self, players: list[str], **options: Any) -> dict[str, Any]:
        response = self.client.post("/api/games", json={"players": players, **options})
        assert response.status_code == 201, response.get_json()
        return dict(response.get_json())

    def round(self, game: dict[str, Any], results: list[dict[str, Any]], **extra: Any) -> Any:
        return self.client.post(f"/api/games/{game['id']}/rounds",
                                json={"results": results, **extra})


@pytest.fixture
def api(client: FlaskClient) -> Api:
    return Api(client)


@pytest.fixture(scope="module", params=DATABASES)
def server_database(request: pytest.FixtureRequest,
                    tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """An empty database of each kind for a module's real servers, emptied again after it."""
    folder = tmp_path_factory.mktemp(f"server-{request.param}")
    url = database_url(request.param, folder)
    wipe_database(url)
    yield url, folder
    wipe_database(url)


@pytest.fixture
def eight_phases() -> Iterator[Edition]:
    """A card game of eight phases, the way a house rule or a new edition would add one."""
    original = editions.get("original")
    edition = editions.register(Edition(
        key="eight", order=90, name="Eight", title="Phase 8 card game", tag="Eight",
        table=original.table[:8], deck=original.deck, variants=True))
    yield edition
    editions.unregister(edition)


@pytest.fixture
def short_board() -> Iterator[Edition]:
    """A board game whose track has eight phases, so its wreath is space 9."""
    board = editions.get("board")
    edition = editions.register(Edition(
        key="shortboard", order=91, name="Short board", title="Phase 8 board game",
        tag="Short", table=board.table[:8], deck=board.deck, markers=True, turned_jokers=True))
    yield edition
    editions.unregister(edition)
