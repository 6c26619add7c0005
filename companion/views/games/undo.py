"""Undo the last round, and put it back: after an undo the sheet offers "Restore round N"
for ten minutes, as long as nobody changed the game in between (docs/decisions.md)."""

from __future__ import annotations

import time
from typing import Any

from flask import flash, session
from flask_babel import gettext as _
from werkzeug import Response

from companion import models, scoring
from companion.forms.games import ActionForm
from companion.infra import security
from companion.refusals import CompanionError, NotThere
from companion.schemas import UndoQuery, read
from companion.services import games, reading, work
from companion.services.seen import Seen
from companion.views.games.blueprint import bp
from companion.views.redirects import see_other

RESTORE_SECONDS = 600
_KEY = "restore"


def _kept(game: models.Game) -> dict[str, Any] | None:
    """The last round as this phone's session keeps it once it is removed (sealed: the
    cookie shows neither the game nor the round, docs/decisions.md)."""
    if not game.rounds:
        return None
    last = game.rounds[-1]
    return {"game": game.id, "number": last.number, "at": int(time.time()),
            "results": [[result.player, result.laid, result.points, result.went_out,
                         result.phase] for result in last.results]}


def restore_offer(game: models.Game | reading.GameHead) -> int | None:
    """The number of the round this phone may put back (None: nothing to restore)."""
    kept = _opened()
    if not kept or kept.get("game") != game.id or kept.get("revision") != game.revision:
        return None
    if time.time() - kept.get("at", 0) > RESTORE_SECONDS:
        return None
    number: int = kept["number"]
    return number


@bp.post("/<key>/undo")
def undo(key: str) -> Response:
    """Remove the last round; the sheet then offers to restore it. The button's guards are
    the API's (schemas.UndoQuery), judged by the services as every write's."""
    game = games.lock_game(key)
    if game is None:
        raise NotThere
    form = ActionForm()
    if form.validate_on_submit():
        try:
            guards = read(UndoQuery, {name: form[name].data for name in ("number", "revision")
                                      if form[name].data})
            kept = _kept(game)
            with work.unit():
                games.undo_last(game, number=guards.number, seen=Seen(guards.revision))
        except games.NoSuchRound:
            flash(_("There is no round to undo."), "error")
        except games.StaleRound:
            flash(_("Nothing was undone: the sheet changed on another phone. Here it is as it "
                    "is now."), "error")
        except CompanionError:
            flash(_("Nothing was undone: the button's form was incomplete. Try again."), "error")
        else:
            assert kept is not None  # a round was removed
            session[_KEY] = security.seal({**kept, "revision": game.revision})
            flash(_("Round %(number)s removed.", number=kept["number"]))
    return see_other("games.sheet", key=key)


@bp.post("/<key>/restore")
def restore(key: str) -> Response:
    """Put back the round this phone undid, when the game has not changed since (the
    services judge it from the revision the undo left, as any write's)."""
    game = games.lock_game(key)
    if game is None:
        raise NotThere
    form = ActionForm()
    kept = _opened() or {}
    if not form.validate_on_submit():
        flash(_("Nothing was restored: the button's form was incomplete. Try again."), "error")
        return see_other("games.sheet", key=key)
    results = tuple(scoring.Result(player=player, laid=laid, points=points,
                                   went_out=went_out, phase=phase)
                    for player, laid, points, went_out, phase in kept.get("results", ()))
    try:
        with work.unit():
            if not _restorable(game, kept):
                raise games.StaleRound()
            games.record_round(game, scoring.Round(results), number=kept["number"],
                               confirm=True, seen=Seen(kept["revision"]))
    except (scoring.RoundRejected, scoring.GameFinished, games.StaleRound):
        flash(_("That round can no longer be restored: the sheet changed since, or it "
                "was too long ago. Enter it again."), "error")
    else:
        session.pop(_KEY, None)
        flash(_("Round %(number)s restored.", number=kept["number"]))
    return see_other("games.sheet", key=key)


def _opened() -> dict[str, Any] | None:
    """The round this phone's session keeps, if it was sealed here within ten minutes."""
    return security.unseal(session.get(_KEY), RESTORE_SECONDS)


def _restorable(game: models.Game, kept: dict[str, Any]) -> bool:
    """Whether ``kept`` is this game's round, undone here less than ten minutes ago."""
    return (kept.get("game") == game.id and "revision" in kept
            and time.time() - kept.get("at", 0) <= RESTORE_SECONDS)
