"""BoardGameGeek's plays XML (``<plays><play …><item …/><players><player …/>…``), read into
logged plays (companion.schemas.logged).

The XML is parsed by defusedxml: a document with a DTD, an entity or an external reference
is refused before anything in it is read (billion laughs, external entities), as is one
that is not XML at all. Each ``<play>`` with ``quantity`` n is n games; one marked
``incomplete="1"`` is skipped and counted, as are plays of other games. BoardGameGeek gives a
date without a time and no ranks: the game starts at midnight of that day in the import's time
zone, and the places are the win first, then fewer points.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from xml.etree.ElementTree import Element, ParseError
from zoneinfo import ZoneInfo

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from companion.limits import MAX_GAMES
from companion.numbers import SIGNED, whole_number
from companion.refusals import InputError
from companion.schemas.bgstats import Plays, Skipped
from companion.schemas.logged import LoggedPlay, LoggedPlayer, PlayRefused

XML_TYPES = ("application/xml", "text/xml")


def parse(data: bytes) -> Element:
    """The document's root ``<plays>``; InputError for anything else or anything unsafe."""
    try:
        root = fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise InputError("the XML holds a DTD, an entity or an external reference, which the "
                         "import does not read") from None
    except (ParseError, ValueError, UnicodeError) as error:
        raise InputError("this is not XML the import can read (%(problem)s)",
                         problem=str(error)[:80]) from None
    if root.tag != "plays":
        raise InputError("BoardGameGeek's plays XML begins with <plays>, not <%(tag)s>",
                         tag=root.tag[:40])
    return root


def _number(text: str | None, what: str) -> int | None:
    """An attribute's whole number; None when it is missing or empty."""
    if text is None or not text.strip():
        return None
    stripped = text.strip().replace("\u2212", "-")
    if not SIGNED.fullmatch(stripped) or len(stripped) > 12:
        raise PlayRefused("“%(what)s” must be a whole number, not “%(value)s”", what=what,
                          value=text[:40])
    return int(stripped)


def _date(text: str | None, zone: ZoneInfo) -> datetime | None:
    if text is None or not text.strip() or text.strip() == "0000-00-00":
        return None
    try:
        local = datetime.fromisoformat(text.strip()[:10]).replace(tzinfo=zone)
    except ValueError:
        raise PlayRefused("“date” must be a date like 2026-03-14, not “%(value)s”",
                          value=text[:40]) from None
    return local.astimezone(ZoneInfo("UTC")).replace(tzinfo=None)


def _player(element: Element) -> LoggedPlayer:
    name = element.get("name") or element.get("username") or ""
    seat = whole_number(element.get("startposition"))
    return LoggedPlayer(name, _number(element.get("score"), "score"), None,
                        element.get("win") == "1", seat == 1, seat, anonymous=not name.strip())


def _play(element: Element, zone: ZoneInfo) -> tuple[LoggedPlay, int]:
    """The play and how many games it is (``quantity``)."""
    item = element.find("item")
    name = "" if item is None else item.get("name", "")
    bgg_id = None if item is None else whole_number(item.get("objectid"))
    players = tuple(_player(player) for player in element.iterfind("players/player"))
    minutes = _number(element.get("length"), "length")
    quantity = _number(element.get("quantity"), "quantity")
    if quantity is not None and not 0 <= quantity <= MAX_GAMES:
        raise PlayRefused("“quantity” must be 1 to %(max)s games", max=MAX_GAMES)
    seconds = minutes * 60 if minutes is not None and minutes > 0 else None
    return (LoggedPlay(name, bgg_id, _date(element.get("date"), zone), seconds, players),
            1 if quantity is None else quantity)


def read_plays(root: Element, zone: ZoneInfo,
               wanted: Callable[[str, int | None], object]) -> Plays:
    """The plays whose game ``wanted(name, bgg_id)`` takes, each as many times as its
    quantity says; PlayRefused (with ``play``: its number in the file) for one that cannot
    be read."""
    found: list[tuple[int, LoggedPlay]] = []
    other_games = incomplete = 0
    for number, element in enumerate(root.iterfind("play"), 1):
        try:
            play, quantity = _play(element, zone)
        except PlayRefused as error:
            error.play = number
            raise
        if not wanted(play.game, play.bgg_id):
            other_games += quantity
            continue
        if element.get("incomplete") == "1":
            incomplete += quantity
            continue
        if len(found) + quantity > MAX_GAMES:
            raise PlayRefused("a file holds at most %(max)s games", max=MAX_GAMES)
        found.extend((number, play) for _copy in range(quantity))
    return Plays(tuple(found), Skipped(other_games=other_games, incomplete=incomplete))
