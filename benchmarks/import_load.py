"""Does an import stall anybody else? A cheap read against a real gunicorn while imports run
(issue 44).

    python -m benchmarks.import_load [--database URL] [--workers 4] [--games 300]
                                     [--seconds 20] [--importers 2] [--kind own|bgstats]

gunicorn as gunicorn.conf.py sets it up (gevent workers, ``--workers`` of them; quotas off),
on SQLite unless ``--database`` names another. One client reads a small game's JSON
(GET /api/games/<view id>) over and over, a few milliseconds apart:

1. alone, for ``--seconds``;
2. while ``--importers`` clients each import a group of ``--games`` games (3 to 6 players,
   tests/kits/group_file.py; ``--kind bgstats``: a BG Stats log of as many Phase 10 plays,
   tests/kits/logs.py) again and again, for ``--seconds``;
3. while one client imports an 8 MB file of the longest games (2,000 rounds of 6 players
   each), until it is answered.

Prints each phase's p50, p99 and worst read, the target (the p99 during imports at most 3 times
the p99 alone plus 50 ms, and no read over 2 s), and each import's answers and times: an
import is never cut (status 0: the connection closed without an answer).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from companion.limits import IMPORT_MAX_BYTES
from tests.kits.group_file import group_file, longest_games
from tests.kits.logs import bgstats_file
from tests.kits.server import Server, call, database_url, wipe_database


def send(base: str, path: str, body: bytes | None = None) -> tuple[int, float]:
    """(status, seconds) of one request; 0 when the connection was closed without an
    answer."""
    request = urllib.request.Request(base + path, data=body,
                                     method="POST" if body is not None else "GET")
    if body is not None:
        request.add_header("Content-Type", "application/json")
    began = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=300) as answer:
            answer.read()
            status = answer.status
    except urllib.error.HTTPError as error:
        error.read()
        status = error.code
    except OSError:
        status = 0
    return status, time.perf_counter() - began


def reads(base: str, path: str, until: threading.Event) -> list[float]:
    """Milliseconds of each read until ``until`` is set."""
    found = []
    while not until.is_set():
        status, seconds = send(base, path)
        assert status == 200, status
        found.append(seconds * 1000)
        time.sleep(0.005)
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(name: str, values: list[float]) -> str:
    return (f"{name}: {len(values)} reads, p50 {statistics.median(values):.1f} ms, "
            f"p99 {percentile(values, 0.99):.1f} ms, worst {max(values):.1f} ms")


def importing(base: str, body: bytes, until: threading.Event,
              answers: list[tuple[int, float]]) -> None:
    while not until.is_set():
        answers.append(send(base, "/api/import", body))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", default=None)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--importers", type=int, default=2)
    parser.add_argument("--kind", choices=("own", "bgstats"), default="own",
                        help="what the importers send: the app's own group files, or BG Stats "
                             "logs of as many Phase 10 plays (and as many of another game)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    url = args.database or database_url("sqlite", folder)
    if args.database:
        wipe_database(url)
    server = Server(url, folder / "instance", workers=args.workers,
                    settings={"COMPANION_QUOTAS": "0"}).start()
    try:
        game = call(server.url, "POST", "/api/games", {"players": ["Ann", "Ben", "Cem"]}).body
        path = f"/api/games/{game['view_id']}"
        for _ in range(50):  # every worker has read it once
            send(server.url, path)

        stop = threading.Event()
        threading.Timer(args.seconds, stop.set).start()
        alone = reads(server.url, path, stop)

        made = group_file(args.games) if args.kind == "own" else bgstats_file(args.games)
        body = json.dumps(made, separators=(",", ":")).encode()
        stop = threading.Event()
        answers: list[tuple[int, float]] = []
        clients = [threading.Thread(target=importing, args=(server.url, body, stop, answers))
                   for _ in range(args.importers)]
        for client in clients:
            client.start()
        threading.Timer(args.seconds, stop.set).start()
        during = reads(server.url, path, stop)
        for client in clients:
            client.join()

        big = json.dumps(longest_games(IMPORT_MAX_BYTES), separators=(",", ":")).encode()
        stop = threading.Event()
        largest: list[tuple[int, float]] = []
        one = threading.Thread(target=lambda: (largest.append(
            send(server.url, "/api/import", big)), stop.set()))
        one.start()
        beside = reads(server.url, path, stop)
        one.join()
    finally:
        server.stop()

    print(summary("alone", alone))
    print(summary(f"during {args.importers} imports of {args.games} games", during))
    print(summary("during the 8 MB import", beside))
    limit = 3 * percentile(alone, 0.99) + 50
    worst = max(max(during), max(beside))
    print(f"target: p99 during imports at most {limit:.1f} ms "
          f"(3 x p99 alone + 50 ms): {percentile(during, 0.99):.1f} ms; "
          f"no read over 2,000 ms: worst {worst:.1f} ms")
    statuses: dict[int, int] = {}
    for status, _seconds in answers:
        statuses[status] = statuses.get(status, 0) + 1
    seconds = [seconds for _status, seconds in answers]
    print(f"imports of {args.games} games ({len(body) / 1024:.0f} KB): answers {statuses}, "
          f"median {statistics.median(seconds):.2f} s, worst {max(seconds):.2f} s")
    status, taken = largest[0]
    print(f"8 MB import ({len(big) / 2 ** 20:.1f} MB): {status} in {taken:.2f} s "
          f"(0 would be a cut connection)")


if __name__ == "__main__":
    main()

