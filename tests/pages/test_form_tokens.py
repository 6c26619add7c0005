"""A form's CSRF token does not expire (docs/decisions.md, issue 43): a sheet stays open all
evening, and a page the phone keeps for offline use may be days old when its round is sent.
It is still this browser's token only: another session's is refused and nothing is stored."""

from __future__ import annotations

import re
import time

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.kits.page_forms import round_form

PLAYERS = ["Ann", "Ben"]


def with_token(token: str) -> dict[str, str]:
    return {"csrf_token": token, **round_form(PLAYERS, [0, 55], [True, False], "Ann")}


def token_of(client: FlaskClient, path: str) -> str:
    html = client.get(path).get_data(as_text=True)
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert found, "the round form carries a token"
    return found.group(1)


@pytest.fixture
def guarded(app: Flask) -> Flask:
    app.config["WTF_CSRF_ENABLED"] = True
    return app


def test_a_round_form_kept_for_days_is_still_taken(guarded: Flask, client: FlaskClient,
                                                    api, monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
                                                    ) -> None:
    game = api.new_game(PLAYERS)
    token = token_of(client, f"/games/{game['id']}/round")
    later = time.time() + 3 * 24 * 3600
    monkeypatch.setattr(time, "time", lambda: later)
    answer = client.post(f"/games/{game['id']}/round", data=with_token(token))
    assert answer.status_code == 303
    assert len(api.client.get(f"/api/games/{game['id']}").get_json()["rounds"]) == 1


def test_another_browsers_token_is_refused_and_nothing_stored(guarded: Flask,
                                                              client: FlaskClient,
                                                              api) -> None:  # type: ignore[no-untyped-def]
    game = api.new_game(PLAYERS)
    theirs = token_of(guarded.test_client(), f"/games/{game['id']}/round")
    answer = client.post(f"/games/{game['id']}/round", data=with_token(theirs))
    assert answer.status_code == 400
    assert "The form had expired or came from elsewhere" in answer.get_data(as_text=True)
    assert client.get(f"/api/games/{game['id']}").get_json()["rounds"] == []
