"""Thousands of tables following their sheets live on one server, as in production.

    python -u -m benchmarks.live [--tables 500] [--phones 6] [--changes 300] [--rate R]
                                 [--no-redraw] [--database URL] [--port 5550] [--idle 20]

Starts ``gunicorn "companion:create_app()"`` from the repository root (so gunicorn.conf.py's
settings: gevent workers), creates ``--tables`` games, and opens ``--phones`` live streams
(GET /api/games/<view id>/events) for each, all from this one process (asyncio, raw sockets:
a phone costs a socket and a few bytes here). With everyone connected and nothing happening it
measures the server's CPU (all its processes, as % of one core) and memory (RSS and PSS, from
/proc) for ``--idle`` seconds. Then it changes random games (a round through the API,
``--rate`` per second, by default a round every 200 s per table, ``--changes`` in all); every
phone of the changed table must announce the new revision, after which it fetches the sheet's
content as the page does. Prints the change-to-phone latency (from sending the write to the
event on the phone, and from the write's answer to the event; p50, p99, worst),
misses (a phone that never announced a revision within 10 s), and the tables the box holds.
Linux only (/proc). Without ``--database`` it uses a fresh SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.live_client import Phone, Server, http_call

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn"]


def start_server(args: argparse.Namespace) -> subprocess.Popen[bytes]:
    folder = Path(tempfile.mkdtemp(prefix="companion-live-"))
    url = args.database or f"sqlite:///{folder / 'live.sqlite'}"
    environment = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "bench",
                   "COMPANION_INSTANCE_PATH": str(folder / "instance"),
                   "COMPANION_BIND": f"127.0.0.1:{args.port}",
                   # Every simulated phone comes from this one address: no cap per address.
                   "COMPANION_STREAMS_PER_ADDRESS": "0"}
    if args.workers:
        environment["WEB_CONCURRENCY"] = str(args.workers)
    log = folder / "server.log"
    print(f"server log: {log}")
    return subprocess.Popen([sys.executable, "-m", "gunicorn", "--access-logfile", os.devnull,
                             "companion:create_app()"], cwd=ROOT, env=environment,
                            stdout=subprocess.DEVNULL, stderr=log.open("wb"),
                            start_new_session=True)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def create_games(server: Server, tables: int, phones: int) -> list[dict[str, str]]:
    players = NAMES[:max(2, min(phones, 6))]
    limit = asyncio.Semaphore(20)

    async def one() -> dict[str, str]:
        async with limit:
            status, body = await http_call(server, "POST", "/api/games", {"players": players})
            assert status == 201, (status, body)
            return json.loads(body)

    return list(await asyncio.gather(*(one() for _ in range(tables))))


async def connect_all(server: Server, games: list[dict[str, str]], phones: int) -> list[Phone]:
    everyone = [Phone(server, game["view_id"], index) for index, game in enumerate(games)
                for _ in range(phones)]
    limit = asyncio.Semaphore(200)

    async def connect(phone: Phone) -> None:
        async with limit:
            await phone.connect()

    await asyncio.gather(*(connect(phone) for phone in everyone))
    await asyncio.gather(*(phone.wait_for(1, 60) for phone in everyone))
    return everyone


async def change(server: Server, game: dict[str, str], table: list[Phone], turn: int,
                 latencies: list[float], pushes: list[float], writes: list[float],
                 misses: list[int], redraw: bool) -> None:
    players = NAMES[:len(table) if 2 <= len(table) <= 6 else 6]
    out = players[turn % len(players)]
    body = {"results": [{"player": name, "phase": name == out,
                         "points": 0 if name == out else 50 + 5 * seat}
                        for seat, name in enumerate(players)]}
    sent = time.perf_counter()
    status, answer = await http_call(server, "POST", f"/api/games/{game['id']}/rounds", body)
    stored = time.perf_counter()
    writes.append(stored - sent)
    if status != 201:
        misses.append(len(table))
        return
    revision = json.loads(answer)["revision"]
    arrived = await asyncio.gather(*(phone.wait_for(revision, 10) for phone in table))
    for moment in arrived:
        if moment is None:
            misses.append(1)
        else:
            latencies.append(moment - sent)
            pushes.append(max(0.0, moment - stored))
    if redraw:
        await asyncio.gather(*(phone.redraw() for phone in table))


def server_usage(master: int) -> tuple[float, int, int]:
    """CPU seconds so far, RSS and PSS in bytes, of the master and its workers."""
    pids = [master] + [int(child) for child in Path(f"/proc/{master}/task/{master}/children")
                       .read_text().split()]
    ticks, rss, pss = 0, 0, 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss += int(line.split()[1]) * 1024
            elif line.startswith("Pss:"):
                pss += int(line.split()[1]) * 1024
    return ticks / os.sysconf("SC_CLK_TCK"), rss, pss


async def run(args: argparse.Namespace, process: subprocess.Popen[bytes]) -> None:
    server = Server("127.0.0.1", args.port)
    await server.wait_ready(120)
    started = time.perf_counter()
    games = await create_games(server, args.tables, args.phones)
    phones = await connect_all(server, games, args.phones)
    print(f"{len(phones)} phones of {len(games)} tables connected in "
          f"{time.perf_counter() - started:.0f} s")
    await asyncio.sleep(3)
    cpu_before, _, _ = server_usage(process.pid)
    await asyncio.sleep(args.idle)
    cpu_after, rss, pss = server_usage(process.pid)
    idle = 100 * (cpu_after - cpu_before) / args.idle
    dropped = sum(phone.closed for phone in phones)
    print(f"idle, everyone connected: server CPU {idle:.1f}% of one core, "
          f"RSS {rss / 2**20:.0f} MiB (PSS {pss / 2**20:.0f} MiB), streams dropped {dropped}")
    latencies: list[float] = []
    pushes: list[float] = []
    writes: list[float] = []
    rate = args.rate or args.tables / 200
    misses: list[int] = []
    tasks = []
    size = args.phones
    by_table = [phones[index * size:(index + 1) * size] for index in range(len(games))]
    for turn in range(args.changes):
        table = random.randrange(len(games))
        tasks.append(asyncio.create_task(change(server, games[table], by_table[table], turn,
                                                latencies, pushes, writes, misses,
                                                not args.no_redraw)))
        await asyncio.sleep(1 / rate)
    await asyncio.gather(*tasks)
    report(args, rate, latencies, pushes, writes, sum(misses), idle)
    for phone in phones:
        phone.close()


def report(args: argparse.Namespace, rate: float, latencies: list[float], pushes: list[float],
           writes: list[float], misses: int, idle: float) -> None:
    ms = [1000 * value for value in latencies]
    push = [1000 * value for value in pushes]
    print(f"{args.changes} changes at {rate:g}/s, {len(ms)} phone updates: change-to-phone "
          f"(from sending the write) p50 {percentile(ms, 0.5):.0f} ms, p99 "
          f"{percentile(ms, 0.99):.0f} ms, worst {max(ms, default=float('nan')):.0f} ms; "
          f"misses {misses}")
    print(f"  of which the write itself p50 {1000 * statistics.median(writes):.0f} ms, p99 "
          f"{1000 * percentile(writes, 0.99):.0f} ms; from its answer to the phone p50 "
          f"{percentile(push, 0.5):.0f} ms, p99 {percentile(push, 0.99):.0f} ms")
    held = misses == 0 and percentile(ms, 0.99) <= 1000 and idle <= 25
    by_cpu = args.tables * 25 / idle if idle > 0 else float("inf")
    print(f"tables one box holds: {args.tables} measured "
          f"({'within' if held else 'OUTSIDE'} the targets: p99 <= 1 s, no misses, idle CPU "
          f"<= 25%); idle CPU alone would allow about {by_cpu:,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--phones", type=int, default=6)
    parser.add_argument("--changes", type=int, default=300)
    parser.add_argument("--rate", type=float, help="changes per second (default: a round "
                        "every 200 s per table)")
    parser.add_argument("--no-redraw", action="store_true",
                        help="phones do not fetch the sheet's content after an event")
    parser.add_argument("--idle", type=float, default=20)
    parser.add_argument("--database")
    parser.add_argument("--port", type=int, default=5550)
    parser.add_argument("--workers", type=int)
    args = parser.parse_args()
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    process = start_server(args)
    try:
        asyncio.run(run(args, process))
    finally:
        os.killpg(process.pid, 15)
        process.wait(30)


if __name__ == "__main__":
    main()
