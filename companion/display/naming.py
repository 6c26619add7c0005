"""Names as the pages show them: shortened to fit a narrow sheet column, told apart on a
board marker, and listed in words ("Ben and Cleo")."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

import regex
from flask_babel import gettext as _

_GRAPHEME = regex.compile(r"\X")

#: What a header cell holds on a 390 px phone, by the number of players, in letters (see
#: :func:`_width`: a wide character or an emoji takes two), the ellipsis included.
FITS = {2: 16, 3: 11, 4: 8, 5: 7, 6: 6}
#: The same on the narrowest phones (320 px: the sheet's columns are about 12 px narrower).
FITS_NARROW = {2: 13, 3: 9, 4: 6, 5: 5, 6: 5}
ELLIPSIS = "…"


#: Latin letters about half as wide again as the others in the sheet's font.
BROAD = frozenset("MWmw")


def _width(grapheme: str) -> int:
    """The room a grapheme takes, in half letters: wide ones (East Asian wide or fullwidth:
    CJK, most emoji) two letters, "M" and "W" one and a half, any other one."""
    if any(unicodedata.east_asian_width(char) in "WF" for char in grapheme):
        return 4
    return 3 if grapheme in BROAD else 2


def _head(graphemes: Sequence[str], room: int) -> list[str]:
    """The first graphemes that fit in ``room``."""
    kept: list[str] = []
    for grapheme in graphemes:
        room -= _width(grapheme)
        if room < 0:
            break
        kept.append(grapheme)
    return kept


def _abbreviate(name: str, fits: int, tail: int) -> str:
    """``name`` in ``fits``: whole if it fits, else its start, an ellipsis and its last
    ``tail`` graphemes ("Alex…r"), always cut between graphemes (never inside 👨‍👩‍👧‍👦)."""
    graphemes = _GRAPHEME.findall(name.strip())
    if sum(map(_width, graphemes)) <= 2 * fits:
        return name
    end = graphemes[len(graphemes) - tail:] if tail else []
    room = 2 * (fits - 1) - sum(map(_width, end))
    start = _head(graphemes, max(room, 2))
    return "".join(start).rstrip() + ELLIPSIS + "".join(end)


def short_names(names: Sequence[str], widths: dict[int, int] = FITS) -> dict[str, str]:
    """Each name as short as the column needs on a phone, and still telling players apart:
    where two shortened names would read alike, their last letters are kept after the
    ellipsis ("Alexander", "Alexandra" → "Alex…r", "Alex…a"), as the board markers add a
    second letter where the first ones clash. ``widths``: the room by number of players
    (:data:`FITS`, or :data:`FITS_NARROW` for the narrowest phones)."""
    fits = widths.get(len(names), min(widths.values()))
    tails = dict.fromkeys(names, 0)
    while True:
        shown = {name: _abbreviate(name, fits, tails[name]) for name in names}
        clashes = [name for name in names
                   if list(shown.values()).count(shown[name]) > 1 and shown[name] != name]
        grown = [name for name in clashes if tails[name] < fits - 2]
        if not grown:
            return shown
        for name in grown:
            tails[name] += 1


def marker_labels(names: Sequence[str]) -> dict[str, str]:
    """One letter per board marker, two where first letters clash ("An", "Ar")."""
    firsts = [name[:1].upper() for name in names]
    return {name: first if firsts.count(first) == 1 else first + name[1:2].lower()
            for name, first in zip(names, firsts, strict=True)}


def and_list(names: Iterable[str]) -> str:
    """``["Ann", "Ben", "Cleo"]`` → "Ann, Ben and Cleo" in the page's language."""
    items = [str(name) for name in names]
    if len(items) < 2:
        return "".join(items)
    return str(_("%(names)s and %(last)s", names=", ".join(items[:-1]), last=items[-1]))
