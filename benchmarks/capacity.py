"""What one box holds: requests per second through a real gunicorn as gunicorn.conf.py sets it
up (gevent workers, two per core), with several concurrent clients on the same machine.

    python -m benchmarks.capacity [--database URL] [--clients 8] [--seconds 8]

Measures, one after the other, for ``--seconds`` each with ``--clients`` keep-alive clients:
the rejected request (a POST to /api/check that is not JSON: 415), a poll that finds nothing
new (GET /api/games/<id> with If-None-Match: 304), the sheet page, and a round POST (each
client plays its own game). Prints requests/s and each one's cost as a ratio to the rejected
request's (rejected req/s ÷ its req/s). The clients run on the same cores as the server, so
the figures are a floor. Quotas are off (COMPANION_QUOTAS=0): they would refuse the POSTs.
"""

from __future__ import annotations

import argparse
import http.client
import json
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from tests.kits.server import Server, call, round_body, wipe_database

PLAYERS = ["Ada", "Bo", "Cy"]


def rate(port: int, clients: int, seconds: float,
         request: Callable[[http.client.HTTPConnection, int], int]) -> float:
    done = [0] * clients
    deadline = time.monotonic() + seconds

    def client(index: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.monotonic() < deadline:
            request(connection, index)
            done[index] += 1
        connection.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(done) / seconds


def ask(connection: http.client.HTTPConnection, method: str, path: str,
        body: bytes | None = None, headers: dict[str, str] | None = None) -> int:
    connection.request(method, path, body, headers or {})
    response = connection.getresponse()
    response.read()
    return response.status


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=8)
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    url = options.database or f"sqlite:///{folder / 'capacity.sqlite'}"
    if options.database:
        wipe_database(url)
    import multiprocessing

    server = Server(url, folder / "instance", workers=min(2 * multiprocessing.cpu_count(), 8),
                    threads=1, settings={"COMPANION_QUOTAS": "0"}).start()
    try:
        games = [call(server.url, "POST", "/api/games", {"players": PLAYERS}).body
                 for _ in range(options.clients)]
        etag = {game["id"]: etag_of(server.port, f"/api/games/{game['id']}") for game in games}
        turns = [0] * options.clients

        def rejected(connection: http.client.HTTPConnection, _i: int) -> int:
            return ask(connection, "POST", "/api/check", b"x", {"Content-Type": "text/plain"})

        def poll(connection: http.client.HTTPConnection, i: int) -> int:
            game = games[i]["id"]
            return ask(connection, "GET", f"/api/games/{game}", None,
                       {"If-None-Match": etag[game]})

        def page(connection: http.client.HTTPConnection, i: int) -> int:
            return ask(connection, "GET", f"/games/{games[i]['view_id']}")

        def write(connection: http.client.HTTPConnection, i: int) -> int:
            turns[i] += 1
            body = json.dumps(round_body(turns[i], PLAYERS)).encode()
            status = ask(connection, "POST", f"/api/games/{games[i]['id']}/rounds", body,
                         {"Content-Type": "application/json"})
            if status != 201:  # the game is over: the next client round starts a new one
                games[i] = call(server.url, "POST", "/api/games", {"players": PLAYERS}).body
                turns[i] = 0
            return status

        base = rate(server.port, options.clients, options.seconds, rejected)
        print(f"{'request':<28}{'req/s':>10}{'× rejected':>12}")
        print(f"{'rejected (415)':<28}{base:>10.0f}{1.0:>12.1f}")
        for name, kind in (("poll (304)", poll), ("sheet page", page), ("round POST", write)):
            per_second = rate(server.port, options.clients, options.seconds, kind)
            print(f"{name:<28}{per_second:>10.0f}{base / per_second:>12.1f}")
    finally:
        server.stop()


def etag_of(port: int, path: str) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return str(response.getheader("ETag"))
    finally:
        connection.close()


if __name__ == "__main__":
    main()
