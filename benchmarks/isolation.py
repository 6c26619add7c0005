"""One slow thing never stalls the rest: cheap reads while drawings run, the worst drawings,
and how long a request waits while the database is frozen.

Run from the repository root, against a real gunicorn as gunicorn.conf.py sets it up (gevent
workers)::

    python -m benchmarks.isolation                       # drawings in their pool (default)
    python -m benchmarks.isolation --inline              # drawn in the worker, as before
    python -m benchmarks.isolation --freeze              # + a frozen PostgreSQL (root)
    python -m benchmarks.isolation --only-freeze --answer 0   # no client deadline (before)

Prints the p50/p99 of a cheap read (another game's JSON) alone and while 10 drawings run
(target: p99 during drawings at most 3 × p99 alone), the time of the worst drawings (a
standings PNG of six names of family emoji, the sheet of a 2,000-round game), and, with
``--freeze``, how long each kind of request waited for its answer while a throwaway
PostgreSQL cluster was stopped with SIGSTOP (target: 503 within 15 s).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from tests.kits.server import Server, call, round_body

#: A family with skin tones: 11 code points drawn as one picture.
FAMILY = ("\U0001F468\U0001F3FB\u200d\U0001F469\U0001F3FC\u200d\U0001F467\U0001F3FD\u200d"
          "\U0001F466\U0001F3FE")
SKINS = ["\U0001F3FB", "\U0001F3FC", "\U0001F3FD", "\U0001F3FE", "\U0001F3FF"]
LANGUAGES = ["en", "de", "fr", "it", "nl"]
DRAWINGS = 10


def worst_names() -> list[str]:
    """Six different names of 30 families each (the longest name a player may have)."""
    names = []
    for seat in range(6):
        skin = SKINS[seat % len(SKINS)]
        family = FAMILY.replace("\U0001F3FB", skin) if seat else FAMILY
        names.append(family * 29 + ("\U0001F46A" if seat == 5 else family))
    return names


def finished_game(base: str, names: list[str]) -> dict[str, Any]:
    """A game the first player wins in ten rounds (laying every phase, going out)."""
    game = call(base, "POST", "/api/games", {"players": names}).body
    for _turn in range(10):
        results = [{"player": name, "phase": seat == 0, "points": 0 if seat == 0 else 50}
                   for seat, name in enumerate(names)]
        answer = call(base, "POST", f"/api/games/{game['id']}/rounds",
                      {"results": results, "confirm": True})
        assert answer.status == 201, answer
    return dict(game)


def longest_game(base: str, names: list[str]) -> dict[str, Any]:
    """2,000 rounds: two players tie on phase 10 and in every tie-break after it."""
    rounds = [{"results": [
        {"player": name, "phase": True, "went_out": seat == number % 2,
         "points": 0 if seat == number % 2 or number >= 10 else 10}
        for seat, name in enumerate(names)], "confirm": True} for number in range(2000)]
    answer = call(base, "POST", "/api/import", {
        "format": "phase10-companion", "version": 1, "kind": "game",
        "game": {"players": names, "rounds": rounds}}, timeout=300)
    assert answer.status == 201, answer
    return dict(answer.body)


def timed_get(base: str, path: str, headers: dict[str, str] | None = None) -> tuple[int, float]:
    import urllib.error
    import urllib.request

    request = urllib.request.Request(base + path, headers=headers or {})
    began = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=300) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    return status, time.perf_counter() - began


def reads(base: str, path: str, seconds: float) -> list[float]:
    """Cheap reads one after another for ``seconds``: their times (ms)."""
    times: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        status, took = timed_get(base, path)
        assert status == 200, status
        times.append(took * 1000)
    return times


def percentiles(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def draw_all(base: str, jobs: list[tuple[str, str]], done: threading.Event,
             seen: list[tuple[int, float]]) -> None:
    """Draw each (path, language) once, until told to stop or out of work."""
    while jobs and not done.is_set():
        try:
            path, language = jobs.pop()
        except IndexError:
            return
        seen.append(timed_get(base, path, {"Accept-Language": language}))


def isolation(server: Server, cheap: str, games: list[dict[str, Any]], seconds: float) -> None:
    alone = reads(server.url, cheap, seconds)
    jobs = [(f"/games/{game['view_id']}/standings.png", language)
            for game in games for language in LANGUAGES]
    done, drawn = threading.Event(), []
    drawers = [threading.Thread(target=draw_all, args=(server.url, jobs, done, drawn))
               for _ in range(DRAWINGS)]
    for drawer in drawers:
        drawer.start()
    time.sleep(1)  # every drawer has asked
    during = reads(server.url, cheap, seconds)
    left = len(jobs)
    done.set()
    for drawer in drawers:
        drawer.join()
    (p50, p99), (d50, d99) = percentiles(alone), percentiles(during)
    print(f"cheap read alone:             p50 {p50:7.1f} ms  p99 {p99:7.1f} ms  ({len(alone)})")
    print(f"cheap read, {DRAWINGS} drawings running: p50 {d50:7.1f} ms  p99 {d99:7.1f} ms  "
          f"({len(during)}; drawings still queued at the end: {left})")
    print(f"p99 during / p99 alone: {d99 / p99:.2f} (target <= 3)")
    statuses = sorted({status for status, _took in drawn})
    print(f"drawings answered: {len(drawn)}, statuses {statuses}")


def warm_up(server: Server, workers: int) -> None:
    """A blank sheet drawn a few times at once, so every worker's pool has started."""
    askers = [threading.Thread(target=timed_get, args=(server.url, f"/print/blank.pdf?players={n}"))
              for n in range(2, 7) for _ in range(workers)]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join()


def worst(server: Server, png_game: dict[str, Any], long_game: dict[str, Any]) -> None:
    status, took = timed_get(server.url, f"/games/{png_game['view_id']}/standings.png",
                             {"Accept-Language": "en"})
    print(f"standings PNG of six worst-case names: {took:.2f} s (status {status})")
    status, took = timed_get(server.url, f"/games/{long_game['view_id']}/sheet.pdf")
    print(f"sheet PDF of a 2,000-round game:      {took:.2f} s (status {status})")


def freeze(args: argparse.Namespace, folder: Path) -> None:
    from tests.kits.pg_cluster import Cluster, available

    if not available():
        print("freeze: needs root, runuser and PostgreSQL's initdb; skipped")
        return
    cluster = Cluster().create()
    settings = {"COMPANION_QUOTAS": "0", "COMPANION_DB_ANSWER_SECONDS": str(args.answer)}
    server = Server(cluster.url, folder / "frozen", workers=args.workers, settings=settings)
    try:
        server.start()
        players = ["Ada", "Bo"]
        game = call(server.url, "POST", "/api/games", {"players": players}).body
        stored = f"/api/games/{game['id']}"
        requests = {"round POST": ("POST", f"{stored}/rounds", round_body(1, players)),
                    "game read": ("GET", stored, None),
                    "unknown game read": ("GET", "/api/games/nosuchgame", None),
                    "game page": ("GET", f"/games/{game['view_id']}", None)}
        for method, path, body in requests.values():  # every worker has connections
            call(server.url, method, path, body)
        answers: dict[str, tuple[int, float]] = {}

        def ask(name: str) -> None:
            method, path, body = requests[name]
            began = time.monotonic()
            status = call(server.url, method, path, body, timeout=300).status
            answers[name] = (status, time.monotonic() - began)

        cluster.freeze()
        frozen_at = time.monotonic()
        askers = [threading.Thread(target=ask, args=(name,)) for name in requests]
        for asker in askers:
            asker.start()
        while any(asker.is_alive() for asker in askers) and \
                time.monotonic() - frozen_at < args.freeze_seconds:
            time.sleep(0.1)
        cluster.thaw()
        thawed = time.monotonic()
        for asker in askers:
            asker.join()
        while call(server.url, "GET", stored, timeout=60).status != 200:
            time.sleep(0.1)
        back = time.monotonic() - thawed
        print(f"frozen PostgreSQL (client deadline {args.answer or 'none'} s, "
              f"freeze up to {args.freeze_seconds:.0f} s):")
        for name, (status, took) in answers.items():
            print(f"  {name:18} {status} after {took:5.1f} s")
        print(f"  answering again {back:.1f} s after the thaw")
    finally:
        server.stop()
        cluster.remove()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", help="a database URL (default: SQLite in a temp dir)")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=15, help="each read phase's length")
    parser.add_argument("--inline", action="store_true", help="draw in the worker (before)")
    parser.add_argument("--freeze", action="store_true", help="also freeze a PostgreSQL")
    parser.add_argument("--answer", type=int, default=10, help="DB answer deadline (0: none)")
    parser.add_argument("--freeze-seconds", type=float, default=60)
    parser.add_argument("--only-freeze", action="store_true", help="skip the drawings")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="companion-isolation-"))
    if args.only_freeze:
        freeze(args, folder)
        return 0
    url = args.database or f"sqlite:///{folder / 'isolation.sqlite'}"
    settings = {"COMPANION_QUOTAS": "0",
                "COMPANION_DRAWING_PROCESSES": "0" if args.inline else "1"}
    server = Server(url, folder / "instance", workers=args.workers, settings=settings).start()
    try:
        names = worst_names()
        cheap = call(server.url, "POST", "/api/games", {"players": ["Ann", "Ben"]}).body
        games = [finished_game(server.url, names) for _ in range(8)]
        long_game = longest_game(server.url, ["Ann", "Ben"])
        print(f"gunicorn, {args.workers} gevent workers, drawings "
              f"{'in the worker (inline)' if args.inline else 'in a pool of processes'}")
        warm_up(server, args.workers)
        worst(server, games.pop(), long_game)
        isolation(server, f"/api/games/{cheap['view_id']}", games, args.seconds)
    finally:
        server.stop()
    if args.freeze:
        freeze(args, folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
