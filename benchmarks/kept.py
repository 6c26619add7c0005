"""What a kept sheet really costs against what the one byte budget charges for it.

    python -m benchmarks.kept

companion.cache.stores weighs a sheet by an estimate (SHEET_BYTES and LINE_BYTES per player
and round). This replays card games of several sizes and prints, for each, the memory
tracemalloc sees the sheet take and the ratio of the estimate to it: a ratio near or above 1
means the budget holds what it says (below 1: the estimate is short and a process keeps
more than KEPT_BYTES).
"""

from __future__ import annotations

import gc
import random
import tracemalloc

from companion import editions
from companion.cache import stores
from companion.scoring import Result, Round, Setup, Sheet, build_sheet

SIZES = ((2, 5), (2, 18), (4, 30), (6, 20), (6, 50))


def rounds(players: tuple[str, ...], count: int, seed: int) -> list[Round]:
    """``count`` rounds in which only the player going out lays a phase (a long game)."""
    chance = random.Random(seed)
    played = []
    for number in range(count):
        out = number % len(players)
        played.append(Round(tuple(
            Result(name, laid=seat == out,
                   points=0 if seat == out else chance.choice((5, 10, 25, 50)),
                   went_out=seat == out)
            for seat, name in enumerate(players))))
    return played


def measured(setup: Setup, played: list[Round]) -> tuple[Sheet, int]:
    gc.collect()
    tracemalloc.start()
    try:
        sheet = build_sheet(setup, played)
        size = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return sheet, size


def main() -> None:
    print(f"{'players':>7} {'rounds':>6} {'measured':>9} {'charged':>8} {'ratio':>6}")
    for count, (seats, length) in enumerate(SIZES):
        players = tuple(f"Player {seat + 1}" for seat in range(seats))
        setup = Setup(editions.get("original"), players)
        sheet, size = measured(setup, rounds(players, length, count))
        charged = stores.sheet_bytes(sheet)
        print(f"{seats:>7} {length:>6} {size:>9} {charged:>8} {charged / size:>6.2f}")


if __name__ == "__main__":
    main()
