"""A finished game's result as a few lines of text to send to a chat: who won, the final
standings, how many rounds and how long, and the read-only link.

Pure: the words come in as :class:`Words` (the request's translations on a page, English by
default), so the text is built and tested without Flask.

>>> from companion import editions
>>> from companion.scoring import Result, Round, Setup, build_sheet
>>> from companion.scoring.length import length_of
>>> from datetime import datetime
>>> setup = Setup(editions.get("board"), ("Ann", "Ben"))
>>> rounds = [Round((Result("Ann", True, went_out=True), Result("Ben", True)))] * 5
>>> sheet = build_sheet(setup, rounds)
>>> length = length_of(datetime(2026, 5, 1, 20), datetime(2026, 5, 1, 20, 42), "finished")
>>> print(summary(sheet, length, "https://example.org/games/v"))
Phase 10 board game: Ann wins!
1. Ann · on the wreath
2. Ben · on phase 5
5 rounds · 42\xa0min
https://example.org/games/v
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.display.length import duration
from companion.png.caption import Caption
from companion.scoring.final import phases_completed, points_of
from companion.scoring.length import Length
from companion.scoring.model import Sheet
from companion.scoring.places import Place, places

#: Unicode's isolates (FSI … PDI): a right-to-left name keeps its place in a left-to-right
#: line, so "2. محمد · 9 phases" does not come out with the 9 beside the name.
ISOLATE, END_ISOLATE = "\u2068", "\u2069"


def _english(text: str, **variables: Any) -> str:
    return text % variables if variables else text


def _english_plural(singular: str, plural: str, num: int, **variables: Any) -> str:
    variables.setdefault("num", num)
    return (singular if num == 1 else plural) % variables


@dataclass(frozen=True)
class Words:
    """Translations as Flask-Babel's ``gettext`` and ``ngettext`` take them, and the language
    the length is written in."""

    gettext: Callable[..., str] = _english
    ngettext: Callable[..., str] = _english_plural
    locale: str = "en"


def isolated(name: str) -> str:
    """``name`` as it goes into a line of text: isolated when it is written right to left."""
    if any(unicodedata.bidirectional(char) in ("R", "AL") for char in name):
        return f"{ISOLATE}{name}{END_ISOLATE}"
    return name


def and_list(names: Sequence[str], words: Words) -> str:
    """``["Ann", "Ben", "Cleo"]`` → "Ann, Ben and Cleo" in the words' language."""
    if len(names) < 2:
        return "".join(names)
    return words.gettext("%(names)s and %(last)s", names=", ".join(names[:-1]), last=names[-1])


def outcome(sheet: Sheet, words: Words, *, text: bool = True) -> str:
    """Who won, as one line without the game's name: "Ann wins!" (``text``: names isolated
    for a line of text; a picture lays out its lines itself)."""
    _ = words.gettext
    shown = isolated if text else str
    if sheet.winner is None:
        return _("Shared win: %(names)s", names=and_list([shown(name) for name in
                                                          sheet.winners], words))
    if any(view.tiebreak for view in sheet.rounds):
        return _("%(name)s wins after a tie-break round!", name=shown(sheet.winner))
    return _("%(name)s wins!", name=shown(sheet.winner))


def facts(place: Place, sheet: Sheet, words: Words) -> str:
    """What the standings count for one player: "9 phases · 120 points", "on phase 6"."""
    # Named ngettext so that the catalogs' extraction finds the plural messages below.
    _, ngettext = words.gettext, words.ngettext
    line = place.line
    if sheet.setup.edition.markers:
        wreath = line.marker == sheet.setup.edition.wreath
        return _("on the wreath") if wreath else _("on phase %(n)s", n=line.marker or 1)
    phases, points = phases_completed(sheet, line), points_of(sheet, line.name)
    return " · ".join([
        _("phases not known") if phases is None
        else ngettext("%(num)s phase", "%(num)s phases", phases),
        _("points not known") if points is None
        else ngettext("%(num)s point", "%(num)s points", points)])


def note(place: Place, words: Words) -> str | None:
    if place.left_after is None:
        return None
    return words.gettext("left after round %(number)s", number=place.left_after)


def standing(place: Place, sheet: Sheet, words: Words) -> str:
    """One line of the final standings: "2. Ben · 9 phases · 120 points"."""
    text = f"{place.place}. {isolated(place.name)} · {facts(place, sheet, words)}"
    left = note(place, words)
    return f"{text} ({left})" if left else text


def played(sheet: Sheet, length: Length, words: Words) -> str:
    """Rounds and length: "12 rounds · 1 hr 33 min"."""
    parts = ([words.gettext("typed from the final result")] if sheet.final is not None
             else [words.ngettext("%(num)s round", "%(num)s rounds", len(sheet.rounds))])
    if length.seconds is not None:
        parts.append(duration(length.seconds, words.locale))
    return " · ".join(parts)


def summary(sheet: Sheet, length: Length, link: str, words: Words = Words()) -> str:
    """The whole text: headline, standings, rounds and length, link (one line each)."""
    _ = words.gettext
    headline = _("%(game)s: %(outcome)s", game=sheet.setup.edition.says("title", _),
                 outcome=outcome(sheet, words))
    return "\n".join([headline, *(standing(place, sheet, words) for place in places(sheet)),
                      played(sheet, length, words), link])


def caption(sheet: Sheet, length: Length, words: Words = Words()) -> Caption:
    """The words of the standings' picture (companion.png)."""
    ranked = places(sheet)
    return Caption(title=sheet.setup.edition.says("title", words.gettext),
                   outcome=outcome(sheet, words, text=False),
                   facts={place.name: facts(place, sheet, words) for place in ranked},
                   notes={place.name: text for place in ranked
                          if (text := note(place, words)) is not None},
                   footer=played(sheet, length, words))
