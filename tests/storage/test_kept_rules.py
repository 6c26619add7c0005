"""URL builders are compiled once per process (companion.cache.url_rules): a second app compiles
none, and every URL it builds is the one werkzeug's own rules build."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask, url_for
from werkzeug.routing import IntegerConverter, Rule

from companion import create_app
from companion.cache import url_rules
from companion.cache.url_rules import KeptRule


def _app(folder: Path, name: str) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "t", "SERVER_NAME": "companion.test",
                       "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / f'{name}.sqlite'}"})


def _compiled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The rules werkzeug compiles a builder for from now on."""
    seen: list[str] = []
    compile_ = Rule._compile_builder

    def counted(rule: Rule, append_unknown: bool = True) -> Any:
        seen.append(rule.rule)
        return compile_(rule, append_unknown)

    monkeypatch.setattr(Rule, "_compile_builder", counted)
    return seen


def _every_url(app: Flask) -> list[str]:
    """Every rule's URL, with a value for each of its parts and a query argument."""
    adapter = app.url_map.bind("companion.test")
    built = []
    for rule in app.url_map.iter_rules():
        values: dict[str, Any] = {
            name: 7 if isinstance(rule._converters.get(name), IntegerConverter) else "k é/7"
            for name in rule.arguments}
        method = sorted(rule.methods or {"GET"})[0]
        built.append(adapter.build(rule.endpoint, values, method=method))
        built.append(adapter.build(rule.endpoint, {**values, "q": "a&b"}, method=method))
    return built


def test_a_second_app_compiles_no_url_builder(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(url_rules, "_builders", {})
    compiled = _compiled(monkeypatch)
    first = _app(tmp_path, "first")
    assert set(compiled) == {rule.rule for rule in first.url_map.iter_rules()}
    compiled.clear()
    second = _app(tmp_path, "second")
    assert compiled == []
    assert _every_url(second) == _every_url(first)


def test_kept_builders_build_what_werkzeug_s_own_build(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    kept = _app(tmp_path, "kept")
    monkeypatch.setattr(KeptRule, "_compile_builder", Rule._compile_builder)  # werkzeug's own
    plain = _app(tmp_path, "plain")
    urls = _every_url(kept)
    assert urls == _every_url(plain)
    assert "/api/games/k%20%C3%A9/7?q=a%26b" in urls  # a part, escaped, and a query


def test_a_default_written_into_the_builder_is_never_shared() -> None:
    """A rule whose default fills a part of its own path: the builder holds the default's
    value, so two apps with different defaults build different URLs."""
    urls = []
    for page in (1, 2):
        app = Flask(__name__)
        app.url_rule_class = KeptRule
        app.add_url_rule("/list/<int:page>", "listing", lambda page: "", defaults={"page": page})
        with app.test_request_context():
            urls.append(url_for("listing"))
    assert urls == ["/list/1", "/list/2"]
