"""Score-sheet pages: start a game, the sheet, enter, edit and undo rounds."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug import Response

from .. import editions, group_services, models, reading, rendered, scoring, services
from ..extensions import db
from ..forms import ActionForm, BoardRoundForm, NewGameForm, RoundForm, choices
from ..i18n import say
from ..numbers import whole_number
from ..rules.errors import Reason
from . import naming, sheetview
from .blocks import render_block

bp = Blueprint("games", __name__, url_prefix="/games")
bp.add_app_template_filter(naming.and_list, "and_list")


def _load(key: str, *, edit: bool = False) -> tuple[models.Game, bool]:
    found = services.find_game(key)
    if found is None or (edit and not found[1]):
        abort(404)
    return found


@bp.route("/new", methods=["GET", "POST"])
def new() -> str | Response:
    """Start a card or board game."""
    form = NewGameForm()
    if request.method == "GET" and request.args.get("edition") in set(editions.keys()):
        form.edition.data = request.args["edition"]
    if request.method == "GET":
        form.group.data = request.args.get("group", "")
    if form.validate_on_submit():
        spec = services.GameSpec(form.chosen_edition(), tuple(form.player_names()),
                                 form.phases(), bool(form.ten_rounds.data),
                                 bool(form.knocking.data), form.first_name())
        try:
            game = services.create_game(spec)
        except services.SetupError as error:
            _setup_problems(form, error.problems)
        else:
            group_services.join(game, form.group.data)
            db.session.commit()
            flash(_("Game started. Keep this page's address: it is the key to edit the game."))
            return redirect(url_for("games.sheet", key=game.edit_key), 303)
    return render_template("games/new.html", form=form, chosen=form.chosen_edition(),
                           edition_facts=_edition_facts())


def _setup_problems(form: NewGameForm, problems: tuple[tuple[str, Reason], ...]) -> None:
    """Attach each problem to its field: a problem with one name to that name's input only."""
    fields = {"players": form.names, "phases": form.phase_set,
              "ten_rounds": form.ten_rounds, "first": form.first}
    for name, reason in problems:
        player = reason.player if isinstance(reason, scoring.Problem) else None
        typed = [entry for entry in form.names.entries if (entry.data or "").strip() == player]
        target = typed[-1] if player and typed else fields[name]
        target.errors = [*target.errors, say(reason, sentence=True)]


def starts() -> list[dict[str, str | None]]:
    """The buttons that start a game of one edition (home page, a group's page): the editions
    with a start button of their own, their labels translated. The default edition's link
    names no edition, as the form starts on it anyway."""
    default = editions.default()
    return [{"edition": None if edition is default else edition.key, "kind": _(edition.kind),
             "hint": _(edition.start_hint), "label": _(edition.new_label)}
            for edition in editions.all_editions() if edition.start_hint]


def _edition_facts() -> dict[str, dict[str, Any]]:
    """What the new-game form shows for each edition it offers, ready made for the page and
    newgame.js: the label of the first seat's choice and which variants apply."""
    return {edition.key: {"first": _(edition.first_label), "variants": edition.variants,
                          "knocking": not edition.markers}
            for edition in editions.all_editions()}


def _sheet_page(key: str, *, block: str | None = None) -> str:
    """The sheet page, or only one block of it, rendered once per revision, language and kind
    of link and kept (companion.rendered); one indexed lookup finds the kept one."""
    head = reading.head(key)
    if head is None:
        abort(404)
    restore = _undo.restore_offer(head) if head.editable else None
    if restore is not None or rendered.personal():
        return _render_sheet(key, block)[0]
    exact = False

    def render() -> str:
        nonlocal exact
        html, exact, revision = _render_sheet(key, block)
        exact = exact and revision == head.revision
        return html

    page_key = ("sheet", head.edit_key, head.revision, head.editable, block,
                *rendered.audience())
    return rendered.page(page_key, render, keep=lambda: exact)


def _render_sheet(key: str, block: str | None) -> tuple[str, bool, int]:
    """The page as rendered for this request, whether it shows exactly the revision it names,
    and that revision."""
    found = reading.game_row(key)
    if found is None:
        abort(404)
    game, editable = found
    sheet, exact = reading.sheet_at(game)
    view = sheetview.build(game, sheet, editable=editable)
    template = game.edition.sheet_template
    restore = _undo.restore_offer(game) if editable else None
    context = {"game": game, "view": view, "editable": editable,
               "undo_form": ActionForm(), "restore": restore, "facts": _sheet_facts(sheet)}
    if block is None:
        return render_template(template, **context), exact and restore is None, game.revision
    return render_block(template, block, context), exact and restore is None, game.revision


def _sheet_facts(sheet: scoring.Sheet) -> dict[str, Any]:
    """What the sheet page says that depends on the edition, decided here, not in the page."""
    edition = sheet.setup.edition
    playing = sheet.status != "finished"
    return {
        "edition": edition,
        # Players who choose their phase have no current phase to mark or to name.
        "marks_current": not edition.chooses_phase,
        "free_choice": playing and edition.chooses_phase,
        "all_phases": len(sheet.setup.phases) == edition.phase_count,
    }


@bp.get("/<key>")
def sheet(key: str) -> str:
    """The sheet, editable through the edit link, read-only through the view link."""
    return _sheet_page(key)


@bp.get("/<key>/live")
def live_content(key: str) -> Response:
    """Only the sheet's content, without the page around it: live.js swaps it in."""
    response = Response(_sheet_page(key, block="content"), mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return response


def _round_form(game: models.Game, sheet: scoring.Sheet, number: int,
                initial: scoring.RoundView | None) -> RoundForm | BoardRoundForm:
    edition = game.edition
    form: RoundForm | BoardRoundForm = BoardRoundForm() if edition.markers else RoundForm()
    names = sheetview.round_players(sheet, number, initial)
    form.went_out.choices = choices(*((name, name) for name in names))
    if request.method == "GET":
        sheetview.prefill(form, names, initial)
    form.number.data = str(number)
    if request.method == "GET":
        form.revision.data = str(game.revision)
    if edition.chooses_phase and not edition.markers:
        sheetview.masters_choices(form, sheet, number)
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


def _submit(game: models.Game, form: Any, number: int, editing: bool) -> Response | dict[str, Any]:
    """Store the round from a valid form; returns what to show again when it is rejected."""
    new = sheetview.round_from_form(form, game.edition)
    confirm = bool(getattr(form, "confirm", None) and form.confirm.data)
    try:
        if editing:
            services.edit_round(game, number, new, confirm=confirm)
        else:
            services.record_round(game, new, number=number, confirm=confirm)
    except scoring.RoundRejected as error:
        db.session.rollback()
        if error.number != number:
            return {"errors": [_("This change would break round %(number)s:", number=error.number)]
                    + [say(problem) for problem in error.problems]}
        return {"errors": _apply_problems(form, error.problems)}
    except scoring.NeedsConfirmation as error:
        db.session.rollback()
        return {"warnings": [say(problem, sentence=True) for problem in error.warnings]}
    except scoring.GameFinished:
        db.session.rollback()
        flash(_("This game is finished: it takes no more rounds."), "error")
        return redirect(url_for("games.sheet", key=game.edit_key), 303)
    except services.StaleRound:
        db.session.rollback()
        flash(_("Another phone entered this round first. Here is the sheet as it is now."),
              "error")
        return redirect(url_for("games.sheet", key=game.edit_key), 303)
    db.session.commit()
    flash(_("Round %(number)s stored.", number=number))
    # The top of the sheet: the message, then the button for the next round, no swipe needed.
    return redirect(url_for("games.sheet", key=game.edit_key), 303)


def _other_problems(sheet: scoring.Sheet, form: Any, number: int) -> list[str]:
    """The rules' verdict on a form that failed to parse, so every problem shows at once.

    Fields that could not be read count as empty; their own message is already attached.
    """
    if form.errors.get("csrf_token") or sheet.setup.edition.markers:
        return []
    for entry in form.results.entries:
        if entry.form.points.errors:
            entry.form.points.data = ""
    before = scoring.build_sheet(sheet.setup, [scoring.Round(view.results)
                                               for view in sheet.rounds[:number - 1]])
    try:
        errors, _warnings = scoring.check_round(
            before, sheetview.round_from_form(form, sheet.setup.edition))
    except scoring.GameFinished:
        return []
    unread = {entry.form.player.data for entry in form.results.entries
              if entry.form.points.errors}
    return _apply_problems(form, tuple(problem for problem in errors if not (
        problem.field == "points" and problem.player in unread)))


def _stale(game: models.Game, sheet: scoring.Sheet, form: Any) -> dict[str, Any] | None:
    """What to tell a person whose form is older than the game (None: it is up to date).

    The form keeps their entries and takes the game's revision, so storing it again is their
    informed choice, never a silent overwrite.
    """
    seen = whole_number(form.revision.data)
    if form.revision.data in (None, "") or seen == game.revision:
        return None
    form.revision.data = str(game.revision)
    if seen is None:
        return {"errors": [_("This form was incomplete. Nothing was stored: check the entries "
                             "and store them again.")]}
    changed = [_("The sheet changed on another phone while you were typing. Nothing was "
                 "stored; your entries are still here.")]
    if sheet.rounds:
        last = sheet.rounds[-1]
        changed.append(_("Round %(number)s on the sheet now: %(results)s.", number=last.number,
                         results=sheetview.describe_round(last)))
    return {"errors": changed, "stale": True}


def _round_page(key: str, number: int | None) -> str | Response:
    if request.method == "POST":
        # The write waits here for any other write to this game, then sees its rounds.
        game = services.lock_game(key)
        if game is None:
            abort(404)
    else:
        game, _editable = _load(key, edit=True)
    sheet = services.sheet_of(game)
    editing = number is not None
    if number is None:
        if sheet.status == "finished":
            flash(_("This game is finished: it takes no more rounds."), "error")
            return redirect(url_for("games.sheet", key=key), 303)
        number = sheet.next_round
    elif not 1 <= number <= len(sheet.rounds):
        abort(404)
    initial = sheet.rounds[number - 1] if editing else None
    form = _round_form(game, sheet, number, initial)
    shown: dict[str, Any] = {}
    if form.validate_on_submit():
        stale = _stale(game, sheet, form)
        outcome = stale if stale is not None else _submit(game, form, number, editing)
        if isinstance(outcome, Response):
            return outcome
        shown = outcome
    elif request.method == "POST":
        shown = {"errors": [_("Some entries need a look: see the notes next to them."),
                            *_other_problems(sheet, form, number)]}
    template = game.edition.round_template
    status = 409 if shown.get("stale") else 422 if shown else 200
    names = [entry.form.player.data or "" for entry in form.results.entries]
    attempts = sheetview.attempts(sheet, initial, names)
    return render_template(template, game=game, sheet=sheet, form=form, number=number,
                           chooses_phase=game.edition.chooses_phase,
                           editing=editing, attempts=attempts,
                           open_phases=sheetview.first_open_phases(form),
                           **shown), status  # type: ignore[return-value]


@bp.get("/<key>/qr.svg")
def qr(key: str) -> Response:
    """The QR code of the game's read-only link (never of the edit link)."""
    game, _editable = _load(key)
    view_url = url_for("games.sheet", key=game.view_key, _external=True)
    response = Response(sheetview.qr_svg(view_url), mimetype="image/svg+xml")
    response.cache_control.private = True
    response.cache_control.max_age = 86400
    return response


@bp.route("/<key>/round", methods=["GET", "POST"])
def add_round(key: str) -> str | Response:
    """Enter the next round."""
    return _round_page(key, None)


@bp.route("/<key>/rounds/<int:number>/edit", methods=["GET", "POST"])
def edit_round(key: str, number: int) -> str | Response:
    """Correct an earlier round; everything after it is recomputed."""
    return _round_page(key, number)


# Undo and its way back live beside the other round routes, on this blueprint.
from . import players as _players  # noqa: E402,F401
from . import undo as _undo  # noqa: E402,F401
