"""Printable sheets (PDF): a blank Wertungsblatt and the filled sheet of a game."""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, request, url_for
from flask_babel import force_locale, get_locale, gettext

from companion import http_answers
from companion.cache import stores
from companion.cache.pages import host
from companion.cache.revisions import Keeping, per_revision
from companion.forms.printing import PrintForm, shown
from companion.guards.quotas import drew
from companion.infra import drawing
from companion.pdf.options import GameInfo
from companion.pdf.paper import PAPERS, paper_for
from companion.refusals import Kind, NotThere
from companion.services import reading

bp = Blueprint("print", __name__)


def _usual_paper() -> str:
    """The paper of the browser's region (Accept-Language: "en-US" prints on Letter)."""
    return paper_for(language for language, _quality in request.accept_languages)


def _paper() -> str:
    paper = request.args.get("paper", _usual_paper()).lower()
    if paper not in PAPERS:
        abort(_bad_request([gettext("There is no paper size “%(value)s”: choose a4 or "
                                    "letter.", value=shown(paper))]))
    return paper


def _bad_request(problems: list[str]) -> Response:
    return http_answers.error_page(" ".join(problems), Kind.INPUT)


def _pdf(data: bytes, filename: str, cache: str, *, download: bool = False) -> Response:
    """``download``: saved as a file (the print page's "Download the PDF"), else opened in
    the browser to print (a game's "Sheet as PDF")."""
    response = Response(data, mimetype="application/pdf")
    how = "attachment" if download else "inline"
    response.headers["Content-Disposition"] = f'{how}; filename="{filename}"'
    response.headers["Cache-Control"] = cache
    return response


def _form() -> PrintForm:
    """The options from the query string; the language defaults to the page's."""
    return PrintForm(request.args, default_lang=str(get_locale() or "en"), paper=_usual_paper())


def _print_page(form: PrintForm, problems: list[str] | None = None) -> str:
    """The options page, filled in with what the query string asked for (after a refusal:
    the choices stay and the reasons show above the button)."""
    return render_template("print/index.html", form=form, problems=problems or [])


@bp.get("/print")
def page() -> str:
    """Choose the blank sheet's options."""
    return _print_page(_form())


@bp.get("/print/blank.pdf")
def blank() -> Response:
    """A blank Wertungsblatt as PDF."""
    form = _form()
    if not form.validate():
        return Response(_print_page(form, form.problems()), status=http_answers.status(Kind.INPUT),
                        mimetype="text/html")
    options = form.options()
    with force_locale(form.lang.data):
        drew()
        data = drawing.draw(drawing.BLANK_SHEET, options, drawing.translate(form.lang.data))
        # A file name: lower case, words joined by hyphens ("wertungsblatt", "feuille-de-score").
        name = gettext("score-sheet")
    # House rules may be edited: their sheet is not kept by shared caches nor for a day.
    keep = "private, no-cache" if options.edition.house else "public, max-age=86400"
    response = _pdf(data, f"phase10-{name}-{options.edition.key}.pdf", keep, download=True)
    if "lang" not in request.args:  # then the language came from the browser or the cookie
        response.vary.update(("Accept-Language", "Cookie"))
    if "paper" not in request.args:  # then the paper came from the browser's region
        response.vary.add("Accept-Language")
    return response


@bp.get("/games/<key>/sheet.pdf")
def game_sheet(key: str) -> Response:
    """The game's sheet, filled in, through its edit or read-only link.

    Drawn once per revision (and paper, language, address) and kept; a browser that has this
    revision already gets 304. Only a drawing counts towards the prints quota."""
    game = reading.head(key)
    if game is None:
        raise NotThere
    paper, language = _paper(), str(get_locale())
    etag = f"{game.etag}-{paper}-{language}"
    if request.if_none_match.contains(etag):
        return Response(status=304, headers={"ETag": f'"{etag}"',
                                             "Cache-Control": "private, no-cache"})
    filename = f"phase10-sheet-{game.created_at.date().isoformat()}.pdf"

    def draw(keeping: Keeping[bytes]) -> bytes:
        try:
            sheet, keeping.exact = reading.sheet_at(game)
        except LookupError:  # deleted since its row was read
            raise NotThere from None
        info = GameInfo(game.created_at.date(),
                        url_for("games.sheet", key=game.view_key, _external=True), paper)
        drew(len(sheet.rounds))
        return drawing.draw(drawing.GAME_SHEET, sheet, info, drawing.translate(language),
                            on_done=keeping.keep)

    data, exact = per_revision(
        stores.pdfs, (game.edit_key, game.revision, paper, language, host()), draw)
    if not exact:  # a write landed meanwhile: this is a newer sheet than the revision
        return _pdf(data, filename, "private, no-cache")
    response = _pdf(data, filename, "private, no-cache")
    response.set_etag(etag)
    if "paper" not in request.args:  # then the paper came from the browser's region
        response.vary.add("Accept-Language")
    return response
