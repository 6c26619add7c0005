"""The JSON API's games (docs/API.md): start, read, follow live, and write rounds."""

from __future__ import annotations

from dataclasses import replace
from http import HTTPStatus

from flask import Response, current_app, jsonify, request
from flask_babel import gettext as _

from companion import http_answers, models
from companion.api.common import body, bp, game_response, locked, name_warnings, written
from companion.api.openapi import documented
from companion.cache import pages
from companion.cache.revisions import Keeping
from companion.infra import live
from companion.infra.extensions import db
from companion.refusals import Kind, NotThere
from companion.schemas import (
    Events,
    GameAnswer,
    NewGame,
    RoundBody,
    UndoQuery,
    read,
)
from companion.schemas.games import game_json
from companion.services import finals, games, groups, reading, rematches, work
from companion.services.seen import Seen


@bp.post("/games")
@documented(json=NewGame, answers={201: GameAnswer}, refuses=(Kind.REFUSED,))
def create_game() -> Response:
    """Start a game; with ``final``, store a game played on paper, finished (422 naming the
    line and field of a result the rules refuse)."""
    new = read(NewGame, body())
    if new.final is not None:
        return typed_game(new)
    spec = new.to_spec()
    with work.unit():
        game = games.create_game(spec)
        sheet, (head, after) = games.sheet_of(game), written(game)
        names = [player.name for player in game.players]
    return game_response(head, sheet, HTTPStatus.CREATED, name_warnings(names), rematch=after)


def typed_game(new: NewGame, group_id: int | None = None) -> Response:
    """The game typed from paper that ``new`` describes, stored finished (in the group
    ``group_id``, room made for it): 201 with the game."""
    final = new.to_final()
    assert final is not None
    with work.unit():
        if group_id is not None:
            groups.make_room(group_id)
        game = finals.record_final(new.to_spec(), final, played_at=new.played_at,
                                   duration_s=new.duration_s)
        game.group_id = group_id
    return game_response(game, games.sheet_of(game), HTTPStatus.CREATED,
                         name_warnings([player.name for player in game.players]))


def _head(key: str) -> reading.GameHead:
    game = reading.head(key)
    if game is None:
        raise NotThere
    return game


def _polled_head(key: str) -> reading.GameHead:
    """The game's row for a poll: from the live watcher when it has heard every change since
    it last read the row (PostgreSQL), else from the database."""
    watcher = live.watcher(db.engine)
    known = watcher.known(key)
    if known is not None:
        row, revision = known
        found: reading.GameHead = row
        return found if found.revision == revision else replace(found, revision=revision)
    token = watcher.poll_token()
    game = _head(key)
    if token is not None:
        watcher.remember(key, game, token)
    return game


@bp.get("/games/<key>")
@documented(answers={200: GameAnswer})
def get_game(key: str) -> Response:
    """The game through its edit or read-only link."""
    game = _polled_head(key)
    if request.if_none_match.contains(game.etag):
        # Phones polling for changes get an empty answer, from the game's row alone (or, on
        # PostgreSQL, from the row read once and the changes heard since), until something
        # changed.
        return Response(status=304, headers={"ETag": f'"{game.etag}"',
                                             "Cache-Control": "no-cache"})
    response = Response(_game_body(game), mimetype="application/json")
    response.set_etag(game.etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def _game_body(game: reading.GameHead) -> bytes:
    """The game's JSON, serialised once per revision, kind of link and address of the app."""

    def make(keeping: Keeping[bytes]) -> bytes:
        # A head from the listener (PostgreSQL) has the newest revision but the rest of its
        # row as first read, and the last round's time moves with the rounds: the answer is
        # built from the row as it is now (one indexed lookup, once per revision).
        row = reading.head(game.edit_key) or game
        sheet, exact = reading.sheet_at(row)
        keeping.exact = exact and row.revision == game.revision
        return jsonify(game_json(replace(row, editable=game.editable), sheet,
                                 editable=game.editable,
                                 rematch=rematches.following_id(row.id))).get_data()

    key = ("game", game.edit_key, game.revision, game.editable, pages.host())
    return pages.json_body(key, make)


@bp.get("/games/<key>/events")
@documented(answers={200: Events}, refuses=(Kind.TOO_MANY,))
def events(key: str) -> Response:
    """Server-Sent Events: the game's revision at once, then again after every change.

    One address holds at most ``STREAMS_PER_ADDRESS`` streams per worker: one more gets 429,
    and the streams already open, and other addresses', go on."""
    game = _head(key)
    address = str(request.remote_addr)
    held = current_app.extensions.setdefault("companion_streams", live.OpenStreams())
    if not held.open(address, int(current_app.config["STREAMS_PER_ADDRESS"])):
        return _too_many_streams()
    try:
        response = _stream(game)
    except BaseException:
        held.close(address)
        raise
    # When the server is done with the answer (the phone went away, the worker stops).
    response.call_on_close(lambda: held.close(address))
    return response


def _too_many_streams() -> Response:
    response = http_answers.json_error(http_answers.status(Kind.TOO_MANY), _(
        "Too many live updates are open from your address: close a few pages of games and "
        "try again."))
    response.headers["Retry-After"] = str(STREAMS_RETRY_SECONDS)
    return response


#: Seconds a client refused a stream is asked to wait (a stream ends when its page closes).
STREAMS_RETRY_SECONDS = 30


def _stream(game: reading.GameHead) -> Response:
    watcher = live.watcher(db.engine)
    db.session.remove()  # a stream never holds a database connection while it waits
    subscription = watcher.subscribe(game.id, game.revision)
    # A change stored between the lookup and the subscription is not missed: look again.
    subscription.seen = max(game.revision, reading.revision_of(game.id) or 0)
    db.session.remove()
    # EventSource asks for a stream; any other client gets the first event and the end.
    once = not any(kind == "text/event-stream" for kind, _quality in request.accept_mimetypes)
    return Response(live.stream(watcher, subscription, once=once), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


@bp.post("/games/<key>/rounds")
@documented(json=RoundBody, answers={201: GameAnswer}, refuses=(Kind.CONFLICT, Kind.REFUSED))
def add_round(key: str) -> Response:
    """Record the next round."""
    data = body()
    with work.unit():
        game = locked(key, None)
        new = read(RoundBody, data, game.edition)
        sheet = games.record_round(game, new.to_round(game.edition), number=new.number,
                                   confirm=new.confirm, seen=_seen(new, game))
        head, after = written(game)
    return game_response(head, sheet, HTTPStatus.CREATED, rematch=after)


def _seen(new: RoundBody, game: models.Game) -> Seen:
    """What the client last saw, for the services' one stale rule (services.seen)."""
    return Seen(new.revision, new.seen_round(game.edition))


@bp.delete("/games/<key>/rounds/last")
@documented(query=UndoQuery, answers={200: GameAnswer}, refuses=(Kind.CONFLICT,))
def undo(key: str) -> Response:
    """Undo the last round (``?number=N`` and ``?revision=N`` guard it)."""
    guards = read(UndoQuery, request.args.to_dict())
    with work.unit():
        game = locked(key, None)
        sheet = games.undo_last(game, number=guards.number, seen=Seen(guards.revision))
        head, after = written(game)
    return game_response(head, sheet, rematch=after)


@bp.put("/games/<key>/rounds/<int:number>")
@documented(json=RoundBody, answers={200: GameAnswer}, refuses=(Kind.CONFLICT, Kind.REFUSED))
def edit(key: str, number: int) -> Response:
    """Correct a round; later rounds are recomputed."""
    data = body()
    with work.unit():
        game = locked(key, None)
        new = read(RoundBody, data, game.edition)
        sheet = games.edit_round(game, number, new.to_round(game.edition),
                                 confirm=new.confirm, seen=_seen(new, game))
        head, after = written(game)
    return game_response(head, sheet, rematch=after)
