"""Undo the last round, and put it back: after an undo the sheet offers "Restore round N"
for ten minutes, as long as nobody changed the game in between (docs/decisions.md)."""

from __future__ import annotations

import time
from typing import Any

from flask import abort, flash, redirect, session, url_for
from flask_babel import gettext as _
from werkzeug import Response

from companion import models, scoring
from companion.extensions import db
from companion.forms.games import ActionForm
from companion.numbers import whole_number
from companion.services import games, reading
from companion.views.games.blueprint import bp

RESTORE_SECONDS = 600
_KEY = "restore"


def _remember(game: models.Game) -> None:
    """Keep the last round in this phone's (signed) session before it is removed."""
    last = game.rounds[-1]
    session[_KEY] = {"game": game.id, "number": last.number, "at": int(time.time()),
                     "results": [[result.player, result.laid, result.points, result.went_out,
                                  result.phase] for result in last.results]}


def restore_offer(game: models.Game | reading.GameHead) -> int | None:
    """The number of the round this phone may put back (None: nothing to restore)."""
    kept: dict[str, Any] | None = session.get(_KEY)
    if not kept or kept.get("game") != game.id or kept.get("revision") != game.revision:
        return None
    if time.time() - kept.get("at", 0) > RESTORE_SECONDS:
        return None
    number: int = kept["number"]
    return number


@bp.post("/<key>/undo")
def undo(key: str) -> Response:
    """Remove the last round; the sheet then offers to restore it."""
    game = games.lock_game(key)
    if game is None:
        abort(404)
    form = ActionForm()
    if form.validate_on_submit():
        number, revision = whole_number(form.number.data), whole_number(form.revision.data)
        removed = game.rounds[-1].number if game.rounds else None
        if (form.number.data and number is None) or (form.revision.data and revision is None):
            flash(_("Nothing was undone: the button's form was incomplete. Try again."), "error")
        elif removed is None:
            flash(_("There is no round to undo."), "error")
        elif (revision is not None and revision != game.revision) or (
                number is not None and number != removed):
            flash(_("Nothing was undone: the sheet changed on another phone. Here it is as it "
                    "is now."), "error")
        else:
            _remember(game)
            games.undo_last(game, number=number)
            db.session.commit()
            session[_KEY] = {**session[_KEY], "revision": game.revision}
            flash(_("Round %(number)s removed.", number=removed))
    return redirect(url_for("games.sheet", key=key), 303)


@bp.post("/<key>/restore")
def restore(key: str) -> Response:
    """Put back the round this phone undid, when the game has not changed since."""
    game = games.lock_game(key)
    if game is None:
        abort(404)
    form = ActionForm()
    number = restore_offer(game)
    if not form.validate_on_submit():
        flash(_("Nothing was restored: the button's form was incomplete. Try again."), "error")
    elif number is None:
        flash(_("That round can no longer be restored: the sheet changed since, or it was "
                "too long ago. Enter it again."), "error")
    else:
        results = tuple(scoring.Result(player=player, laid=laid, points=points,
                                       went_out=went_out, phase=phase)
                        for player, laid, points, went_out, phase in session[_KEY]["results"])
        try:
            games.record_round(game, scoring.Round(results), number=number, confirm=True)
        except (scoring.RoundRejected, scoring.GameFinished, games.StaleRound):
            db.session.rollback()
            flash(_("That round can no longer be restored: the sheet changed since, or it "
                    "was too long ago. Enter it again."), "error")
        else:
            db.session.commit()
            session.pop(_KEY, None)
            flash(_("Round %(number)s restored.", number=number))
    return redirect(url_for("games.sheet", key=key), 303)
