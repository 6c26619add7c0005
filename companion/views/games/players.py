"""The players page: rename a player, a late joiner, a player who leaves."""

from __future__ import annotations

from dataclasses import dataclass

from flask import flash, render_template
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug import Response

from companion import http_answers, models, scoring
from companion.forms.games import PlayerForm
from companion.i18n import say
from companion.numbers import whole_number
from companion.refusals import Kind, NotThere
from companion.scoring import roster
from companion.services import games, work
from companion.services.players import (
    RosterError,
    add_player,
    look_alike_warnings,
    remove_player,
    rename_player,
)
from companion.views.games.blueprint import bp
from companion.views.redirects import see_other


def _joining(sheet: scoring.Sheet) -> dict[str, int]:
    """What a player joining now gets: the round they start in, and their points."""
    return {"round": sheet.next_round,
            "points": roster.starting_points([line.points for line in sheet.players
                                              if line.name in sheet.expected])}


@bp.get("/<key>/players")
def players(key: str) -> str:
    """Who plays: rename, join, leave."""
    found = games.find_game(key)
    if found is None or not found[1]:
        raise NotThere
    return _page(found[0])


def _page(game: models.Game, refused: Refused | None = None) -> str:
    """The page; ``refused`` a name the page refused, shown again next to its field as typed
    with the reason."""
    sheet = games.sheet_of(game)
    # Names that only look like what they seem: a note in their card, never a refusal.
    notes = {name: say(reason, sentence=True) for name, reason
             in look_alike_warnings([line.name for line in sheet.players])}
    return render_template("games/players.html", game=game, sheet=sheet, form=PlayerForm(),
                           joining=_joining(sheet), notes=notes, refused=refused)


@dataclass(frozen=True)
class Refused:
    """A name the page refused: which form (``add``, or ``rename`` of ``player``), what was
    typed, and why."""

    action: str
    player: str
    name: str
    error: str


@bp.post("/<key>/players/<action>")
def change_players(key: str, action: str) -> Response | tuple[str, int]:
    """One change to the players, locked like every write; the revision guards it. A name
    refused is answered on the page, next to its field, with what was typed (422)."""
    if action not in ("rename", "add", "remove"):
        raise NotThere
    form = PlayerForm()
    player, name = form.player.data or "", form.name.data or ""
    game: models.Game | None = None
    message = None
    try:  # the services judge the revision, as the API's (services.seen)
        with work.unit():
            game = games.lock_game(key, revision=whole_number(form.revision.data or ""))
            if game is None:
                raise NotThere
            if form.validate_on_submit():
                message = _change(game, action, player, name)
            elif form.name.errors and action != "remove":
                return _refused(game, Refused(action, player, name, str(form.name.errors[0])))
            else:
                flash(_("Nothing was changed: the form was incomplete. Try again."), "error")
    except games.StaleRevision:
        flash(_("Nothing was changed: the game changed on another phone. Here it is as it "
                "is now."), "error")
    except RosterError as error:
        if action != "remove":
            assert game is not None  # the change was refused after the game was locked
            return _refused(game, Refused(action, player, name, say(error.reason,
                                                                    sentence=True)))
        flash(say(error.reason, sentence=True), "error")
    if message is not None:
        flash(message)
    return see_other("games.players", key=key)


def _refused(game: models.Game, refused: Refused) -> tuple[str, int]:
    return _page(game, refused), http_answers.status(Kind.REFUSED)


def _change(game: models.Game, action: str, player: str, name: str) -> str:
    """Make one change; returns the message that says what happened."""
    return str(_changed(game, action, player, name))


def _changed(game: models.Game, action: str, player: str, name: str) -> object:
    if action == "rename":
        new = rename_player(game, player, name)
        return _("%(old)s is now called %(new)s.", old=player, new=new)
    if action == "add":
        joined = add_player(game, name)
        sheet = games.sheet_of(game)
        if game.edition.markers:
            return _("%(name)s joins from round %(number)s, with their marker on phase 1.",
                     name=joined.name, number=joined.joined_round)
        points = sheet.line(joined.name).points
        return ngettext("%(name)s joins from round %(number)s, on phase 1 with %(num)s point.",
                        "%(name)s joins from round %(number)s, on phase 1 with %(num)s points.",
                        points, name=joined.name, number=joined.joined_round)
    gone = remove_player(game, player)
    if gone:
        return _("%(name)s is no longer in this game.", name=player)
    return _("%(name)s has left the game: their rounds stay on the sheet.", name=player)
