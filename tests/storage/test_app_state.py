"""Each app keeps its own state (``app.extensions``), whatever else the process built since:
two apps in one process, with different settings and databases, keep their own byte budget
and stores, and find their own house rules."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from flask import Flask

from companion import create_app, editions
from companion.cache import stores
from companion.infra.extensions import db
from companion.rules.errors import PhaseError
from tests.kits.house import FAMILY


def _app(template: Path, folder: Path, kept_bytes: int) -> Flask:
    folder.mkdir()
    shutil.copyfile(template, folder / "test.sqlite")
    return create_app({"TESTING": True, "SECRET_KEY": "t", "MIGRATE_ON_START": 0,
                       "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'test.sqlite'}",
                       "KEPT_BYTES": kept_bytes, "RATELIMIT_ENABLED": False})


def test_two_apps_in_one_process_keep_their_own_state(migrated_sqlite: Path,
                                                      tmp_path: Path) -> None:
    first = _app(migrated_sqlite, tmp_path / "first", 1_000_000)
    second = _app(migrated_sqlite, tmp_path / "second", 2_000_000)  # built last
    rules = first.test_client().post("/api/editions", json=FAMILY).get_json()
    game = first.test_client().post("/api/games", json={
        "players": ["Ann", "Ben"], "edition": rules["edition"]}).get_json()
    assert first.test_client().get(f"/api/games/{game['id']}").status_code == 200
    try:
        with first.app_context():
            assert stores.of_app().budget.most_bytes == 1_000_000
            assert editions.get(rules["edition"]).house  # its own house rules
            assert stores.sheets.find((game["id"], game["revision"])) is not None
        with second.app_context():
            assert stores.of_app().budget.most_bytes == 2_000_000
            with pytest.raises(PhaseError):  # another database: no such house rules
                editions.get(rules["edition"])
            assert stores.sheets.find((game["id"], game["revision"])) is None
        assert second.test_client().get(f"/api/games/{game['id']}").status_code == 404
        with pytest.raises(PhaseError):  # outside every app's context: the built-in only
            editions.get(rules["edition"])
    finally:
        for app in (first, second):
            with app.app_context():
                db.engine.dispose()
