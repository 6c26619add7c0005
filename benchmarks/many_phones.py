"""Many phones on one game, against the production server: count what would go wrong.

    python -m benchmarks.many_phones [--rounds 20] [--postgres postgresql+psycopg://…]

Starts gunicorn from the repository root (gunicorn.conf.py, 4 workers x 4 threads) on a fresh
SQLite database, and on the PostgreSQL database given (it is emptied first), then repeats the
races that broke games before: 30 phones posting the same round number, 20 phones correcting
the same round, undo racing the next round, a burst of reads and writes right after start, and
kill -9 of the whole server under writes. Prints, per database: requests sent, 500s (and
connections dropped outside a kill), corrupted games (a round without exactly one result per
player), wedged games (a game that refuses its next round), lost acknowledged writes (a round
answered 201 that is not stored) and revision steps lost (acknowledged writes the revision did
not count). All but the first should be 0.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tests.kits.server import Answer, Server, call, round_body, wipe_database

PLAYERS = ["Ann", "Ben", "Cleo"]


class Tally:
    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.lock = threading.Lock()

    def send(self, base: str, method: str, path: str, body: Any = None,
             expect_drops: bool = False) -> Answer:
        answer = call(base, method, path, body, timeout=30)
        with self.lock:
            self.counts["requests"] += 1
            if answer.status >= 500 or (answer.status == 0 and not expect_drops):
                self.counts["500s"] += 1
        return answer


#: Every phone of the benchmark shares one address: the quotas would refuse them.
NO_QUOTAS = {"COMPANION_QUOTAS": "0"}


def at_once(jobs: list[Any]) -> list[Answer]:
    barrier = threading.Barrier(len(jobs))

    def run(job: Any) -> Answer:
        barrier.wait()
        return job()

    with ThreadPoolExecutor(len(jobs)) as pool:
        return list(pool.map(run, jobs))


def inspect(tally: Tally, base: str, game: dict[str, Any], acknowledged: int,
            stored_numbers: list[int] = ()) -> None:
    """Corruption, wedging, lost rounds and lost revision steps of one game."""
    state = tally.send(base, "GET", f"/api/games/{game['id']}").body
    rounds = state["rounds"]
    if any(sorted(r["player"] for r in rnd["results"]) != sorted(PLAYERS) for rnd in rounds):
        tally.counts["corrupted games"] += 1
    if state["revision"] != game["revision"] + acknowledged:
        tally.counts["revision steps lost"] += abs(
            game["revision"] + acknowledged - state["revision"])
    numbers = [rnd["number"] for rnd in rounds]
    tally.counts["lost acknowledged writes"] += len(set(stored_numbers) - set(numbers))
    following = len(numbers) + 1
    answer = tally.send(base, "POST", f"/api/games/{game['id']}/rounds",
                        round_body(following, PLAYERS, number=following))
    if answer.status != 201:
        tally.counts["wedged games"] += 1


def race_once(tally: Tally, base: str) -> None:
    """One game through the three races, then inspected."""
    game = tally.send(base, "POST", "/api/games", {"players": PLAYERS}).body
    rounds = f"/api/games/{game['id']}/rounds"
    answers = at_once([lambda: tally.send(base, "POST", rounds,
                                          round_body(1, PLAYERS, number=1))] * 30)
    acknowledged = sum(a.status == 201 for a in answers)
    bodies = [round_body(1, PLAYERS) for _ in range(20)]
    for index, body in enumerate(bodies):
        body["results"][1]["points"] = 50 + 5 * index
    answers = at_once([lambda b=b: tally.send(base, "PUT", rounds + "/1", b) for b in bodies])
    acknowledged += sum(a.status == 200 for a in answers)
    undo, add = at_once([lambda: tally.send(base, "DELETE", rounds + "/last?number=1"),
                         lambda: tally.send(base, "POST", rounds,
                                            round_body(2, PLAYERS, number=2))])
    acknowledged += (undo.status == 200) + (add.status == 201)
    inspect(tally, base, game, acknowledged)


def races(tally: Tally, base: str, repeats: int) -> None:
    for _ in range(repeats):
        race_once(tally, base)


def burst_after_start(tally: Tally, url: str, folder: Path) -> None:
    server = Server(url, folder / "instance", settings=NO_QUOTAS).start()
    games = [tally.send(server.url, "POST", "/api/games", {"players": PLAYERS}).body
             for _ in range(4)]
    server.stop()
    server = Server(url, folder / "instance", settings=NO_QUOTAS).start()
    jobs = []
    for game in games:
        for _ in range(10):
            jobs.append(lambda g=game: tally.send(server.url, "GET", f"/api/games/{g['view_id']}"))
        for _ in range(5):
            jobs.append(lambda g=game: tally.send(server.url, "POST",
                                                  f"/api/games/{g['id']}/rounds",
                                                  round_body(1, PLAYERS)))
    answers = at_once(jobs)
    for game in games:
        added = sum(1 for a in answers if a.status == 201 and a.body["id"] == game["id"])
        inspect(tally, server.url, game, added)
    server.stop()


def kill_under_load(tally: Tally, url: str, folder: Path) -> None:
    server = Server(url, folder / "instance", settings=NO_QUOTAS).start()
    games = [tally.send(server.url, "POST", "/api/games", {"players": PLAYERS}).body
             for _ in range(4)]
    stored: dict[str, list[int]] = {game["id"]: [] for game in games}

    def write(game: dict[str, Any]) -> None:
        for number in range(1, 26):
            answer = tally.send(server.url, "POST", f"/api/games/{game['id']}/rounds",
                                round_body(number, PLAYERS, number=number), expect_drops=True)
            if answer.status != 201:
                return
            stored[game["id"]].append(number)

    writers = [threading.Thread(target=write, args=(game,)) for game in games]
    for writer in writers:
        writer.start()
    while sum(map(len, stored.values())) < 20:
        time.sleep(0.01)
    server.kill()
    for writer in writers:
        writer.join()
    server = Server(url, folder / "instance", settings=NO_QUOTAS).start()
    for game in games:
        state = tally.send(server.url, "GET", f"/api/games/{game['id']}").body
        inspect(tally, server.url, game, state["revision"] - game["revision"], stored[game["id"]])
    server.stop()


def run(kind: str, url: str, folder: Path, repeats: int) -> Counter[str]:
    wipe_database(url)
    tally = Tally()
    server = Server(url, folder / "instance", settings=NO_QUOTAS).start()
    try:
        races(tally, server.url, repeats)
    finally:
        server.stop()
    burst_after_start(tally, url, folder)
    kill_under_load(tally, url, folder)
    wipe_database(url)
    return tally.counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="repeats of the races")
    parser.add_argument("--postgres", help="a PostgreSQL URL to test too (it is emptied)")
    options = parser.parse_args()
    databases = [("sqlite", None)] + ([("postgresql", options.postgres)]
                                      if options.postgres else [])
    keys = ["requests", "500s", "corrupted games", "wedged games", "lost acknowledged writes",
            "revision steps lost"]
    print(f"{'database':<12}" + "".join(f"{key:>26}" for key in keys))
    for kind, url in databases:
        with tempfile.TemporaryDirectory() as folder:
            where = url or f"sqlite:///{Path(folder) / 'bench.sqlite'}"
            counts = run(kind, where, Path(folder), options.rounds)
        print(f"{kind:<12}" + "".join(f"{counts[key]:>26}" for key in keys))


if __name__ == "__main__":
    main()
