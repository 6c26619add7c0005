"""Forwarded addresses count only from the configured proxies (COMPANION_PROXY_FROM), and
gunicorn listens on this machine alone unless told otherwise (COMPANION_BIND)."""

from __future__ import annotations

import http.client
import json
import runpy
from collections.abc import Iterator

import pytest

from companion import create_app
from tests.kits.server import ROOT, Server, serving

QUOTA = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    settings = {"COMPANION_PROXIES": "1", "COMPANION_PROXY_FROM": "127.0.0.2",
                "COMPANION_QUOTA_GAMES": str(QUOTA)}
    # One worker: the quotas count in its memory.
    with serving("sqlite", tmp_path_factory.mktemp("proxies"), workers=1,
                 settings=settings) as running:
        yield running


def _new_game(server: Server, source: str, forwarded_for: str) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30,
                                            source_address=(source, 0))
    try:
        connection.request("POST", "/api/games", json.dumps({"players": ["Ada", "Bo"]}),
                           {"Content-Type": "application/json", "X-Forwarded-For": forwarded_for})
        return connection.getresponse().status
    finally:
        connection.close()


def test_a_varying_forwarded_for_from_a_client_does_not_escape_the_quota(server):
    answers = [_new_game(server, "127.0.0.1", f"203.0.113.{n}") for n in range(QUOTA + 2)]
    assert answers == [201] * QUOTA + [429] * 2


def test_the_proxy_names_each_client_and_each_has_its_own_quota(server):
    answers = [_new_game(server, "127.0.0.2", f"198.51.100.{n}") for n in range(QUOTA + 2)]
    assert answers == [201] * (QUOTA + 2)
    again = [_new_game(server, "127.0.0.2", "198.51.100.200") for _ in range(QUOTA + 1)]
    assert again == [201] * QUOTA + [429]


def test_a_proxy_address_that_is_not_one_stops_the_start(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path))
    with pytest.raises(ValueError, match="'proxy.example' is not an IP address"):
        create_app({"SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": "sqlite://", "PROXIES": 1,
                    "PROXY_FROM": "127.0.0.1, proxy.example"})


def test_gunicorn_listens_on_this_machine_alone_unless_told(monkeypatch):
    monkeypatch.delenv("COMPANION_BIND", raising=False)
    assert runpy.run_path(str(ROOT / "gunicorn.conf.py"))["bind"] == ["127.0.0.1:8000"]
    monkeypatch.setenv("COMPANION_BIND", "0.0.0.0:9000")
    assert runpy.run_path(str(ROOT / "gunicorn.conf.py"))["bind"] == ["0.0.0.0:9000"]


def test_gunicorn_opens_no_shared_control_socket_unless_given_a_path(monkeypatch):
    monkeypatch.delenv("COMPANION_CONTROL_SOCKET", raising=False)
    assert runpy.run_path(str(ROOT / "gunicorn.conf.py"))["control_socket_disable"] is True
    monkeypatch.setenv("COMPANION_CONTROL_SOCKET", "/run/phase10/gunicorn.ctl")
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert settings["control_socket_disable"] is False
    assert settings["control_socket"] == "/run/phase10/gunicorn.ctl"
