"""Small server-side SVG charts: running totals by round (card games), marker progress (board).

Drawn as plain SVG markup so the browser needs no chart library; the sheet's table carries the
same numbers for screen readers, so the chart is a picture with a short text alternative.
"""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup, escape

from companion import scoring
from companion.scoring.roster import first_round

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 38, 10, 12, 26
COLOURS = ("#d32f2f", "#1565c0", "#2e7d32", "#b7791f", "#6a1b9a", "#00838f")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4")
#: Each player's line also carries a shape at its points, so that lines tell players apart
#: without their colour (and where dark mode's lighter colours come close): a circle, a
#: square, a triangle, a diamond, a triangle pointing down, a cross.
SHAPES = ("circle", "square", "triangle", "diamond", "down", "cross")
#: The most marks one line carries; a longer game marks every second, third … point.
MOST_MARKS = 16


def _shape(index: int, x: float, y: float, r: float = 3.5) -> str:
    """SVG path data of player ``index``'s shape centred on (x, y)."""
    kind = SHAPES[index % len(SHAPES)]
    if kind == "circle":
        return f"M{x - r:.1f},{y:.1f}a{r},{r} 0 1,0 {2 * r},0a{r},{r} 0 1,0 {-2 * r},0z"
    if kind == "square":
        return f"M{x - r:.1f},{y - r:.1f}h{2 * r}v{2 * r}h{-2 * r}z"
    if kind in ("triangle", "down"):
        tip = -1.25 * r if kind == "triangle" else 1.25 * r
        return (f"M{x:.1f},{y + tip:.1f}L{x + 1.2 * r:.1f},{y - tip * .75:.1f}"
                f"L{x - 1.2 * r:.1f},{y - tip * .75:.1f}z")
    if kind == "diamond":
        d = 1.35 * r
        return f"M{x:.1f},{y - d:.1f}L{x + d:.1f},{y:.1f}L{x:.1f},{y + d:.1f}L{x - d:.1f},{y:.1f}z"
    return (f"M{x - r:.1f},{y - r:.1f}L{x + r:.1f},{y + r:.1f}"
            f"M{x + r:.1f},{y - r:.1f}L{x - r:.1f},{y + r:.1f}")


def marks(index: int, points: list[tuple[float, float]]) -> str:
    """Player ``index``'s shapes on a line's points (at most ``MOST_MARKS``, the last always),
    filled in the line's colour (dark mode: the ``dot`` rule in app.css)."""
    step = max(1, -(-len(points) // MOST_MARKS))
    chosen = {*range(0, len(points), step), len(points) - 1} if points else set()
    data = "".join(_shape(index, *points[n]) for n in sorted(chosen))
    width = 2 if SHAPES[index % len(SHAPES)] == "cross" else 1
    colour = COLOURS[index % len(COLOURS)]
    return (f'<path d="{data}" class="dot s{index % len(COLOURS)}" fill="{colour}" '
            f'stroke="{colour}" stroke-width="{width}" aria-hidden="true"/>')


@dataclass(frozen=True)
class Series:
    name: str
    values: tuple[int, ...]
    start: int = 0
    """The round after which the line begins: 0 from the start, ``n - 1`` for a player who
    joined in round ``n`` (their line starts at the total they joined with)."""


def _series(sheet: scoring.Sheet) -> list[Series]:
    markers = sheet.setup.edition.markers
    result = []
    for line in sheet.players:
        start = min(first_round(sheet.setup, line.seat) - 1, len(sheet.rounds))
        values = [(1 if markers else 0) if start == 0 else _value(sheet, start, line.name)]
        for view in sheet.rounds[start:]:
            values.append(view.markers.get(line.name, values[-1]) if markers
                          else view.totals.get(line.name, values[-1]))
        result.append(Series(line.name, tuple(values), start))
    return result


def _value(sheet: scoring.Sheet, number: int, name: str) -> int:
    """A player's total (board game: marker) after round ``number``."""
    view = sheet.rounds[number - 1]
    return view.markers.get(name, 1) if sheet.setup.edition.markers else view.totals[name]


def _scale(value: float, low: float, high: float, start: float, end: float) -> float:
    return start + (value - low) / (high - low) * (end - start) if high > low else start


def _ticks(top: int, wreath: int | None) -> tuple[int, list[int]]:
    """The value axis: a track's odd spaces 1, 3, … up to the wreath (``wreath``: the markers'
    last space), or round steps of points (5, 10, 25 …)."""
    if wreath is not None:
        return wreath, list(range(1, wreath + 1, 2))
    step = next(s for s in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2500, 5000, 10 ** 9)
                if s * 4 >= top)
    high = -(-top // step) * step
    return high, list(range(0, high + 1, step))


def _grid(top: int, ticks: list[int], rounds: int) -> list[str]:
    parts = []
    for value in ticks:
        y = _scale(value, 0, top, HEIGHT - BOTTOM, TOP)
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
                     f'class="grid"/><text x="{LEFT - 4}" y="{y + 4:.1f}" '
                     f'text-anchor="end">{value}</text>')
    for number in range(rounds + 1):
        if rounds <= 12 or number % max(1, rounds // 10) == 0:
            x = _scale(number, 0, max(rounds, 1), LEFT, WIDTH - RIGHT)
            parts.append(f'<text x="{x:.1f}" y="{HEIGHT - 8}" text-anchor="middle">{number}</text>')
    return parts


def progress_chart(sheet: scoring.Sheet, title: str) -> Markup:
    """One line per player over the rounds; ``title`` is the text alternative."""
    series = _series(sheet)
    rounds = len(sheet.rounds)
    edition = sheet.setup.edition
    top, ticks = _ticks(max((max(s.values) for s in series), default=0),
                        edition.wreath if edition.markers else None)
    parts = [f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" class="chart" role="img" '
             f'aria-label="{escape(title)}">', *_grid(top, ticks, rounds)]
    for index, line in enumerate(series):
        at = [(_scale(n, 0, max(rounds, 1), LEFT, WIDTH - RIGHT),
               _scale(v, 0, top, HEIGHT - BOTTOM, TOP))
              for n, v in enumerate(line.values, start=line.start)]
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in at)
        dash = f' stroke-dasharray="{DASHES[index % len(DASHES)]}"' if index % 6 else ""
        parts.append(f'<polyline points="{points}" class="s{index % 6}" fill="none" '
                     f'stroke="{COLOURS[index % 6]}" '
                     f'stroke-width="2.5"{dash}><title>{escape(line.name)}</title></polyline>')
        parts.append(marks(index, at))
    parts.append("</svg>")
    return Markup("".join(parts))


def legend_key(index: int) -> Markup:
    """A short line in the player's colour, dash pattern and shape, for the chart's legend."""
    dash = DASHES[index % len(DASHES)]
    pattern = f' stroke-dasharray="{dash}"' if dash else ""
    return Markup(f'<svg viewBox="0 0 28 10" width="28" height="10" aria-hidden="true">'
                  f'<line x1="0" y1="5" x2="28" y2="5" class="s{index % 6}" '
                  f'stroke="{COLOURS[index % 6]}" '
                  f'stroke-width="3"{pattern}/>{marks(index, [(14.0, 5.0)])}</svg>')
