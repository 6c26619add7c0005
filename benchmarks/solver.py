"""Time whole /api/check requests on hard hands against the app's cheapest rejected request.

    python -m benchmarks.solver [--seed 10] [--repeat 3]

Every hand of ``solver_core.hard_hands`` (11, 16 and 20 cards with 0, 3, 4 and 8 wilds,
near misses from a narrow band of numbers, all 30 phases) is sent as JSON to POST /api/check
through the app (Flask's test client, so the figures are the app's own work without a
network). The cheapest rejected request, a POST that is not JSON (415), is measured in the
same run. Prints median, p99 and worst per check in microseconds and the ratio of the check's
p99 to the rejected request's median; the target is a ratio of at most 4.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import tempfile
import time

from benchmarks.solver_core import hard_hands
from companion import create_app
from companion.rules import format_cards


def timed(call, repeat: int) -> float:  # type: ignore[no-untyped-def]
    """Fastest of ``repeat`` calls, in microseconds (the minimum filters scheduler noise)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter_ns()
        call()
        best = min(best, time.perf_counter_ns() - start)
    return best / 1000


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    os.environ["COMPANION_INSTANCE_PATH"] = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    client = app.test_client()
    bodies = [json.dumps({"edition": phase.edition.key, "phase": phase.number,
                          "hand": format_cards(hand)}) for phase, hand in hard_hands(args.seed)]

    def check(body: str):  # type: ignore[no-untyped-def]
        return lambda: client.post("/api/check", data=body, content_type="application/json")

    def rejected() -> None:
        client.post("/api/check", data="phase=1", content_type="text/plain")

    assert client.post("/api/check", data="x", content_type="text/plain").status_code == 415
    for body in bodies[:50]:  # warm up
        assert check(body)().status_code == 200
    gc.collect()
    gc.freeze()
    reject_times = [timed(rejected, args.repeat) for _ in range(len(bodies) // 4)]
    check_times = [timed(check(body), args.repeat) for body in bodies]
    reject_times += [timed(rejected, args.repeat) for _ in range(len(bodies) // 4)]
    floor = statistics.median(reject_times)
    p99 = percentile(check_times, 0.99)
    print(f"{len(bodies)} hands, fastest of {args.repeat} calls each, in microseconds")
    print(f"{'request':<34}{'median':>8}{'p99':>8}{'worst':>8}")
    print(f"{'rejected (415, not JSON)':<34}{floor:>8.0f}{percentile(reject_times, .99):>8.0f}"
          f"{max(reject_times):>8.0f}")
    print(f"{'POST /api/check with a hand':<34}{statistics.median(check_times):>8.0f}"
          f"{p99:>8.0f}{max(check_times):>8.0f}")
    print(f"p99 check / median rejected request = {p99 / floor:.2f} (target <= 4)")


if __name__ == "__main__":
    main()
