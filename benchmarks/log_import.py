"""Importing a BG Stats log and a BoardGameGeek plays XML of 200 Phase 10 plays (3–6 players,
plus as many plays of other games), and exporting the group again as a BG Stats file.

    python -m benchmarks.log_import [--plays 200]

Each import is one request to ``POST /api/import`` on a temporary SQLite database; the figures
are the request's wall time and the file's size. Every play becomes a game known by its final
result (no rounds to replay), so the cost per game is its rows and its share of the records.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time

from companion import create_app
from tests.kits.logs import bgstats, play


def bgstats_file(plays: int) -> dict[str, object]:
    rng = random.Random(44)
    names = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]
    found = []
    for number in range(plays * 2):
        seated = rng.sample(range(1, len(names) + 1), rng.randint(3, 6))
        scores = [(player, str(5 * rng.randint(0, 60)), None, seat == 0)
                  for seat, player in enumerate(seated)]
        day = 1 + number % 28
        found.append(play(scores, game=1 if number % 2 == 0 else 2,
                          date=f"2026-02-{day:02d} 19:{number % 60:02d}:00"))
    return bgstats(found, players=names)


def bgg_file(plays: int) -> bytes:
    rng = random.Random(45)
    rows = []
    for number in range(plays):
        players = "".join(
            f'<player name="P{seat}" score="{5 * rng.randint(0, 60)}" win="{int(seat == 0)}" '
            f'startposition="{seat + 1}"/>' for seat in range(rng.randint(3, 6)))
        rows.append(f'<play id="{number}" date="2026-02-{1 + number % 28:02d}" quantity="1" '
                    f'length="60" incomplete="0"><item name="Phase 10" objectid="1258"/>'
                    f'<players>{players}</players></play>')
    return f'<?xml version="1.0"?><plays>{"".join(rows)}</plays>'.encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=200)
    plays = parser.parse_args().plays
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/logs.sqlite",
                          "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False})
        client = app.test_client()
        data = bgstats_file(plays)
        size = len(json.dumps(data))
        started = time.perf_counter()
        answer = client.post("/api/import", json=data)
        bgstats_s = time.perf_counter() - started
        assert answer.status_code == 201, answer.get_json()
        group = answer.get_json()
        started = time.perf_counter()
        exported = client.get(f"/api/groups/{group['view_id']}/export?format=bgstats")
        export_s = time.perf_counter() - started
        xml = bgg_file(plays)
        started = time.perf_counter()
        answer = client.post("/api/import", data=xml, content_type="application/xml")
        bgg_s = time.perf_counter() - started
        assert answer.status_code == 201, answer.get_json()
    print(f"BG Stats file, {plays} Phase 10 plays of {plays * 2} ({size / 1024:.0f} KB): "
          f"import {bgstats_s:.2f} s ({bgstats_s / plays * 1000:.1f} ms a game), "
          f"skipped {group['skipped']}")
    print(f"the group as a BG Stats file ({len(exported.data) / 1024:.0f} KB): "
          f"export {export_s:.2f} s")
    print(f"BoardGameGeek XML, {plays} plays ({len(xml) / 1024:.0f} KB): import {bgg_s:.2f} s")


if __name__ == "__main__":
    main()
