"""After an undo the session cookie keeps the removed round for "Restore", sealed: it shows
neither the game's internal number nor the round (issue 43); a seal from elsewhere, changed
or too old restores nothing and stores nothing."""

from __future__ import annotations

import base64
import json
import time
import zlib

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import models
from companion.infra import security
from companion.infra.extensions import db

PLAYERS = ["Annabel", "Benedikt", "Cleopatra"]
ROUND = [{"player": "Annabel", "phase": True, "points": 0},
         {"player": "Benedikt", "phase": False, "points": 65},
         {"player": "Cleopatra", "phase": True, "points": 35}]


def cookie_text(client: FlaskClient) -> str:
    """What anyone holding the cookie reads in it: Flask's payload, unsigned and unpacked."""
    cookie = client.get_cookie("session", domain="companion.test")
    assert cookie is not None
    payload = cookie.value.split(".")[1] if cookie.value.startswith(".") else \
        cookie.value.split(".")[0]
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    return (zlib.decompress(raw) if cookie.value.startswith(".") else raw).decode()


def undone(client: FlaskClient, api) -> tuple[dict, int]:  # type: ignore[no-untyped-def]
    game = api.new_game(PLAYERS)
    api.round(game, ROUND)
    client.post(f"/games/{game['id']}/undo", data={"number": "1"})
    with client.application.app_context():
        number = db.session.execute(db.select(models.Game.id).where(
            models.Game.edit_key == game["id"])).scalar_one()
    return game, number


def test_the_cookie_shows_neither_the_game_nor_the_round(client: FlaskClient, api) -> None:  # type: ignore[no-untyped-def]
    game, number = undone(client, api)
    text = cookie_text(client)
    data = json.loads(text)
    sealed = data.pop("restore")
    assert isinstance(sealed, str)  # one opaque token: nothing of the round can be read in it
    with pytest.raises(ValueError):
        base64.urlsafe_b64decode(sealed).decode()  # not text (a Fernet token is ciphertext)
    rest = json.dumps(data)
    for seen in (*PLAYERS, "65", '"game"', f":{number},", '"results"'):
        assert seen not in rest, seen
    html = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "Restore round 1" in html
    client.post(f"/games/{game['id']}/restore", data={})
    rounds = client.get(f"/api/games/{game['id']}").get_json()["rounds"]
    assert [result["points"] for result in rounds[0]["results"]] == [0, 65, 35]


def rounds_stored(app: Flask) -> int:
    with app.app_context():
        return int(db.session.scalar(db.select(db.func.count()).select_from(models.Round)) or 0)


@pytest.mark.parametrize("seal", ["forged", "another key", "too old", "changed"])
def test_a_seal_not_made_here_restores_nothing(app: Flask, client: FlaskClient, api,  # type: ignore[no-untyped-def]
                                               monkeypatch: pytest.MonkeyPatch,
                                               seal: str) -> None:
    game, number = undone(client, api)
    revision = client.get(f"/api/games/{game['id']}").get_json()["revision"]
    kept = {"game": number, "number": 1, "at": int(time.time()), "revision": revision,
            "results": [[name, True, 0, False, 1] for name in PLAYERS]}
    with client.session_transaction() as session:
        good = session["restore"]
        with app.test_request_context():
            if seal == "another key":
                ours = app.config["SECRET_KEY"]
                app.config["SECRET_KEY"] = "someone else's"
                session["restore"] = security.seal(kept)
                app.config["SECRET_KEY"] = ours
            elif seal == "changed":
                session["restore"] = good[:-6] + ("A" if good[-6] != "A" else "B") + good[-5:]
            elif seal == "too old":
                session["restore"] = good
                monkeypatch.setattr(time, "time", lambda: kept["at"] + 601)
            else:
                session["restore"] = kept  # the old cookie's plain form: one's own round
    before = rounds_stored(app)
    assert "Restore round" not in client.get(f"/games/{game['id']}").get_data(as_text=True)
    answer = client.post(f"/games/{game['id']}/restore", data={}, follow_redirects=True)
    assert "can no longer be restored" in answer.get_data(as_text=True)
    assert rounds_stored(app) == before == 0
