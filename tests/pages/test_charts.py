"""The sheet's chart (companion.display.charts): one line per player, from where they joined."""

from __future__ import annotations

import re

from companion import editions
from companion.display.charts import LEFT, RIGHT, WIDTH, progress_chart
from companion.scoring import Setup
from tests.kits.results import laid, missed, out, play

ORIGINAL = editions.get("original")


def lines(svg: str) -> dict[str, list[tuple[float, float]]]:
    """Each player's polyline points, by the player's name in its title."""
    found = re.findall(r'<polyline points="([^"]*)"[^>]*><title>([^<]*)</title>', svg)
    return {name: [tuple(map(float, xy.split(","))) for xy in points.split()]  # type: ignore[misc]
            for points, name in found}


def x_of(number: int, rounds: int) -> float:
    return round(LEFT + number / rounds * (WIDTH - RIGHT - LEFT), 1)


def test_a_late_joiners_line_starts_at_the_round_they_joined_with_their_total() -> None:
    sheet = play(Setup(ORIGINAL, ("Ann", "Ben", "Cy"), joined=(1, 1, 3)),
                 (out("Ann"), missed("Ben", 60)), (out("Ann"), laid("Ben", 40)),
                 (out("Ann"), laid("Ben", 5), missed("Cy", 20)))
    drawn = lines(str(progress_chart(sheet, "totals")))
    assert [x for x, _y in drawn["Ann"]] == [x_of(n, 3) for n in range(4)]
    assert [x for x, _y in drawn["Cy"]] == [x_of(n, 3) for n in (2, 3)]
    # Cy joins on Ben's 100 points after round 2: the line starts level with Ben's there.
    assert drawn["Cy"][0] == drawn["Ben"][2]
    assert drawn["Cy"][1][1] < drawn["Ben"][3][1]  # 120 is above 105


def test_a_joiner_before_any_round_played_since_is_a_single_point() -> None:
    sheet = play(Setup(ORIGINAL, ("Ann", "Ben", "Cy"), joined=(1, 1, 2)),
                 (out("Ann"), missed("Ben", 60)))
    drawn = lines(str(progress_chart(sheet, "totals")))
    assert drawn["Cy"] == [drawn["Ben"][1]]


def shapes(svg: str) -> dict[str, str]:
    """Each line's marks (path data) by the line's class, s0 … s5."""
    return {cls: data for data, cls in re.findall(r'<path d="([^"]*)" class="dot (s\d)"', svg)}


SIX = ("Anna", "Ben", "李雷", "Dmitri", "Eve", "Fay")


def test_each_line_has_its_own_shape_on_every_point() -> None:
    sheet = play(Setup(ORIGINAL, SIX), *[(out(SIX[n % 6]), *(missed(name, 50 + 5 * n)
                                          for name in SIX if name != SIX[n % 6]))
                                         for n in range(5)])
    svg = str(progress_chart(sheet, "totals"))
    drawn, marked = lines(svg), shapes(svg)
    assert set(marked) == {f"s{n}" for n in range(6)}
    # Told apart without colour: no two players' marks are drawn alike (relative to their
    # first point), and each line has a mark on each of its 6 points.
    outlines = set()
    for index, name in enumerate(SIX):
        x0, y0 = drawn[name][0]
        data = marked[f"s{index}"]
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", data)]
        first = re.split(r"(?=M)", data)[1]
        # Its commands, and where it starts from its point (the two triangles differ there).
        outlines.add((re.sub(r"-?\d+(\.\d+)?", "#", first),
                      round(numbers[0] - x0), round(numbers[1] - y0)))
        assert data.count("M") == 6 * (2 if index == 5 else 1), name  # the cross: 2 strokes
        assert abs(numbers[0] - x0) < 6 and abs(numbers[1] - y0) < 6, name
    assert len(outlines) == 6


def test_a_long_game_marks_at_most_sixteen_points_and_always_the_last() -> None:
    from companion.display.charts import MOST_MARKS, marks

    points = [(float(n), 10.0) for n in range(40)]
    drawn = marks(0, points)
    starts = [float(x) for x in re.findall(r"M(-?\d+\.\d+),", drawn)]
    assert len(starts) <= MOST_MARKS + 1
    assert starts[-1] == 39 - 3.5  # the circle starts its radius left of the last point


def test_dark_mode_fills_every_players_marks_in_the_lines_colour() -> None:
    from pathlib import Path

    css = (Path(__file__).parents[2] / "static" / "app.css").read_text()
    dark = css[css.index("@media (prefers-color-scheme: dark) {\n  .s0"):]
    dark = dark[:dark.index("\n}")]
    for n in range(6):
        stroke = re.search(rf"\.s{n} {{ stroke: (#[0-9a-f]+); }}", dark)
        fill = re.search(rf"\.dot\.s{n} {{ fill: (#[0-9a-f]+); }}", dark)
        assert stroke and fill and stroke.group(1) == fill.group(1), n
