"""Printable sheets (PDF): a blank Wertungsblatt and the filled sheet of a game."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, Response, abort, current_app, render_template, request, url_for
from flask_babel import force_locale, get_locale, gettext
from werkzeug.datastructures import MultiDict

from .. import editions, pdf, services
from ..i18n import language_names
from ..numbers import whole_number

bp = Blueprint("print", __name__)

EDITIONS = tuple(edition.value for edition in editions.all_editions())
DEFAULT_PLAYERS = 6
ECHO = 40  # how much of a bad value a message repeats


@dataclass(frozen=True)
class BlankRequest:
    options: pdf.BlankOptions
    lang: str


def _shown(value: str) -> str:
    return value if len(value) <= ECHO else value[:ECHO] + "…"


def _count(text: str | None, names: int) -> tuple[int, str | None]:
    """The number of columns (names given count when ``players`` is not), or why not."""
    if text is None or text.strip() == "":
        count = names or DEFAULT_PLAYERS
        if count < services.MIN_PLAYERS:
            return 0, gettext("A sheet has 2 to 6 players: give at least two names or "
                              "a number of players.")
        return count, None
    typed = whole_number(text)
    if typed is None or not services.MIN_PLAYERS <= typed <= services.MAX_PLAYERS:
        return 0, gettext("The number of players must be a whole number from 2 to 6, "
                          "not “%(value)s”.", value=_shown(text))
    return typed, None


def _name_problems(names: list[str]) -> list[str]:
    problems = []
    if len(names) > services.MAX_PLAYERS:
        problems.append(gettext("A sheet has at most 6 players: %(count)s names were given.",
                                count=len(names)))
    for name in names:
        if len(name) > services.MAX_NAME:
            problems.append(gettext("A name has at most 30 characters: “%(name)s” is longer.",
                                    name=_shown(name)))
        elif not name.isprintable():
            problems.append(gettext("A name cannot hold control characters."))
    return problems


def parse_blank(args: MultiDict[str, str], default_lang: str) -> BlankRequest | list[str]:
    """The blank sheet's options from the query string, or a message for each problem."""
    problems: list[str] = []
    edition, paper = args.get("edition", "original"), args.get("paper", "a4").lower()
    lang = args.get("lang", default_lang)
    if edition not in EDITIONS:
        problems.append(gettext("There is no edition “%(value)s”: choose original, masters "
                                "or board.", value=_shown(edition)))
    if paper not in pdf.PAPERS:
        problems.append(gettext("There is no paper size “%(value)s”: choose a4 or letter.",
                                value=_shown(paper)))
    if lang not in current_app.config["LANGUAGES"]:
        choices = ", ".join(f"{code} ({name})" for code, name in language_names().items())
        problems.append(gettext("There is no language “%(value)s”: choose one of %(choices)s.",
                                value=_shown(lang), choices=choices))
    names = [name.strip() for name in args.getlist("name") if name.strip()]
    problems += _name_problems(names)
    count, problem = _count(args.get("players"), len(names))
    if problem:
        problems.append(problem)
    elif len(names) > count:
        problems.append(gettext("There are more names (%(names)s) than players (%(count)s).",
                                names=len(names), count=count))
    if problems:
        return problems
    columns = tuple(names) + ("",) * (count - len(names))
    return BlankRequest(pdf.BlankOptions(editions.get(edition), columns, paper), lang)


def _paper() -> str:
    paper = request.args.get("paper", "a4").lower()
    if paper not in pdf.PAPERS:
        abort(_bad_request([gettext("There is no paper size “%(value)s”: choose a4 or "
                                    "letter.", value=_shown(paper))]))
    return paper


def _bad_request(problems: list[str]) -> Response:
    page = render_template("error.html", message=" ".join(problems), status=400)
    return Response(page, status=400, mimetype="text/html")


def _pdf(data: bytes, filename: str, cache: str) -> Response:
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.headers["Cache-Control"] = cache
    return response


def _print_page(problems: list[str] | None = None) -> str:
    """The options page, filled in with what the query string asked for (after a refusal:
    the choices stay and the reasons show above the button)."""
    args = request.args
    count = whole_number(args.get("players") or "")
    names = [name[:ECHO] for name in args.getlist("name")][:services.MAX_PLAYERS]
    players = count if count is not None and services.MIN_PLAYERS <= count <= (
        services.MAX_PLAYERS) else max(len([n for n in names if n.strip()]), DEFAULT_PLAYERS)
    return render_template("print/index.html", players=players, problems=problems or [],
                           names=names + [""] * (services.MAX_PLAYERS - len(names)),
                           chosen={key: args.get(key) for key in ("edition", "paper", "lang")})


@bp.get("/print")
def page() -> str:
    """Choose the blank sheet's options."""
    return _print_page()


@bp.get("/print/blank.pdf")
def blank() -> Response:
    """A blank Wertungsblatt as PDF."""
    parsed = parse_blank(request.args, str(get_locale() or "en"))
    if isinstance(parsed, list):
        return Response(_print_page(parsed), status=400, mimetype="text/html")
    with force_locale(parsed.lang):
        data = pdf.blank_sheet(parsed.options, gettext)
        # A file name: lower case, words joined by hyphens ("wertungsblatt", "feuille-de-score").
        name = gettext("score-sheet")
    response = _pdf(data, f"phase10-{name}-{parsed.options.edition.value}.pdf",
                    "public, max-age=86400")
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
