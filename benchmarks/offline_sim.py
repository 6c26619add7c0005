"""Thousands of random steps of phones at one table, against the production server.

    python -m benchmarks.offline_sim [--steps 3000] [--seed 1] [--postgres postgresql+psycopg://…]

Starts gunicorn from the repository root (gunicorn.conf.py's worker class, 4 workers) on a
fresh SQLite database, and on the PostgreSQL database given (emptied first), and runs
tests/kits/phones_sim.py: phones going offline at random, acting on old copies of the game,
adding, correcting and undoing rounds, answers lost at random, conflicts decided at random by
the offline queue's own rules (static/offline-sync.js, in Node). Prints what happened; the
last four lines (silent overwrites, lost, duplicated and still waiting entries) must be 0.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from tests.kits.phones_sim import PROMISE, simulate
from tests.kits.server import Server, wipe_database


def run(database: str, folder: Path, steps: int, seed: int) -> None:
    server = Server(database, folder / "instance").start()
    try:
        started = time.perf_counter()
        counts = simulate(server.url, steps, seed)
        seconds = time.perf_counter() - started
    finally:
        server.stop()
    kind = database.split(":", 1)[0]
    print(f"\n{kind}: {steps} steps in {seconds:.1f} s ({counts['requests']} writes sent)")
    for name, value in sorted(counts.items()):
        if name not in PROMISE:
            print(f"  {name:30} {value}")
    for name in PROMISE:
        print(f"  {name:30} {counts[name]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres", help="a PostgreSQL URL to run on too (emptied first)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        run(f"sqlite:///{folder}/bench.sqlite", Path(folder), options.steps, options.seed)
        if options.postgres:
            wipe_database(options.postgres)
            run(options.postgres, Path(folder), options.steps, options.seed)


if __name__ == "__main__":
    main()
