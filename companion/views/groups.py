"""Group pages: start a group, its games and records, merge spellings, rematch, import."""

from __future__ import annotations

import json

from flask import Blueprint, flash, render_template, request, session, url_for
from flask_babel import format_decimal, format_percent, get_locale, ngettext
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug import Response

from companion import http_answers, models, player_names
from companion.cache import pages, stores
from companion.cache.revisions import Keeping
from companion.display import group_charts, head_to_head, ratings
from companion.display.charts import legend_key
from companion.display.sheet import qr_svg
from companion.display.starts import starts
from companion.forms.groups import (
    AddGameForm,
    GroupForm,
    ImportForm,
    MergeForm,
    NextGameForm,
    RenameForm,
    SeatingForm,
    UnmergeForm,
)
from companion.i18n import say
from companion.limits import IMPORT_MAX_BYTES
from companion.refusals import CompanionError, Kind, NotAForm, NotThere
from companion.rules.errors import Reason
from companion.schemas import bgstats
from companion.scoring.ratings import BOARD, CARD, PROVISIONAL_GAMES, Rating
from companion.scoring.records import Derived, GameSummary, GroupRecords, hardest
from companion.services import exchange, groups, logs, rematches, seating, work
from companion.services.players import RosterError
from companion.views.redirects import see_other

bp = Blueprint("groups", __name__)
LISTED = 25  # games on the page before "show all"


@bp.app_template_filter("decimal")
def decimal(value: float) -> str:
    """One decimal place, written the way the page's language writes numbers (6,0 in German)."""
    return str(format_decimal(value, format="0.0"))


@bp.app_template_filter("share")
def share(value: float) -> str:
    """A share as a whole percentage in the page's language (50 %, 50%)."""
    return str(format_percent(value, format="0%"))


@bp.app_template_filter("rating")
def rating(value: float) -> str:
    """A rating as the group page shows it (companion.display.ratings.number)."""
    return ratings.number(value)


@bp.app_template_filter("signed")
def signed(value: float) -> str:
    """A rating's change with its sign."""
    return ratings.signed(value)


@bp.app_context_processor
def group_helpers() -> dict[str, object]:
    """For the game pages: the group a game is in, and the group a new game joins."""

    def group_for_key(key: str | None) -> models.Group | None:
        found = groups.find_group(key) if key else None
        return found[0] if found and found[1] else None

    return {"group_of_game": groups.group_of, "group_for_key": group_for_key}


#: How many groups' edit links a browser's session remembers (the newest opened).
HELD_GROUPS = 20


def hold_group(edit_key: str) -> None:
    """Remember in this browser's (signed) session that it opened the group's edit link: a
    rematch started on this browser joins the group (docs/decisions.md, issue 20)."""
    held = [key for key in session.get("groups", []) if key != edit_key]
    session["groups"] = [edit_key, *held][:HELD_GROUPS]


def held_groups() -> tuple[str, ...]:
    """The groups' edit links this browser has opened."""
    held = session.get("groups", [])
    return tuple(key for key in held if isinstance(key, str)) if isinstance(held, list) else ()


def _load(key: str, *, edit: bool = False) -> tuple[models.Group, bool]:
    found = groups.find_group(key)
    if found is None or (edit and not found[1]):
        raise NotThere
    return found


@bp.route("/groups/new", methods=["GET", "POST"])
def new() -> str | Response:
    """Start a group for a game night."""
    form = GroupForm()
    if form.validate_on_submit():
        try:
            with work.unit():
                group = groups.create_group(form.name.data or "")
        except groups.GroupProblem as error:
            form.name.errors = [say(error.reason, sentence=True)]
        else:
            flash(_("Group started. Keep this page's address: it is the key to the group."))
            return see_other("groups.page", key=group.edit_key)
    return render_template("groups/new.html", form=form)


@bp.get("/groups/<key>")
def page(key: str) -> str:
    """The group's games, newest first, and its records; read-only through the view link."""
    found = groups.find_fingerprint(key)
    if found is None:
        raise NotThere
    fingerprint, editable = found
    if editable:
        hold_group(key)

    def render() -> str:
        group, _editable = _load(key)
        return _render_page(group, editable, fingerprint)

    if pages.personal():
        return render()

    def render_kept(keeping: Keeping[str]) -> str:
        # The fingerprint changes with every change to the group's games and spellings, and
        # a group's name and links never change: the page is the same until the next change.
        keeping.exact = True
        return render()

    page_key = ("group", fingerprint, editable, *pages.audience())
    return pages.page(page_key, render_kept)


def _render_page(group: models.Group, editable: bool, fingerprint: str,
                 **forms: object) -> str:
    """The group page; ``forms`` in place of the fresh ones (a form sent with a problem)."""
    # Read after the fingerprint: what is derived is that state, or a newer one should a
    # change land in between (never an older one), and the fingerprint moves on with it.
    derived = groups.derived(group, fingerprint, listed=_listed())
    # The read-only link (everyone at the table) shows no forms: none are built for it.
    made = _manage_forms(group, derived.records) if editable else {}
    return render_template(
        "groups/page.html", group=group, editable=editable,
        derived_html=_derived_html(derived, editable, groups.rated(group)),
        evening=seating.evening(group, derived), edit_keys=derived.edit_keys,
        seating_form=SeatingForm(formdata=None) if editable else None,
        roster=[name for name, _seat in groups.roster_of(derived.records)], ticked=(),
        view_url=url_for("groups.page", key=group.view_key, _external=True),
        starts=starts(), next_table=_next_table(group) if editable else None,
        **(made | forms))


def _next_table(group: models.Group) -> dict[str, object] | None:
    """Who "Next game" seats (the group's last table, the deal passed on), or None; the form
    names that last game, so that a tap on a page left open goes to the game another phone
    started after it meanwhile."""
    last = groups.last_game(group)
    if last is None:
        return None
    spec = groups.next_spec(last, group)
    return {"players": spec.players, "first": spec.first, "edition": spec.edition,
            "form": NextGameForm(after=last.view_key)}


@bp.post("/groups/<key>/next")
def next_game(key: str) -> Response:
    """One tap for the group's next game: its last table, variants kept, the deal passed on
    (the game another phone started after that table's last game, if there is one)."""
    group, _editable = _load(key, edit=True)
    form = NextGameForm()
    if not form.validate_on_submit():
        raise NotAForm
    try:
        found = rematches.next_game(group, form.after.data)  # its own unit of work
    except groups.GroupProblem as error:
        flash(_sentence(error.reason), "error")
        return _back(group)
    if found is None:
        return _back(group)
    flash(_("Next game started: same table, the deal passed on.") if found.started
          else _("Another phone started the next game already: here it is."))
    return see_other("games.sheet", key=found.game.edit_key)


def _listed() -> int | None:
    """The games the page lists: the newest LISTED, or all of them when asked."""
    return None if request.args.get("all") else LISTED


def _manage_forms(group: models.Group, records: GroupRecords) -> dict[str, object]:
    """The forms only the group's edit link shows: merge two spellings, undo it, add a game."""
    merge_form = MergeForm(formdata=None)
    merged = groups.aliases_of(group)
    # Spellings merged already are listed with their Undo, not offered again; both lists
    # start on a blank choice, so a merge is never preset to two real players.
    names = [name for name in groups.names_to_merge(group, records)
             if player_names.key(name) not in merged]
    blank = [("", _("Choose…"))]
    merge_form.spelling.choices = blank + [(name, name) for name in names]
    merge_form.into.choices = blank + ([(record.name, record.name) for record in records.players]
                                       or [(name, name) for name in names])
    rename_form = RenameForm(formdata=None)
    rename_form.player.choices = [(name, name) for name in groups.people(group, records)]
    # A rename that changed only how a name is written (capitals) is an alias of itself.
    respelled = {alias.alias for alias in group.aliases
                 if player_names.key(alias.alias) == player_names.key(alias.name)}
    return {"merge_form": merge_form, "unmerge_form": UnmergeForm(), "add_form": AddGameForm(),
            "rename_form": rename_form, "respelled": respelled}


def _derived_html(derived: Derived, editable: bool,
                  rated: dict[str, list[tuple[str, Rating]]]) -> Markup:
    """The ratings, list, records and charts: the list rendered once per change, the ratings
    once per change to them, the records and charts once per change to them (a round of a
    game in progress leaves both as they are), each per language and kind of link."""
    locale, records = str(get_locale()), derived.records

    def row(summary: GameSummary) -> Markup:
        link = derived.edit_keys[summary.ref] if editable else summary.ref
        return stores.group_rows.get((summary, link, locale), lambda: Markup(render_template(
            "groups/_game_row.html", summary=summary, link=link)))

    def games_list() -> Markup:
        # A change redraws one game's line: the others are kept.
        return Markup(render_template(
            "groups/_games.html", editable=editable, records=records, shown=records.games,
            total=derived.total, rows=[row(summary) for summary in records.games]))

    def records_and_charts() -> Markup:
        return Markup(render_template(
            "groups/_records_charts.html", editable=editable, records=records,
            charts=group_charts.charts(records), nemesis=hardest(records.phases),
            legend_key=legend_key,
            head_to_head=head_to_head.table(records.players, records.pairs)))

    def rating_tables() -> Markup:
        captions = {CARD: _("Card games"), BOARD: _("Board games")}
        tables = [{"caption": captions[kind], "rows": ratings.rows(found)}
                  for kind, found in rated.items() if found]
        return Markup(render_template("groups/_ratings.html", rating_tables=tables,
                                      provisional_games=PROVISIONAL_GAMES))

    blocks = stores.group_blocks
    shown = tuple((kind, tuple(found)) for kind, found in rated.items())
    return (blocks.get(("ratings", shown, locale), rating_tables)
            + blocks.get(("games", derived.fingerprint, locale, editable, _listed()), games_list)
            + blocks.get(("records", derived.records_key, locale, editable), records_and_charts))


def _sentence(reason: Reason) -> str:
    """A reason shown on its own, as a sentence."""
    return say(reason, sentence=True)


def _back(group: models.Group) -> Response:
    return see_other("groups.page", key=group.edit_key)


@bp.post("/groups/<key>/merge")
def merge(key: str) -> str | Response:
    """Count one spelling as another player in the records."""
    group, _editable = _load(key, edit=True)
    form = MergeForm()
    form.spelling.choices = form.into.choices = []
    if form.validate_on_submit() and not (form.spelling.data and form.into.data):
        flash(_("Choose the spelling and the player it counts as."), "error")
    elif form.validate_on_submit() and form.confirm.data != "yes":
        return _confirm_merge(group, form.spelling.data or "", form.into.data or "")
    elif form.validate_on_submit():
        try:
            with work.unit():
                groups.merge(group, form.spelling.data or "", form.into.data or "")
        except groups.GroupProblem as error:
            flash(_sentence(error.reason), "error")
        else:
            flash(_("%(spelling)s now counts as %(name)s.", spelling=form.spelling.data,
                    name=form.into.data))
    return _back(group)


def _confirm_merge(group: models.Group, spelling: str, into: str) -> str:
    """The group page asking to confirm a merge, naming both players (nothing stored yet)."""
    found = groups.find_fingerprint(group.edit_key)
    assert found is not None  # the group was just loaded by this link
    confirm = MergeForm(formdata=None, spelling=spelling, into=into, confirm="yes")
    return _render_page(group, True, found[0], merge_confirm=confirm)


@bp.post("/groups/<key>/rename")
def rename(key: str) -> str | Response | tuple[str, int]:
    """Call a player of the group by another name; their history stays theirs."""
    group, _editable = _load(key, edit=True)
    form = RenameForm()
    if not form.validate_on_submit():
        raise NotAForm
    old = form.player.data or ""
    try:
        with work.unit():
            new = groups.rename(group, old, form.name.data or "")
    except (groups.GroupProblem, RosterError) as error:
        # The page again, with the name as typed and why next to it (not kept: personal).
        form.name.errors = [_sentence(error.reason)]
        group = _load(key, edit=True)[0]
        form.player.choices = [(name, name) for name in groups.people(
            group, groups.derived(group, listed=_listed()).records)]
        return _render_page(group, True, groups.fingerprint(group),
                            rename_form=form), http_answers.status(Kind.REFUSED)
    if new != old:
        flash(_("%(old)s is now called %(new)s in this group.", old=old, new=new))
    return _back(group)


@bp.post("/groups/<key>/unmerge")
def unmerge(key: str) -> Response:
    """Count a merged spelling as a player of its own again."""
    group, _editable = _load(key, edit=True)
    form = UnmergeForm()
    if form.validate_on_submit():
        try:
            with work.unit():
                groups.unmerge(group, form.spelling.data or "")
        except groups.GroupProblem as error:
            flash(_sentence(error.reason), "error")
        else:
            flash(_("%(spelling)s counts as a player of their own again.",
                    spelling=form.spelling.data))
    return _back(group)


@bp.post("/groups/<key>/add")
def add_game(key: str) -> Response:
    """Add a game played earlier to the group, by its edit link."""
    group, _editable = _load(key, edit=True)
    form = AddGameForm()
    if not form.validate_on_submit():
        flash(_("Paste the address of the game's page (its edit link)."), "error")
        return _back(group)
    game_key = groups.link_key(form.link.data or "")
    try:
        with work.unit():
            groups.add_game(group, game_key)
    except groups.GroupProblem as error:
        flash(_sentence(error.reason), "error")
    else:
        flash(_("The game is in the group now."))
    return _back(group)


@bp.get("/groups/<key>/qr.svg")
def qr(key: str) -> Response:
    """The QR code of the group's read-only link."""
    group, _editable = _load(key)
    view_url = url_for("groups.page", key=group.view_key, _external=True)
    response = Response(qr_svg(view_url), mimetype="image/svg+xml")
    response.cache_control.private = True
    response.cache_control.max_age = 86400
    return response


@bp.post("/games/<key>/rematch")
def rematch(key: str) -> Response:
    """The game's rematch: the one another phone started already, else a new game with the
    same players, the deal passed on one seat."""
    form = UnmergeForm()  # an empty form: only its CSRF token matters here
    if not form.validate_on_submit():
        raise NotAForm
    try:
        found = rematches.rematch(key, held_groups())  # its own unit of work
    except groups.GroupProblem as error:
        flash(_sentence(error.reason), "error")
        return see_other("games.sheet", key=key)
    if found is None:
        raise NotThere
    flash(_("Rematch started: same players, the deal passed on.") if found.started
          else _("Another phone started the rematch already: here it is."))
    return see_other("games.sheet", key=found.game.edit_key)


def _import_upload(form: ImportForm) -> exchange.Imported | logs.ImportedLog:
    """Store the uploaded file, whichever it is, told apart by what it holds: XML is
    BoardGameGeek's plays, JSON with ``plays`` a BG Stats export, other JSON the app's own
    file. Each import is its own unit of work; a refusal stores nothing."""
    upload = form.file.data
    if upload is None or not getattr(upload, "filename", ""):
        raise exchange.ImportRefused(Reason("choose a file to import"))
    content = upload.read(IMPORT_MAX_BYTES + 1)
    markup = content.lstrip(b"\xef\xbb\xbf \t\r\n")  # a byte order mark, blank lines
    if markup.startswith(b"<"):
        return logs.import_bgg(markup, logs.zone_of(form.zone.data))
    try:
        data = json.loads(content.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise exchange.ImportRefused(Reason(
            "this file is neither JSON nor XML: choose a file exported by the companion, "
            "by BG Stats or by BoardGameGeek")) from None
    if bgstats.is_bgstats(data):
        return logs.import_bgstats(data, logs.zone_of(form.zone.data))
    return exchange.import_data(data)


def _imported_log(imported: logs.ImportedLog) -> None:
    """What the group page says of a log just imported: its games, and what was left out."""
    flash(ngettext("%(num)s Phase 10 play imported as a game of this new group. Keep this "
                   "page's address: it is the key.",
                   "%(num)s Phase 10 plays imported as games of this new group. Keep this "
                   "page's address: it is the key.", imported.games))
    skipped = imported.skipped
    if not skipped.total:
        return
    why = [text for count, text in (
        (skipped.other_games, ngettext("%(num)s of another game", "%(num)s of other games",
                                       skipped.other_games)),
        (skipped.ignored, ngettext("%(num)s marked ignored", "%(num)s marked ignored",
                                   skipped.ignored)),
        (skipped.incomplete, ngettext("%(num)s marked incomplete", "%(num)s marked incomplete",
                                      skipped.incomplete)),
        (skipped.players, ngettext("%(num)s of one player or more than six",
                                   "%(num)s of one player or more than six",
                                   skipped.players))) if count]
    flash(ngettext("%(num)s play left out: %(why)s.", "%(num)s plays left out: %(why)s.",
                   skipped.total, why=", ".join(why)))


@bp.route("/import", methods=["GET", "POST"])
def import_page() -> str | Response | tuple[str, int]:
    """Import a file: an exported game or group, a BG Stats export or BoardGameGeek's plays
    XML, under new links."""
    request.max_content_length = IMPORT_MAX_BYTES
    form = ImportForm()
    if form.validate_on_submit():
        try:
            imported = _import_upload(form)
        except CompanionError as refused:  # shown next to the file, nothing stored
            form.file.errors = [http_answers.any_import_refusal(refused)]
        else:
            if isinstance(imported, logs.ImportedLog):
                _imported_log(imported)
                return see_other("groups.page", key=imported.group.edit_key)
            flash(_("Imported under new links. Keep this page's address: it is the key."))
            if imported.group is not None:
                return see_other("groups.page", key=imported.group.edit_key)
            assert imported.game is not None
            return see_other("games.sheet", key=imported.game.edit_key)
    page = render_template("groups/import.html", form=form)
    return (page, http_answers.status(Kind.REFUSED)) if form.file.errors else page
