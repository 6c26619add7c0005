"""Names that explain themselves (issue 33): a module is imported by its own name, private
names stay in their module, a package exports only public names, and one word does not name
two unrelated things. Since issue 47: a module goes by one name everywhere, and is imported
one way (``from companion.x import module``).

Every Python file of the project counts: the package, its tests, benchmarks and scripts."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import companion

PACKAGE = Path(companion.__file__).resolve().parent
ROOT = PACKAGE.parent
#: Game-night groups (the people who play together); card groups are rules.card_groups.
GAME_NIGHT_GROUPS = {"api", "forms", "schemas", "services", "views"}


def sources() -> Iterator[Path]:
    for folder in ("companion", "tests", "benchmarks", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "migrations" not in path.parts and ".venv" not in path.parts:
                yield path


def is_module(dotted: str, root: Path = ROOT) -> bool:
    path = root.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def module_aliases(tree: ast.AST, root: Path = ROOT) -> list[str]:
    """Module imports under a name that is not the module's own, nor its package's and its
    own joined (``from companion.png import text as png_text``)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"import {alias.name} as {alias.asname}" for alias in node.names
                      if alias.asname and alias.name.startswith("companion")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and \
                node.module.startswith("companion"):
            parent = node.module.rpartition(".")[2]
            found += [f"from {node.module} import {alias.name} as {alias.asname}"
                      for alias in node.names
                      if alias.asname not in (None, alias.name, f"{parent}_{alias.name}")
                      and is_module(f"{node.module}.{alias.name}", root)]
    return found


def module_bindings(tree: ast.AST, root: Path = ROOT) -> set[tuple[str, str]]:
    """Each module of the package a file binds, with the local name it binds it to."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and \
                node.module.startswith("companion"):
            found |= {(f"{node.module}.{alias.name}", alias.asname or alias.name)
                      for alias in node.names if is_module(f"{node.module}.{alias.name}", root)}
        elif isinstance(node, ast.Import):
            found |= {(alias.name, alias.asname or alias.name) for alias in node.names
                      if alias.name.startswith("companion")}
    return found


def names_of_modules(trees: dict[str, ast.AST],
                     root: Path = ROOT) -> dict[str, dict[str, list[str]]]:
    """The modules bound to more than one local name across ``trees``: each name, and the files
    that use it."""
    bound: dict[str, dict[str, list[str]]] = {}
    for where, tree in trees.items():
        for module, local in module_bindings(tree, root):
            bound.setdefault(module, {}).setdefault(local, []).append(where)
    return {module: names for module, names in bound.items() if len(names) > 1}


def dotted_imports(tree: ast.AST) -> list[str]:
    """``import companion.x.y`` (with or without ``as``): a module of the package is imported
    ``from companion.x import y``, the one style."""
    return [f"import {alias.name}" for node in ast.walk(tree) if isinstance(node, ast.Import)
            for alias in node.names if alias.name.startswith("companion.")]


def private_imports(tree: ast.AST) -> list[str]:
    """Private names taken from another of the project's modules."""
    return [f"from {node.module} import {alias.name}" for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
            and node.module.startswith(("companion", "tests", "benchmarks"))
            for alias in node.names
            if alias.name.startswith("_") and not alias.name.startswith("__")]


def test_modules_are_imported_by_their_own_names() -> None:
    assert Path(__file__).resolve() in set(sources())  # the walk sees the project's files
    found = {str(path.relative_to(ROOT)): aliases for path in sources()
             if (aliases := module_aliases(ast.parse(path.read_text("utf-8"))))}
    assert not found, found


def test_a_module_goes_by_one_name_everywhere() -> None:
    """``companion.names`` was ``names`` in 21 files and ``companion_names`` in 7; a module whose
    own name is taken in a file (a variable, a view) goes by its package's and its own joined
    in every file, or the file imports what it uses from it."""
    trees = {str(path.relative_to(ROOT)): ast.parse(path.read_text("utf-8"))
             for path in sources()}
    assert names_of_modules(trees) == {}


def test_a_module_of_the_package_is_imported_one_way() -> None:
    found = {str(path.relative_to(ROOT)): imports for path in sources()
             if (imports := dotted_imports(ast.parse(path.read_text("utf-8"))))}
    assert not found, found


def test_no_private_name_is_imported_from_another_module() -> None:
    found = {str(path.relative_to(ROOT)): names for path in sources()
             if (names := private_imports(ast.parse(path.read_text("utf-8"))))}
    assert not found, found


@pytest.mark.parametrize("init", sorted(PACKAGE.rglob("__init__.py")),
                         ids=lambda path: str(path.parent.relative_to(ROOT)))
def test_a_package_exports_only_public_names(init: Path) -> None:
    tree = ast.parse(init.read_text("utf-8"))
    assert not private_imports(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
                getattr(target, "id", None) == "__all__" for target in node.targets):
            exported = ast.literal_eval(node.value)
            assert [name for name in exported if name.startswith("_")] == []


def test_card_groups_and_game_night_groups_never_share_a_module_name() -> None:
    groups = {path.parent.name for path in PACKAGE.rglob("groups.py")}
    assert groups == GAME_NIGHT_GROUPS
    assert (PACKAGE / "rules" / "card_groups.py").is_file()


def test_no_module_is_named_after_a_tally_of_something_unsaid() -> None:
    """The hand's counts, a group's records as running tallies, and keeping those with every
    write were three modules called tally or tallies."""
    vague = sorted(str(path.relative_to(ROOT)) for path in PACKAGE.rglob("*.py")
                   if path.stem in ("tally", "tallies"))
    assert vague == []


def test_the_checks_see_what_they_refuse(tmp_path: Path) -> None:
    (tmp_path / "companion" / "services").mkdir(parents=True)
    for name in ("__init__.py", "services/__init__.py", "services/games.py"):
        (tmp_path / "companion" / name).write_text("")
    hidden = ast.parse("from companion.services import games as services\n"
                       "from companion.services import games as services_games\n"
                       "from companion.services.games import find_game as find\n")
    assert module_aliases(hidden, tmp_path) == [
        "from companion.services import games as services"]
    assert names_of_modules({
        "a.py": ast.parse("from companion.services import games\n"),
        "b.py": ast.parse("from companion.services import games as services_games\n"),
        "c.py": ast.parse("from companion.services.games import find_game\n")}, tmp_path) == {
        "companion.services.games": {"games": ["a.py"], "services_games": ["b.py"]}}
    assert dotted_imports(ast.parse("import companion\nimport companion.services.games\n")) == [
        "import companion.services.games"]
    assert private_imports(ast.parse("from companion.rules.solver import _hidden, solve\n"
                                     "from flask_babel import gettext as _\n")) == [
        "from companion.rules.solver import _hidden"]
