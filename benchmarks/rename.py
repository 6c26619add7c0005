"""Renaming a player in a group of 100 and of 1,000 finished games, as a ratio.

    python -m benchmarks.rename [--repeat 20]

Builds both groups in a temporary SQLite database (rows written directly, the tallies kept as
the services keep them, as tests/groups/test_group_rename.py does), then times ``rename`` back and
forth: the medians and their ratio. A rename reads the group's tallies and the players of its
games in progress, never the finished games, so the target is a ratio near 1 (at most 2).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

from companion import create_app
from companion.infra.extensions import db
from companion.services import groups
from tests.kits.group_games import long_group
from tests.kits.units import discarded


def median_rename(size: int, repeat: int) -> float:
    found = long_group(size)
    spent = []
    with discarded():  # looked at, then rolled back
        for turn in range(repeat):
            old, new = ("Ann", "Anna") if turn % 2 == 0 else ("Anna", "Ann")
            started = time.perf_counter()
            groups.rename(found, old, new)
            spent.append(time.perf_counter() - started)
    return statistics.median(spent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    repeat = parser.parse_args().repeat
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/rename.sqlite",
                          "SECRET_KEY": "bench"})
        with app.app_context():
            small, large = (median_rename(size, repeat) for size in (100, 1000))
            db.engine.dispose()
    print(f"rename at 100 games    {small * 1000:6.2f} ms")
    print(f"rename at 1,000 games  {large * 1000:6.2f} ms   {large / small:.2f}x (target <= 2)")


if __name__ == "__main__":
    main()
