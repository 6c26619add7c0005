"""A finished game's result to share: the final standings as a PNG (the text is on the sheet
page, companion.display.share)."""

from __future__ import annotations

from functools import partial

from flask import Blueprint, Response, abort, request
from flask_babel import get_locale, gettext, ngettext

from companion import http_answers
from companion.cache import stores
from companion.cache.revisions import Keeping, per_revision
from companion.display.share import Words, caption
from companion.guards.quotas import drew
from companion.infra import drawing
from companion.refusals import Kind, NotThere
from companion.scoring.length import length_of
from companion.services import reading

bp = Blueprint("share", __name__)

def words() -> Words:
    """The request's language, as the pure builders of the text and the picture take it."""
    return Words(gettext, ngettext, str(get_locale() or "en"))


def _not_finished() -> Response:
    message = gettext("This game is not finished yet: its standings can be shared once it "
                      "has a winner.")
    return http_answers.error_page(message, Kind.UNKNOWN)


@bp.get("/games/<key>/standings.png")
def standings(key: str) -> Response:
    """The final standings as a PNG, through the edit or the read-only link.

    Drawn once per revision and language and kept; a browser that has this revision gets 304.
    Only a drawing counts towards the prints quota."""
    game = reading.head(key)
    if game is None:
        raise NotThere
    language = str(get_locale() or "en")
    etag = f"{game.etag}-{language}"
    # Drawn once per game, revision and language, and kept (about 60–100 kB): a table shares
    # one result from several phones, and a chat app may fetch it again.
    data, exact = per_revision(stores.pictures, (game.edit_key, game.revision, language),
                               partial(_draw, game, etag))
    if not exact:  # a write landed meanwhile: the picture is of a newer revision
        return _png(data, "private, no-cache")
    if _fresh(etag):
        return _not_modified(etag)
    response = _png(data, "private, no-cache")
    response.set_etag(etag)
    return response


def _draw(game: reading.GameHead, etag: str, keeping: Keeping[bytes]) -> bytes:
    """The standings of ``game`` drawn (an unfinished game, or a browser that has this
    revision already, ends the request here)."""
    try:
        sheet, keeping.exact = reading.sheet_at(game)
    except LookupError:  # deleted since its row was read
        raise NotThere from None
    if sheet.status != "finished":
        abort(_not_finished())
    if keeping.exact and _fresh(etag):
        abort(_not_modified(etag))
    length = length_of(game.created_at, game.last_round_at, sheet.status)
    drew(len(sheet.rounds))
    return drawing.draw(drawing.STANDINGS, sheet, caption(sheet, length, words()),
                        on_done=keeping.keep)


def _fresh(etag: str) -> bool:
    return request.if_none_match.contains(etag)


def _not_modified(etag: str) -> Response:
    return Response(status=304, headers={"ETag": f'"{etag}"', "Cache-Control": "private, no-cache"})


def _png(data: bytes, cache: str) -> Response:
    response = Response(data, mimetype="image/png")
    response.headers["Content-Disposition"] = 'inline; filename="phase10-standings.png"'
    response.headers["Cache-Control"] = cache
    return response
