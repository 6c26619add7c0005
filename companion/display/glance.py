"""The standings at a glance: what the top of a game's page shows before the sheet, so that
on a phone the first screen tells every player's place, phase and total (issue 34), while the
full sheet (phase grid and points) stays one scroll below, as on paper."""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import ngettext

from companion import scoring
from companion.scoring.final import phases_completed, points_of
from companion.scoring.places import places


@dataclass(frozen=True)
class Line:
    place: int
    name: str
    phase: str
    """Where the player stands in words: the phase tried next, or the board marker's space."""
    points: int | None
    """None: not known (a game imported from a log without scores)."""
    won: bool
    gone: bool
    """Left the game: their line stays, below those still at the table."""
    note: str
    """Why the line reads differently (left the game, joined late), or empty."""
    checks: int | None = None
    """The phase the checker opens on for this player (None: nothing left to check)."""
    done: tuple[int, ...] = ()
    """The phases they completed (the checker's coach asks, where players choose a phase)."""


def glance(sheet: scoring.Sheet) -> list[Line]:
    """One line per player, in the order of the standings, ties sharing a place."""
    joined = dict(zip(sheet.setup.players, sheet.setup.joined or (), strict=False))
    return [Line(place.place, place.name, _phase(sheet, place.line),
                 points_of(sheet, place.name),
                 place.won, place.left_after is not None,
                 _note(place.left_after, joined.get(place.name, 1)),
                 None if place.left_after is not None else _checks(sheet, place.line),
                 tuple(place.line.phases_done))
            for place in places(sheet)]


def _checks(sheet: scoring.Sheet, line: scoring.PlayerLine) -> int | None:
    """The phase a player would check a hand for now: the one they try next (Masters: the
    lowest one left, any other one a tap away on the checker); None once the game is over."""
    edition = sheet.setup.edition
    if sheet.status == "finished":
        return None
    if edition.markers:
        marker = line.marker or 1
        return None if marker == edition.wreath else marker
    return line.current_phase


def _phase(sheet: scoring.Sheet, line: scoring.PlayerLine) -> str:
    edition = sheet.setup.edition
    if sheet.final is not None:  # known by its final result: what it says, "?" where not
        done = None if edition.markers else phases_completed(sheet, line)
        if edition.markers and line.marker is not None:
            return str(_("wreath")) if line.marker == edition.wreath else str(
                _("phase %(n)s", n=line.marker))
        if done is None:
            return "?"
        return str(ngettext("%(num)s phase", "%(num)s phases", done))
    if edition.markers:
        marker = line.marker or 1
        return str(_("wreath")) if marker == edition.wreath else str(_("phase %(n)s", n=marker))
    if edition.chooses_phase or line.current_phase is None or sheet.status == "finished":
        # Masters players pick any phase left, and nobody tries another phase once the game
        # (or their column) is over: all are told by how many they completed.
        return str(ngettext("%(num)s phase", "%(num)s phases", len(line.phases_done)))
    return str(_("phase %(n)s", n=line.current_phase))


def _note(left_after: int | None, joined: int) -> str:
    if left_after is not None:
        return str(_("left after round %(number)s", number=left_after))
    if joined > 1:
        return str(_("joined in round %(number)s", number=joined))
    return ""
