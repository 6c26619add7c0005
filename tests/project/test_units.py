"""One unit of work per use case (docs/decisions.md): only companion.services.work commits
or rolls back a use case's write, and nothing is hidden in listeners registered on
SQLAlchemy's sessions when a module is imported (what a write also keeps is called by the
write: companion.services.kept)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "companion"
#: The unit of work, and the storage's own connections (the migration lock, the write lock's
#: fresh start): infrastructure below the use cases.
ALLOWED = {PACKAGE / "services" / "work.py", PACKAGE / "infra" / "storage.py"}


def transaction_calls(source: str) -> list[tuple[int, str]]:
    """The ``….commit()`` and ``….rollback()`` calls in ``source``: (line, name)."""
    return [(node.lineno, node.func.attr) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("commit", "rollback")]


def test_only_the_unit_of_work_commits_or_rolls_back() -> None:
    found = {str(path.relative_to(PACKAGE.parent)): calls
             for path in sorted(PACKAGE.rglob("*.py"))
             if path not in ALLOWED and "migrations" not in path.parts
             and (calls := transaction_calls(path.read_text()))}
    assert found == {}, "commit or roll back through companion.services.work.unit()"


def test_the_scan_finds_a_commit_in_a_view() -> None:
    source = ("def done():\n    db.session.commit()\n\n"
              "def refused(error):\n    db.session().rollback()\n    return error\n")
    assert transaction_calls(source) == [(2, "commit"), (5, "rollback")]


def test_nothing_listens_to_the_sessions_once_every_module_is_imported() -> None:
    """Every module of the package imported and an app built: no listener on any session
    class (SQLAlchemy keeps class-level listeners in ``_clslevel``, per class)."""
    code = """
import importlib, pkgutil
import companion
from sqlalchemy.orm import Session
from sqlalchemy.orm.events import SessionEvents
for module in pkgutil.walk_packages(companion.__path__, "companion."):
    if ".migrations" not in module.name and not module.name.endswith("i18n_extract"):
        importlib.import_module(module.name)
from companion.app import build
build({"SQLALCHEMY_DATABASE_URI": "sqlite://", "MIGRATE_ON_START": 0, "SECRET_KEY": "x"})
names = [name for name in dir(SessionEvents) if not name.startswith("_")]
print(sorted(name for name in names if hasattr(Session.dispatch, name)
             and any(getattr(Session.dispatch, name)._clslevel.values())))
"""
    result = subprocess.run([sys.executable, "-c", code], cwd=PACKAGE.parent,
                            capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]", result.stdout
