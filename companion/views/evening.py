"""An evening of more than one table: who is here, the proposed tables, their games started."""

from __future__ import annotations

from flask import Blueprint, flash, render_template, request
from flask_babel import gettext as _
from werkzeug import Response

from companion import editions, http_answers, models
from companion.forms.groups import SeatingForm, TablesForm
from companion.i18n import say
from companion.infra.planning import off_the_loop
from companion.limits import MAX_PLAYERS, MAX_SEATED
from companion.refusals import CompanionError, Kind, NotAForm, NotThere
from companion.scoring import seating as scoring_seating
from companion.services import groups, seating
from companion.views.groups import LISTED
from companion.views.redirects import see_other

bp = Blueprint("evening", __name__)


def _load(key: str) -> models.Group:
    found = groups.find_group(key)
    if found is None or not found[1]:
        raise NotThere  # a read-only link gets the same answer as an unknown one
    return found[0]


def _ticked() -> list[str]:
    """The names ticked and the new ones typed (one a line), in that order."""
    typed = (request.form.get("new") or "").splitlines()
    return request.form.getlist("players") + [line for line in typed if line.strip()]


@bp.route("/groups/<key>/tonight", methods=["GET", "POST"])
def propose(key: str) -> str | tuple[str, int]:
    """Who is here (the form), or the tables proposed for them: nothing is stored."""
    group = _load(key)
    form = SeatingForm()
    derived = groups.derived(group, listed=LISTED)
    roster = [name for name, _seat in groups.roster_of(derived.records)]
    if not form.validate_on_submit():
        return render_template("groups/tonight.html", group=group, seating_form=form,
                               roster=roster, ticked=[], seating_errors=[])
    names = _ticked()
    found = seating.evening(group, derived)
    tonight = found.tables if seating.recent(found) else []
    try:
        asked = seating.ask(group, names, tonight)
    except scoring_seating.SeatingRefused as refused:
        # The form again with what was ticked and typed, and why next to it.
        form.new.data = "\n".join(name for name in names if name not in roster)
        page = render_template("groups/tonight.html", group=group, seating_form=form,
                               roster=roster, ticked=names,
                               seating_errors=[say(refused.reason, sentence=True)])
        return page, http_answers.status(Kind.REFUSED)
    tables = off_the_loop(scoring_seating.seat, asked.strengths, asked.met)
    again = scoring_seating.cost(tables, asked.strengths, asked.met)[0] if tonight else None
    settings = seating.settings_for(group, None)
    return render_template(
        "groups/tonight.html", group=group, tables=asked.named(tables), again=again,
        tables_form=TablesForm(formdata=None, edition=settings.edition.key,
                               after=derived.records.games[0].ref if derived.records.games
                               else ""),
        choices=[edition for edition in editions.all_editions() if edition.start_hint])


@bp.post("/groups/<key>/tables")
def start(key: str) -> Response:
    """"Start these games": one game per proposed table, each with a random first dealer."""
    group = _load(key)
    form = TablesForm()
    if not form.validate_on_submit():
        raise NotAForm
    tables = [names for number in range(MAX_SEATED // MAX_PLAYERS)
              if (names := request.form.getlist(f"table-{number}"))]
    try:
        started = seating.start_tables(group, tables,
                                       seating.settings_for(group, form.edition.data or None),
                                       after=form.after.data)
    except CompanionError as refused:
        flash(say(refused.reason, sentence=True), "error")
        return see_other("groups.page", key=group.edit_key, _anchor="tonight")
    if len(started) == 1:  # one table: its sheet, as "Next game" opens it
        game = started[0].game
        flash(_("The game started: %(name)s starts.", name=started[0].first)
              if game.edition.markers else
              _("The game started: %(name)s deals first.", name=started[0].first))
        return see_other("games.sheet", key=started[0].game.edit_key)
    flash(_("%(count)s games started: each table opens its own below.", count=len(started)))
    # Scrolled to the first of them: the evening lists its games oldest first, so on a long
    # evening the new tables' games are screens below its top.
    return see_other("groups.page", key=group.edit_key,
                     _anchor=f"game-{started[0].game.view_key}")
