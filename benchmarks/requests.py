"""What a live sheet's requests cost, in-process, as ratios to the app's cheapest rejected one.

    python -m benchmarks.requests [--database URL] [--rounds 10] [--repeat 300]

Builds the app (SQLite in a temporary file unless ``--database`` names another), plays a
6-player game of ``--rounds`` rounds through the API, then times through Flask's test client
(no network, so the figures are the app's own work): the rejected request (a POST to /api/check
that is not JSON: 415), the poll that finds nothing new (GET /api/games/<id> with If-None-Match:
304), the game's JSON (200), the sheet page, and the sheet's content block that a phone
fetches after a change (/games/<id>/live). "Warm" means this revision was already replayed,
serialised and rendered in this process (every request after the first for a revision);
"cold" drops every kept sheet, JSON body and page before each request, as for the first
request after a change. Prints medians in microseconds and the ratio to the rejected
request's median, measured in the same run. Targets: poll <= 1.5, JSON <= 3, page <= 5.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import tempfile
import time
from collections.abc import Callable

from flask import Flask

from benchmarks.make_game import NAMES, round_body
from companion import create_app
from companion.cache import stores


def median_us(call: Callable[[], object], repeat: int) -> float:
    for _ in range(20):
        call()
    times = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        call()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1000


def play(client, rounds: int) -> dict:  # type: ignore[no-untyped-def]
    game = client.post("/api/games", json={"players": NAMES}).get_json()
    for number in range(rounds):
        answer = client.post(f"/api/games/{game['id']}/rounds", json=round_body(number))
        assert answer.status_code == 201, answer.get_json()
        game = answer.get_json()
    return dict(game)


def cold(call: Callable[[], object], app: Flask) -> Callable[[], object]:
    def run() -> object:
        stores.forget(app)
        return call()
    return run


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=300)
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    os.environ["COMPANION_INSTANCE_PATH"] = folder
    url = args.database or f"sqlite:///{folder}/bench.sqlite"
    client = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url}).test_client()
    game = play(client, args.rounds)
    key, etag = game["id"], f'"r{game["revision"]}e"'
    assert client.get(f"/api/games/{key}", headers={"If-None-Match": etag}).status_code == 304
    assert client.post("/api/check", data="x", content_type="text/plain").status_code == 415
    requests: dict[str, Callable[[], object]] = {
        "rejected (415, not JSON)": lambda: client.post("/api/check", data="x",
                                                        content_type="text/plain"),
        "poll, nothing new (304)": lambda: client.get(f"/api/games/{key}",
                                                      headers={"If-None-Match": etag}),
        "game JSON, warm": lambda: client.get(f"/api/games/{key}"),
        "sheet page, warm": lambda: client.get(f"/games/{key}"),
        "sheet content block, warm": lambda: client.get(f"/games/{key}/live"),
    }
    requests["game JSON, cold"] = cold(requests["game JSON, warm"], client.application)
    requests["sheet page, cold"] = cold(requests["sheet page, warm"], client.application)
    gc.collect()
    gc.freeze()
    floor = median_us(requests["rejected (415, not JSON)"], args.repeat)
    print(f"{url.split(':')[0]}, a 6-player game of {args.rounds} rounds; medians of "
          f"{args.repeat} requests, in microseconds")
    print(f"{'request':<30}{'median':>8}{'ratio':>8}")
    for name, call in requests.items():
        took = floor if name.startswith("rejected") else median_us(call, args.repeat)
        print(f"{name:<30}{took:>8.0f}{took / floor:>8.1f}")
    print("targets: poll <= 1.5, game JSON <= 3, sheet page <= 5 (ratios to the rejected request)")


if __name__ == "__main__":
    main()
