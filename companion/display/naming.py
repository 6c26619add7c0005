"""Names as the pages show them: shortened to fit a narrow sheet column, told apart on a
board marker, and listed in words ("Ben and Cleo")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from flask_babel import gettext as _

#: Characters a header cell holds on a 390 px phone, by the number of players.
FITS = {2: 16, 3: 12, 4: 8, 5: 6, 6: 5}


def _cut(name: str, keep: int) -> str:
    if keep >= len(name):
        return name
    words = name.split()
    if len(words) > 1 and len(words[0]) + 3 <= keep + 1:
        return f"{words[0]} {words[-1][:1]}."  # "Anna Lena" → "Anna L."
    return name[:keep].rstrip() + "."


def short_names(names: Sequence[str]) -> dict[str, str]:
    """Each name as short as the column needs, cut between letters (never mid-column) and
    still telling players apart ("Michaela" → "Micha." with six players)."""
    fits = FITS.get(len(names), 5)
    keep = {name: fits - 1 for name in names}
    while True:
        shown = {name: name if len(name) <= fits else _cut(name, keep[name]) for name in names}
        clashes = {name for name in names
                   if list(shown.values()).count(shown[name]) > 1 and len(name) > fits}
        grown = {name for name in clashes if keep[name] < len(name)}
        if not grown:
            return shown
        for name in grown:
            keep[name] += 1


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
