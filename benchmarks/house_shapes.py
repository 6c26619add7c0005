"""How many random house phases the editor accepts, and why it refuses the others.

    python -m benchmarks.house_shapes [--seed 35] [--count 150]

Phases of 1–3 parts, each a set, run, colour group or colour run of 2 to 6 cards, drawn with
a fixed seed, as a table composing house rules might: each is put to the house-rules checks
(``companion.editions.house.problems``) as a one-phase edition. Prints how many are accepted
and the refusals by reason; run it against an older checkout (its directory first on
``PYTHONPATH``) to compare.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from companion.editions import house
from companion.rules.phases import PartKind


def sample(seed: int, count: int) -> list[tuple[tuple[PartKind, int], ...]]:
    rng = random.Random(seed)
    return [tuple((rng.choice(list(PartKind)), rng.randint(2, 6))
                  for _ in range(rng.randint(1, 3))) for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--count", type=int, default=150)
    args = parser.parse_args()
    reasons: Counter[str] = Counter()
    accepted = 0
    for parts in sample(args.seed, args.count):
        found = house.problems(house.HouseRules("Sample", (parts,)))
        if not found:
            accepted += 1
            continue
        template = found[0][1].template
        reasons["more than the 10 dealt cards" if "dealt" in template else template] += 1
    print(f"{args.count} phases (seed {args.seed}): {accepted} accepted")
    for reason, count in reasons.most_common():
        print(f"  {count:>4} refused: {reason[:90]}")


if __name__ == "__main__":
    main()
