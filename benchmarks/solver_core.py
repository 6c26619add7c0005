"""Time the hand solver alone on hard hands: every phase of every edition, hands of 11, 16
and 20 cards with 0, 3, 4 or 8 wilds, their numbers drawn from a narrow band so that a
lay-down is often one card away.

    python -m benchmarks.solver_core [--seed 10] [--repeat 3]

Prints the median, 99th percentile and worst time of one ``solve`` call in microseconds,
per phase, per kind of phase and overall. Each hand is solved ``--repeat`` times and counts
with its fastest call, which keeps other processes' noise out of the tail; the last line
gives the figures over every call, noise included, and the load average while measuring.
``hard_hands`` is shared with the API benchmark.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import defaultdict

from companion import editions
from companion.rules import WILD, Card, Colour, Phase, solve

SIZES = (11, 16, 20)
WILDS = (0, 3, 4, 8)
HANDS_PER_CASE = 10
TRIES = 40


def hard_hands(seed: int = 10) -> list[tuple[Phase, list[Card]]]:
    """Ten hands per phase, hand size and wild count, the same for the same seed.

    Each hand's naturals come from 4–6 consecutive numbers (at most two of each number and
    colour, as in the deck). Where one can be found within a few tries, a hand is a near
    miss: no lay-down, but one more wild would make one; these are the slowest to answer.
    """
    rng = random.Random(seed)
    hands = []
    for phases in (edition.phases for edition in editions.all_editions()):
        for phase in phases:
            for size in SIZES:
                for wilds in WILDS:
                    for _ in range(HANDS_PER_CASE):
                        hands.append((phase, _near_miss(rng, phase, size, wilds)))
    return hands


def _near_miss(rng: random.Random, phase: Phase, size: int, wilds: int) -> list[Card]:
    hand = _band_hand(rng, size, wilds)
    for _ in range(TRIES):
        if not solve(phase, hand).valid and solve(phase, [*hand[:-1], WILD]).valid:
            break
        hand = _band_hand(rng, size, wilds)
    return hand


def _band_hand(rng: random.Random, size: int, wilds: int) -> list[Card]:
    width = rng.randint(4, 6)
    low = rng.randint(1, 13 - width)
    deck = [Card.natural(number, colour) for number in range(low, low + width)
            for colour in Colour for _ in range(2)]
    hand = rng.sample(deck, size - wilds) + [WILD] * wilds
    rng.shuffle(hand)
    return hand


def shape(phase: Phase) -> str:
    kinds = {part.kind.value for part in phase.parts}
    return " + ".join(sorted(kinds))


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    hands = hard_hands(args.seed)
    solved = sum(solve(phase, hand).valid for phase, hand in hands)
    near = sum(not solve(phase, hand).valid and solve(phase, [*hand[:-1], WILD]).valid
               for phase, hand in hands)
    calls: list[list[float]] = [[] for _ in hands]
    for _ in range(args.repeat):
        for spent, (phase, hand) in zip(calls, hands, strict=True):
            start = time.perf_counter_ns()
            solve(phase, hand)
            spent.append((time.perf_counter_ns() - start) / 1000)
    times: dict[Phase, list[float]] = defaultdict(list)
    for spent, (phase, _) in zip(calls, hands, strict=True):
        times[phase].append(min(spent))
    print(f"{len(hands)} hands: {solved} hold a lay-down, {near} are near misses "
          f"(none, but one with a wild for one card); seed {args.seed}, "
          f"Python {sys.version.split()[0]}, fastest of {args.repeat} calls per hand")
    row = "{:<45} {:>7} {:>7} {:>7}"
    print(row.format("phase", "median", "p99", "worst") + "   (µs per solve)")
    groups: dict[str, list[float]] = defaultdict(list)
    for phase, spent in times.items():
        name = f"{phase.edition.key} {phase.number}: {phase.describe()}"
        print(row.format(name, *_figures(spent)))
        groups[shape(phase)].extend(spent)
    print()
    for name, spent in sorted(groups.items()):
        print(row.format(name, *_figures(spent)))
    everything = [value for spent in times.values() for value in spent]
    print(row.format("overall", *_figures(everything)))
    every_call = [value for spent in calls for value in spent]
    print(row.format("overall, every call", *_figures(every_call)),
          f"  (load average {os.getloadavg()[0]:.1f})")


def _figures(times: list[float]) -> list[str]:
    return [f"{value:.0f}" for value in (statistics.median(times), percentile(times, 0.99),
                                         max(times))]


if __name__ == "__main__":
    main()
