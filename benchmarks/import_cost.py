"""What an import costs next to the export of the same group (issue 44).

    python -m benchmarks.import_cost [--games 200] [--repeat 3] [--database URL]

A group of ``--games`` games (3 to 6 players, every edition, about ten rounds a game: the
made-up group of tests/kits/group_file.py) is imported once through the app (Flask's test
client), so that it is the app's own export. Then, each the fastest of ``--repeat``, in CPU
seconds of this process (the database's own work on PostgreSQL not included; SQLite's is):

- GET /api/groups/<key>/export, and POST /api/import of the file it wrote: the ratio is the
  figure to keep at most 2;
- an 8 MB file of the longest games (2,000 rounds of 6 players each, as many as fit): its
  answer and its wall time;
- a file listing 100,000 players in one game: its refusal and its time.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from collections.abc import Callable
from typing import Any

from companion import create_app
from companion.limits import IMPORT_MAX_BYTES
from tests.kits.group_file import group_file, longest_games


def cpu(call: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """(CPU seconds, wall seconds, answer) of the fastest of ``repeat`` calls."""
    best: tuple[float, float, Any] | None = None
    for _ in range(repeat):
        wall, began = time.perf_counter(), time.process_time()
        answer = call()
        found = (time.process_time() - began, time.perf_counter() - wall, answer)
        if best is None or found[0] < best[0]:
            best = found
    assert best is not None
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--database", default=None)
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    os.environ["COMPANION_INSTANCE_PATH"] = folder
    url = args.database or f"sqlite:///{folder}/bench.sqlite"
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url,
                      "RATELIMIT_ENABLED": False})
    client = app.test_client()

    def post(body: bytes) -> Any:
        return client.post("/api/import", data=body, content_type="application/json")

    made = group_file(args.games)
    first = post(json.dumps(made).encode())
    assert first.status_code == 201, first.get_json()
    key = first.get_json()["id"]
    exported = cpu(lambda: client.get(f"/api/groups/{key}/export"), args.repeat)
    body = exported[2].get_data()
    games = json.loads(body)["group"]["games"]
    rounds = sum(len(game["rounds"]) for game in games)
    imported = cpu(lambda: post(body), args.repeat)
    assert imported[2].status_code == 201, imported[2].get_json()
    print(f"group: {len(games)} games, {rounds} rounds, {len(body) / 1024:.0f} KB")
    print(f"export: {exported[0]:.2f} s CPU ({exported[1]:.2f} s)")
    print(f"import: {imported[0]:.2f} s CPU ({imported[1]:.2f} s)")
    print(f"import / export: {imported[0] / exported[0]:.1f} (target: at most 2)")

    largest = longest_games(IMPORT_MAX_BYTES)
    big = json.dumps(largest, separators=(",", ":")).encode()
    answer = cpu(lambda: post(big), 1)
    big_rounds = sum(len(game["rounds"]) for game in largest["group"]["games"])
    print(f"8 MB file ({len(big) / 2 ** 20:.1f} MB, {big_rounds} rounds): "
          f"{answer[2].status_code} in {answer[1]:.2f} s ({answer[0]:.2f} s CPU)")

    crowd = {"format": "phase10-companion", "version": 1, "kind": "group", "group": {
        "name": "Crowd", "games": [{"players": [f"P{n}" for n in range(100_000)],
                                    "rounds": []}]}}
    answer = cpu(lambda: post(json.dumps(crowd).encode()), 1)
    print(f"100,000 players: {answer[2].status_code} in {answer[1]:.2f} s "
          f"({answer[0]:.2f} s CPU): {answer[2].get_json()['error']}")


if __name__ == "__main__":
    main()
