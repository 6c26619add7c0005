"""Templates are compiled once per process (companion.cache.templates): a second app renders
without compiling, a changed template is compiled afresh, and environments whose settings
shape the code differently never share it."""

from __future__ import annotations

from typing import Any

import pytest
from jinja2 import DictLoader, Environment

from companion import create_app
from companion.app import warm
from companion.cache import stores
from companion.cache.templates import KeptTemplates


def _compiles(environment: Environment, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates ``environment`` compiles from now on."""
    seen: list[str] = []
    compile_ = environment.compile

    def counted(source: Any, name: str | None = None, *args: Any, **kwargs: Any) -> Any:
        seen.append(name or "?")
        return compile_(source, name, *args, **kwargs)

    monkeypatch.setattr(environment, "compile", counted)
    return seen


def test_a_second_app_renders_the_pages_without_compiling_them(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    stores.forget()
    apps = [create_app({"TESTING": True, "SECRET_KEY": "t",
                        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / f'{n}.sqlite'}"})
            for n in (1, 2)]
    first, second = (_compiles(app.jinja_env, monkeypatch) for app in apps)
    for path in ("/", "/checker", "/print"):
        assert apps[0].test_client().get(path).status_code == 200
    assert first, "the first app compiles its templates"
    pages = {path: apps[1].test_client().get(path) for path in ("/", "/checker", "/print")}
    assert all(page.status_code == 200 for page in pages.values())
    assert second == []
    assert "<form" in pages["/checker"].get_data(as_text=True)


def test_an_app_built_after_the_warm_up_compiles_no_page(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """What gunicorn's master does before it forks (gunicorn.conf.py): every worker's app
    then serves its first pages without compiling a template."""
    stores.forget()
    warm()
    app = create_app({"TESTING": True, "SECRET_KEY": "t",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'w.sqlite'}"})
    compiled = _compiles(app.jinja_env, monkeypatch)
    client = app.test_client()
    for path in ("/", "/checker", "/print", "/games/new", "/groups/new", "/editions/new"):
        assert client.get(path).status_code == 200, path
    assert compiled == []


def test_a_changed_template_is_compiled_afresh() -> None:
    stores.forget()
    loader = DictLoader({"t.html": "one {{ x }}"})
    environment = Environment(loader=loader, bytecode_cache=KeptTemplates())
    assert environment.get_template("t.html").render(x=1) == "one 1"
    loader.mapping["t.html"] = "two {{ x }}"
    fresh = Environment(loader=loader, bytecode_cache=KeptTemplates())
    assert fresh.get_template("t.html").render(x=1) == "two 1"


def test_environments_that_compile_differently_do_not_share_code() -> None:
    stores.forget()
    source = DictLoader({"t.html": "{{ x }}"})
    escaping = Environment(loader=source, autoescape=True, bytecode_cache=KeptTemplates())
    plain = Environment(loader=source, autoescape=False, bytecode_cache=KeptTemplates())
    assert escaping.get_template("t.html").render(x="<b>") == "&lt;b&gt;"
    assert plain.get_template("t.html").render(x="<b>") == "<b>"
