"""What building the app leaves for later: the OpenAPI document (spectree) and the migration
tools (alembic) load when first asked for, and still work then. The CPU figures are in
benchmarks/startup.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from companion.infra import storage
from tests.kits.server import ROOT

BUILD = """
import json, sys
from companion import create_app
app = create_app({"SQLALCHEMY_DATABASE_URI": %r, "SECRET_KEY": "k",
                  "MIGRATE_ON_START": %s})
loaded = sorted({name.split(".")[0] for name in sys.modules} & {"alembic", "spectree"})
with app.test_client() as client:
    assert client.get("/api/openapi.json").status_code == 200
after = sorted({name.split(".")[0] for name in sys.modules} & {"alembic", "spectree"})
print(json.dumps([loaded, after]))
"""


def _loaded(migrate: bool, url: str = "sqlite://") -> list[list[str]]:
    answer = subprocess.run([sys.executable, "-c", BUILD % (url, int(migrate))], cwd=ROOT,
                            check=True, capture_output=True, text=True, timeout=120)
    return list(json.loads(answer.stdout))


@pytest.mark.slow
def test_a_worker_builds_the_app_without_the_document_or_the_migration_tools() -> None:
    assert _loaded(migrate=False) == [[], ["spectree"]]


@pytest.mark.slow
def test_migrating_on_start_loads_alembic_and_nothing_for_the_document() -> None:
    assert _loaded(migrate=True) == [["alembic"], ["alembic", "spectree"]]


@pytest.mark.slow
def test_a_start_on_a_database_already_up_to_date_leaves_alembic_unloaded(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'kept.sqlite'}"
    assert _loaded(migrate=True, url=url)[0] == ["alembic"]  # the first start migrates
    assert _loaded(migrate=True, url=url) == [[], ["spectree"]]


def test_the_document_is_built_once_and_describes_every_api_route(client) -> None:
    first = client.get("/api/openapi.json").get_json()
    assert client.get("/api/openapi.json").get_json() == first
    routes = {re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
              for rule in client.application.url_map.iter_rules()
              if rule.rule.startswith("/api/") and rule.rule != "/api/openapi.json"}
    assert len(routes) > 20
    assert routes <= set(first["paths"]), sorted(routes - set(first["paths"]))


def test_the_flask_db_commands_are_there_when_asked_for(app) -> None:
    runner = app.test_cli_runner()
    listed = runner.invoke(args=["db", "--help"]).output
    assert "upgrade" in listed and "heads" in listed
    # Flask-Migrate's own group runs (its callback sets the directory the commands read).
    answer = runner.invoke(args=["db", "current"])
    assert answer.exit_code == 0, (answer.output, answer.exception)
    assert app.extensions["migrate"].directory == storage.MIGRATIONS
