"""The architecture's promises: the rules and the scoring are pure, typed Python."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


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
