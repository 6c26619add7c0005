"""What the seating search costs and how good the local search is (companion.scoring.seating).

    python -m benchmarks.seating [--trials 200]

Prints, per number of players, the median and slowest CPU time of one proposal over random
strengths and random pairs met earlier (a fifth of all pairs, as after one round of tables),
and, for 7 to 12 players where every seating is compared, how often the local search (forced
with ``exact_up_to=0``) finds a seating as good as the best of all, and how often it seats
more pairs together again than the best.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from companion.scoring import seating as scoring_seating


def instance(rng: random.Random, count: int) -> tuple[list[float], list[tuple[int, int]]]:
    strengths = [rng.uniform(-5, 35) for _ in range(count)]
    met = [(a, b) for a in range(count) for b in range(a + 1, count) if rng.random() < 0.2]
    return strengths, met


def timings(trials: int) -> None:
    rng = random.Random(45)
    print("players  median CPU ms  slowest CPU ms")
    for count in (6, 7, 10, 12, 13, 18, 24, 30, 36):
        spent = []
        for _ in range(trials):
            strengths, met = instance(rng, count)
            start = time.process_time()
            scoring_seating.seat(strengths, met)
            spent.append((time.process_time() - start) * 1000)
        print(f"{count:7}  {statistics.median(spent):13.1f}  {max(spent):14.1f}")


def quality(trials: int) -> None:
    rng = random.Random(46)
    print("players  local search as good as the best  more pairs again than the best")
    for count in range(7, 13):
        equal = worse_mixing = 0
        for _ in range(trials):
            strengths, met = instance(rng, count)
            best = scoring_seating.cost(scoring_seating.seat(strengths, met), strengths, met)
            local = scoring_seating.cost(scoring_seating.seat(strengths, met, exact_up_to=0),
                                         strengths, met)
            worse_mixing += local[0] > best[0]
            equal += local[0] == best[0] and local[1] <= best[1] + scoring_seating.EPSILON
        print(f"{count:7}  {equal / trials:31.1%}  {worse_mixing / trials:30.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=200)
    trials = parser.parse_args().trials
    timings(trials)
    quality(trials)


if __name__ == "__main__":
    main()
