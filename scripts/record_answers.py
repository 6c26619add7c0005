"""Record the app's answers to a fixed list of requests, and compare two recordings.

    python scripts/record_answers.py record FOLDER     # one file per request in FOLDER
    python scripts/record_answers.py compare A B       # the requests whose answers differ

A refactoring that is meant to change nothing must leave every answer as it was: record on the
commit before it, record again after, compare. ``record`` builds the app on a fresh temporary
SQLite database, makes its data through the app's own API and forms (card games, Masters, the
board game, house rules, a group with games, players who join, leave and are renamed, edits,
undo and restore, refusals) and writes each answer (status, headers, body) to a numbered file.

Two runs of the same code give the same bytes because what would vary is fixed or replaced:

- the clock is frozen (``time_machine``) and moved on by a fixed step after every write, so
  times and durations are the same in every run, also where no placeholder can reach them
  (compressed PDF pages, the standings picture);
- the random links (``secrets.token_urlsafe`` for games and groups, ``secrets.choice`` for house
  rules' revision keys) come from a seeded generator, so the QR codes that draw them are the
  same; in text each is also shown as ``<link-N>``, N counting the links in the order they
  were drawn (not the order they appear in an answer); a link-like string the generator never
  drew is ``<key-N>``, numbered in order of appearance;
- CSRF tokens and the session cookie (random per session), CSP nonces (random per answer)
  and the ``/ID`` and dates reportlab writes into a PDF become placeholders;
- the settings come from the script alone (a ``DATABASE_URL`` or ``COMPANION_*`` of the shell
  is set aside), PDFs are drawn in the process under the frozen clock, the quotas are off
  (they count per minute of that clock), and ``PYTHONHASHSEED`` is 0.

``compare`` prints, for each request whose file differs, a short unified diff of the text (for
a PDF, of the text pypdf extracts from it, when the bytes differ; for a PNG, sizes and hashes).
"""

from __future__ import annotations

import argparse
import base64
import difflib
import hashlib
import html.parser
import io
import json
import os
import random
import re
import secrets
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

START = datetime(2026, 3, 14, 19, 30, tzinfo=UTC)
STEP_SECONDS = 97  # a round takes a minute or two at the table
SEED = 33
#: Headers that say nothing about the answer (the test client adds Content-Length anyway).
IGNORED_HEADERS = {"date", "server"}
TOKEN = re.compile(rb"[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,8}\.[A-Za-z0-9_-]{20,}")
NONCE = re.compile(rb"nonce-[A-Za-z0-9+/=_-]+|nonce=\"[A-Za-z0-9+/=_-]+\"")
RANDOM_KEY = re.compile(rb"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])")
PDF_VARYING = re.compile(
    rb"/(CreationDate|ModDate) \(D:[^)]*\)|/ID\s*\[\s*<[0-9a-fA-F]+>\s*<[0-9a-fA-F]+>\s*\]")


# --- what varies between two runs -------------------------------------------------------------

class Keys:
    """Links become ``<link-N>``: N counts the links the app drew (the seeded generator tells
    which), so a change in the order they appear in an answer moves nothing else; a link-like
    string the generator never drew is numbered in order of appearance (``<key-N>``)."""

    def __init__(self) -> None:
        self.names: dict[bytes, bytes] = {}
        self.drawn: list[str] = []  # seeded_links appends each link it draws
        self.named = 0
        self.unknowns = 0

    def replace(self, body: bytes) -> bytes:
        for index in range(self.named, len(self.drawn)):
            self.names[self.drawn[index].encode()] = f"<link-{index + 1}>".encode()
        self.named = len(self.drawn)
        return RANDOM_KEY.sub(self._name, body)

    def _name(self, match: re.Match[bytes]) -> bytes:
        key = match.group(0)
        if key not in self.names:
            if not re.search(rb"[0-9_-]", key):
                return key  # a long word, not a link
            self.unknowns += 1
            self.names[key] = f"<key-{self.unknowns}>".encode()
        return self.names[key]


def normalise(body: bytes, keys: Keys, content_type: str) -> bytes:
    if content_type.startswith("application/pdf"):
        return PDF_VARYING.sub(lambda match: b"/" + match.group(0).split()[0][1:] + b" <varies>",
                               body)
    if content_type.startswith("image/png"):
        return body
    body = TOKEN.sub(b"<csrf>", body)
    body = NONCE.sub(b"nonce-<nonce>", body)
    return keys.replace(body)


def header_lines(headers: Any, keys: Keys) -> list[bytes]:
    lines = []
    for name, value in headers.items():
        if name.lower() in IGNORED_HEADERS:
            continue
        if name.lower() == "set-cookie" and value.startswith("session="):
            value = "session=<session>;" + value.split(";", 1)[1]
        lines.append(name.encode() + b": " + normalise(value.encode(), keys, "text/plain"))
    return lines


@contextmanager
def seeded_links(keys: Keys) -> Iterator[None]:
    """Links drawn from a seeded generator: the same links, so the same QR codes, every run
    (house rules' revision keys too: ``secrets.choice``)."""
    generator = random.Random(SEED)
    saved = secrets.token_urlsafe, secrets.choice

    def token_urlsafe(nbytes: int | None = None) -> str:
        raw = generator.randbytes(nbytes or 32)
        token = base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
        keys.drawn.append(token)
        return token

    secrets.token_urlsafe = token_urlsafe  # type: ignore[assignment]
    secrets.choice = generator.choice  # type: ignore[assignment]
    try:
        yield
    finally:
        secrets.token_urlsafe, secrets.choice = saved


# --- forms as a browser fills them ------------------------------------------------------------

class Forms(html.parser.HTMLParser):
    """The forms of a page with what a browser would send untouched (hidden fields, values,
    checked boxes, selected options)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.forms.append({"action": attr.get("action", ""), "fields": []})
        elif not self.forms:
            return
        elif tag == "input" and attr.get("name"):
            kind = attr.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in attr:
                return
            if kind not in ("submit", "button", "file"):
                self.forms[-1]["fields"].append((attr["name"], attr.get("value", "")))
        elif tag == "textarea" and attr.get("name"):
            self.forms[-1]["fields"].append((attr["name"], ""))
        elif tag == "select":
            self.select = attr.get("name")
            self.forms[-1]["first"] = None
        elif tag == "option" and self.select:
            if self.forms[-1].get("first") is None:
                self.forms[-1]["first"] = attr.get("value", "")
            if "selected" in attr:
                self.forms[-1]["fields"].append((self.select, attr.get("value", "")))
                self.forms[-1]["chosen"] = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self.select and self.forms:
            form = self.forms[-1]
            if not form.pop("chosen", False) and form.get("first") is not None:
                form["fields"].append((self.select, form["first"]))
            self.select = None


def form_data(page: bytes, action: str, changes: dict[str, Any],
              page_path: str = "") -> dict[str, Any]:
    """The fields of the page's form whose action ends with ``action`` (a form without one
    posts to its page), with ``changes`` (None drops a field: unticks a box; a list sends the
    name once per value)."""
    parser = Forms()
    parser.feed(page.decode())
    forms = [form for form in parser.forms
             if (form["action"] or page_path).split("?")[0].endswith(action)]
    if not forms:
        raise SystemExit(f"no form posting to {action}")
    data: dict[str, Any] = {}
    for name, value in forms[0]["fields"]:
        data.setdefault(name, []).append(value)
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value if isinstance(value, list) else [value]
    return data


# --- the recording ----------------------------------------------------------------------------

class Recorder:
    def __init__(self, app: Any, folder: Path, traveller: Any, keys: Keys) -> None:
        self.client = app.test_client()
        self.folder = folder
        self.traveller = traveller
        self.keys = keys
        self.count = 0

    def __call__(self, method: str, path: str, *, name: str = "", **options: Any) -> Any:
        response = self.client.open(path, method=method, **options)
        self.count += 1
        self._write(method, path, name, options, response)
        if method != "GET":
            self.traveller.shift(STEP_SECONDS)
        return response

    def _write(self, method: str, path: str, name: str, options: dict[str, Any],
               response: Any) -> None:
        shown = self.keys.replace(path.encode()).decode()
        slug = re.sub(r"[^A-Za-z0-9.]+", "-", f"{method} {shown} {name}").strip("-")[:90]
        content_type = response.headers.get("Content-Type", "")
        lines = [f"{method} {shown}".encode()]
        for header, value in (options.get("headers") or {}).items():
            lines.append(f"> {header}: {value}".encode())
        lines.append(f"status: {response.status_code}".encode())
        lines += header_lines(response.headers, self.keys)
        body = normalise(response.get_data(), self.keys, content_type)
        (self.folder / f"{self.count:03d}-{slug}.txt").write_bytes(b"\n".join(lines) + b"\n\n"
                                                                  + body)

    def form(self, page_path: str, action: str, changes: dict[str, Any], *, name: str = "",
             lang: str | None = None) -> Any:
        """GET the page (recorded), then POST its form as a browser would."""
        headers = {"Accept-Language": lang} if lang else {}
        page = self("GET", page_path, name="form", headers=headers).get_data()
        data = form_data(page, action, changes, page_path)
        return self("POST", action, name=name, data=data, headers=headers)


def json_of(response: Any) -> Any:
    return json.loads(response.get_data())


def results(pairs: list[tuple[str, Any, int]], out: str | None = None) -> list[dict[str, Any]]:
    return [{"player": player, "phase": phase, "points": points,
             **({"went_out": True} if player == out else {})}
            for player, phase, points in pairs]


@contextmanager
def own_environment(folder: Path) -> Iterator[None]:
    """The app's settings from this script alone: none from the environment (a DATABASE_URL
    or COMPANION_* of the shell would change answers), the instance folder in ``folder``."""
    saved = dict(os.environ)
    for name in list(os.environ):
        if name.startswith("COMPANION_") or name in ("DATABASE_URL", "SECRET_KEY"):
            del os.environ[name]
    os.environ["COMPANION_INSTANCE_PATH"] = str(folder / "instance")
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def make_app(folder: Path) -> Any:
    from companion import create_app

    return create_app({
        "SECRET_KEY": "recorded-answers",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'answers.sqlite'}",
        "SERVER_NAME": "companion.test",
        "RATELIMIT_ENABLED": False,  # quotas count per minute of a frozen clock
        "DRAWING_PROCESSES": 0,  # drawn in this process, under the frozen clock
    })


def close(app: Any) -> None:
    """The live-update watcher stops and the database is let go (the scratch folder goes)."""
    with app.app_context():
        database = app.extensions["sqlalchemy"]
        try:
            from companion.infra import live
        except ImportError:  # moved: its thread is a daemon and ends with the process
            pass
        else:
            live.stop_watching(database.engine)
        database.session.remove()
        database.engine.dispose()


def record(folder: Path) -> int:
    try:
        import time_machine
    except ImportError:
        raise SystemExit("record needs time-machine: pip install -e \".[dev]\" "
                         "(or pip install time-machine)") from None

    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.txt"):
        old.unlink()
    keys = Keys()
    G.clear()
    with tempfile.TemporaryDirectory() as scratch, own_environment(Path(scratch)), \
            seeded_links(keys), time_machine.travel(START, tick=False) as traveller:
        app = make_app(Path(scratch))
        call = Recorder(app, folder, traveller, keys)
        try:
            for step in STEPS:
                step(call)
        finally:
            close(app)
        return call.count


# --- the requests -----------------------------------------------------------------------------

G: dict[str, Any] = {}  # the games, groups and rules the steps made, by role


def remember(role: str, answer: Any) -> dict[str, Any]:
    G[role] = json_of(answer)
    return dict(G[role])


def location_key(response: Any) -> str:
    return str(response.headers["Location"].rstrip("/").split("/")[-1].split("?")[0])


def static_pages(call: Recorder) -> None:
    for path in ("/", "/games/new", "/print", "/checker", "/offline", "/sw.js", "/groups/new",
                 "/import", "/editions/new", "/api/openapi.json",
                 "/games/new?edition=board", "/checker?edition=masters&phase=4"):
        call("GET", path)
    for lang in ("de", "fr", "it", "nl"):
        call("GET", "/", name=lang, headers={"Accept-Language": lang})
    call("GET", "/games/new", name="de", headers={"Accept-Language": "de"})
    call("GET", "/no/such/page")
    call("GET", "/games/nosuchgame")
    call("GET", "/api/games/nosuchgame")
    call("POST", "/language", data={"lang": "fr"}, name="csrf-missing")


def card_game_by_form(call: Recorder) -> None:
    answer = call.form("/games/new", "/games/new", {
        "names-0": "Michaela", "names-1": "Horst", "names-2": "Petra", "names-3": "Thomas"})
    key = location_key(answer)
    call("GET", f"/games/{key}", name="empty")
    G["card_key"] = key
    remember("card", call("GET", f"/api/games/{key}"))
    rounds = [
        {"results-0-laid": "y", "results-0-points": "0", "went_out": "Michaela",
         "results-1-laid": None, "results-1-points": "65", "results-2-laid": "y",
         "results-2-points": "10", "results-3-laid": None, "results-3-points": "100"},
        {"results-0-laid": "y", "results-0-points": "20", "went_out": "Horst",
         "results-1-laid": "y", "results-1-points": "0", "results-2-laid": None,
         "results-2-points": "55", "results-3-laid": "y", "results-3-points": "5"},
    ]
    for number, changes in enumerate(rounds, start=1):
        call.form(f"/games/{key}/round", f"/games/{key}/round", changes, name=f"round{number}")
    # Refusals on the page: points not a number, a winner with points, a stale form.
    call.form(f"/games/{key}/round", f"/games/{key}/round", {
        "results-0-points": "abc", "results-1-points": "0", "went_out": "Horst"},
        name="bad-points")
    stale = call("GET", f"/games/{key}/round", name="stale-form").get_data()
    api_round(call, key, 3, "Petra")
    data = form_data(stale, f"/games/{key}/round", page_path=f"/games/{key}/round", changes={
        "results-0-points": "5", "results-1-points": "5", "results-2-points": "0",
        "results-3-points": "5", "went_out": "Petra"})
    call("POST", f"/games/{key}/round", data=data, name="stale")
    call("POST", f"/games/{key}/round", data={"went_out": "Horst"}, name="csrf-missing")
    call.form(f"/games/{key}/round", f"/games/{key}/round", {
        "results-0-points": "5", "results-1-points": "0", "results-2-points": "45",
        "results-3-points": "260", "went_out": "Horst"}, name="implausible")
    # An edit by form, then by the API.
    call.form(f"/games/{key}/rounds/1/edit", f"/games/{key}/rounds/1/edit", {
        "results-3-points": "95"}, name="edit")
    call("PUT", f"/api/games/{key}/rounds/2", json={"results": results([
        ("Michaela", True, 15), ("Horst", True, 0), ("Petra", False, 65),
        ("Thomas", True, 5)], "Horst")}, name="edit")


def api_round(call: Recorder, key: str, number: int, out: str, **extra: Any) -> Any:
    """A round of the players the game expects: ``out`` went out, one other missed."""
    expected = json_of(call.client.get(f"/api/games/{key}"))["expected"]
    missed = expected[-1] if out != expected[-1] else expected[0]
    pairs = [(name, name != missed, 0 if name == out else 5 if name != missed else 55 + 5 * seat)
             for seat, name in enumerate(expected)]
    return call("POST", f"/api/games/{key}/rounds",
                json={"results": results(pairs, out), "number": number, **extra},
                name=f"round{number}")


def card_game_refusals(call: Recorder) -> None:
    key = G["card_key"]
    game = json_of(call.client.get(f"/api/games/{key}"))
    call("POST", f"/api/games/{key}/rounds", json={"results": results([
        ("Michaela", True, 0), ("Horst", False, 10)], "Michaela"), "number": 1},
        name="stale-number")
    call("POST", f"/api/games/{key}/rounds", json={"results": results([
        ("Michaela", True, 0), ("Horst", False, -3), ("Petra", False, 7),
        ("Thomas", False, 12)], "Michaela"), "revision": game["revision"]}, name="bad-points")
    call("POST", f"/api/games/{key}/rounds", json={"results": [], "revision": 1},
         name="stale-revision")
    call("POST", "/api/games/nosuchgame/rounds", json={"results": []}, name="unknown-game")
    call("POST", f"/api/games/{key}/rounds", data="not json", name="not-json",
         headers={"Content-Type": "text/plain"})
    call("DELETE", f"/api/games/{key}/rounds/last?revision=x", name="bad-revision")
    call("POST", f"/api/games/{G['card']['view_id']}/rounds", json={"results": []},
         name="view-link")


def undo_and_restore(call: Recorder) -> None:
    key = G["card_key"]
    api_round(call, key, 4, "Thomas")
    call.form(f"/games/{key}", f"/games/{key}/undo", {}, name="undo")
    call("GET", f"/games/{key}", name="after-undo")
    call.form(f"/games/{key}", f"/games/{key}/restore", {}, name="restore")
    call("DELETE", f"/api/games/{key}/rounds/last", name="undo")
    api_round(call, key, 4, "Thomas")


def players_change(call: Recorder) -> None:
    key = G["card_key"]
    players = f"/games/{key}/players"
    call.form(players, f"{players}/add", {"name": "Dora"}, name="add")
    call.form(players, f"{players}/rename", {"player": "Thomas", "name": "Tom"}, name="rename")
    call.form(players, f"{players}/add", {"name": "michaela"}, name="taken")
    api_round(call, key, 5, "Dora")
    call("POST", f"/api/games/{key}/players", json={"name": "Emil"}, name="add")
    call("PATCH", f"/api/games/{key}/players/Emil", json={"name": "Emilio"}, name="rename")
    call("DELETE", f"/api/games/{key}/players/Emilio", name="leave-before-playing")
    call("DELETE", f"/api/games/{key}/players/Petra", name="leave")
    call("POST", f"/api/games/{key}/players", json={"name": ""}, name="empty-name")
    api_round(call, key, 6, "Michaela")


def masters_and_board(call: Recorder) -> None:
    masters = remember("masters", call("POST", "/api/games", json={
        "edition": "masters", "players": ["Ana", "Bo", "Cleo"], "dealer": "Bo"}, name="masters"))
    for number, (phases, out) in enumerate([((1, False, 3), "Ana"), ((2, 1, False), "Bo")],
                                           start=1):
        call("POST", f"/api/games/{masters['id']}/rounds", json={"number": number,
             "results": results([("Ana", phases[0], 0 if out == "Ana" else 10),
                                 ("Bo", phases[1], 0 if out == "Bo" else 55),
                                 ("Cleo", phases[2], 10 if phases[2] else 60)], out)},
             name=f"round{number}")
    call.form(f"/games/{masters['id']}/round", f"/games/{masters['id']}/round", {
        "results-0-phase": "3", "results-0-points": "0", "went_out": "Ana",
        "results-1-phase": "", "results-1-points": "70", "results-2-phase": "4",
        "results-2-points": "10"}, name="round3")
    board = remember("board", call("POST", "/api/games", json={
        "edition": "board", "players": ["Jo", "Kai"], "starter": "Kai"}, name="board"))
    for number in range(1, 4):
        call("POST", f"/api/games/{board['id']}/rounds", json={"number": number, "results": [
            {"player": "Jo", "phase": True, "went_out": number != 2},
            {"player": "Kai", "phase": number != 1, "went_out": number == 2}]},
            name=f"round{number}")
    call.form(f"/games/{board['id']}/round", f"/games/{board['id']}/round", {
        "results-0-laid": "y", "results-1-laid": "y", "went_out": "Jo"}, name="round4")
    call("POST", f"/api/games/{board['id']}/rounds", json={"results": [
        {"player": "Jo", "phase": True, "points": 5, "went_out": True},
        {"player": "Kai", "phase": True}]}, name="points-in-board")


def finished_game(call: Recorder) -> None:
    """A short game played to its end: the standings picture and the finished sheet."""
    short = remember("short", call("POST", "/api/games", json={
        "players": ["Uma", "Vito"], "phases": [1, 2], "ten_rounds": True}, name="short"))
    for number in (1, 2):
        call("POST", f"/api/games/{short['id']}/rounds", json={"number": number,
             "results": results([("Uma", True, 0),
                                 ("Vito", number == 2, 60 if number == 1 else 10)], "Uma")},
             name=f"round{number}")
    call("POST", f"/api/games/{short['id']}/rounds", json={"results": results([
        ("Uma", True, 0), ("Vito", True, 30)], "Uma")}, name="after-the-end")


def house_rules(call: Recorder) -> None:
    answer = call("POST", "/api/editions", json={
        "name": "Kitchen table", "phases": [
            [{"kind": "set", "size": 3}, {"kind": "set", "size": 3}],
            [{"kind": "colour run", "size": 5}]], "values": {"wild": 25}}, name="house")
    house = remember("house", answer)
    call("POST", "/api/editions", json={"name": "", "phases": []}, name="refused")
    key = house.get("key") or house.get("id")
    if key:
        call("GET", f"/api/editions/{key}")
        call("GET", f"/editions/{key}")
        game = remember("housegame", call("POST", "/api/games", json={
            "edition": house.get("edition", key), "players": ["Ida", "Jan"]}, name="housegame"))
        if "id" in game:
            call("POST", f"/api/games/{game['id']}/rounds", json={"number": 1,
                 "results": results([("Ida", True, 0), ("Jan", False, 60)], "Ida")},
                 name="round1")
    call.form("/editions/new?preset=original", "/editions/new", {"name": "Form rules"},
              name="house-form")
    if "id" not in house:
        return
    edit, view = house["id"], house["view_id"]
    call("GET", f"/api/editions/{view}", name="view")
    call("GET", f"/editions/{view}", name="view")
    call("PUT", f"/api/editions/{edit}", json={
        "name": "Kitchen table", "phases": [[{"kind": "run", "size": 4}]],
        "chooses_phase": True}, name="revision2")
    call("PUT", f"/api/editions/{view}", json={"name": "x", "phases": []}, name="view-link")
    call.form(f"/editions/{edit}", f"/editions/{edit}", {"name": "Kitchen table 3"},
              name="by-form")
    call("GET", f"/print/blank.pdf?edition={edit}&players=2", name="house")
    call("POST", "/api/check", json={"edition": house["edition"], "phase": 1,
                                     "hand": ["1r", "1b", "1g", "2r", "2b", "2g"]},
         name="house")


def group_night(call: Recorder) -> None:
    group = remember("group", call("POST", "/api/groups", json={"name": "Friday"},
                                         name="group"))
    gkey = group.get("id") or group.get("key")
    for number, players in enumerate((["Ann", "Ben", "Cai"], ["Ann", "Benny", "Dee"]), start=1):
        game = remember(f"ggame{number}", call(
            "POST", f"/api/groups/{gkey}/games", json={"players": players, "phases": [1],
                                                        "ten_rounds": True},
            name=f"game{number}"))
        call("POST", f"/api/games/{game['id']}/rounds", json={"results": results(
            [(name, True, 0 if seat == number - 1 else 10 * seat + 5)
             for seat, name in enumerate(players)], players[number - 1])}, name="round1")
    call("POST", f"/api/groups/{gkey}/aliases", json={"spelling": "Benny", "name": "Ben"},
         name="merge")
    call.form(f"/groups/{gkey}", f"/groups/{gkey}/rename", {"player": "Dee", "name": "Dina"},
              name="rename")
    call.form(f"/groups/{gkey}", f"/groups/{gkey}/add", {"link": G["card_key"]}, name="add")
    call.form(f"/groups/{gkey}", f"/groups/{gkey}/next", {}, name="next")
    rematch = call("POST", f"/api/games/{G['ggame1']['id']}/rematch", json={}, name="rematch")
    if rematch.status_code == 201:
        remember("rematch", rematch)
    call("POST", f"/api/groups/{gkey}/aliases", json={"spelling": "Cai", "name": "Ann"},
         name="merge2")
    call("DELETE", f"/api/groups/{gkey}/aliases/Cai", name="unmerge")
    call("PATCH", f"/api/groups/{gkey}/players/Ann", json={"name": "Anna"}, name="rename")
    call.form(f"/groups/{gkey}", f"/groups/{gkey}/merge", {"spelling": "Cai", "into": "Anna"},
              name="merge-ask")
    call("POST", f"/groups/{gkey}/merge", name="merge-confirmed", data=form_data(
        call.client.get(f"/groups/{gkey}").get_data(), f"/groups/{gkey}/merge",
        {"spelling": "Cai", "into": "Anna", "confirm": "yes"}))
    call.form(f"/groups/{gkey}", f"/groups/{gkey}/unmerge", {"spelling": "Cai"},
              name="unmerge")
    # The page's Rematch button, as a browser sends it: the game may have its rematch already
    # (the group's "Next game" links the game after the group's last one), and then the page
    # offers that game instead of the form; the same POST is answered either way.
    page = call("GET", f"/games/{G['ggame2']['id']}", name="form").get_data()
    token = re.search(rb'name="csrf_token" value="([^"]*)"', page)
    call("POST", f"/games/{G['ggame2']['id']}/rematch", name="rematch",
         data={"csrf_token": token.group(1).decode()} if token else {})
    call("GET", f"/api/groups/{gkey}")
    call("GET", f"/groups/{gkey}")
    call("GET", f"/groups/{group.get('view_id', gkey)}", name="view")
    call("GET", f"/groups/{gkey}/qr.svg")
    call("GET", f"/api/groups/{gkey}/export")
    call("GET", f"/api/groups/{gkey}/export.csv")
    export = call.client.get(f"/api/groups/{gkey}/export").get_data()
    imported = call("POST", "/api/import", data=export, name="group",
                    headers={"Content-Type": "application/json"})
    if imported.status_code == 201:
        remember("imported", imported)
    call("POST", "/api/import", json={"kind": "nothing"}, name="refused")
    game_file = call.client.get(f"/api/games/{G['ggame2']['id']}/export").get_data()
    page = call("GET", "/import", name="form").get_data()
    data = form_data(page, "/import", {}, "/import")
    data["file"] = (io.BytesIO(game_file), "game.json")
    call("POST", "/import", data=data, name="game-by-form",
         content_type="multipart/form-data")
    call.form("/groups/new", "/groups/new", {"name": "Saturday"}, name="new-group")


def game_pages(call: Recorder) -> None:
    for role in ("card", "masters", "board", "short", "housegame", "ggame2"):
        game = G.get(role, {})
        if "id" not in game:
            continue
        for key in (game["id"], game["view_id"]):
            for suffix in ("", "/live", "/qr.svg", "/sheet.pdf", "/standings.png"):
                call("GET", f"/games/{key}{suffix}")
            for suffix in ("", "/events", "/export", "/export.csv"):
                call("GET", f"/api/games/{key}{suffix}")
        edit = game["id"]
        for suffix in ("/round", "/rounds/1/edit", "/players", "/edit-qr.svg",
                       "/sheet.pdf?paper=letter"):
            call("GET", f"/games/{edit}{suffix}")
    card = G["card_key"]
    call("GET", f"/games/{card}", name="de", headers={"Accept-Language": "de"})
    call("GET", f"/games/{card}/sheet.pdf", name="fr", headers={"Accept-Language": "fr-CA"})
    call("GET", f"/games/{G['short']['id']}/standings.png", name="it",
         headers={"Accept-Language": "it"})
    etag = call.client.get(f"/api/games/{card}").headers.get("ETag")
    if etag:
        call("GET", f"/api/games/{card}", name="not-modified", headers={"If-None-Match": etag})


def printing_and_checker(call: Recorder) -> None:
    for query in ("edition=original&players=6&paper=a4&lang=de",
                  "edition=board&name=Ann&name=Ben&paper=letter",
                  "edition=masters&players=3", "edition=nope&players=9"):
        call("GET", f"/print/blank.pdf?{query}")
    call("POST", "/api/check", json={"edition": "original", "phase": 1,
                                     "hand": ["4r", "4b", "4g", "8r", "8y", "8b", "2r"]})
    call("POST", "/api/check", json={"edition": "original", "phase": 4,
                                     "groups": [["3r", "W", "5b", "7g"]]}, name="groups")
    call("POST", "/api/check", json={"edition": "original", "phase": 1, "hand": ["13r"]},
         name="bad-card")
    call("POST", "/api/hit", json={"edition": "original", "card": "6b",
                                   "group": {"part": "run", "cards": ["3r", "W", "W"]}})
    call("POST", "/api/outs", json={"edition": "original", "phase": 3, "seen": ["6r", "6g"],
                                    "hand": ["8r", "8g", "8b", "3y", "4y", "5r", "W", "S",
                                             "11b"]})
    call("POST", "/api/outs", json={"edition": "masters", "hand": ["1r", "1b", "2g", "W"]},
         name="every-phase")
    call.form("/checker", "/checker", {"hand": "4r 4b 4g 8r 8y 8b 2r", "mode": "hand"},
              name="hand")
    call.form("/checker", "/checker", {"hand": "7r 7b 1g 2g", "mode": "outs"}, name="outs")
    call.form("/checker", "/checker", {"mode": "hit", "hit_kind": "run",
                                       "hit_group": "3r W W", "hit_card": "6b"}, name="hit")
    call.form("/checker", "/checker", {"mode": "groups", "groups-0": "4r 4b x"},
              name="bad-card")
    call.form("/", "/language", {"lang": "nl"}, name="switch")
    call("GET", "/", name="after-switch")
    call.form("/games/new", "/games/new", {"edition": "board", "names-0": "Pia",
                                           "names-1": "Quin"}, name="board-by-form")


STEPS: list[Callable[[Recorder], None]] = [
    static_pages, card_game_by_form, card_game_refusals, undo_and_restore, players_change,
    masters_and_board, finished_game, house_rules, group_night, game_pages,
    printing_and_checker]


# --- the comparison ---------------------------------------------------------------------------

def readable(data: bytes) -> list[str]:
    head, _, body = data.partition(b"\n\n")
    lines = head.decode(errors="replace").splitlines()
    if body.startswith(b"%PDF"):
        return lines + ["(PDF text)"] + pdf_text(body)
    try:
        return lines + body.decode().splitlines()
    except UnicodeDecodeError:
        digest = hashlib.sha256(body).hexdigest()[:16]
        return lines + [f"(binary: {len(body)} bytes, sha256 {digest}…)"]


def pdf_text(body: bytes) -> list[str]:
    try:
        from pypdf import PdfReader
    except ImportError:
        return [f"({len(body)} bytes, sha256 {hashlib.sha256(body).hexdigest()[:16]}…)"]
    reader = PdfReader(io.BytesIO(body))
    return [line for page in reader.pages for line in page.extract_text().splitlines()] + [
        f"({len(body)} bytes, sha256 {hashlib.sha256(body).hexdigest()[:16]}…)"]


def compare(first: Path, second: Path, context: int = 2, most: int = 40) -> int:
    names = sorted({path.name for path in first.glob("*.txt")}
                   | {path.name for path in second.glob("*.txt")})
    differing = 0
    for name in names:
        a, b = first / name, second / name
        if not a.exists() or not b.exists():
            differing += 1
            print(f"== {name}: only in {first if a.exists() else second}")
            continue
        if a.read_bytes() == b.read_bytes():
            continue
        differing += 1
        diff = list(difflib.unified_diff(readable(a.read_bytes()), readable(b.read_bytes()),
                                         str(a), str(b), n=context, lineterm=""))
        print(f"== {name}")
        print("\n".join(line[:200] for line in diff[2:2 + most]))
        if len(diff) > 2 + most:
            print(f"… {len(diff) - 2 - most} more diff lines")
        if not diff:
            print("(bytes differ, text the same)")
    print(f"{len(names)} requests, {differing} differ")
    return 1 if differing else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("record").add_argument("folder", type=Path)
    comparing = commands.add_parser("compare")
    comparing.add_argument("first", type=Path)
    comparing.add_argument("second", type=Path)
    arguments = parser.parse_args(argv)
    if arguments.command == "record":
        if os.environ.get("PYTHONHASHSEED") != "0":  # sets of names iterate in one order
            os.execve(sys.executable, [sys.executable, *sys.argv],
                      {**os.environ, "PYTHONHASHSEED": "0"})
        sys.path.insert(0, str(Path.cwd()))  # the checkout it runs in, not an installed copy
        count = record(arguments.folder)
        import companion

        print(f"{count} requests recorded in {arguments.folder} "
              f"(the app from {Path(companion.__file__).parent.parent})")
        return 0
    return compare(arguments.first, arguments.second)


if __name__ == "__main__":
    sys.exit(main())
