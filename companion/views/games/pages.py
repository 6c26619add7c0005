"""Score-sheet pages: start a game, the sheet and its QR codes (rounds: rounds.py)."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from flask import flash, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug import Response

from companion import editions, models, player_names, scoring
from companion.cache import pages
from companion.cache.revisions import Keeping
from companion.display import share
from companion.display import sheet as display_sheet
from companion.display.blocks import render_block
from companion.forms.games import (
    ActionForm,
    NewGameForm,
)
from companion.i18n import say
from companion.refusals import NotThere
from companion.rules.errors import Reason
from companion.schemas import bgstats
from companion.scoring.length import Length, length_of
from companion.services import games, groups, ratings, reading, rematches, work
from companion.views import sharing
from companion.views.games import undo
from companion.views.games.blueprint import bp
from companion.views.redirects import see_other


def _load(key: str, *, edit: bool = False) -> tuple[models.Game, bool]:
    found = games.find_game(key)
    if found is None or (edit and not found[1]):
        raise NotThere
    return found


@bp.route("/new", methods=["GET", "POST"])
def new() -> str | Response:
    """Start a card or board game."""
    form = NewGameForm()
    house = form.offer_house(request.values.get("edition")) or form.offer_linked_house()
    if request.method == "GET" and request.args.get("edition") in set(editions.keys()):
        form.edition.data = request.args["edition"]
    elif request.method == "GET" and house is not None:
        form.edition.data = house.key
    if request.method == "GET":
        form.group.data = request.args.get("group", "")
    notes: dict[str, str] = {}
    drawn = None
    if form.is_submitted() and "draw" in request.form:
        drawn = _draw_seats(form)  # nothing is started: the table sees its seats first
    elif form.validate_on_submit() and not (notes := _look_alike_notes(form)):
        spec = scoring.GameSpec(form.chosen_edition(), tuple(form.player_names()),
                                form.phases(), bool(form.ten_rounds.data),
                                bool(form.knocking.data), form.first_name())
        try:
            with work.unit():
                game = games.create_game(spec)
                groups.join(game, form.group.data)
        except games.SetupError as error:
            _setup_problems(form, error.problems)
        else:
            flash(_("Game started. Keep this page's address: it is the key to edit the game."))
            return see_other("games.sheet", key=game.edit_key)
    return render_template("games/new.html", form=form, chosen=form.chosen_edition(),
                           edition_facts=_edition_facts(house), notes=notes, drawn=drawn,
                           **_roster(form.group.data or ""))


def _draw_seats(form: NewGameForm) -> str | None:
    """Seat the names typed in an order drawn at random and draw who deals (board game:
    starts) first; what to say about it, or None with the reason next to the names."""
    first = form.draw_seats(secrets.SystemRandom())
    if first is None:
        form.names.errors = [_("Type at least two names, then draw the seats.")]
        return None
    edition = form.chosen_edition()
    who = (_("%(name)s starts", name=first) if edition.markers
           else _("%(name)s deals", name=first))
    return _("Seats drawn at random: %(who)s.", who=who)


def _roster(group_key: str) -> dict[str, Any]:
    """The players a group's new game offers as one-tap choices (services.groups.roster),
    and the group's other spellings of them (key → the name it shows now: a rename or a
    merge), by which the names this phone remembers are offered as the group calls them."""
    found = groups.find_group(group_key) if group_key else None
    if found is None:
        return {"roster": [], "aliases": {}}
    return {"roster": [name for name, _seat in groups.roster(found[0])],
            "aliases": groups.aliases_of(found[0])}


def _look_alike_notes(form: NewGameForm) -> dict[str, str]:
    """A note per name input whose name only looks like what it seems (companion.player_names),
    shown once: sending the same names again starts the game (a warning, not a refusal)."""
    typed = form.player_names()
    # A digest, not the names: a browser sends a line break in a field back as CR LF.
    seen = hashlib.sha256("\n".join(typed).encode()).hexdigest()[:16]
    found = player_names.look_alikes(typed)
    if not found or form.seen_alike.data == seen:
        return {}
    form.seen_alike.data = seen
    notes: dict[str, str] = {}
    entries = form.names.entries

    def seat_of(name: str) -> int:
        return next(seat for seat, entry in enumerate(entries, 1)
                    if player_names.clean(entry.data or "") == name)

    for alike in found:
        entry = entries[seat_of(alike.name) - 1]
        if alike.other is not None:
            # The two names look the same on screen: the note names the seats, not the names.
            notes[entry.id] = _("Player %(seat)s looks like player %(other)s but is written "
                                "with other letters: check that they are two different "
                                "players, then start the game again to keep both.",
                                seat=seat_of(alike.name), other=seat_of(alike.other))
        else:
            notes[entry.id] = _("“%(name)s” mixes letters of several alphabets (%(scripts)s): "
                                "check it is typed as meant, then start the game again to keep "
                                "it.", name=alike.name, scripts=", ".join(alike.scripts))
    return notes


def _setup_problems(form: NewGameForm, problems: tuple[tuple[str, Reason], ...]) -> None:
    """Attach each problem to its field: a problem with one name to that name's input only."""
    fields = {"players": form.names, "phases": form.phase_set,
              "ten_rounds": form.ten_rounds, "first": form.first}
    for name, reason in problems:
        player = reason.player if isinstance(reason, scoring.Problem) else None
        typed = [entry for entry in form.names.entries
                 if player_names.clean(entry.data or "") == player]
        target = typed[-1] if player and typed else fields[name]
        target.errors = [*target.errors, say(reason, sentence=True)]


def _edition_facts(house: editions.Edition | None = None) -> dict[str, dict[str, Any]]:
    """What the new-game form shows for each edition it offers (and ``house``, house rules
    asked for by their link), ready made for the page and newgame.js: the label of the first
    seat's choice, which variants apply and how many phases it has (variant 2 offers only
    those)."""
    offered = (*editions.all_editions(), *((house,) if house is not None else ()))
    return {edition.key: {"first": edition.says("first_label", _), "variants": edition.variants,
                          "knocking": not edition.markers, "phases": edition.phase_count}
            for edition in offered}


def _sheet_page(key: str, *, block: str | None = None) -> str:
    """The sheet page, or only one block of it, rendered once per revision, language and kind
    of link and kept (companion.cache.pages); one indexed lookup finds the kept one."""
    head = reading.head(key)
    if head is None:
        raise NotThere
    restore = undo.restore_offer(head) if head.editable else None
    if restore is not None or pages.personal():
        return _render_sheet(key, block)[0]

    def render(keeping: Keeping[str]) -> str:
        html, exact, revision = _render_sheet(key, block)
        keeping.exact = exact and revision == head.revision
        return html

    page_key = ("sheet", head.edit_key, head.revision, head.editable, block,
                *pages.audience())
    return pages.page(page_key, render)


def _render_sheet(key: str, block: str | None) -> tuple[str, bool, int]:
    """The page as rendered for this request, whether it shows exactly the revision it names,
    and that revision."""
    found = games.find_game(key)
    if found is None:
        raise NotThere
    game, editable = found
    sheet, exact = reading.sheet_at(game)
    view = display_sheet.build(game, sheet, editable=editable)
    template = game.edition.sheet_template
    restore = undo.restore_offer(game) if editable else None
    length = length_of(game.created_at, game.last_round_at, sheet.status)
    odds = _odds(game, sheet)
    context = {"game": game, "view": view, "editable": editable,
               "undo_form": ActionForm(), "restore": restore, "facts": _sheet_facts(sheet),
               "length": length, "share_text": _share_text(sheet, length, view["view_url"]),
               "bgstats_link": _bgstats_link(game, sheet, length),
               "rematch": _rematch_link(game, editable), "odds": odds}
    # The odds follow the group's other games, which the game's revision does not name.
    exact = exact and restore is None and odds is None
    if block is None:
        return render_template(template, **context), exact, game.revision
    return render_block(template, block, context), exact, game.revision


def _odds(game: models.Game, sheet: scoring.Sheet) -> list[tuple[str, float]] | None:
    """Each player's chance to win, by the game's group's ratings, until round 1 is stored
    (None: no group, a round played, or two players who are one person to the group)."""
    playing = not sheet.rounds and sheet.status != "finished"  # a result typed from paper is
    group = groups.group_of(game) if playing else None  # finished without rounds: no odds
    if group is None:
        return None
    kind = scoring.ratings.BOARD if game.edition.markers else scoring.ratings.CARD
    try:
        return groups.odds(group, [line.name for line in sheet.players], kind)
    except ratings.PlayersRefused:
        return None


def _rematch_link(game: models.Game, editable: bool) -> str | None:
    """Where "Go to the rematch" leads, once another game followed this one at its table: its
    edit link through this game's edit link, its read-only link through the read-only one."""
    after = rematches.following(game)
    if after is None:
        return None
    return url_for("games.sheet", key=after.edit_key if editable else after.view_key)


def _share_text(sheet: scoring.Sheet, length: Length, link: str) -> str | None:
    """A finished game's result as text to send to a chat (None while it is played)."""
    if sheet.status != "finished":
        return None
    return share.summary(sheet, length, link, sharing.words())


def _bgstats_link(game: models.Game, sheet: scoring.Sheet, length: Length) -> str | None:
    """BG Stats' createPlay link of a finished game (None while it is played)."""
    if sheet.status != "finished":
        return None
    return bgstats.create_play_link(bgstats.FinishedGame(
        bgstats.play_id(game.view_key), sheet, game.created_at, length.seconds))


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
        # Known by its final result: no rounds to show; what it does not say shows as "?".
        "final": sheet.final is not None,
        "unknown": any(None in (line.phases if not edition.markers else line.marker,
                                line.points if not edition.markers else 0)
                       for line in sheet.final or ()),
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


@bp.get("/<key>/qr.svg")
def qr(key: str) -> Response:
    """The QR code of the game's read-only link (never of the edit link)."""
    game, _editable = _load(key)
    return _qr_answer(url_for("games.sheet", key=game.view_key, _external=True), keep=True)


@bp.get("/<key>/invite")
def invite(key: str) -> Response:
    """Let another phone keep score: the edit link and its QR code, one tap from the sheet's
    first screen; only through the edit link (404 through the read-only one), never kept."""
    game, _editable = _load(key, edit=True)
    response = Response(render_template(
        "games/invite.html", game=game,
        edit_url=url_for("games.sheet", key=game.edit_key, _external=True)), mimetype="text/html")
    response.cache_control.private = True
    response.cache_control.no_store = True
    return response


@bp.get("/<key>/edit-qr.svg")
def edit_qr(key: str) -> Response:
    """The QR code of the edit link, to let another phone keep score: drawn only for whoever
    holds that link already (404 through the read-only one), and never kept by a cache."""
    game, editable = _load(key)
    if not editable:
        raise NotThere
    return _qr_answer(url_for("games.sheet", key=game.edit_key, _external=True), keep=False)


def _qr_answer(url: str, *, keep: bool) -> Response:
    """The SVG of ``url``'s QR code, private to this browser; kept for a day, or not at all
    (an edit link)."""
    response = Response(display_sheet.qr_svg(url), mimetype="image/svg+xml")
    response.cache_control.private = True
    if keep:
        response.cache_control.max_age = 86400
    else:
        response.cache_control.no_store = True
    return response
