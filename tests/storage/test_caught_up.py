"""A worker that did not make the newest revision continues the sheet it keeps of an earlier
one with the rounds added since, and replays the game instead whenever a write since did
anything but add a round (an undo, a correction, a player change): the sheet is the same as
a replay either way."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from companion import scoring
from companion.cache import sheets, stores
from companion.infra.extensions import db
from companion.services import games
from tests.kits.group_games import card_round


def as_elsewhere(app: Flask, game: dict[str, Any]) -> tuple[scoring.Sheet, scoring.Sheet, bool]:
    """(the sheet this process derives now, the replayed sheet, whether it was continued):
    the newest revision is forgotten, as if another worker had made it."""
    with app.app_context():
        found = games.find_game(game["id"])
        assert found is not None
        loaded = found[0]
        stores.sheets.forget((loaded.edit_key, loaded.revision))
        continued = sheets.earlier(loaded) is not None and games._continued(
            loaded, games.setup_of(loaded)) is not None
        sheet = games.sheet_of(loaded)
        replayed = scoring.build_sheet(games.setup_of(loaded), games.rounds_of(loaded))
        db.session.rollback()
    return sheet, replayed, continued


def play(api: Any, game: dict[str, Any], out: str, other: str, points: int = 40) -> None:
    answer = api.round(game, card_round(out, {other: points}), confirm=True)
    assert answer.status_code == 201, answer.get_json()


@pytest.fixture
def game(api: Any) -> dict[str, Any]:
    game = api.new_game(["Ann", "Ben"])
    for _ in range(3):
        play(api, game, "Ann", "Ben")
    return game


def test_rounds_added_elsewhere_continue_the_kept_sheet(api: Any, app: Flask, game) -> None:
    play(api, game, "Ben", "Ann")
    play(api, game, "Ann", "Ben", 15)
    sheet, replayed, continued = as_elsewhere(app, game)
    assert continued and sheet == replayed and len(sheet.rounds) == 5


@pytest.mark.parametrize("change", ["undo", "correct", "rename"])
def test_anything_but_an_added_round_replays(api: Any, app: Flask, game, change: str) -> None:
    if change == "undo":
        assert api.client.delete(f"/api/games/{game['id']}/rounds/last").status_code == 200
    elif change == "correct":
        fixed = api.client.put(f"/api/games/{game['id']}/rounds/2",
                               json={"results": card_round("Ben", {"Ann": 65}), "confirm": True})
        assert fixed.status_code == 200, fixed.get_json()
    else:
        renamed = api.client.patch(f"/api/games/{game['id']}/players/Ben", json={"name": "Bo"})
        assert renamed.status_code == 200, renamed.get_json()
    sheet, replayed, continued = as_elsewhere(app, game)
    assert not continued and sheet == replayed


def test_a_round_added_after_an_undo_continues_the_undos_sheet(api: Any, app: Flask,
                                                               game) -> None:
    """An undo keeps the sheet it leaves, as every write: the next round continues it."""
    assert api.client.delete(f"/api/games/{game['id']}/rounds/last").status_code == 200
    play(api, game, "Ben", "Ann", 55)
    sheet, replayed, continued = as_elsewhere(app, game)
    assert continued and sheet == replayed
