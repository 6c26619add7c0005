"""Time whole /api/outs requests on hard hands against the app's cheapest rejected request.

    python -m benchmarks.outs [--seed 10] [--repeat 3]

The hands are those of benchmarks/solver.py (``solver_core.hard_hands``: 11, 16 and 20
cards with 0, 3, 4 and 8 wilds, near misses from a narrow band of numbers, all 30 phases).
Each is sent as JSON to POST /api/outs through the app (Flask's test client, so the figures
are the app's own work without a network), once with its phase and once without (every
phase of its edition). The cheapest rejected request, a POST that is not JSON (415), is
measured in the same run, before and after. Prints median, p99 and worst in microseconds,
and each form's p99 as a ratio to the rejected request's median; the targets are at most 6
with a phase and at most 30 without.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import tempfile
from collections import Counter

from benchmarks.solver import percentile, timed
from benchmarks.solver_core import hard_hands
from companion import create_app
from companion.rules import format_cards

TARGETS = {"with a phase": 6, "every phase": 30}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    instance = tempfile.mkdtemp()
    os.environ["COMPANION_INSTANCE_PATH"] = instance
    app = create_app({"SECRET_KEY": "bench",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{instance}/bench.sqlite"})
    client = app.test_client()
    hands = hard_hands(args.seed)
    forms = {
        "with a phase": [json.dumps({"edition": phase.edition.key, "phase": phase.number,
                                     "hand": format_cards(hand)}) for phase, hand in hands],
        "every phase": [json.dumps({"edition": phase.edition.key, "hand": format_cards(hand)})
                        for phase, hand in hands],
    }

    def post(body: str):  # type: ignore[no-untyped-def]
        return lambda: client.post("/api/outs", data=body, content_type="application/json")

    def rejected() -> None:
        client.post("/api/outs", data="phase=1", content_type="text/plain")

    assert client.post("/api/outs", data="x", content_type="text/plain").status_code == 415
    shorts = Counter(json.loads(post(body)().get_data())["short"]
                     for body in forms["with a phase"])
    gc.collect()
    gc.freeze()
    reject_times = [timed(rejected, args.repeat) for _ in range(len(hands) // 4)]
    times = {name: [timed(post(body), args.repeat) for body in bodies]
             for name, bodies in forms.items()}
    reject_times += [timed(rejected, args.repeat) for _ in range(len(hands) // 4)]
    floor = statistics.median(reject_times)
    print(f"{len(hands)} hands (short: " + ", ".join(f"{short}: {count}" for short, count
                                                     in sorted(shorts.items()))
          + f"), seed {args.seed}, fastest of {args.repeat} calls each, in microseconds")
    print(f"{'request':<36}{'median':>8}{'p99':>8}{'worst':>8}{'p99/415':>9}")
    print(f"{'rejected (415, not JSON)':<36}{floor:>8.0f}{percentile(reject_times, .99):>8.0f}"
          f"{max(reject_times):>8.0f}")
    for name, spent in times.items():
        p99 = percentile(spent, 0.99)
        print(f"{'POST /api/outs ' + name:<36}{statistics.median(spent):>8.0f}{p99:>8.0f}"
              f"{max(spent):>8.0f}{p99 / floor:>9.2f}  (target <= {TARGETS[name]})")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
