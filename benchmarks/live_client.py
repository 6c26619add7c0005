"""The phones of benchmarks/live.py: raw asyncio sockets, cheap enough for 12,000 at once."""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import Any

REVISION = re.compile(rb'"revision": (\d+)')


class Server:
    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port

    async def wait_ready(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                status, _body = await http_call(self, "GET", "/api/openapi.json")
                if status == 200:
                    return
            except OSError:
                pass
            await asyncio.sleep(0.2)
        raise RuntimeError("the server did not start")


async def http_call(server: Server, method: str, path: str,
                    body: Any = None) -> tuple[int, bytes]:
    """One request on its own connection; returns the status and the body."""
    reader, writer = await asyncio.open_connection(server.host, server.port)
    data = b"" if body is None else json.dumps(body).encode()
    head = (f"{method} {path} HTTP/1.1\r\nHost: {server.host}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n")
    writer.write(head.encode() + data)
    raw = await reader.read()
    writer.close()
    header, _sep, rest = raw.partition(b"\r\n\r\n")
    status = int(header.split(b" ", 2)[1])
    if b"transfer-encoding: chunked" in header.lower():
        rest = _unchunk(rest)
    return status, rest


def _unchunk(data: bytes) -> bytes:
    out, position = bytearray(), 0
    while True:
        end = data.index(b"\r\n", position)
        size = int(data[position:end].split(b";")[0], 16)
        if size == 0:
            return bytes(out)
        out += data[end + 2:end + 2 + size]
        position = end + 2 + size + 2


class Phone:
    """One open sheet: a stream of events, and the moments each revision arrived."""

    def __init__(self, server: Server, key: str, table: int) -> None:
        self.server, self.key, self.table = server, key, table
        self.latest = 0
        self.arrivals: dict[int, float] = {}
        self.waiters: list[tuple[int, asyncio.Future[float]]] = []
        self.closed = False
        self.task: asyncio.Task[None] | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def connect(self) -> None:
        reader, self.writer = await asyncio.open_connection(self.server.host, self.server.port)
        self.writer.write((f"GET /api/games/{self.key}/events HTTP/1.1\r\n"
                           f"Host: {self.server.host}\r\nAccept: text/event-stream\r\n\r\n")
                          .encode())
        self.task = asyncio.create_task(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        tail = b""
        try:
            while chunk := await reader.read(4096):
                now = time.perf_counter()
                found = REVISION.findall(tail + chunk)
                tail = chunk[-40:]
                for number in map(int, found):
                    if number > self.latest:
                        self.latest = number
                        self.arrivals[number] = now
                        self._wake(now)
        except OSError:
            pass
        self.closed = True

    def _wake(self, now: float) -> None:
        for revision, future in list(self.waiters):
            if self.latest >= revision and not future.done():
                future.set_result(now)
                self.waiters.remove((revision, future))

    async def wait_for(self, revision: int, seconds: float) -> float | None:
        """The moment this phone announced ``revision`` (or a later one); None: it never did."""
        if self.latest >= revision:
            return min((moment for number, moment in self.arrivals.items()
                        if number >= revision), default=time.perf_counter())
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.waiters.append((revision, future))
        try:
            return await asyncio.wait_for(future, seconds)
        except TimeoutError:
            return None

    async def redraw(self) -> None:
        """What the page does after an event: fetch the sheet's content block."""
        await http_call(self.server, "GET", f"/games/{self.key}/live")

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.writer is not None:
            self.writer.close()
