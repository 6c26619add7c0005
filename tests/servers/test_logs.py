"""What a real gunicorn, as gunicorn.conf.py sets it up, writes in its log after an evening of
writes (issue 43): no edit or view key, in a request line or a Referer; no traceback for a
refusal; and no ``Server`` header on any answer."""

from __future__ import annotations

import http.client
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import pytest

from companion.infra import log_redaction
from tests.kits.server import Server, round_body, serving

pytestmark = pytest.mark.slow  # a real gunicorn

PLAYERS = ["Ada", "Bo", "Cem"]
#: Three of one card: the original deck has two (a refusal, 400, from the planning threads).
BEYOND_THE_DECK = {"edition": "original", "phase": 1, "hand": ["4r", "4r", "4r", "8b", "8g"]}
REFUSALS = 5


@dataclass
class Evening:
    """What the session did: every key it used, and every answer's headers."""

    server: Server
    edit: str = ""
    keys: set[str] = field(default_factory=set)
    headers: list[dict[str, str]] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)

    def ask(self, method: str, path: str, body: Any = None,
            referer: str | None = None) -> Any:
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=60)
        headers = {"Referer": self.server.url + referer} if referer else {}
        data = None
        if body is not None:
            data, headers["Content-Type"] = json.dumps(body), "application/json"
        try:
            connection.request(method, path, data, headers)
            answer = connection.getresponse()
            raw = answer.read()
            self.headers.append({name.lower(): value for name, value in answer.getheaders()})
            self.statuses.append(answer.status)
            kind = answer.getheader("Content-Type", "")
            return json.loads(raw) if kind.startswith("application/json") else raw
        finally:
            connection.close()

    def play(self) -> None:
        """A game, its group and house rules: written, read, shared and printed through their
        edit and view links, each request with the page it came from as its Referer."""
        game = self.ask("POST", "/api/games", {"players": PLAYERS})
        edit, view = game["id"], game["view_id"]
        self.edit = edit
        sheet = f"/games/{edit}"
        self.ask("GET", sheet, referer="/")
        for turn in range(1, 4):
            self.ask("POST", f"/api/games/{edit}/rounds",
                     round_body(turn, PLAYERS, number=turn), referer=sheet)
        self.ask("GET", f"/api/games/{edit}", referer=sheet)
        self.ask("DELETE", f"/api/games/{edit}/rounds/last", referer=sheet)
        self.ask("GET", f"/games/{edit}/round", referer=sheet)
        self.ask("GET", f"/games/{view}", referer=f"/games/{view}")
        self.ask("GET", f"/games/{view}/qr.svg", referer=f"/games/{view}")
        self.ask("GET", f"/games/{edit}/players?x=1", referer=sheet)
        self.ask("GET", f"/api/games/{edit}/export.csv", referer=sheet)
        # A key spelled with percent-escapes reaches the same game.
        self.ask("GET", "/api/games/" + "".join(f"%{ord(c):02X}" for c in edit[:6]) + edit[6:])
        group = self.ask("POST", "/api/groups", {"name": "Fridays"})
        self.ask("GET", f"/groups/{group['id']}", referer=sheet)
        self.ask("GET", f"/api/groups/{group['view_id']}", referer=f"/groups/{group['id']}")
        house = self.ask("POST", "/api/editions",
                         {"name": "Ours", "phases": [[{"kind": "set", "size": 3}]]})
        house_edit = house["links"]["edit"].rsplit("/", 1)[1]
        house_view = house["links"]["view"].rsplit("/", 1)[1]
        self.ask("GET", f"/editions/{house_edit}", referer=f"/editions/{house_view}")
        self.ask("GET", f"/games/{quote('x' * 43)}", referer=sheet)  # unknown: 404
        self.keys |= {edit, view, group["id"], group["view_id"], house_edit, house_view}


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Evening, str]]:
    folder = tmp_path_factory.mktemp("logs")
    log = folder / "gunicorn.log"
    with serving("sqlite", folder, workers=2, log=log) as server:
        played = Evening(server)
        played.play()
        for _ in range(REFUSALS):
            played.ask("POST", "/api/outs", BEYOND_THE_DECK)
    yield played, log.read_text(errors="replace")  # the server stopped: every line written


def lines_with(text: str, keys: set[str]) -> list[str]:
    return [line for line in text.splitlines() if any(key in line for key in keys)]


def test_no_log_line_holds_a_key_in_a_path_or_a_referer(evening: tuple[Evening, str]) -> None:
    played, log = evening
    assert len(played.keys) == 6 and all(len(key) == 43 for key in played.keys)
    access = re.findall(r'"(?:GET|POST|PUT|DELETE) /', log)
    assert len(access) >= len(played.statuses)  # the access log was written
    assert lines_with(log, played.keys) == []
    escaped = {"".join(f"%{ord(c):02X}" for c in key[:6]) for key in played.keys}
    assert lines_with(log, escaped) == []
    # Lines about one game still read as one game: its edit key's digest, in the path or the
    # Referer of 12 of the session's requests.
    digest = log_redaction.redact(played.edit)
    assert re.fullmatch(r"key~[0-9a-f]{10}", digest)
    assert len([line for line in log.splitlines() if digest in line]) == 12


def test_a_refusal_logs_no_traceback(evening: tuple[Evening, str]) -> None:
    played, log = evening
    assert played.statuses[-REFUSALS:] == [400] * REFUSALS
    assert "Traceback" not in log
    assert "DeckError" not in log
    refusals = [line for line in log.splitlines() if "/api/outs" in line]
    assert len(refusals) == REFUSALS  # the access log's line of each, nothing more


def test_no_answer_names_the_server(evening: tuple[Evening, str]) -> None:
    played, _log = evening
    assert len(played.headers) == len(played.statuses) > 20
    assert [headers["server"] for headers in played.headers if "server" in headers] == []


def test_the_served_log_was_the_one_read(evening: tuple[Evening, str]) -> None:
    """The session did reach the pages and answers it logged (a fixture that logged
    nothing would pass the tests above)."""
    played, log = evening
    assert 200 in played.statuses and 201 in played.statuses and 404 in played.statuses
    assert "Booting worker" in log
