"""Every refusal gets its HTTP status from one table, companion.http_answers.STATUS: the JSON
routes, the pages and the guards alike. With the table's statuses moved round, every answer
moves with it; and no module of the package writes a refusal's status of its own."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion import create_app, http_answers
from companion.guards import deadline, outage
from companion.refusals import Kind
from tests.kits.server import free_port

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "companion"
ORDER = list(Kind)
#: Each kind answered with the next kind's status: still statuses werkzeug knows (abort).
MOVED = {kind: http_answers.STATUS[ORDER[(index + 1) % len(ORDER)]]
         for index, kind in enumerate(ORDER)}
WIN = {"phase": True, "points": 0, "went_out": True}


@pytest.fixture
def moved(monkeypatch: pytest.MonkeyPatch) -> dict[Kind, int]:
    for kind, code in MOVED.items():
        monkeypatch.setitem(http_answers.STATUS, kind, code)
    return MOVED


def test_every_kind_has_one_status_of_its_own():
    assert set(http_answers.STATUS) == set(Kind)
    assert len(set(http_answers.STATUS.values())) == len(Kind)
    assert all(400 <= code < 600 for code in http_answers.STATUS.values())
    assert all(MOVED[kind] != http_answers.STATUS[kind] for kind in Kind)  # the fixture moves each


def _round(api: Any, game: dict[str, Any], **extra: Any) -> Any:
    return api.round(game, [{"player": "Ann", **WIN},
                            {"player": "Ben", "phase": False, "points": 60}], **extra)


def test_the_api_answers_each_refusal_with_the_status_of_its_kind(api: Any,
                                                                  moved: dict[Kind, int]):
    game = api.new_game(["Ann", "Ben"])
    unknown = api.post("/api/games", {"players": ["Ann", "Ben"], "edition": "nope"})
    assert unknown.status_code == moved[Kind.INPUT]
    assert api.client.delete(f"/api/games/{game['id']}/rounds/last").status_code == \
        moved[Kind.CONFLICT]  # nothing to undo: another device undid it
    broken = api.round(game, [{"player": "Ann", **WIN},
                              {"player": "Ben", "phase": False, "points": 7}])
    assert broken.status_code == moved[Kind.REFUSED]  # points not a multiple of 5
    assert _round(api, game).status_code == 201
    assert _round(api, game, number=1).status_code == moved[Kind.CONFLICT]
    assert _round(api, game, revision=1).status_code == moved[Kind.CONFLICT]
    results = {"results": [{"player": "Ann", **WIN},
                           {"player": "Ben", "phase": False, "points": 60}]}
    missing = api.client.put(f"/api/games/{game['id']}/rounds/9", json=results)
    assert missing.status_code == moved[Kind.UNKNOWN]
    joined = api.post(f"/api/games/{game['id']}/players", {"name": " "})
    assert joined.status_code == moved[Kind.INPUT]
    for path in ("/api/games", "/api/groups"):
        not_json = api.client.post(path, data="players=Ann", content_type="text/plain")
        assert not_json.status_code == moved[Kind.NOT_JSON]
        assert "JSON" in not_json.get_json()["error"]

def test_the_group_refusals_are_kinds_the_table_answers(api: Any, moved: dict[Kind, int]):
    group = dict(api.post("/api/groups", {"name": "Friday"}).get_json())
    other = dict(api.post("/api/groups", {"name": "Saturday"}).get_json())
    game = api.new_game(["Ann", "Ben"])
    adds = f"/api/groups/{group['id']}/games"
    assert api.post(adds, {"game": "x" * 43}).status_code == moved[Kind.UNKNOWN]
    assert api.post(f"/api/groups/{other['id']}/games", {"game": game["id"]}).status_code < 300
    assert api.post(adds, {"game": game["id"]}).status_code == moved[Kind.CONFLICT]
    merge = api.post(f"/api/groups/{group['id']}/aliases", {"spelling": "Ann", "name": "Ann"})
    assert merge.status_code == moved[Kind.INPUT]
    rematch = api.post(f"/api/games/{game['id']}/rematch", {})
    assert rematch.status_code == moved[Kind.CONFLICT]  # the game is not finished
    refused = api.post("/api/import", {"format": "phase10-companion", "version": 1,
                                       "games": [{"players": ["Ann"]}]})
    assert refused.status_code == moved[Kind.REFUSED]  # no “kind”: nothing is imported


def test_the_pages_answer_a_refused_form_with_the_status_of_its_kind(
        api: Any, moved: dict[Kind, int]):
    client = api.client
    game = api.new_game(["Ann", "Ben", "Cem"])
    joined = client.post(f"/games/{game['id']}/players/add", data={"name": "x" * 40})
    assert joined.status_code == moved[Kind.REFUSED]
    group = dict(api.post("/api/groups", {"name": "Friday"}).get_json())
    renamed = client.post(f"/groups/{group['id']}/rename", data={"player": "Zed", "name": ""})
    assert renamed.status_code == moved[Kind.REFUSED]
    assert client.post("/editions/new", data={"name": ""}).status_code == moved[Kind.REFUSED]
    assert client.get("/print/blank.pdf?paper=a2").status_code == moved[Kind.INPUT]
    unfinished = client.get(f"/games/{game['view_id']}/standings.png")
    assert unfinished.status_code == moved[Kind.UNKNOWN]
    # The form's own check of its token, the app-wide one (answered as CSRFError) left off.
    config = client.application.config
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(config, "WTF_CSRF_ENABLED", True)
        patch.setitem(config, "WTF_CSRF_CHECK_DEFAULT", False)
        not_a_form = client.post(f"/groups/{group['id']}/next", data={})
    assert not_a_form.status_code == moved[Kind.INPUT]
    assert "could not be understood" in not_a_form.get_data(as_text=True)


def test_a_late_body_is_answered_with_the_status_of_its_kind(client, moved: dict[Kind, int]):
    for kind in (Kind.LATE, Kind.INPUT, Kind.TOO_LARGE):
        answer = client.post("/api/games", json={"players": ["Ann", "Ben"]},
                             environ_overrides={deadline.REFUSED: kind})
        assert answer.status_code == moved[kind]


def _down(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Flask:
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setitem(outage._down, "since", False)
    url = f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}/none"
    return create_app({"SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url,
                       "MIGRATE_ON_START": 0, "RATELIMIT_ENABLED": False})


def test_the_outage_guard_takes_its_status_from_the_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moved: dict[Kind, int]):
    client = _down(tmp_path, monkeypatch).test_client()
    for path in ("/api/games/nosuchgame", "/games/nosuchgame"):
        answer = client.get(path)
        assert answer.status_code == moved[Kind.UNAVAILABLE]
        assert answer.headers["Retry-After"] == str(outage.RETRY_SECONDS)


# Statically: where a status could be written, only companion.http_answers writes one.

#: Calls whose arguments are answers (an abort() with a number is refused on its own:
#: tests/project/test_refusals.py).
ANSWERING = {"json_error", "error_page", "answer", "Response", "make_response"}
STATUS_NAMES = {"status", "status_code", "code", "validation_error_status"}


def _name(node: ast.AST) -> str:
    return getattr(node, "id", getattr(node, "attr", ""))


def _given_a_status(node: ast.AST) -> bool:
    """A return, a status keyword, or an assignment to a status variable or attribute."""
    if isinstance(node, ast.Return):
        return node.value is not None
    if isinstance(node, ast.keyword):
        return node.arg in STATUS_NAMES
    return isinstance(node, ast.Assign) and any(_name(t) in STATUS_NAMES for t in node.targets)


def _where_statuses_go(tree: ast.AST) -> list[ast.AST]:
    """The places a status is given: a return, a status keyword or variable, an answer."""
    places: list[ast.AST] = []
    for node in ast.walk(tree):
        if _given_a_status(node):
            places.append(node.value)  # type: ignore[attr-defined]
        elif isinstance(node, ast.Call) and _name(node.func) in ANSWERING:
            places.extend(node.args)
    return places


def _written_statuses(path: Path) -> list[int]:
    """The error statuses written as numbers where a status is given (not in an abort())."""
    found: dict[int, int] = {}
    for place in _where_statuses_go(ast.parse(path.read_text())):
        calls = [node for node in ast.walk(place) if isinstance(node, ast.Call)
                 and _name(node.func) == "abort"]
        aborted = {id(inner) for call in calls for inner in ast.walk(call)}
        found |= {id(node): node.value for node in ast.walk(place)
                  if isinstance(node, ast.Constant) and type(node.value) is int
                  and 400 <= node.value < 600 and id(node) not in aborted}
    return list(found.values())


def test_no_module_but_errors_writes_the_status_of_a_refusal():
    written = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if name == "http_answers.py" or name.startswith("migrations/"):
            continue
        found = _written_statuses(path)
        if found:
            written[name] = found
    assert written == {}


def test_an_address_that_leads_nowhere_is_raised_as_its_kind_not_aborted_with_404():
    """``raise NotThere`` (Kind.UNKNOWN, answered through http_answers.STATUS), never abort(404);
    and a page's redirect after a change says what it is (views.see_other), not 303."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and _name(node.func) in ("abort", "redirect")
                    and any(isinstance(arg, ast.Constant) and arg.value in (404, 303)
                            for arg in node.args)):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert found == []


def test_the_documents_error_answers_are_derived_from_the_kinds_a_route_raises(
        moved: dict[Kind, int]) -> None:
    """A view's errors in /api/openapi.json: what its body, query and link may be refused
    for, and the kinds its use case raises, each answered through http_answers.STATUS (the
    fixture moves every kind to another status: the document follows)."""
    from companion.api import openapi
    from companion.schemas import GameAnswer, RoundBody, UndoQuery

    def view(key: str) -> None: ...

    made = [openapi.documented(json=RoundBody, answers={201: GameAnswer},
                               refuses=(Kind.CONFLICT,)),
            openapi.documented(query=UndoQuery, answers={200: GameAnswer}),
            openapi.documented(answers={200: GameAnswer}, body=True)]
    try:
        codes = []
        for decorate in made:
            decorate(view)
            codes.append(openapi._described[-1].codes)
    finally:
        del openapi._described[-len(made):]
    assert codes[0] == sorted({moved[Kind.INPUT], moved[Kind.TOO_LARGE], moved[Kind.UNKNOWN],
                               moved[Kind.CONFLICT], moved[Kind.NOT_JSON]})
    assert codes[1] == sorted({moved[Kind.INPUT], moved[Kind.UNKNOWN]})
    assert codes[2] == sorted({moved[Kind.INPUT], moved[Kind.UNKNOWN], moved[Kind.NOT_JSON]})


def test_the_static_check_finds_a_status_written_by_hand(tmp_path: Path):
    module = tmp_path / "page.py"
    module.write_text("def page():\n    if problem:\n        return render(), 422\n"
                      "    abort(404)\n    return json_error(409, 'stale')\n")
    assert sorted(_written_statuses(module)) == [409, 422]
