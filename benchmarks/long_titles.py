"""What a long house-rules name costs the drawings (issue 31): the filled sheet, the blank
sheet and the standings picture of a house edition named with 40 keycap sequences, each as a
ratio to the same drawing for a short name ("Family").

    python -m benchmarks.long_titles [--repeat 5]

Runs the app in-process on a temporary SQLite database (no server); each figure is the
best of ``--repeat`` first drawings (a new game each time: drawings are kept per revision).
A ratio near 1 means the title's fitting (shrink, then a bisected cut) costs next to nothing.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

from companion import create_app

LONG = "1\ufe0f\u20e3" * 40
RESULTS = [{"player": "Ann", "phase": True, "points": 0, "went_out": True},
           {"player": "Ben", "phase": False, "points": 75}]


def paths(client, name: str) -> list[str]:  # type: ignore[no-untyped-def]
    made = client.post("/api/editions", json={"name": name,
                                              "phases": [[{"kind": "set", "size": 3}]]})
    key = made.get_json()["edition"]
    game = client.post("/api/games", json={"players": ["Ann", "Ben"], "edition": key}).get_json()
    client.post(f"/api/games/{game['id']}/rounds", json={"results": RESULTS})
    return [f"/games/{game['id']}/sheet.pdf", f"/print/blank.pdf?edition={key}",
            f"/games/{game['id']}/standings.png"]


def first_draws(client, name: str) -> list[float]:  # type: ignore[no-untyped-def]
    """Each drawing's first request for a new game (later ones are kept, not drawn)."""
    times = []
    for path in paths(client, name):
        started = time.perf_counter()
        answer = client.get(path)
        times.append(time.perf_counter() - started)
        assert answer.status_code == 200, (path, answer.status_code)
    return times


def best(client, name: str, repeat: int) -> list[float]:  # type: ignore[no-untyped-def]
    rounds = [first_draws(client, name) for _ in range(repeat)]
    return [min(times) for times in zip(*rounds, strict=True)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    folder = tempfile.mkdtemp()
    os.environ["COMPANION_INSTANCE_PATH"] = folder
    app = create_app({"SECRET_KEY": "b", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/b.db",
                      "RATELIMIT_ENABLED": False})
    client = app.test_client()
    first_draws(client, "Warm-up")  # fonts loaded once
    short = best(client, "Family", repeat)
    long = best(client, LONG, repeat)
    for label, base, cost in zip(("sheet.pdf", "blank.pdf", "standings.png"), short, long,
                                 strict=True):
        print(f"{label:14} short {base * 1000:7.1f} ms  40 keycaps {cost * 1000:7.1f} ms  "
              f"ratio {cost / base:4.2f}")


if __name__ == "__main__":
    main()
