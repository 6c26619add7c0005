"""The new-game form never starts a game with another choice of phases than the one it shows:
phases ticked under "All 10" are refused next to the field (docs/decisions.md), under "My
choice" they are played; the board game, which has no such variant, ignores them."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from companion import models
from companion.infra.extensions import db

BASE = {"names-0": "Ann", "names-1": "Ben", "first": "0"}


def test_ticked_phases_under_all_ten_are_refused_next_to_the_field(client: FlaskClient,
                                                                    app: Flask) -> None:
    response = client.post("/games/new", data={**BASE, "edition": "original", "phase_set": "all",
                                               "custom_phases": ["1", "3"]})
    assert response.status_code in (200, 422)
    page = response.get_data(as_text=True)
    assert "choose “My choice” to play the phases ticked" in page
    assert "<details class=\"field variants\"" in page and " open>" in page
    with app.app_context():
        assert db.session.query(models.Game).count() == 0  # nothing started


def test_ticked_phases_under_my_choice_are_played(client: FlaskClient) -> None:
    response = client.post("/games/new", data={**BASE, "edition": "original",
                                               "phase_set": "custom",
                                               "custom_phases": ["1", "3"]})
    assert response.status_code == 303
    game = client.get(response.location.replace("/games/", "/api/games/")).get_json()
    assert game["phases"] == [1, 3]


def test_the_board_game_ignores_phases_ticked_before_switching_to_it(
        client: FlaskClient) -> None:
    response = client.post("/games/new", data={**BASE, "edition": "board", "phase_set": "all",
                                               "custom_phases": ["1", "3"]})
    assert response.status_code == 303
