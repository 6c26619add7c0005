"""How the companion answers a refusal or an error: the one table of HTTP statuses, the API's
JSON error, the error page, and the handlers that answer each refusal.

What a refusal is comes from where it is raised (companion.refusals: its reason and its
:class:`~companion.refusals.Kind`); what the web answers is decided here and only here:
:data:`STATUS` gives every kind its status, for the JSON routes, the pages and the guards
alike. The app registers the error pages (:func:`register`); each JSON blueprint registers
its entries of :data:`REFUSALS` (:func:`answer_refusals`), so bad input never becomes a 500.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import Blueprint, Flask, Response, jsonify, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import (
    BadRequest,
    HTTPException,
    MethodNotAllowed,
    NotFound,
    RequestEntityTooLarge,
    RequestTimeout,
    SecurityError,
    TooManyRequests,
    UnsupportedMediaType,
)

from companion import scoring
from companion.editions.house import HouseRulesRefused
from companion.i18n import say
from companion.infra import drawing
from companion.refusals import CompanionError, Kind, NotAForm, NotJson, NotThere
from companion.schemas.answers import ErrorJson, GameJson
from companion.schemas.games import game_json
from companion.schemas.logged import PlayRefused
from companion.scoring.seating import SeatingRefused
from companion.services import exchange, games, groups, players, ratings

#: Every kind of refusal and the HTTP status it is answered with: the one place that decides.
STATUS: dict[Kind, int] = {
    Kind.INPUT: 400,
    Kind.UNKNOWN: 404,
    Kind.LATE: 408,
    Kind.CONFLICT: 409,
    Kind.TOO_LARGE: 413,
    Kind.REFUSED: 422,
    Kind.TOO_MANY: 429,
    Kind.UNAVAILABLE: 503,
    Kind.NOT_JSON: 415,
}


def status(refused: Kind | CompanionError) -> int:
    """The HTTP status of a kind of refusal, or of a refusal by its kind."""
    return STATUS[refused if isinstance(refused, Kind) else refused.kind]


def wants_json() -> bool:
    return request.path.startswith("/api/")


def json_error(code: int, message: str, details: Sequence[object] = (), *,
               warnings: list[Any] | None = None, game: GameJson | None = None) -> Response:
    """The API's error shape (``schemas.answers.ErrorJson``): one sentence and the details;
    the warnings of a round to confirm, the game as it is now after a stale revision."""
    answer: ErrorJson = {"error": message, "details": list(details)}
    if warnings is not None:
        answer["warnings"] = warnings
    if game is not None:
        answer["game"] = game
    response = jsonify(answer)
    response.status_code = code
    return response


def error_page(message: str, refused: Kind | int) -> Response:
    """The error page for a person: the sentence, under the status of ``refused``."""
    code = refused if isinstance(refused, int) else STATUS[refused]
    return Response(render_template("error.html", message=message, status=code), code)


def answer(message: str, refused: Kind | int) -> Response:
    """The API's JSON error, or the error page for a person, as the request asks."""
    code = refused if isinstance(refused, int) else STATUS[refused]
    return json_error(code, message) if wants_json() else error_page(message, code)


def try_again_later(message: str, seconds: int) -> Response:
    """The companion cannot answer now (the database, drawing): its status with
    ``Retry-After``."""
    response = answer(message, Kind.UNAVAILABLE)
    response.headers["Retry-After"] = str(seconds)
    return response


#: What a person is told for an error werkzeug raises (a status of its own: abort, routing),
#: by its kind (a subclass is told what its base is).
MESSAGES: dict[type[HTTPException], str] = {  # lazy: translated when shown
    BadRequest: _l("The request could not be understood."),
    NotFound: _l("There is nothing here: check the link."),
    MethodNotAllowed: _l("This address does not take that kind of request."),
    RequestTimeout: _l("The request took too long to arrive. Check the connection and try "
                       "again."),
    RequestEntityTooLarge: _l("The request is too large."),
    UnsupportedMediaType: _l("Send the request as JSON (Content-Type: application/json)."),
    TooManyRequests: _l("Too many requests from your address. Wait a minute and try again."),
}


def _message(error: HTTPException) -> str:
    found = next((MESSAGES[kind] for kind in type(error).__mro__ if kind in MESSAGES), None)
    return str(found or _("Something went wrong."))


def register(app: Flask) -> None:
    """The app's error answers: a form without its token, werkzeug's errors, a crash."""

    @app.errorhandler(CSRFError)
    def csrf_failed(error: CSRFError) -> Response:
        return answer(_("The form had expired or came from elsewhere. Reload the page and try "
                        "again."), Kind.INPUT)

    @app.errorhandler(SecurityError)
    def untrusted_host(error: SecurityError) -> Response:
        """A Host other than COMPANION_PUBLIC_URL's: a sentence, and no page, whose links
        would be built on the host just refused (there is no URL builder for it)."""
        message = _("This site is not served at that address.")
        if wants_json():
            return json_error(400, message)
        return Response(message + "\n", 400, mimetype="text/plain")

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        return answer(_message(error), error.code or 500)

    app.register_error_handler(NotThere, not_there)
    app.register_error_handler(drawing.DrawingBusy, drawing_busy)
    app.register_error_handler(NotAForm, not_a_form)
    app.register_error_handler(NotJson, not_json)

    @app.errorhandler(500)
    def server_error(error: Exception) -> Response:
        return answer(_("Something went wrong on our side. Your last change was not stored."),
                      500)


def import_refusal(error: exchange.ImportRefused) -> str:
    """Why nothing was imported, saying where in the file."""
    reason = say(error.reason)
    if error.game is not None and error.round is not None:
        where = _("Game %(game)s, round %(round)s", game=error.game, round=error.round)
    elif error.round is not None:
        where = _("Round %(round)s", round=error.round)
    elif error.game is not None:
        where = _("Game %(game)s", game=error.game)
    else:
        return str(_("Nothing was imported: %(reason)s", reason=reason))
    if error.player:
        where = _("%(where)s (%(player)s)", where=where, player=error.player)
    return str(_("Nothing was imported. %(where)s: %(reason)s", where=where, reason=reason))


def not_there(error: NotThere) -> Response:
    """An address or link that leads nowhere: the page or JSON error of any unknown address."""
    return answer(str(MESSAGES[NotFound]), error.kind)


def drawing_busy(error: drawing.DrawingBusy) -> Response:
    """A drawing refused (too many waiting) or late: the companion is busy, try again soon."""
    return try_again_later(_("Drawing this takes longer than it should right now. Try again "
                             "in a few seconds."), drawing.RETRY_SECONDS)


def not_a_form(error: NotAForm) -> Response:
    """A form post the page never sent: answered as any request that cannot be understood."""
    return answer(str(MESSAGES[BadRequest]), error.kind)


def not_json(error: NotJson) -> Response:
    """A body of another content type sent to a JSON route."""
    return answer(str(MESSAGES[UnsupportedMediaType]), error.kind)


# The JSON answers of the refusals, one per error (the use case's unit of work has rolled back
# what it began: companion.services.work).

def bad_input(error: CompanionError) -> Response:
    """Malformed input (schemas.InputError), unknown cards, editions or phases, and any other
    refusal without a handler of its own: its status, with the reason."""
    return json_error(status(error), say(error.reason, sentence=True))


def problems(found: tuple[scoring.Problem, ...]) -> list[dict[str, Any]]:
    return [{"message": say(problem), "player": problem.player, "field": problem.field}
            for problem in found]


def _fields(error: CompanionError, found: Sequence[tuple[str, Any]]) -> Response:
    """A refusal of several fields: the first one's sentence, and each field's."""
    details = [{"field": field, "message": say(reason, sentence=True)}
               for field, reason in found]
    return json_error(status(error), details[0]["message"], details)


def setup_error(error: games.SetupError) -> Response:
    return _fields(error, error.problems)


def seating_refused(error: SeatingRefused) -> Response:
    """Players that cannot be seated (nothing is stored): the field and why."""
    return _fields(error, [(error.field, error.reason)])


def house_rules_refused(error: HouseRulesRefused) -> Response:
    return _fields(error, error.problems)


def round_rejected(error: scoring.RoundRejected) -> Response:
    message = _("Round %(number)s breaks a rule: %(first)s", number=error.number,
                first=say(error.problems[0]))
    return json_error(status(error), message, problems(error.problems))


def needs_confirmation(error: scoring.NeedsConfirmation) -> Response:
    warnings = problems(error.warnings)
    return json_error(status(error), _("This round looks impossible with a normal deal. "
                                       "Check it, then send it again with \"confirm\": true."),
                      warnings, warnings=warnings)


def finished(error: scoring.GameFinished) -> Response:
    return json_error(status(error), _("This game is finished: it takes no more rounds."))


def stale_revision(error: games.StaleRevision) -> Response:
    game = game_json(error.game, games.sheet_of(error.game), editable=True)
    return json_error(status(error), _(
        "The game changed on another device since you last saw it (revision %(given)s, now "
        "%(now)s). Nothing was stored: look at the game as it is now before you send this "
        "again.", given=error.given, now=error.expected), game=game)


def stale(error: games.StaleRound) -> Response:
    given, expected = error.given, error.expected
    if given is None or expected is None or given < expected:
        message = _("Another device changed the rounds first. Reload the game and check "
                    "before you send this again.")
    elif error.undoing:  # a round this game has not reached: nobody's change
        message = _("Round %(given)s cannot be undone: the last round of this game is round "
                    "%(last)s. Nothing was changed.", given=given, last=expected)
    else:
        message = _("Round %(given)s cannot come next: the next round of this game is round "
                    "%(next)s. Nothing was stored.", given=given, next=expected)
    return json_error(status(error), message)


def no_such_round(error: games.NoSuchRound) -> Response:
    """A round that is not there, answered as its kind (games.NoSuchRound)."""
    return json_error(status(error), _("There is no such round in this game."))


def roster_refused(error: players.RosterError) -> Response:
    message = say(error.reason, sentence=True)
    return json_error(status(error), message, [{"field": "name", "message": message}])


def group_problem(error: groups.GroupProblem) -> Response:
    return json_error(status(error), say(error.reason, sentence=True))


def players_refused(error: ratings.PlayersRefused) -> Response:
    return _fields(error, [(error.field, error.reason)])


def import_refused(error: exchange.ImportRefused) -> Response:
    detail = {"game": error.game, "round": error.round, "player": error.player,
              "field": error.field, "message": say(error.reason)}
    return json_error(status(error), import_refusal(error), [detail])


def play_refusal(error: PlayRefused) -> str:
    """Why nothing of a BG Stats or BoardGameGeek log was imported, naming the play."""
    reason = say(error.reason)
    if error.play is None:
        return str(_("Nothing was imported: %(reason)s", reason=reason))
    return str(_("Nothing was imported. Play %(play)s of the file: %(reason)s",
                 play=error.play, reason=reason))


def any_import_refusal(error: CompanionError) -> str:
    """Why nothing of a file was imported, whichever kind of file it was (the import page)."""
    if isinstance(error, exchange.ImportRefused):
        return import_refusal(error)
    if isinstance(error, PlayRefused):
        return play_refusal(error)
    return str(_("Nothing was imported: %(reason)s", reason=say(error.reason)))


def play_refused(error: PlayRefused) -> Response:
    """A play of a BG Stats or BoardGameGeek log that cannot be a game: which one, and why."""
    return json_error(status(error), play_refusal(error),
                      [{"play": error.play, "message": say(error.reason)}])


#: Every refusal the JSON routes answer, and how (a refusal without an entry of its own is a
#: CompanionError: its status and reason). The games blueprint (``api``) and the groups
#: blueprint (``api_groups``) each list theirs.
REFUSALS: dict[str, dict[type[Exception], Callable[[Any], Response]]] = {
    "api": {
        CompanionError: bad_input, NotThere: not_there, NotJson: not_json,
        games.SetupError: setup_error, scoring.RoundRejected: round_rejected,
        scoring.NeedsConfirmation: needs_confirmation,
        scoring.GameFinished: finished, games.StaleRevision: stale_revision,
        games.StaleRound: stale, games.NoSuchRound: no_such_round,
        players.RosterError: roster_refused, HouseRulesRefused: house_rules_refused,
    },
    "api_groups": {
        CompanionError: bad_input, NotThere: not_there, NotJson: not_json,
        games.SetupError: setup_error, games.StaleRevision: stale_revision,
        games.StaleRound: stale,
        groups.GroupProblem: group_problem, exchange.ImportRefused: import_refused,
        ratings.PlayersRefused: players_refused,
        PlayRefused: play_refused,
        SeatingRefused: seating_refused,
    },
}


def answer_refusals(blueprint: Blueprint) -> None:
    """Register the blueprint's entries of :data:`REFUSALS` as its error handlers."""
    for error, handler in REFUSALS[blueprint.name].items():
        blueprint.register_error_handler(error, handler)
