"""The suite's own layout (README, Development): test modules in area folders, what they
share in the one kit package ``tests.kits`` imported by that name, no test module importing
another, and benchmarks that import the kits as a package, never through ``sys.path``."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
BENCHMARKS = ROOT / "benchmarks"


def sources() -> Iterator[Path]:
    yield from sorted(TESTS.rglob("*.py"))
    yield from sorted(BENCHMARKS.glob("*.py"))


def imported(path: Path) -> Iterator[tuple[int, str]]:
    """(line, dotted name) of every module ``path`` imports, also inside functions; a
    ``from package import name`` counts as ``package.name``."""
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"


def local_names() -> set[str]:
    """The names a file of the suite or of the benchmarks could be imported by bare."""
    return {path.stem for path in sources()} - {"__init__", "conftest"}


def test_every_test_module_sits_in_an_area_folder() -> None:
    flat = sorted(path.name for path in TESTS.glob("test_*.py"))
    assert not flat, f"put these in an area folder of tests/ (README, Development): {flat}"


def test_no_test_module_imports_another() -> None:
    found = [f"{path.relative_to(ROOT)}:{line} imports {name}"
             for path in sources() for line, name in imported(path)
             if name.split(".")[-1].startswith("test_")
             and (name.startswith("tests.") or "." not in name)]
    assert not found, "move what they share into tests/kits/:\n" + "\n".join(found)


def test_kits_and_benchmarks_are_imported_by_their_package_name() -> None:
    """``tests.kits.server``, never ``server_kit`` found through a folder on ``sys.path``;
    the same for the benchmarks' shared modules (``benchmarks.solver``)."""
    bare = local_names()
    found = [f"{path.relative_to(ROOT)}:{line} imports {name}"
             for path in sources() for line, name in imported(path)
             if name.split(".")[0] in bare
             or (name.startswith("tests.") and not name.startswith("tests.kits"))]
    assert not found, "\n".join(found)


def test_nothing_edits_sys_path() -> None:
    found = [str(path.relative_to(ROOT)) for path in sources()
             if "sys.path" in path.read_text("utf-8") and path != Path(__file__).resolve()]
    assert not found, f"run from the repository root (python -m benchmarks.x): {found}"


@pytest.mark.slow
def test_every_benchmark_imports_as_a_module_of_the_package() -> None:
    """What ``python -m benchmarks.<name>`` from the repository root does first."""
    names = sorted(f"benchmarks.{path.stem}" for path in BENCHMARKS.glob("*.py")
                   if path.stem != "__init__")
    script = "import importlib, sys\nfor name in sys.argv[1:]: importlib.import_module(name)"
    done = subprocess.run([sys.executable, "-c", script, *names], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
