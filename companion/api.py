"""The JSON API (shared/API.md): rules checker and games."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, jsonify, request
from flask_babel import gettext as _

from . import editions, live, models, reading, scoring, services
from .errors import json_error
from .extensions import csrf, db
from .i18n import say
from .payloads import (
    PayloadError,
    check_request,
    game_spec,
    guard,
    hit_request,
    query_guard,
    round_request,
)
from .present import game_json
from .rules import RulesError, check_hit, check_laydown, format_cards, solve

bp = Blueprint("api", __name__, url_prefix="/api")
csrf.exempt(bp)  # JSON clients send no cookies' worth of form; CORS is off, so no cross-site JSON.


def body() -> dict[str, Any]:
    """The request's JSON object; 415 for another content type, 400 for anything but an object."""
    if not request.is_json:
        abort(415)
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the JSON parser goes: nobody sends that
        raise PayloadError("the body is nested too deeply to be a request") from None
    if not isinstance(data, dict):
        raise PayloadError("the body must be a JSON object")
    return data


@bp.errorhandler(RulesError)
def bad_input(error: RulesError) -> Response:
    """Malformed input (PayloadError) and unknown cards, editions or phases: 400."""
    return json_error(400, say(error.reason))


@bp.get("/openapi.json")
def openapi() -> Response:
    """The OpenAPI description of this API."""
    from .openapi import SPEC

    return jsonify(SPEC)


@bp.post("/check")
def check() -> Response:
    """Check a lay-down (``groups``) or search a hand (``hand``) for the phase."""
    phase, groups, hand = check_request(body())
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
def hit() -> Response:
    """May this card be added to this group on the table, and at which end?"""
    edition, kind, group, card = hit_request(body())
    result = check_hit(edition, kind, group, card)
    return jsonify({"valid": result.valid, "where": list(result.where),
                    "reasons": [say(reason) for reason in result.reasons]})


def _game_response(game: models.Game, sheet: scoring.Sheet, status: int = 200) -> Response:
    response = jsonify(game_json(game, sheet, editable=True))
    response.status_code = status
    return response


def _problems(problems: tuple[scoring.Problem, ...]) -> list[dict[str, Any]]:
    return [{"message": say(problem), "player": problem.player, "field": problem.field}
            for problem in problems]


@bp.errorhandler(services.SetupError)
def setup_error(error: services.SetupError) -> Response:
    details = [{"field": field, "message": say(reason)} for field, reason in error.problems]
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
    return json_error(409, _("Another device changed the rounds first. Reload the game and "
                             "check before you send this again."))


@bp.errorhandler(services.NoSuchRound)
def no_such_round(error: services.NoSuchRound) -> Response:
    db.session.rollback()
    return json_error(409 if request.method == "DELETE" else 404,
                      _("There is no such round in this game."))


@bp.post("/games")
def create_game() -> Response:
    """Start a game."""
    game = services.create_game(game_spec(body()))
    sheet = services.sheet_of(game)
    db.session.commit()
    return _game_response(game, sheet, 201)


def _head(key: str) -> reading.GameHead:
    game = reading.head(key)
    if game is None:
        abort(404)
    return game


@bp.get("/games/<key>")
def get_game(key: str) -> Response:
    """The game through its edit or read-only link."""
    game = _head(key)
    if request.if_none_match.contains(game.etag):
        # Phones polling for changes get an empty answer, from the game's row alone, until
        # something changed.
        return Response(status=304, headers={"ETag": f'"{game.etag}"',
                                             "Cache-Control": "no-cache"})
    response = jsonify(game_json(game, reading.sheet(game), editable=game.editable))
    response.set_etag(game.etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/games/<key>/events")
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
def add_round(key: str) -> Response:
    """Record the next round."""
    data = body()
    game = _locked(key, guard(data.get("revision"), "revision"))
    new, number, confirm = round_request(data, editions.get(game.edition))
    sheet = services.record_round(game, new, number=number, confirm=confirm)
    db.session.commit()
    return _game_response(game, sheet, 201)


@bp.delete("/games/<key>/rounds/last")
def undo(key: str) -> Response:
    """Remove the last round (``?number=N`` guards against undoing twice)."""
    number = query_guard(request.args.get("number"), "number")
    game = _locked(key, query_guard(request.args.get("revision"), "revision"))
    sheet = services.undo_last(game, number=number)
    db.session.commit()
    return _game_response(game, sheet)


@bp.put("/games/<key>/rounds/<int:number>")
def edit(key: str, number: int) -> Response:
    """Replace round ``number``; everything after it is recomputed."""
    data = body()
    game = _locked(key, guard(data.get("revision"), "revision"))
    new, _number, confirm = round_request(data, editions.get(game.edition))
    sheet = services.edit_round(game, number, new, confirm=confirm)
    db.session.commit()
    return _game_response(game, sheet)


# Routes in their own modules, on this blueprint: "What do I need?" (outs) and the player
# routes (rename, join, leave).
from . import api_outs, api_players  # noqa: E402,F401
