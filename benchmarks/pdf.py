"""How long the printable sheets take: a blank sheet and a 6-player, 30-round game's sheet.

Run from the repository root: ``python -m benchmarks.pdf``. Target: under 50 ms each
(median). The worst run is usually one of Python's full garbage collections, which scan
the ~80 000 objects the imported libraries keep alive; the second pass freezes those
(``gc.freeze()``, as a server may do after start-up) to show the sheets' own cost.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from datetime import date

RUNS = 20
TARGET_MS = 50


def measure(render: Callable[[], bytes]) -> tuple[float, float]:
    """(median, worst) of RUNS renders in milliseconds, after one untimed warm-up."""
    render()
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        render()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def main() -> int:
    from companion import editions, scoring
    from companion.pdf import BlankOptions, GameInfo, blank_sheet, game_sheet
    from companion.scoring import Result, Round, Setup

    players = ("Anna", "Ben", "Cleo", "Dan", "Eva", "Finn")
    sheet = scoring.build_sheet(Setup(editions.get("original"), players), [])
    for number in range(30):
        results = tuple(Result(name, True, 0, True) if seat == number % 6
                        else Result(name, False, 50 + 5 * seat)
                        for seat, name in enumerate(players))
        sheet = scoring.add_round(sheet, Round(results), confirm=True)
    info = GameInfo(date(2025, 5, 1), "https://companion.example/games/" + "k" * 43)

    cases = {
        "blank sheet, 6 players": lambda: blank_sheet(BlankOptions(names=("",) * 6)),
        "game sheet, 6 players, 30 rounds": lambda: game_sheet(sheet, info),
    }
    slow = False
    for heading in ("default garbage collector", "after gc.freeze()"):
        print(heading)
        for name, render in cases.items():
            median, worst = measure(render)
            slow |= median >= TARGET_MS
            print(f"  {name:34} median {median:6.1f} ms   worst {worst:6.1f} ms   ({RUNS} runs)")
        gc.collect()
        gc.freeze()
    return 1 if slow else 0


if __name__ == "__main__":
    raise SystemExit(main())
