"""The package has no import cycle: imports run one way, from the web down to the pure core.

Every ``import`` in ``companion`` counts, also those inside functions and under
``TYPE_CHECKING`` (an import moved into a function still ties the two modules together).
A submodule's implicit import of its own package does not: that is how Python loads it, not a
dependency the code chose."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "companion"

Graph = Mapping[str, Iterable[str]]


def module_names(root: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__``)."""
    found = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if "migrations" in parts:
            continue  # Alembic's scripts: loaded by Alembic, never imported by the package
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports_of(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """The package's modules that module ``name`` imports."""
    known = set(known)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    edges: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            # ``from a import b`` imports module a.b when there is one, else names of a.
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        else:
            continue
        edges.update(target for target in targets if target in known and target != name)
    return edges


def package_graph() -> dict[str, set[str]]:
    modules = module_names()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: Graph) -> list[list[str]]:
    """One cycle (as a path that comes back to its start) for every group of modules that
    import each other (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [_path_within(group, graph) for group in groups]


def _path_within(group: set[str], graph: Graph) -> list[str]:
    """A shortest way from the group's first module back to itself, through the group."""
    start = min(group)
    ways = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph.get(node, ())):
                if target == start:
                    return [*ways[node], start]
                if target in group and target not in ways:
                    ways[target] = [*ways[node], target]
                    following.append(target)
        frontier = following
    raise AssertionError(f"no way back to {start} in {sorted(group)}")


def test_the_package_has_no_import_cycle() -> None:
    graph = package_graph()
    assert len(graph) > 50 and "companion.api.games" in graph  # the walk saw the package
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(cycle) for cycle in found)


def test_the_cycle_finder_names_a_cycle_and_passes_a_tree() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_the_import_reader_sees_imports_in_functions_and_resolves_submodules(
        tmp_path: Path) -> None:
    package = tmp_path / "companion"
    (package / "api").mkdir(parents=True)
    for name in ("__init__.py", "api/__init__.py", "api/common.py", "reading.py"):
        (package / name).write_text("")
    (package / "api" / "games.py").write_text(
        "from companion.api import common\n"
        "def later():\n    from ..reading import head\n")
    modules = module_names(package)
    assert imports_of("companion.api.games", package / "api" / "games.py", modules) == {
        "companion.api.common", "companion.reading"}
