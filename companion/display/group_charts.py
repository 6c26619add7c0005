"""The group page's pictures as server-drawn SVG: how hard each phase is, and wins over time.

Like the sheet's chart (``charts``), plain markup with a text alternative; the page shows the
same numbers in a table next to each picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flask_babel import format_decimal
from flask_babel import gettext as _
from markupsafe import Markup, escape

from companion import editions
from companion.display.charts import COLOURS, DASHES, marks
from companion.editions import Edition
from companion.scoring.records import GroupRecords, PhaseRecord

WIDTH, ROW, LEFT, RIGHT = 360, 22, 28, 44
LINE_HEIGHT, TOP, BOTTOM = 180, 10, 22
MOST_LINES = 6


@dataclass(frozen=True)
class PhaseChart:
    edition: Edition
    svg: Markup
    phases: tuple[PhaseRecord, ...]


def phase_bars(phases: Sequence[PhaseRecord], title: str) -> Markup:
    """One bar per phase: rounds per completion (a phase nobody completed: a hatched bar)."""
    top = max((p.average_rounds or 0 for p in phases), default=1) or 1
    unsolved = max(top, 1.0)
    height = len(phases) * ROW + 6
    parts = [f'<svg viewBox="0 0 {WIDTH} {height}" class="chart bars" role="img" '
             f'aria-label="{escape(title)}">']
    for index, phase in enumerate(phases):
        y = 3 + index * ROW
        average = phase.average_rounds
        value = average if average is not None else unsolved
        width = (WIDTH - LEFT - RIGHT) * value / max(top, unsolved)
        css = "bar" if average is not None else "bar unsolved"
        label = format_decimal(average, format="0.0") if average is not None else "–"
        parts.append(
            f'<text x="{LEFT - 6}" y="{y + 15}" text-anchor="end">{phase.phase}</text>'
            f'<rect x="{LEFT}" y="{y + 2}" width="{width:.1f}" height="{ROW - 6}" rx="3" '
            f'class="{css}"/><text x="{LEFT + width + 4:.1f}" y="{y + 15}">{label}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def _cumulative(wins: Sequence[tuple[str, ...]], names: Sequence[str],
                starts: Sequence[int]) -> list[list[int]]:
    lines = [[start] for start in starts]
    for winners in wins:
        for index, name in enumerate(names):
            lines[index].append(lines[index][-1] + (name in winners))
    return lines


#: Pixels between lines that share a point (two players with no wins yet), so each shows.
APART = 3.0


def _apart(lines: Sequence[Sequence[int]]) -> list[list[float]]:
    """For each line and game, how far to draw it off its value: lines at the same value after
    a game are spread around it, in the legend's order, instead of hiding one another."""
    shifts = [[0.0] * len(line) for line in lines]
    for n in range(len(lines[0]) if lines else 0):
        at: dict[int, list[int]] = {}
        for index, line in enumerate(lines):
            at.setdefault(line[n], []).append(index)
        for together in at.values():
            for rank, index in enumerate(together):
                shifts[index][n] = (rank - (len(together) - 1) / 2) * APART
    return shifts


def wins_chart(wins: Sequence[tuple[str, ...]], names: Sequence[str], title: str, *,
               starts: Sequence[int] | None = None, first: int = 0) -> Markup:
    """Each player's wins so far after every finished game, one line per player.

    A long group's chart draws its latest games only: ``first`` finished games came before
    them, and each line starts at the wins its player had then (``starts``)."""
    lines = _cumulative(wins, names, starts or [0] * len(names))
    games, top = len(wins), max((line[-1] for line in lines), default=1) or 1
    low, left = LINE_HEIGHT - BOTTOM, 30

    def x(n: int) -> float:
        return left + n * (WIDTH - left - 10) / max(games, 1)

    def y(v: int) -> float:
        return low - v * (low - TOP) / top

    parts = [f'<svg viewBox="0 0 {WIDTH} {LINE_HEIGHT}" class="chart" role="img" '
             f'aria-label="{escape(title)}">']
    step = max(1, -(-top // 5))
    for value in range(0, top + 1, step):
        parts.append(f'<line x1="{left}" x2="{WIDTH - 10}" y1="{y(value):.1f}" '
                     f'y2="{y(value):.1f}" class="grid"/><text x="{left - 4}" '
                     f'y="{y(value) + 4:.1f}" text-anchor="end">{value}</text>')
    for n in range(0, games + 1, max(1, -(-games // 10))):
        parts.append(f'<text x="{x(n):.1f}" y="{LINE_HEIGHT - 6}" '
                     f'text-anchor="middle">{first + n}</text>')
    apart = _apart(lines)
    for index, (name, line) in enumerate(zip(names, lines, strict=True)):
        at = [(x(n), y(v) + apart[index][n]) for n, v in enumerate(line)]
        points = " ".join(f"{px:.1f},{py:.1f}" for px, py in at)
        dash = f' stroke-dasharray="{DASHES[index]}"' if DASHES[index] else ""
        parts.append(f'<polyline points="{points}" fill="none" class="s{index}" '
                     f'stroke="{COLOURS[index]}" stroke-width="2.5"{dash}>'
                     f'<title>{escape(name)}</title></polyline>')
        parts.append(marks(index, at))
    parts.append("</svg>")
    return Markup("".join(parts))


def charts(records: GroupRecords) -> dict[str, object]:
    """The pictures of the group page (None where there is nothing to draw yet)."""
    phase_charts = []
    played = {id(p.edition): p.edition for p in records.phases if p.edition.house}
    for edition in (*editions.all_editions(), *played.values()):
        title = _("%(edition)s: rounds per completed phase",
                  edition=edition.says("name" if edition.house else "tag", _))
        phases = tuple(p for p in records.phases if p.edition is edition)
        if phases:
            phase_charts.append(PhaseChart(edition, phase_bars(phases, title), phases))
    shown = records.players[:MOST_LINES]
    names = [player.name for player in shown]
    starts = [player.won - sum(player.name in winners for winners in records.wins)
              for player in shown]
    wins = wins_chart(records.wins, names, _("Wins over time"), starts=starts,
                      first=records.wins_from) if records.wins else None
    return {"phases": phase_charts, "wins": wins, "names": names}
