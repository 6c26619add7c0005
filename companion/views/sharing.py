"""A finished game's result to share: the final standings as a PNG (the text is on the sheet
page, companion.display.share)."""

from __future__ import annotations

from functools import partial

from flask import Blueprint, Response, abort, request
from flask_babel import get_locale, gettext, ngettext

from companion import drawing, errors
from companion.cache.store import Kept
from companion.display.share import Words, caption
from companion.exceptions import Kind
from companion.guards.quotas import drew
from companion.scoring.length import length_of
from companion.services import reading

bp = Blueprint("share", __name__)

#: Pictures drawn once per game, revision and language, and kept (about 60–100 kB each): a
#: table shares one result from several phones, and a chat app may fetch it again.
KEPT_PNGS = Kept[bytes](64, most_bytes=16 * 1024 * 1024, weigh=len)


def words() -> Words:
    """The request's language, as the pure builders of the text and the picture take it."""
    return Words(gettext, ngettext, str(get_locale() or "en"))


def _not_finished() -> Response:
    message = gettext("This game is not finished yet: its standings can be shared once it "
                      "has a winner.")
    return errors.error_page(message, Kind.UNKNOWN)


@bp.get("/games/<key>/standings.png")
def standings(key: str) -> Response:
    """The final standings as a PNG, through the edit or the read-only link.

    Drawn once per revision and language and kept; a browser that has this revision gets 304.
    Only a drawing counts towards the prints quota."""
    game = reading.head(key)
    if game is None:
        abort(404)
    language = str(get_locale() or "en")
    etag = f"{game.etag}-{language}"
    kept_as = (game.edit_key, game.revision, language)
    data = KEPT_PNGS.find(kept_as)
    if data is None:
        try:
            sheet, exact = reading.sheet_at(game)
        except LookupError:  # deleted since its row was read
            abort(404)
        if sheet.status != "finished":
            return _not_finished()
        if exact and _fresh(etag):
            return _not_modified(etag)
        length = length_of(game.created_at, game.last_round_at, sheet.status)
        drew(len(sheet.rounds))
        # Kept when it is done, even after the request gave up waiting (drawing.draw).
        keep = partial(KEPT_PNGS.put, kept_as) if exact else None
        data = drawing.draw(drawing.STANDINGS, sheet, caption(sheet, length, words()),
                            on_done=keep)
        if not exact:  # a write landed meanwhile: the picture is of a newer revision
            return _png(data, "private, no-cache")
    elif _fresh(etag):
        return _not_modified(etag)
    response = _png(data, "private, no-cache")
    response.set_etag(etag)
    return response


def _fresh(etag: str) -> bool:
    return request.if_none_match.contains(etag)


def _not_modified(etag: str) -> Response:
    return Response(status=304, headers={"ETag": f'"{etag}"', "Cache-Control": "private, no-cache"})


def _png(data: bytes, cache: str) -> Response:
    response = Response(data, mimetype="image/png")
    response.headers["Content-Disposition"] = 'inline; filename="phase10-standings.png"'
    response.headers["Cache-Control"] = cache
    return response
