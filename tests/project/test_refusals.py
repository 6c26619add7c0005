"""A refusal is raised as its kind (companion.refusals) and answered through the one table of
statuses (companion.http_answers.STATUS): no module of the package aborts with a status of its
own."""

from __future__ import annotations

import ast
from pathlib import Path

import companion

PACKAGE = Path(companion.__file__).resolve().parent


def aborts_with_a_number(tree: ast.AST) -> list[int]:
    """The lines of ``abort(...)`` calls (flask's or werkzeug's, by any path) given a number."""
    return sorted(node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", None)) == "abort"
            and any(isinstance(inner, ast.Constant) and type(inner.value) is int
                    for arg in node.args for inner in ast.walk(arg)))


def test_no_module_aborts_with_a_status_number() -> None:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if "migrations" not in path.parts:
            lines = aborts_with_a_number(ast.parse(path.read_text("utf-8")))
            if lines:
                found[str(path.relative_to(PACKAGE))] = lines
    assert found == {}


def test_the_check_sees_an_abort_with_a_number() -> None:
    tree = ast.parse("def page():\n    if bad:\n        abort(400)\n"
                     "    flask.abort(415 if late else 400)\n    abort(errors.status(kind))\n"
                     "    raise NotAForm\n")
    assert aborts_with_a_number(tree) == [3, 4]
