"""The API's player routes: rename, a late joiner, a player who leaves (docs/API.md)."""

from __future__ import annotations

from http import HTTPStatus

from flask import Response, request

from companion import models
from companion.api.common import body, bp, game_response, locked, name_warnings, written
from companion.api.openapi import documented
from companion.refusals import Kind
from companion.schemas import GameAnswer, PlayerBody, Revised, RevisionQuery, read
from companion.schemas.answers import WarningJson
from companion.services import games, players, work


@bp.post("/games/<key>/players")
@documented(json=PlayerBody, answers={201: GameAnswer}, refuses=(Kind.CONFLICT,))
def add_player(key: str) -> Response:
    """A player joins from the next round, on phase 1 with the highest total so far."""
    data = body()
    with work.unit():
        game = locked(key, read(Revised, data).revision)
        joined = players.add_player(game, read(PlayerBody, data).name)
        sheet, (head, after) = games.sheet_of(game), written(game)
        warnings = _warnings(game, joined.name)
    return game_response(head, sheet, HTTPStatus.CREATED, warnings, rematch=after)


@bp.patch("/games/<key>/players/<path:name>")
@documented(json=PlayerBody, answers={200: GameAnswer}, refuses=(Kind.CONFLICT,))
def rename_player(key: str, name: str) -> Response:
    """Rename a player, on the sheet and in every round."""
    data = body()
    with work.unit():
        game = locked(key, read(Revised, data).revision)
        new = players.rename_player(game, name, read(PlayerBody, data).name)
        sheet, (head, after) = games.sheet_of(game), written(game)
        warnings = _warnings(game, new)
    return game_response(head, sheet, warnings=warnings, rematch=after)


def _warnings(game: models.Game, name: str) -> list[WarningJson]:
    """Notes about ``name``, just stored, if it only looks like what it seems."""
    return name_warnings([player.name for player in game.players], "name", only=name)


@bp.delete("/games/<key>/players/<path:name>")
@documented(query=RevisionQuery, answers={200: GameAnswer}, refuses=(Kind.CONFLICT,))
def remove_player(key: str, name: str) -> Response:
    """The player leaves: their rounds stay, they play no more (``?revision=N`` guards)."""
    revision = read(RevisionQuery, request.args.to_dict()).revision
    with work.unit():
        game = locked(key, revision)
        players.remove_player(game, name)
        sheet, (head, after) = games.sheet_of(game), written(game)
    return game_response(head, sheet, rematch=after)
