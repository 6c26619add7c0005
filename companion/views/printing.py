"""Printable sheets (PDF): a blank Wertungsblatt and the filled sheet of a game."""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, request, url_for
from flask_babel import force_locale, get_locale, gettext

from .. import pdf, services
from ..print_forms import PrintForm, shown

bp = Blueprint("print", __name__)


def _paper() -> str:
    paper = request.args.get("paper", "a4").lower()
    if paper not in pdf.PAPERS:
        abort(_bad_request([gettext("There is no paper size “%(value)s”: choose a4 or "
                                    "letter.", value=shown(paper))]))
    return paper


def _bad_request(problems: list[str]) -> Response:
    page = render_template("error.html", message=" ".join(problems), status=400)
    return Response(page, status=400, mimetype="text/html")


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
    return PrintForm(request.args, default_lang=str(get_locale() or "en"))


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
        return Response(_print_page(form, form.problems()), status=400, mimetype="text/html")
    options = form.options()
    with force_locale(form.lang.data):
        data = pdf.blank_sheet(options, gettext)
        # A file name: lower case, words joined by hyphens ("wertungsblatt", "feuille-de-score").
        name = gettext("score-sheet")
    response = _pdf(data, f"phase10-{name}-{options.edition.key}.pdf", "public, max-age=86400",
                    download=True)
    if "lang" not in request.args:  # then the language came from the browser or the cookie
        response.vary.update(("Accept-Language", "Cookie"))
    return response


@bp.get("/games/<key>/sheet.pdf")
def game_sheet(key: str) -> Response:
    """The game's sheet, filled in, through its edit or read-only link."""
    found = services.find_game(key)
    if found is None:
        abort(404)
    game = found[0]
    info = pdf.GameInfo(game.created_at.date(),
                        url_for("games.sheet", key=game.view_key, _external=True), _paper())
    data = pdf.game_sheet(services.sheet_of(game), info, gettext)
    return _pdf(data, f"phase10-sheet-{info.created.isoformat()}.pdf", "private, no-cache")
