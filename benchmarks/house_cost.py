"""What house rules of the costliest shapes cost: storing an edition, and its first check.

    python -m benchmarks.house_cost [--hands 20] [--seed 35]

For each candidate shape, an edition of twelve phases of that shape (the most an edition
may have) is stored through POST /api/editions, then a fresh copy of the app (nothing
planned, nothing cached: a new worker) answers POST /api/check and POST /api/outs with hands
of 11 cards near the phase, the first answer timed on its own. The same requests with a
built-in edition's phase 1 are the yardstick: figures are printed in milliseconds and as
ratios to the built-in check's median. The issue's bound is 0.5 s for storing and for the
first check on a 2-core machine, worst shape included.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from typing import Any

from companion import create_app
from companion.rules import solver

SHAPES: dict[str, list[tuple[str, int]]] = {
    "3 runs (3+3+4)": [("run", 3), ("run", 3), ("run", 4)],
    "5 runs of 2": [("run", 2)] * 5,
    "5 colour runs of 2": [("colour run", 2)] * 5,
    "3 colour runs (3+3+4)": [("colour run", 3), ("colour run", 3), ("colour run", 4)],
    "5 colour groups of 2": [("colour", 2)] * 5,
    "set+run+colour+colour run+set": [("set", 2), ("run", 2), ("colour", 2),
                                      ("colour run", 2), ("set", 2)],
    "2 runs + 2 sets": [("run", 3), ("run", 3), ("set", 2), ("set", 2)],
    "run 9 + colour 1": [("run", 8), ("colour", 2)],
}
COLOURS = "rgby"


def fresh_app() -> Any:
    """A new app, as a new worker would be, with the solver's plans forgotten."""
    solver.strategy_for.cache_clear()
    solver._deck_holds.cache_clear()
    return create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": DATABASE})


def hand_near(rng: random.Random) -> list[str]:
    """11 cards from a band of numbers in random colours, a wild now and then."""
    low = rng.randint(1, 6)
    cards: list[str] = []
    while len(cards) < 11:
        card = f"{rng.randint(low, low + 6)}{rng.choice(COLOURS)}"
        if cards.count(card) < 2:
            cards.append(card)
    if rng.random() < 0.5:
        cards[-1] = "W"
    return cards


def ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def post(client: Any, url: str, body: dict[str, Any]) -> float:
    start = time.perf_counter()
    response = client.post(url, json=body)
    took = ms(start)
    assert response.status_code in (200, 201), (url, response.get_json())
    return took


def measure(name: str, parts: list[tuple[str, int]], hands: list[list[str]]
            ) -> tuple[float, float, float, float]:
    """(store, first check, first outs, worst later check) in milliseconds."""
    app = fresh_app()
    with app.app_context():
        client = app.test_client()
        definition = {"name": name[:40], "values": {"wild": 25},
                      "phases": [[{"kind": kind, "size": size} for kind, size in parts]] * 12}
        start = time.perf_counter()
        response = client.post("/api/editions", json=definition)
        store = ms(start)
        assert response.status_code == 201, response.get_json()
        key = response.get_json()["edition"]
    app = fresh_app()
    with app.app_context():
        client = app.test_client()
        first = post(client, "/api/check", {"edition": key, "phase": 12, "hand": hands[0]})
        outs = post(client, "/api/outs", {"edition": key, "phase": 12, "hand": hands[0]})
        later = max(post(client, "/api/outs", {"edition": key, "phase": 12, "hand": hand})
                    for hand in hands[1:])
    return store, first, outs, later


def yardstick(hands: list[list[str]]) -> float:
    """The median check of a built-in edition's phase 1, in milliseconds."""
    app = fresh_app()
    with app.app_context():
        client = app.test_client()
        post(client, "/api/check", {"edition": "original", "phase": 1, "hand": hands[0]})
        return statistics.median(post(client, "/api/check", {"edition": "original",
                                                             "phase": 1, "hand": hand})
                                 for hand in hands)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=35)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [hand_near(rng) for _ in range(args.hands)]
    base = yardstick(hands)
    print(f"built-in check (original phase 1), median: {base:.1f} ms")
    print(f"{'shape (12 phases of it)':<32}{'store':>9}{'1st check':>11}{'1st outs':>10}"
          f"{'worst outs':>12}   (ms; ratio to the built-in check)")
    worst: tuple[float, str] = (0.0, "")
    for name, parts in SHAPES.items():
        store, first, outs, later = measure(name, parts, hands)
        worst = max(worst, (max(store, first), name))
        print(f"{name:<32}{store:>9.0f}{first:>11.0f}{outs:>10.0f}{later:>12.0f}   "
              f"({store / base:.0f}x, {first / base:.0f}x, {outs / base:.0f}x, "
              f"{later / base:.0f}x)")
    print(f"worst store or first check: {worst[1]}, {worst[0]:.0f} ms "
          f"({worst[0] / base:.0f}x the built-in check; bound 500 ms)")


DATABASE = "sqlite:///" + os.path.join(tempfile.mkdtemp(), "bench.db")
os.environ.setdefault("COMPANION_INSTANCE_PATH", tempfile.mkdtemp())

if __name__ == "__main__":
    main()
