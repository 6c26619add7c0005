"""What every JSON route shares: the ``api`` blueprint, the request's body, the game locked
for a write and the answer after it. Refusals are answered by companion.http_answers, which the
blueprint registers here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import Blueprint, Response, jsonify, request

from companion import http_answers, models, scoring
from companion.i18n import say
from companion.infra.extensions import csrf
from companion.refusals import InputError, NotJson, NotThere
from companion.schemas.answers import WarningJson
from companion.schemas.base import NOT_UNICODE, is_unicode
from companion.schemas.games import game_json
from companion.services import games, players, reading, rematches

bp = Blueprint("api", __name__, url_prefix="/api")
csrf.exempt(bp)  # JSON clients send no cookies' worth of form; CORS is off, so no cross-site JSON.


def body() -> dict[str, Any]:
    """The request's JSON object; 415 for another content type, 400 for anything but an object."""
    if not request.is_json:
        raise NotJson
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the JSON parser goes: nobody sends that
        raise InputError("the body is nested too deeply to be a request") from None
    if not isinstance(data, dict):
        raise InputError("the body must be a JSON object")
    if not is_unicode(data):
        raise InputError(NOT_UNICODE)
    return data


def game_response(game: models.Game | reading.GameHead, sheet: scoring.Sheet,
                  status: int = 200, warnings: list[WarningJson] | None = None, *,
                  rematch: models.Game | None = None) -> Response:
    data = game_json(game, sheet, editable=True, rematch=rematch)
    if warnings:
        data["warnings"] = warnings
    response = jsonify(data)
    response.status_code = status
    return response


def name_warnings(names: Sequence[str], field: str = "players", *,
                  only: str | None = None) -> list[WarningJson]:
    """Names that only look alike (services.players.look_alike_warnings), in the shape of a
    round's warnings: a note in the answer to the write that stored them, not a refusal."""
    return [{"message": say(reason, sentence=True), "player": name, "field": field}
            for name, reason in players.look_alike_warnings(names, only=only)]


def written(game: models.Game) -> tuple[reading.GameHead, models.Game | None]:
    """The row of ``game`` as the write inside the unit of work left it, and the game after
    it (its rematch, if any), to answer with once the unit has committed: reading the row
    again after the commit would load every round of the game once more."""
    head = reading.GameHead(game.id, game.edit_key, game.view_key, game.edition,
                            game.revision, game.created_at, editable=True,
                            last_round_at=game.last_round_at)
    return head, rematches.following(game)


def locked(key: str, revision: int | None) -> models.Game:
    """The game to write to, locked until the unit of work commits; 404 for any other key."""
    game = games.lock_game(key, revision=revision)
    if game is None:
        raise NotThere
    return game


http_answers.answer_refusals(bp)
