"""The JSON API (shared/API.md): rules checker and games."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Blueprint, Response, abort, jsonify, request
from flask_babel import gettext as _

from . import live, models, reading, rendered, scoring, services
from .apidoc import document, documented
from .errors import json_error
from .errors_base import CompanionError, InputError
from .extensions import csrf, db
from .i18n import say
from .present import game_json
from .rules import check_hit, check_laydown, format_cards, solve
from .schemas import (
    CheckAnswer,
    CheckBody,
    Events,
    GameAnswer,
    HitAnswer,
    HitBody,
    NewGame,
    Revised,
    RoundBody,
    UndoQuery,
    read,
)

bp = Blueprint("api", __name__, url_prefix="/api")
csrf.exempt(bp)  # JSON clients send no cookies' worth of form; CORS is off, so no cross-site JSON.


def body() -> dict[str, Any]:
    """The request's JSON object; 415 for another content type, 400 for anything but an object."""
    if not request.is_json:
        abort(415)
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the JSON parser goes: nobody sends that
        raise InputError("the body is nested too deeply to be a request") from None
    if not isinstance(data, dict):
        raise InputError("the body must be a JSON object")
    return data


@bp.errorhandler(CompanionError)
def bad_input(error: CompanionError) -> Response:
    """Malformed input (schemas.InputError), unknown cards, editions or phases, and any other
    refusal without a handler of its own: 400 with the reason."""
    return json_error(400, say(error.reason, sentence=True))


@bp.get("/openapi.json")
def openapi() -> Response:
    """The OpenAPI description of this API."""
    return jsonify(document())


@bp.post("/check")
@documented(json=CheckBody, answers={200: CheckAnswer}, errors=(400, 415))
def check() -> Response:
    """Check a lay-down (``groups``) or search a hand (``hand``) for a phase."""
    asked = read(CheckBody, body())
    phase, groups, hand = asked.the_phase(), asked.groups, asked.hand
    if groups is not None:
        result = check_laydown(phase, groups)
        return jsonify({
            "valid": result.valid,
            "reasons": [say(reason) for reason in result.reasons],
            "groups": [{"part": group.part.describe(), "cards": format_cards(group.cards),
                        "wilds": list(group.wilds)} for group in result.groups],
        })
    assert hand is not None
    found = solve(phase, hand)
    laydown = [format_cards(group) for group in found.laydown] if found.laydown else None
    return jsonify({
        "valid": found.valid,
        "laydown": laydown,
        "reasons": [say(reason) for reason in found.reasons],
        "groups": [{"part": part.describe(), "cards": cards, "wilds": list(wilds)}
                   for part, cards, wilds in zip(phase.parts, laydown or [], found.wilds,
                                                 strict=False)],
    })


@bp.post("/hit")
@documented(json=HitBody, answers={200: HitAnswer}, errors=(400, 415))
def hit() -> Response:
    """May this card be added to this group on the table, and at which end?"""
    asked = read(HitBody, body())
    result = check_hit(asked.edition, asked.group.part, asked.group.cards, asked.card)
    return jsonify({"valid": result.valid, "where": list(result.where),
                    "reasons": [say(reason) for reason in result.reasons]})


def _game_response(game: models.Game | reading.GameHead, sheet: scoring.Sheet,
                   status: int = 200) -> Response:
    response = jsonify(game_json(game, sheet, editable=True))
    response.status_code = status
    return response


def _saved(game: models.Game, sheet: scoring.Sheet, status: int = 200) -> Response:
    """Commit the write to ``game`` and answer with ``sheet``, the game after it.

    The answer is built from the game's row as it was written: reading it again after the
    commit would load every round of the game once more.
    """
    head = reading.GameHead(game.id, game.edit_key, game.view_key, game.edition,
                            game.revision, game.created_at, editable=True)
    db.session.commit()
    return _game_response(head, sheet, status)


def _problems(problems: tuple[scoring.Problem, ...]) -> list[dict[str, Any]]:
    return [{"message": say(problem), "player": problem.player, "field": problem.field}
            for problem in problems]


@bp.errorhandler(services.SetupError)
def setup_error(error: services.SetupError) -> Response:
    details = [{"field": field, "message": say(reason, sentence=True)}
               for field, reason in error.problems]
    return json_error(400, details[0]["message"], details)


@bp.errorhandler(scoring.RoundRejected)
def round_rejected(error: scoring.RoundRejected) -> Response:
    db.session.rollback()
    message = _("Round %(number)s breaks a rule: %(first)s", number=error.number,
                first=say(error.problems[0]))
    return json_error(422, message, _problems(error.problems))


@bp.errorhandler(scoring.NeedsConfirmation)
def needs_confirmation(error: scoring.NeedsConfirmation) -> Response:
    db.session.rollback()
    warnings = _problems(error.warnings)
    return json_error(422, _("This round looks impossible with a normal deal. "
                             "Check it, then send it again with \"confirm\": true."),
                      warnings, warnings=warnings)


@bp.errorhandler(scoring.GameFinished)
def finished(error: scoring.GameFinished) -> Response:
    db.session.rollback()
    return json_error(409, _("This game is finished: it takes no more rounds."))


@bp.errorhandler(services.StaleRevision)
def stale_revision(error: services.StaleRevision) -> Response:
    game = game_json(error.game, services.sheet_of(error.game), editable=True)
    db.session.rollback()
    return json_error(409, _("The game changed on another device since you last saw it "
                             "(revision %(given)s, now %(now)s). Nothing was stored: look at "
                             "the game as it is now before you send this again.",
                             given=error.given, now=error.expected), game=game)


@bp.errorhandler(services.StaleRound)
def stale(error: services.StaleRound) -> Response:
    db.session.rollback()
    given, expected = error.given, error.expected
    if given is None or expected is None or given < expected:
        message = _("Another device changed the rounds first. Reload the game and check "
                    "before you send this again.")
    elif request.method == "DELETE":  # a round this game has not reached: nobody's change
        message = _("Round %(given)s cannot be undone: the last round of this game is round "
                    "%(last)s. Nothing was changed.", given=given, last=expected)
    else:
        message = _("Round %(given)s cannot come next: the next round of this game is round "
                    "%(next)s. Nothing was stored.", given=given, next=expected)
    return json_error(409, message)


@bp.errorhandler(services.NoSuchRound)
def no_such_round(error: services.NoSuchRound) -> Response:
    db.session.rollback()
    return json_error(409 if request.method == "DELETE" else 404,
                      _("There is no such round in this game."))


@bp.post("/games")
@documented(json=NewGame, answers={201: GameAnswer}, errors=(400, 415))
def create_game() -> Response:
    """Start a game."""
    game = services.create_game(read(NewGame, body()).to_spec())
    sheet = services.sheet_of(game)
    return _saved(game, sheet, 201)


def _head(key: str) -> reading.GameHead:
    game = reading.head(key)
    if game is None:
        abort(404)
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
@documented(answers={200: GameAnswer}, errors=(404,))
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
    exact = False

    def make() -> bytes:
        nonlocal exact
        sheet, exact = reading.sheet_at(game)
        return jsonify(game_json(game, sheet, editable=game.editable)).get_data()

    key = ("game", game.edit_key, game.revision, game.editable, rendered.host())
    return rendered.json_body(key, make, keep=lambda: exact)


@bp.get("/games/<key>/events")
@documented(answers={200: Events}, errors=(404,))
def events(key: str) -> Response:
    """Server-Sent Events: the game's revision at once, then again after every change."""
    game = _head(key)
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


def _locked(key: str, revision: int | None) -> models.Game:
    """The game to write to, locked until the request commits; 404 for any other key."""
    game = services.lock_game(key, revision=revision)
    if game is None:
        abort(404)
    return game


@bp.post("/games/<key>/rounds")
@documented(json=RoundBody, answers={201: GameAnswer}, errors=(400, 404, 409, 415, 422))
def add_round(key: str) -> Response:
    """Record the next round."""
    data = body()
    game = _locked(key, read(Revised, data).revision)
    new = read(RoundBody, data, game.edition)
    sheet = services.record_round(game, new.to_round(game.edition),
                                  number=new.number,
                                  confirm=new.confirm)
    return _saved(game, sheet, 201)


@bp.delete("/games/<key>/rounds/last")
@documented(query=UndoQuery, answers={200: GameAnswer}, errors=(400, 404, 409))
def undo(key: str) -> Response:
    """Undo the last round (``?number=N`` and ``?revision=N`` guard it)."""
    guards = read(UndoQuery, request.args.to_dict())
    game = _locked(key, guards.revision)
    sheet = services.undo_last(game, number=guards.number)
    return _saved(game, sheet)


@bp.put("/games/<key>/rounds/<int:number>")
@documented(json=RoundBody, answers={200: GameAnswer}, errors=(400, 404, 409, 415, 422))
def edit(key: str, number: int) -> Response:
    """Correct a round; later rounds are recomputed."""
    data = body()
    game = _locked(key, read(Revised, data).revision)
    new = read(RoundBody, data, game.edition)
    sheet = services.edit_round(game, number, new.to_round(game.edition),
                                confirm=new.confirm)
    return _saved(game, sheet)


# Routes in their own modules, on this blueprint: "What do I need?" (outs) and the player
# routes (rename, join, leave).
from . import api_outs, api_players  # noqa: E402,F401
