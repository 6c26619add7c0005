"""Does a request cost more on a long game? Times against a real gunicorn (tests/kits/server.py).

    python -m benchmarks.history [--database URL] [--long 1990] [--imports 100,1000,5000]

Everything is printed as a ratio to the cheapest rejected request in the same run (a POST to
/api/check that is not JSON: 415). Two players reach phase 10 together with the same points
and then tie in every tie-break (both lay again with 0 points) until round 2,000, the last a
game may have (limits.MAX_ROUNDS); the long game leaves room for the POSTs timed on it.

- per game (5 rounds and ``--long`` rounds, both imported): a round POST, then the game JSON,
  the live poll, the sheet page and the filled PDF of the revision it made (each the median
  of ``--repeat`` such turns: the first read of a new revision is what a table pays);
- an import of 100 / 1,000 / 5,000 rounds: milliseconds per round (5,000: the refusal).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from tests.kits.server import Server, database_url, wipe_database

PLAYERS = ("Ann", "Ben")


def result(seat: int, number: int) -> dict[str, Any]:
    """Round ``number`` (from 0): Ann and Ben take turns going out; both lay their phase.
    Until phase 10 the other holds 10 points; in the tie-break nobody holds any."""
    out = seat == number % 2
    points = 0 if out or number >= 10 else 10
    return {"player": PLAYERS[seat], "phase": True, "points": points, "went_out": out}


def round_body(number: int) -> dict[str, Any]:
    return {"results": [result(seat, number) for seat in range(2)], "confirm": True}


def game_file(rounds: int) -> dict[str, Any]:
    return {"format": "phase10-companion", "version": 1, "kind": "game",
            "game": {"players": list(PLAYERS), "rounds": [round_body(n) for n in range(rounds)]}}


def request(base: str, method: str, path: str, body: Any = None,
            kind: str = "application/json") -> tuple[int, bytes, float]:
    """(status, body, milliseconds) of one request."""
    data = body if body is None or isinstance(body, bytes) else json.dumps(body).encode()
    call = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        call.add_header("Content-Type", kind)
    began = time.perf_counter()
    try:
        with urllib.request.urlopen(call, timeout=600) as answer:
            status, raw = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    return status, raw, (time.perf_counter() - began) * 1000


def rejected(base: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        status, _raw, ms = request(base, "POST", "/api/check", b"x", "text/plain")
        assert status == 415, status
        times.append(ms)
    return statistics.median(times)


def imported(base: str, rounds: int) -> tuple[int, Any, float]:
    status, raw, ms = request(base, "POST", "/api/import", game_file(rounds))
    return status, json.loads(raw), ms


def turns(base: str, key: str, played: int, repeat: int) -> dict[str, float]:
    """Median milliseconds of a round POST and the reads of the revision it made."""
    reads = {"game JSON": f"/api/games/{key}", "live poll": f"/games/{key}/live",
             "sheet page": f"/games/{key}", "filled PDF": f"/games/{key}/sheet.pdf"}
    times: dict[str, list[float]] = {"round POST": [], **{name: [] for name in reads}}
    for turn in range(repeat):
        status, raw, ms = request(base, "POST", f"/api/games/{key}/rounds",
                                  round_body(played + turn))
        assert status == 201, (status, raw[:300])
        times["round POST"].append(ms)
        for name, path in reads.items():
            status, raw, ms = request(base, "GET", path)
            assert status == 200, (name, status, raw[:300])
            times[name].append(ms)
    return {name: statistics.median(values) for name, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", help="a PostgreSQL URL (wiped first); default SQLite")
    parser.add_argument("--long", type=int, default=1990)
    parser.add_argument("--imports", default="100,1000,5000")
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = options.database or database_url("sqlite", Path(folder))
        if options.database:
            wipe_database(url)
        server = Server(url, Path(folder)).start()
        try:
            run(server.url, options)
        finally:
            server.stop()


def run(base: str, options: argparse.Namespace) -> None:
    rejected(base, 20)  # every worker warmed up
    cheap = rejected(base, 50)
    print(f"rejected request (415): {cheap:.2f} ms; everything below is a multiple of it")
    figures = {}
    for rounds in (5, options.long):
        status, game, _ms = imported(base, rounds)
        assert status == 201, (status, game)
        figures[rounds] = turns(base, game["id"], rounds, options.repeat)
    print(f"{'request':<12} {'5 rounds':>10} {options.long:>8} rounds   growth")
    for name in figures[5]:
        short, long = figures[5][name] / cheap, figures[options.long][name] / cheap
        print(f"{name:<12} {short:>9.1f}× {long:>13.1f}× {long / short:>7.2f}")
    for rounds in (int(size) for size in options.imports.split(",")):
        status, answer, ms = imported(base, rounds)
        outcome = "stored" if status == 201 else f"{status} {answer.get('error')}"
        print(f"import {rounds:>5} rounds: {ms:>9.0f} ms = {ms / rounds:6.2f} ms a round "
              f"({ms / rounds / cheap:.1f}× a rejected request a round), {outcome}")


if __name__ == "__main__":
    main()
