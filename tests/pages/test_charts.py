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
