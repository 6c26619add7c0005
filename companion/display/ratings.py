"""The group page's ratings: rank, name, the rating as a person reads it, how sure it is, what
the last game did to it, and a small trend drawn on the server (docs/decisions.md, "Ratings").

The number shown is the ordinal (μ − 3σ: the skill the rating is nearly sure of) with one
decimal, the same number the API calls ``ordinal``: everybody starts at 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flask_babel import format_decimal
from flask_babel import gettext as _
from markupsafe import Markup, escape

from companion.scoring import ratings
from companion.scoring.ratings import Rating

WIDTH, HEIGHT, PAD = 72, 24, 3


@dataclass(frozen=True)
class RatingRow:
    rank: int
    name: str
    rating: Rating
    sureness: str
    trend: Markup


def signed(value: float) -> str:
    """A change with its sign (+1.2, −0.4, ±0.0), one decimal, in the page's language."""
    if round(value, 1) == 0:
        return "±" + str(format_decimal(0, format="0.0"))
    sign = "+" if value > 0 else "−"
    return sign + str(format_decimal(abs(value), format="0.0"))


def number(value: float) -> str:
    """The rating as shown: one decimal, a true minus sign below 0."""
    shown = str(format_decimal(abs(value), format="0.0"))
    return ("−" + shown) if round(value, 1) < 0 else shown


def sureness(rating: Rating) -> str:
    """How sure the rating is, in words."""
    return {"provisional": _("provisional"), "settling": _("settling"),
            "settled": _("settled")}[rating.sureness]


def trend(points: Sequence[float], title: str) -> Markup:
    """The ordinals of the latest games as a small line, with 0 (where everybody starts) as a
    faint line when it is in view and a dot on the latest."""
    low, high = min(*points, ratings.START), max(*points, ratings.START)
    span = (high - low) or 1.0
    steps = max(len(points) - 1, 1)

    def x(n: int) -> float:
        return PAD + n * (WIDTH - 2 * PAD) / steps

    def y(value: float) -> float:
        return HEIGHT - PAD - (value - low) * (HEIGHT - 2 * PAD) / span

    line = " ".join(f"{x(n):.1f},{y(value):.1f}" for n, value in enumerate(points))
    last = len(points) - 1
    return Markup(
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'class="trend" role="img" aria-label="{escape(title)}">'
        f'<line x1="0" x2="{WIDTH}" y1="{y(ratings.START):.1f}" y2="{y(ratings.START):.1f}" '
        f'class="zero"/><polyline points="{line}" fill="none" class="line"/>'
        f'<circle cx="{x(last):.1f}" cy="{y(points[-1]):.1f}" r="2.5" class="dot"/></svg>')


def rows(rated: Sequence[tuple[str, Rating]]) -> list[RatingRow]:
    """One row per player, highest rating first; equal shown ratings share a rank."""
    found: list[RatingRow] = []
    for index, (name, rating) in enumerate(rated):
        shared = bool(found) and number(found[-1].rating.ordinal) == number(rating.ordinal)
        rank = found[-1].rank if shared else index + 1
        points = rating.points
        title = _("%(name)s's rating game by game: from %(first)s to %(last)s", name=name,
                  first=number(points[0]), last=number(points[-1]))
        found.append(RatingRow(rank, name, rating, sureness(rating), trend(points, title)))
    return found
