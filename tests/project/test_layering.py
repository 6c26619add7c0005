"""The architecture's promises: the rules and the scoring are pure, typed Python, and the
package's imports run one way, down the layers pyproject.toml lists (import-linter)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_rules_and_scoring_load_neither_flask_nor_sqlalchemy():
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
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    layers = next(c for c in contracts["contracts"] if c["id"] == "layers")
    assert layers["type"] == "layers" and layers["containers"] == ["companion"]
    assert layers["exhaustive"] is True
    order = [name.strip() for layer in layers["layers"]
             for name in layer.replace(":", "|").split("|")]
    assert order.index("errors") < order.index("services") < order.index("schemas")
    assert order.index("guards") < order.index("errors")


def test_no_module_imports_from_a_higher_layer():
    """Package level: a schema importing a service, a guard importing the API... breaks it,
    even when no module cycle results."""
    result = _lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 kept, 0 broken" in result.stdout


def test_a_back_import_is_caught(tmp_path: Path):
    """The check above can fail: one import from the schemas up to the API breaks it."""
    shutil.copytree(ROOT / "companion", tmp_path / "companion",
                    ignore=shutil.ignore_patterns("__pycache__", "translations"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    with (tmp_path / "companion" / "schemas" / "root.py").open("a") as module:
        module.write("\nfrom companion.api import common  # noqa: E402\n")
    result = _lint_imports(tmp_path)
    assert result.returncode != 0
    assert "companion.schemas is not allowed to import companion.api" in result.stdout
    assert "companion.schemas.root -> companion.api.common" in result.stdout
