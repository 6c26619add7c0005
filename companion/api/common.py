"""What every JSON route shares: the ``api`` blueprint, the request's body, the game locked
for a write and the answer after it, and the one mapping of refusals to status codes (JSON
errors); the error pages of the HTML side too, so bad input never becomes a 500."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import Blueprint, Flask, Response, abort, jsonify, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from companion import models, reading, scoring
from companion.editions import house
from companion.exceptions import CompanionError, InputError
from companion.extensions import csrf, db
from companion.i18n import say
from companion.schemas.answers import ErrorJson, GameJson, WarningJson
from companion.schemas.base import NOT_UNICODE, is_unicode
from companion.schemas.games import game_json
from companion.schemas.groups import refusal
from companion.services import exchange, games, groups, players


def wants_json() -> bool:
    return request.path.startswith("/api/")


def json_error(status: int, message: str, details: Sequence[object] = (), *,
               warnings: list[Any] | None = None, game: GameJson | None = None) -> Response:
    """The API's error shape (``schemas.answers.ErrorJson``): one sentence and the details;
    the warnings of a round to confirm, the game as it is now after a stale revision."""
    answer: ErrorJson = {"error": message, "details": list(details)}
    if warnings is not None:
        answer["warnings"] = warnings
    if game is not None:
        answer["game"] = game
    response = jsonify(answer)
    response.status_code = status
    return response


MESSAGES = {
    400: _l("The request could not be understood."),
    404: _l("There is nothing here: check the link."),
    405: _l("This address does not take that kind of request."),
    408: _l("The request took too long to arrive. Check the connection and try again."),
    413: _l("The request is too large."),
    415: _l("Send the request as JSON (Content-Type: application/json)."),
    429: _l("Too many requests from your address. Wait a minute and try again."),
}


def register(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_failed(error: CSRFError):  # type: ignore[no-untyped-def]
        message = _("The form had expired or came from elsewhere. Reload the page and try again.")
        if wants_json():
            return json_error(400, message)
        return render_template("error.html", message=message, status=400), 400

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):  # type: ignore[no-untyped-def]
        status = error.code or 500
        message = str(MESSAGES.get(status) or _("Something went wrong."))
        if wants_json():
            return json_error(status, message)
        return render_template("error.html", message=message, status=status), status

    @app.errorhandler(500)
    def server_error(error: Exception):  # type: ignore[no-untyped-def]
        db.session.rollback()
        message = _("Something went wrong on our side. Your last change was not stored.")
        if wants_json():
            return json_error(500, message)
        return render_template("error.html", message=message, status=500), 500


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
    if not is_unicode(data):
        raise InputError(NOT_UNICODE)
    return data


def bad_input(error: CompanionError) -> Response:
    """Malformed input (schemas.InputError), unknown cards, editions or phases, and any other
    refusal without a handler of its own: 400 with the reason."""
    return json_error(400, say(error.reason, sentence=True))


def game_response(game: models.Game | reading.GameHead, sheet: scoring.Sheet,
                  status: int = 200, warnings: list[WarningJson] | None = None) -> Response:
    data = game_json(game, sheet, editable=True)
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


def saved(game: models.Game, sheet: scoring.Sheet, status: int = 200,
          warnings: list[WarningJson] | None = None) -> Response:
    """Commit the write to ``game`` and answer with ``sheet``, the game after it (and
    ``warnings``, notes about what was stored).

    The answer is built from the game's row as it was written: reading it again after the
    commit would load every round of the game once more.
    """
    head = reading.GameHead(game.id, game.edit_key, game.view_key, game.edition,
                            game.revision, game.created_at, editable=True,
                            last_round_at=game.last_round_at)
    db.session.commit()
    return game_response(head, sheet, status, warnings)


def problems(problems: tuple[scoring.Problem, ...]) -> list[dict[str, Any]]:
    return [{"message": say(problem), "player": problem.player, "field": problem.field}
            for problem in problems]


def setup_error(error: games.SetupError) -> Response:
    details = [{"field": field, "message": say(reason, sentence=True)}
               for field, reason in error.problems]
    return json_error(400, details[0]["message"], details)


def round_rejected(error: scoring.RoundRejected) -> Response:
    db.session.rollback()
    message = _("Round %(number)s breaks a rule: %(first)s", number=error.number,
                first=say(error.problems[0]))
    return json_error(422, message, problems(error.problems))


def needs_confirmation(error: scoring.NeedsConfirmation) -> Response:
    db.session.rollback()
    warnings = problems(error.warnings)
    return json_error(422, _("This round looks impossible with a normal deal. "
                             "Check it, then send it again with \"confirm\": true."),
                      warnings, warnings=warnings)


def finished(error: scoring.GameFinished) -> Response:
    db.session.rollback()
    return json_error(409, _("This game is finished: it takes no more rounds."))


def stale_revision(error: games.StaleRevision) -> Response:
    game = game_json(error.game, games.sheet_of(error.game), editable=True)
    db.session.rollback()
    return json_error(409, _("The game changed on another device since you last saw it "
                             "(revision %(given)s, now %(now)s). Nothing was stored: look at "
                             "the game as it is now before you send this again.",
                             given=error.given, now=error.expected), game=game)


def stale(error: games.StaleRound) -> Response:
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


def no_such_round(error: games.NoSuchRound) -> Response:
    db.session.rollback()
    return json_error(409 if request.method == "DELETE" else 404,
                      _("There is no such round in this game."))


def locked(key: str, revision: int | None) -> models.Game:
    """The game to write to, locked until the request commits; 404 for any other key."""
    game = games.lock_game(key, revision=revision)
    if game is None:
        abort(404)
    return game


def roster_refused(error: players.RosterError) -> Response:
    db.session.rollback()
    message = say(error.reason, sentence=True)
    return json_error(409 if error.conflict else 400, message,
                      [{"field": "name", "message": message}])

def group_problem(error: groups.GroupProblem) -> Response:
    db.session.rollback()
    return json_error(error.status, say(error.reason, sentence=True))

def house_rules_refused(error: house.HouseRulesRefused) -> Response:
    db.session.rollback()
    details = [{"field": field, "message": say(reason, sentence=True)}
               for field, reason in error.problems]
    return json_error(422, details[0]["message"], details)


def import_refused(error: exchange.ImportRefused) -> Response:
    db.session.rollback()
    detail = {"game": error.game, "round": error.round, "player": error.player,
              "field": error.field, "message": say(error.reason)}
    return json_error(422, refusal(error), [detail])


#: Every refusal the JSON routes answer, and how: the one place that maps an error to a status
#: code (a refusal without an entry of its own is a CompanionError: 400 with its reason).
#: The games blueprint (``api``) and the groups blueprint (``api_groups``) each list theirs.
REFUSALS: dict[str, dict[type[Exception], Callable[[Any], Response]]] = {
    "api": {
        CompanionError: bad_input, games.SetupError: setup_error,
        scoring.RoundRejected: round_rejected, scoring.NeedsConfirmation: needs_confirmation,
        scoring.GameFinished: finished, games.StaleRevision: stale_revision,
        games.StaleRound: stale, games.NoSuchRound: no_such_round,
        players.RosterError: roster_refused,
        house.HouseRulesRefused: house_rules_refused,
    },
    "api_groups": {
        CompanionError: bad_input, games.SetupError: setup_error,
        games.StaleRevision: stale_revision, games.StaleRound: stale,
        groups.GroupProblem: group_problem, exchange.ImportRefused: import_refused,
    },
}


def answer_refusals(blueprint: Blueprint) -> None:
    """Register the blueprint's entries of :data:`REFUSALS` as its error handlers."""
    for error, handler in REFUSALS[blueprint.name].items():
        blueprint.register_error_handler(error, handler)


answer_refusals(bp)
