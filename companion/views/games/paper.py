"""A game played on paper: one page to type its final result (companion.services.finals)."""

from __future__ import annotations

from flask import flash, render_template, request
from flask_babel import gettext as _
from werkzeug import Response

from companion import editions, player_names, scoring
from companion.forms.paper import LineForm, PaperGameForm
from companion.i18n import say
from companion.rules.errors import Reason
from companion.services import finals, games, groups, work
from companion.views.games.blueprint import bp
from companion.views.redirects import see_other


@bp.route("/paper", methods=["GET", "POST"])
def paper() -> str | Response:
    """Type the final result of a game played on the printed sheet."""
    form = PaperGameForm()
    if request.method == "GET":
        form.group.data = request.args.get("group", "")
        if request.args.get("edition") in set(editions.keys()):
            form.edition.data = request.args["edition"]
    if form.validate_on_submit():
        filled = form.filled()
        edition = form.chosen()
        results = [_result(line) for _row, line in filled]
        spec = scoring.GameSpec(edition, tuple(line.name.data or "" for _row, line in filled))
        try:
            with work.unit():
                game = finals.record_final(spec, results, played_at=form.played_at(),
                                           duration_s=form.seconds())
                groups.join(game, form.group.data)
        except games.SetupError as error:
            _attach(form, filled, error.problems)
        else:
            flash(_("The game is stored with its final result. Keep this page's address: it "
                    "is the key to edit the game."))
            return see_other("games.sheet", key=game.edit_key)
    return render_template("games/paper.html", form=form)


def _result(line: LineForm) -> scoring.FinalResult:
    phases, points, marker = line.numbers()
    return scoring.FinalResult(player_names.clean(line.name.data or ""), phases, points, marker)


def _attach(form: PaperGameForm, filled: list[tuple[int, LineForm]],
            problems: tuple[tuple[str, Reason], ...]) -> None:
    """Each problem next to its field: "final.<line>.<field>" to that line's input, a
    player's name to that player's name, the rest to the form as a whole."""
    for field, reason in problems:
        target = None
        parts = field.split(".")
        if len(parts) == 3 and parts[0] == "final":
            _row, line = filled[int(parts[1])]
            target = getattr(line, "name" if parts[2] == "player" else parts[2], None)
        elif isinstance(reason, scoring.Problem) and reason.player is not None:
            wanted = player_names.key(reason.player)
            target = next((line.name for _row, line in filled
                           if player_names.key(line.name.data or "") == wanted), None)
        if target is None:
            form.form_errors.append(say(reason, sentence=True))
        else:
            target.errors = [*target.errors, say(reason, sentence=True)]
