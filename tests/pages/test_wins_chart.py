"""The group page's "Wins over time": lines of players with the same wins (none yet, say)
are drawn side by side, not on top of each other (issue 36)."""

from __future__ import annotations

import re

from companion.display.group_charts import APART, wins_chart


def lines_of(svg: str) -> dict[str, list[tuple[float, float]]]:
    found = re.findall(r'<polyline points="([^"]+)"[^>]*><title>([^<]+)</title>', svg)
    return {name: [tuple(map(float, point.split(","))) for point in points.split()]
            for points, name in found}


def test_lines_of_players_without_wins_do_not_lie_on_top_of_each_other() -> None:
    wins = [("Ann",), ("Ann",), ("Ben",)]
    lines = lines_of(str(wins_chart(wins, ["Ann", "Ben", "Cem", "Dee"], "Wins")))
    assert lines["Cem"] != lines["Dee"]  # neither won a game
    for (_x, cem), (_x2, dee) in zip(lines["Cem"], lines["Dee"], strict=True):
        assert abs(cem - dee) == APART
    # Before the third game Ben had no wins either: three lines spread at that point.
    at_second = sorted(lines[name][2][1] for name in ("Ben", "Cem", "Dee"))
    assert at_second[1] - at_second[0] == at_second[2] - at_second[1] == APART


def test_a_line_alone_at_its_value_is_drawn_at_its_value() -> None:
    lines = lines_of(str(wins_chart([("Ann",), ("Ben",)], ["Ann", "Ben"], "Wins")))
    # After game 1 Ann has 1 and Ben 0: each alone at its value; at the start and at the end
    # both are level (0, then 1), drawn apart by the same step around it.
    assert lines["Ann"][1][1] < lines["Ben"][1][1]
    assert lines["Ann"][0][1] + APART == lines["Ben"][0][1]
    middle = (lines["Ann"][2][1] + lines["Ben"][2][1]) / 2
    assert middle not in (lines["Ann"][2][1], lines["Ben"][2][1])


def test_each_players_line_carries_its_own_shape_on_its_points() -> None:
    names = ["Anna", "Ben", "李雷", "Dee"]
    svg = str(wins_chart([("Anna",), ("Ben",), ("李雷",)], names, "Wins"))
    lines = lines_of(svg)
    marks = dict(re.findall(r'<path d="([^"]*)" class="dot s(\d)"', svg)[i][::-1]
                 for i in range(len(names)))
    for index, name in enumerate(names):
        data = marks[str(index)]
        first = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", data)[:2]]
        assert data.count("M") == len(lines[name]), name  # one shape per game, and the start
        x, y = lines[name][0]
        assert abs(first[0] - x) < 6 and abs(first[1] - y) < 6, name
    # Ben's and 李雷's lines (alike in dark mode's colours) differ in shape and dashes.
    assert marks["1"].count("h") == 2 * len(lines["Ben"]) and "h" not in marks["2"]  # squares
    assert re.search(r'class="s1"[^>]*stroke-dasharray="6 3"', svg)
    assert re.search(r'class="s2"[^>]*stroke-dasharray="2 3"', svg)
