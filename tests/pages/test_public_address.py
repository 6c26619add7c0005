"""The Host header is the client's to choose (issue 43): with COMPANION_PUBLIC_URL set every
absolute link is built on it (the API's links, the share link, the QR codes, the PDF's
read-only link, redirects) and a request naming another host is refused, storing nothing;
without it the app answers any host, as a table at home reaches it by the laptop's address."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import config, models
from companion.infra import security
from companion.infra.extensions import db
from companion.pdf.qr import qr_svg
from tests.kits.pdf import text

PUBLIC = "https://p10.example.org"
EVIL = {"Host": "evil.example"}
#: The app's own address as a proxy on the same box may pass it: another port, plain HTTP.
INSIDE = "http://P10.example.org:8000"


@pytest.fixture
def public(app: Flask) -> Flask:
    app.config.update(PUBLIC_URL=PUBLIC, SERVER_NAME=None)
    security.public_address(app)
    return app


def stored(app: Flask) -> int:
    with app.app_context():
        return sum(db.session.scalar(db.select(db.func.count()).select_from(table)) or 0
                   for table in (models.Game, models.Group, models.HouseEdition))


def test_another_host_is_refused_and_nothing_stored(public: Flask, client: FlaskClient) -> None:
    writes = [("/api/games", {"players": ["Ann", "Ben"]}), ("/api/groups", {"name": "Fri"}),
              ("/api/editions", {"name": "Ours", "phases": [[{"kind": "set", "size": 3}]]})]
    for path, body in writes:
        answer = client.post(path, json=body, headers=EVIL)
        assert answer.status_code == 400
        assert answer.get_json() == {"error": "This site is not served at that address.",
                                     "details": []}
    page = client.post("/games/new", data={"names-0": "Ann", "names-1": "Ben"}, headers=EVIL)
    assert page.status_code == 400 and "evil" not in page.get_data(as_text=True)
    assert client.get("/", headers=EVIL).status_code == 400
    assert stored(public) == 0


def test_every_link_is_built_on_the_public_address(public: Flask, client: FlaskClient) -> None:
    game = client.post("/api/games", json={"players": ["Ann", "Ben"]}, base_url=INSIDE)
    assert game.status_code == 201
    links = game.get_json()["links"]
    view = f"{PUBLIC}/games/{game.get_json()['view_id']}"
    assert links == {"edit": f"{PUBLIC}/games/{game.get_json()['id']}", "view": view,
                     "pdf": f"{view}/sheet.pdf"}
    group = client.post("/api/groups", json={"name": "Fri"}, base_url=INSIDE).get_json()
    house = client.post("/api/editions", base_url=INSIDE, json={
        "name": "Ours", "phases": [[{"kind": "set", "size": 3}]]}).get_json()
    for link in [*group["links"].values(), *house["links"].values()]:
        assert link.startswith(PUBLIC + "/"), link
    sheet = client.get(f"/games/{game.get_json()['id']}", base_url=INSIDE).get_data(as_text=True)
    shown = set(re.findall(r'https?://[^"<\s]+', sheet))
    assert shown and all(link.startswith(PUBLIC + "/") for link in shown), shown
    qr = client.get(f"/games/{game.get_json()['view_id']}/qr.svg", base_url=INSIDE)
    assert qr.get_data() == qr_svg(view)
    pdf = client.get(links["pdf"].removeprefix(PUBLIC), base_url=INSIDE)
    assert view.removeprefix("https://") in text(pdf.get_data()).replace(" ", "")
    started = client.post("/games/new", data={"names-0": "Ann", "names-1": "Ben",
                                              "edition": "original", "first": "0",
                                              "phase_set": "all"}, base_url=INSIDE)
    assert started.status_code == 303
    assert started.headers["Location"].startswith(("/games/", f"{PUBLIC}/games/"))


def test_without_it_the_home_setup_answers_the_laptops_address(app: Flask,
                                                                client: FlaskClient) -> None:
    """flask run --host 0.0.0.0, phones on the same network: the links say the address the
    phone used."""
    app.config["SERVER_NAME"] = None
    home = "http://192.168.1.20:5000"
    game = client.post("/api/games", json={"players": ["Ann", "Ben"]}, base_url=home)
    assert game.status_code == 201
    assert game.get_json()["links"]["edit"] == f"{home}/games/{game.get_json()['id']}"
    assert client.get("/", base_url=home).status_code == 200


@pytest.mark.parametrize("url", ["ftp://p10.example.org", "p10.example.org",
                                 "https://p10.example.org/phase10", "https://a@p10.example.org",
                                 "https://p10.example.org/?x=1", "https://"])
def test_an_address_that_is_not_a_site_stops_the_start(app: Flask, url: str) -> None:
    app.config["PUBLIC_URL"] = url
    with pytest.raises(ValueError, match="COMPANION_PUBLIC_URL: .* is not the address of a site"):
        security.public_address(app)


def test_the_setting_comes_from_the_environment() -> None:
    found = config.from_environment({"COMPANION_PUBLIC_URL": PUBLIC})
    assert found["PUBLIC_URL"] == PUBLIC
