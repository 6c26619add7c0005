"""The architecture's promises: the rules and the scoring are pure, typed Python, and the
package's imports run one way, down the layers pyproject.toml lists (import-linter), with the
pure core at the bottom and forbidden the web, the database and the server."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


#: The pure core: the bottom layers of the contract, and what the second contract forbids.
CORE = {"scoring", "editions", "rules", "player_names", "numbers", "limits", "refusals"}


def _contracts() -> dict[str, Any]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return {contract["id"]: contract for contract in config["contracts"]}


def test_rules_and_scoring_load_neither_flask_nor_sqlalchemy():
    """At run time too, through any third-party package (the contracts see only the package's
    own imports of them), and the drawing packages besides the core."""
    code = ("import sys, companion.rules, companion.scoring, companion.pdf, companion.png; "
            "print(sorted(m for m in ('flask', 'sqlalchemy', 'werkzeug') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "[]"


@pytest.mark.slow
def test_the_whole_package_passes_mypy_strict(monkeypatch: pytest.MonkeyPatch) -> None:
    """The configuration in pyproject.toml: --strict on all of ``companion``, with the stubs of
    ``stubs/`` for the libraries that ship no types."""
    mypy = pytest.importorskip("mypy.api")
    monkeypatch.chdir(ROOT)  # the source tree, not an installed copy
    out, err, status = mypy.run(["--config-file", str(ROOT / "pyproject.toml"),
                                 "--no-incremental"])
    assert status == 0, out + err
    assert "no issues found" in out and " source files" in out, out


def test_the_code_passes_ruff():
    ruff = Path(sys.executable).with_name("ruff")
    if not ruff.exists():
        pytest.skip("ruff is not installed next to this Python (pip install -e '.[dev]')")
    result = subprocess.run([str(ruff), "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def _lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """import-linter's check of pyproject.toml's contracts, on the package under ``root``."""
    linter = Path(sys.executable).with_name("lint-imports")
    if not linter.exists():
        pytest.skip("import-linter is not installed next to this Python (pip install -e '.[dev]')")
    return subprocess.run([str(linter), "--no-cache", "--no-logo", "pyproject.toml"], cwd=root,
                          capture_output=True, text=True)


def test_the_layers_contract_names_every_module_of_the_package():
    """Exhaustive: a new module must take its place in the order, or the check fails."""
    layers = _contracts()["layers"]
    assert layers["type"] == "layers" and layers["containers"] == ["companion"]
    assert layers["exhaustive"] is True
    order = [name.strip() for layer in layers["layers"]
             for name in layer.replace(":", "|").split("|")]
    assert order.index("http_answers") < order.index("services") < order.index("schemas")
    assert order.index("guards") < order.index("http_answers")
    assert order.index("models") < order.index("infra")


def test_the_pure_core_is_the_bottom_of_the_layers():
    """Nothing of the web, the database or the infrastructure lies below the core."""
    order = [name.strip() for layer in _contracts()["layers"]["layers"]
             for name in layer.replace(":", "|").split("|")]
    assert set(order[-len(CORE):]) == CORE


def test_a_contract_forbids_the_core_the_web_and_the_database():
    pure = _contracts()["pure-core"]
    assert pure["type"] == "forbidden"
    assert {name.removeprefix("companion.") for name in pure["source_modules"]} == CORE
    assert {"flask", "flask_sqlalchemy", "sqlalchemy", "werkzeug", "flask_babel", "gevent",
            "psycopg"} <= set(pure["forbidden_modules"])


def test_no_module_imports_from_a_higher_layer():
    """Package level: a schema importing a service, a guard importing the API... breaks it,
    even when no module cycle results."""
    result = _lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 kept, 0 broken" in result.stdout


def _lint_with(tmp_path: Path, module: str, line: str) -> subprocess.CompletedProcess[str]:
    """The contracts checked on a copy of the package with ``line`` added to ``module``."""
    shutil.copytree(ROOT / "companion", tmp_path / "companion",
                    ignore=shutil.ignore_patterns("__pycache__", "translations"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    with (tmp_path / "companion" / module).open("a") as source:
        source.write(f"\n{line}  # noqa: E402\n")
    return _lint_imports(tmp_path)


def test_a_back_import_is_caught(tmp_path: Path):
    """The check above can fail: one import from the schemas up to the API breaks it."""
    result = _lint_with(tmp_path, "schemas/root.py", "from companion.api import common")
    assert result.returncode != 0
    assert "companion.schemas is not allowed to import companion.api" in result.stdout
    assert "companion.schemas.root -> companion.api.common" in result.stdout


def test_the_core_importing_flask_sqlalchemy_is_caught(tmp_path: Path):
    """The second contract can fail: the scoring importing Flask-SQLAlchemy breaks it."""
    result = _lint_with(tmp_path, "scoring/game.py", "import flask_sqlalchemy")
    assert result.returncode != 0
    assert "companion.scoring is not allowed to import flask_sqlalchemy" in result.stdout
    assert "1 kept, 1 broken" in result.stdout
