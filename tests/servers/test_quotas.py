"""Requests per address: a quota refuses with 429, a sentence and Retry-After, stores nothing,
and leaves every other address served (companion.guards.quotas)."""

from __future__ import annotations

import http.client
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select

from companion.infra.extensions import db
from companion.models import Game
from tests.kits.quotas import quota_app
from tests.kits.server import DATABASES, Server, serving

PLAYERS = ["Ada", "Bo"]


@pytest.fixture
def limited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    return quota_app(tmp_path, monkeypatch, QUOTA_GAMES=3)


def stored_games(app) -> int:  # type: ignore[no-untyped-def]
    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(Game)) or 0)


def test_the_fourth_game_of_a_minute_is_refused_with_a_sentence_and_nothing_stored(limited):
    client = limited.test_client()
    statuses = [client.post("/api/games", json={"players": PLAYERS}).status_code
                for _ in range(3)]
    assert statuses == [201] * 3
    refused = client.post("/api/games", json={"players": PLAYERS})
    assert refused.status_code == 429
    assert refused.json["error"].startswith("Too many requests from your address")
    assert refused.json["details"] == []
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    assert stored_games(limited) == 3
    page = client.post("/games/new", data={"players": "Ada\nBo"})
    assert page.status_code == 429 and b"Wait a minute" in page.data
    assert stored_games(limited) == 3
    other = limited.test_client()
    served = other.post("/api/games", json={"players": PLAYERS},
                        environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert served.status_code == 201 and stored_games(limited) == 4


@pytest.fixture
def printing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    return quota_app(tmp_path, monkeypatch, QUOTA_PRINTS=2)


def test_only_a_drawn_pdf_counts_and_a_kept_one_is_sent_again_or_304(printing):
    client = printing.test_client()
    links = client.post("/api/games", json={"players": PLAYERS}).json["links"]
    pdf_path = links["pdf"].removeprefix("http://localhost")
    first = client.get(pdf_path)
    assert first.status_code == 200 and first.data.startswith(b"%PDF")
    etag = first.headers["ETag"]
    # The same revision again: kept, not drawn, so not counted (many times over the quota).
    for _ in range(5):
        again = client.get(pdf_path)
        assert again.status_code == 200 and again.data == first.data
        assert client.get(pdf_path, headers={"If-None-Match": etag}).status_code == 304
    # Letter paper is another drawing: the second and last of the minute.
    letter = client.get(pdf_path + "?paper=letter")
    assert letter.status_code == 200 and letter.data != first.data
    # A new revision must be drawn again, and the quota is spent.
    edit = links["edit"].removeprefix("http://localhost").replace("/games/", "/api/games/")
    body = {"results": [{"player": name, "phase": True, "points": 5 * seat,
                         "went_out": seat == 0} for seat, name in enumerate(PLAYERS)]}
    assert client.post(edit + "/rounds", json=body).status_code == 201
    refused = client.get(pdf_path)
    assert refused.status_code == 429 and 0 < int(refused.headers["Retry-After"]) <= 60
    # …and the blank sheet is counted with it; another address is still served.
    assert client.get("/print/blank.pdf").status_code == 429
    other = client.get(pdf_path, environ_base={"REMOTE_ADDR": "192.0.2.9"})
    assert other.status_code == 200 and other.data != first.data


def long_game_file(rounds: int) -> dict[str, object]:
    """Two players who both lay every phase and tie on 0 points in every tie-break."""
    def body(number: int) -> dict[str, object]:
        return {"results": [{"player": name, "phase": True, "went_out": seat == number % 2,
                             "points": 0 if seat == number % 2 or number >= 10 else 10}
                            for seat, name in enumerate(PLAYERS)], "confirm": True}
    return {"format": "phase10-companion", "version": 1, "kind": "game",
            "game": {"players": PLAYERS, "rounds": [body(n) for n in range(rounds)]}}


def test_a_long_sheet_counts_as_the_drawings_it_takes(printing):
    client = printing.test_client()
    app = printing
    app.config["QUOTA_PRINTS"] = 3
    imported = client.post("/api/import", json=long_game_file(250))
    assert imported.status_code == 201, imported.json
    pdf_path = imported.json["links"]["pdf"].removeprefix("http://localhost")
    # 250 rounds: one drawing plus one per 100 rounds, 3 of the 3 a minute.
    assert client.get(pdf_path).status_code == 200
    assert client.get(pdf_path + "?paper=letter").status_code == 429
    # A short game's sheet from another address still costs one.
    other = {"REMOTE_ADDR": "192.0.2.10"}
    short = client.post("/api/games", json={"players": PLAYERS}, environ_base=other)
    short_pdf = short.json["links"]["pdf"].removeprefix("http://localhost")
    statuses = [client.get(short_pdf + f"?paper={paper}", environ_base=other).status_code
                for paper in ("a4", "letter")]
    assert statuses == [200, 200]


def test_reading_is_never_counted(limited):
    client = limited.test_client()
    for _ in range(10):
        assert client.get("/games/new").status_code == 200


@pytest.fixture(params=DATABASES)
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    with serving(request.param, tmp_path, workers=2, threads=1,
                 settings={"COMPANION_QUOTA_GAMES": "5", "COMPANION_PROXIES": "1"}) as running:
        yield running


def create(server: Server, source: str = "127.0.0.1", forwarded: str | None = None) -> int:
    """One game created over a fresh connection from ``source`` (any 127.x address is ours)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30,
                                            source_address=(source, 0))
    headers = {"Content-Type": "application/json"}
    if forwarded:
        headers["X-Forwarded-For"] = forwarded
    try:
        connection.request("POST", "/api/games", json.dumps({"players": PLAYERS}), headers)
        response = connection.getresponse()
        body = json.loads(response.read())
        if response.status == 429:
            assert body["error"] and response.getheader("Retry-After")
        return response.status
    finally:
        connection.close()


@pytest.mark.storage
@pytest.mark.slow
def test_gunicorn_refuses_one_address_and_serves_the_others(server: Server):
    # Counted in each worker's memory: one address gets at most quota × workers through.
    statuses = Counter(create(server) for _ in range(30))
    assert set(statuses) == {201, 429}
    assert 5 <= statuses[201] <= 10
    assert create(server, source="127.0.0.2") == 201
    # Behind one trusted proxy (COMPANION_PROXIES=1) the client is the forwarded address.
    assert create(server, forwarded="198.51.100.4") == 201
