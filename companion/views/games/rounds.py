"""The round form: enter the next round, correct an earlier one.

The form becomes the API's request (schemas.RoundBody, through forms.games.round_request) and
the services decide, as for the API, including whether the page was too old to be stored
(services.seen); this module only shows the form and maps each refusal to what the page says.
"""

from __future__ import annotations

from typing import Any

from flask import flash, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug import Response

from companion import editions, http_answers, models, scoring
from companion.display import sheet as display_sheet
from companion.forms.games import BoardRoundForm, RoundForm, choices, round_data, round_request
from companion.i18n import say
from companion.refusals import CompanionError, Kind, NotThere
from companion.schemas import RoundBody, read
from companion.schemas.games import round_json
from companion.services import games, work
from companion.services.seen import Seen
from companion.views.games.blueprint import bp
from companion.views.redirects import see_other


@bp.route("/<key>/round", methods=["GET", "POST"])
def add_round(key: str) -> str | Response:
    """Enter the next round."""
    return _round_page(key, None)


@bp.route("/<key>/rounds/<int:number>/edit", methods=["GET", "POST"])
def edit_round(key: str, number: int) -> str | Response:
    """Correct an earlier round; everything after it is recomputed."""
    return _round_page(key, number)


def _round_form(game: models.Game, sheet: scoring.Sheet, number: int,
                initial: scoring.RoundView | None,
                form: RoundForm | BoardRoundForm | None = None) -> RoundForm | BoardRoundForm:
    """The form of round ``number`` as the page shows it: ``form`` (the one posted), else a
    new one, filled in with ``initial`` (the round it edits) on a GET."""
    edition = game.edition
    names = display_sheet.round_players(sheet, number, initial)
    if form is None:
        posted = request.method == "POST"
        data = None if posted else round_data(
            names, round_json(initial, edition)["results"] if initial else [])
        form = (BoardRoundForm if edition.markers else RoundForm)(data=data)
        if not posted:
            form.revision.data = str(game.revision)
            form.before.data = display_sheet.round_seen(initial, edition) if initial else ""
    form.went_out.choices = choices(*((name, name) for name in names))
    form.number.data = str(number)
    if edition.chooses_phase and not edition.markers:
        display_sheet.masters_choices(form, sheet, number)
    return form


def _apply_problems(form: Any, problems: tuple[scoring.Problem, ...]) -> list[str]:
    """Attach each problem to its player's field; returns those about the whole round."""
    general: list[str] = []
    rows = {entry.form.player.data: entry.form for entry in form.results.entries}
    for problem in problems:
        row = rows.get(problem.player or "")
        target = getattr(row, problem.field or "", None) if row is not None else None
        if problem.field == "went_out":
            target = form.went_out
        if target is None:
            general.append(say(problem, sentence=True))
        else:
            target.errors = [*target.errors, say(problem, sentence=True)]
    return general


def _typed_round(form: Any, edition: editions.Edition) -> tuple[RoundBody, scoring.Round]:
    """The form as the API's request, and the round it holds (missing points are left to the
    rules, which name them next to their fields)."""
    body = read(RoundBody, round_request(form, edition))
    return body, body.to_round(edition, complete=False)


def _store(game: models.Game, form: Any,
           number: int | None) -> Response | dict[str, Any] | str:
    """Hand the round to the services as the API does (``number``: the round edited, None
    for a new one); returns what to show again when it is refused (services.seen decides
    whether the page was too old)."""
    body: RoundBody | None = None
    try:
        with work.unit():
            body, new = _typed_round(form, game.edition)
            seen = Seen(body.revision, body.seen_round(game.edition))
            if number is not None:
                games.edit_round(game, number, new, confirm=body.confirm, seen=seen)
            else:
                sheet = games.record_round(game, new, number=body.number,
                                           confirm=body.confirm, seen=seen)
                number = sheet.rounds[-1].number
    except CompanionError as error:
        return _refused(game, form, number, body.number if body else None, error)
    flash(_("Round %(number)s stored.", number=number))
    # The top of the sheet: the message, then the button for the next round, no swipe needed.
    return see_other("games.sheet", key=game.edit_key)


def _refused(game: models.Game, form: Any, number: int | None, asked: int | None,
             error: CompanionError) -> Response | dict[str, Any] | str:
    """A refusal as the form shows it: next to its fields, or the round as it is now."""
    if isinstance(error, games.NoSuchRound):
        raise NotThere
    if isinstance(error, scoring.RoundRejected) and number not in (None, error.number):
        return {"errors": [_("This change would break round %(number)s:", number=error.number)]
                + [say(problem) for problem in error.problems]}
    if isinstance(error, scoring.RoundRejected):
        # Problems beside their fields also get the form's one line on top, as a field that
        # could not be read does: on a phone the field may be below the screen.
        return {"errors": _apply_problems(form, error.problems)
                or [_("Some entries need a look: see the notes next to them.")]}
    if isinstance(error, scoring.NeedsConfirmation):
        warnings = [say(problem, sentence=True) for problem in error.warnings]
        # Each warning also marks the row of the player it names (at most one per player).
        warned = {problem.player: text for problem, text in zip(error.warnings, warnings,
                                                                 strict=True) if problem.player}
        return {"warnings": warnings, "warned": warned}
    form.revision.data = str(game.revision)
    if isinstance(error, games.StaleRound):
        return _conflict(game, form, number, asked)
    if isinstance(error, scoring.GameFinished):
        flash(_("This game is finished: it takes no more rounds."), "error")
        return see_other("games.sheet", key=game.edit_key)
    return {"errors": [_("This form was incomplete. Nothing was stored: check the entries "
                         "and store them again.")]}


def _conflict(game: models.Game, form: Any, number: int | None,
              asked: int | None) -> Response | dict[str, Any] | str:
    """The round as it is now beside the entries typed on an older page (``number``: the
    round edited; ``asked``: the one typed for): storing them again is the person's
    informed choice, never a silent overwrite."""
    sheet = games.sheet_of(game)
    shown = number or asked or sheet.next_round
    if number is not None or shown == sheet.next_round:
        now = sheet.rounds[shown - 1] if shown <= len(sheet.rounds) else None
        form.before.data = display_sheet.round_seen(now, game.edition) if now else ""
        errors = [_("The sheet changed on another phone while you were typing. Nothing was "
                    "stored; your entries are still here.")]
        if now is not None:
            errors.append(_("Round %(number)s on the sheet now: %(results)s.",
                            number=now.number, results=display_sheet.describe_round(now)))
        return {"errors": errors, "stale": True}
    if shown <= len(sheet.rounds):
        return _taken(game, sheet, shown)
    if sheet.status == "finished":
        flash(_("This game is finished: it takes no more rounds."), "error")
        return see_other("games.sheet", key=game.edit_key)
    return _ahead(game, sheet, shown)


def _other_problems(sheet: scoring.Sheet, form: Any, number: int) -> list[str]:
    """The rules' verdict on a form that failed to parse, so every problem shows at once.

    Fields that could not be read count as empty; their own message is already attached.
    """
    if form.errors.get("csrf_token") or sheet.setup.edition.markers:
        return []
    unread = {entry.form.player.data: entry.form.points for entry in form.results.entries
              if entry.form.points.errors}
    typed = {name: field.data for name, field in unread.items()}
    for field in unread.values():
        field.data = ""  # read as empty for the rules' verdict ...
    before = scoring.build_sheet(sheet.setup, [scoring.Round(view.results)
                                               for view in sheet.rounds[:number - 1]])
    try:
        errors, _warnings = scoring.check_round(
            before, _typed_round(form, sheet.setup.edition)[1])
    except (scoring.GameFinished, CompanionError):
        return []
    finally:
        for name, field in unread.items():
            field.data = typed[name]  # ... and shown again exactly as typed
    return _apply_problems(form, tuple(problem for problem in errors if not (
        problem.field == "points" and problem.player in unread)))


def _taken(game: models.Game, sheet: scoring.Sheet, asked: int) -> str:
    """A new round typed as round ``asked`` when another phone stored that round: a page to
    replace it, with both versions."""
    now = sheet.rounds[asked - 1]
    form = _round_form(game, sheet, asked, now)
    form.revision.data = str(game.revision)
    form.before.data = display_sheet.round_seen(now, game.edition)
    errors = [_("Round %(number)s was stored on another phone while you were typing. Nothing "
                "was stored: your entries for round %(number)s are below.", number=asked),
              _("Round %(number)s on the sheet now: %(results)s.", number=asked,
                results=display_sheet.describe_round(now)),
              _("Store yours to replace it, or cancel to keep the sheet's.")]
    return _render_round(game, sheet, form, asked, now, {"errors": errors, "stale": True},
                         action=url_for("games.edit_round", key=game.edit_key, number=asked))


def _ahead(game: models.Game, sheet: scoring.Sheet, asked: int) -> str:
    """A new round typed as round ``asked`` after rounds were taken back on another phone:
    the entries stay, on the form of the round that is next."""
    form = _round_form(game, sheet, sheet.next_round, None)
    form.revision.data = str(game.revision)
    errors = [_("Round %(given)s cannot come next: the next round of this game is round "
                "%(next)s. Nothing was stored.", given=asked, next=sheet.next_round),
              _("Your entries are below: store them as round %(number)s if they belong there.",
                number=sheet.next_round)]
    return _render_round(game, sheet, form, sheet.next_round, None,
                         {"errors": errors, "stale": True})


def _round_page(key: str, number: int | None) -> str | Response:
    if request.method == "POST":
        return _posted_round(key, number)
    found = games.find_game(key)
    if found is None or not found[1]:
        raise NotThere
    game = found[0]
    sheet = games.sheet_of(game)
    if number is None and sheet.status == "finished":
        flash(_("This game is finished: it takes no more rounds."), "error")
        return see_other("games.sheet", key=key)
    if number is not None and not 1 <= number <= len(sheet.rounds):
        raise NotThere
    initial = sheet.rounds[number - 1] if number is not None else None
    number = sheet.next_round if number is None else number
    return _render_round(game, sheet, _round_form(game, sheet, number, initial), number,
                         initial, {})


def _posted_round(key: str, number: int | None) -> str | Response:
    """A round typed on the page: the form becomes the API's request and the services
    decide, as for the API; the sheet is read only to show the form again."""
    # The write waits here for any other write to this game, then sees its rounds.
    game = games.lock_game(key)
    if game is None:
        raise NotThere
    form = BoardRoundForm() if game.edition.markers else RoundForm()
    editing = number is not None
    shown: dict[str, Any] = {}
    if form.validate_on_submit():
        outcome = _store(game, form, number)
        if not isinstance(outcome, dict):
            return outcome
        shown = outcome
    sheet = games.sheet_of(game)
    if editing and not 1 <= (number or 0) <= len(sheet.rounds):
        raise NotThere
    number = number or sheet.next_round
    initial = sheet.rounds[number - 1] if editing else None
    form = _round_form(game, sheet, number, initial, form)
    if not shown:
        shown = {"errors": [_("Some entries need a look: see the notes next to them."),
                            *_other_problems(sheet, form, number)]}
    return _render_round(game, sheet, form, number, initial, shown)


def _render_round(game: models.Game, sheet: scoring.Sheet, form: Any, number: int,
                  initial: scoring.RoundView | None, shown: dict[str, Any],
                  action: str | None = None) -> str:
    status = (http_answers.status(Kind.CONFLICT) if shown.get("stale")
              else http_answers.status(Kind.REFUSED) if shown else 200)
    names = [entry.form.player.data or "" for entry in form.results.entries]
    attempts = display_sheet.attempts(sheet, initial, names)
    return render_template(game.edition.round_template, game=game, sheet=sheet, form=form,
                           number=number, chooses_phase=game.edition.chooses_phase,
                           editing=initial is not None, attempts=attempts, action=action,
                           replacing=bool(shown.get("stale")) and initial is not None,
                           open_phases=display_sheet.first_open_phases(form),
                           least_without_phase=scoring.least_without_phase(game.edition),
                           **shown), status  # type: ignore[return-value]
