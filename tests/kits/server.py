"""A real production server for tests: gunicorn started from the repository root, so it runs
with gunicorn.conf.py (preloaded app, several workers and threads), on SQLite or PostgreSQL."""

from __future__ import annotations

import contextlib
import functools
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import MetaData, create_engine, text

ROOT = Path(__file__).resolve().parents[2]
#: Every storage test runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
DATABASES = ["sqlite"] + (["postgresql"] if os.environ.get("TEST_DATABASE_URL") else [])


#: Under pytest-xdist each worker (gw0, gw1, …) takes its ports from its own block, below the
#: kernel's range for ephemeral ports: a port one worker found free cannot be handed to
#: another worker's server before the first server binds it.
PORT_BLOCK = 400
FIRST_BLOCK = 20000


def _worker_number() -> int | None:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker[2:]) if worker.startswith("gw") and worker[2:].isdigit() else None


def _bindable(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


_next_port: dict[str, int] = {}


def free_port() -> int:
    """A port free on 127.0.0.1 now: the system's choice, or the next free one of this
    worker's block under pytest-xdist."""
    number = _worker_number()
    if number is None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            return int(probe.getsockname()[1])
    first = FIRST_BLOCK + (number % 30) * PORT_BLOCK
    # Another run on the same machine may use the same block: start at a random place in it.
    start = _next_port.setdefault("offset", random.randrange(PORT_BLOCK))
    for step in range(PORT_BLOCK):
        port = first + (start + step) % PORT_BLOCK
        if _bindable(port):
            _next_port["offset"] = (start + step + 1) % PORT_BLOCK
            return port
    raise RuntimeError(f"no free port in {first}-{first + PORT_BLOCK - 1}")


@functools.cache
def control_socket_options() -> tuple[str, ...]:
    """gunicorn 24 and later opens a control socket at one path in the home folder, shared by
    every gunicorn of the user: test servers started side by side turn it off."""
    from gunicorn.config import KNOWN_SETTINGS

    disable = any(setting.name == "control_socket_disable" for setting in KNOWN_SETTINGS)
    return ("--no-control-socket",) if disable else ()


def wipe_database(url: str) -> None:
    """Drop every table, whatever made it: the next app migrates an empty database again."""
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            tables = MetaData()
            tables.reflect(connection)
            tables.drop_all(connection)
    finally:
        engine.dispose()


def empty_tables(url: str) -> None:
    """Every PostgreSQL table emptied but the migrations' own, the schema kept."""
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            names = connection.execute(text(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
                "AND tablename <> 'alembic_version'")).scalars().all()
            if names:
                listed = ", ".join(f'"{name}"' for name in names)
                connection.execute(text(f"TRUNCATE {listed} RESTART IDENTITY CASCADE"))
    finally:
        engine.dispose()


@dataclass
class Server:
    """One gunicorn master and its workers, in their own process group."""

    database_url: str
    instance: Path
    workers: int = 4
    threads: int = 4
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    #: Settings for this server only, as environment variables (COMPANION_QUOTA_GAMES, …).
    settings: dict[str, str] = field(default_factory=dict)
    #: A file for what the server logs, as gunicorn.conf.py sets it up (its access log on
    #: stdout, errors on stderr); None: no access log, stderr kept for :meth:`errors`.
    log: Path | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, wait: bool = True) -> Server:
        environment = {**os.environ, "DATABASE_URL": self.database_url,
                       "SECRET_KEY": "server-test", "COMPANION_INSTANCE_PATH": str(self.instance),
                       **self.settings}
        access = () if self.log else ("--access-logfile", os.devnull)
        command = [sys.executable, "-m", "gunicorn", "-b", f"127.0.0.1:{self.port}",
                   "-w", str(self.workers), "--threads", str(self.threads),
                   *access, *control_socket_options(), "companion:create_app()"]
        if self.log is None:
            self.process = subprocess.Popen(command, cwd=ROOT, env=environment,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                            start_new_session=True)
        else:
            with self.log.open("ab") as log:
                self.process = subprocess.Popen(command, cwd=ROOT, env=environment,
                                                stdout=log, stderr=log, start_new_session=True)
        if wait:
            self.wait_ready()
        return self

    def wait_ready(self, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn stopped: {self.errors()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("gunicorn did not start in time")

    def errors(self) -> str:
        if self.log is not None:
            return self.log.read_text(errors="replace")[-4000:]
        if self.process is None or self.process.stderr is None:
            return ""
        return self.process.stderr.read().decode(errors="replace")[-4000:]

    def stop(self) -> None:
        """Stop gracefully; returns once every process of the server has gone."""
        self._signal(signal.SIGTERM)

    def kill(self) -> None:
        """kill -9 the master and every worker at once, as a power cut would."""
        self._signal(signal.SIGKILL)

    def _signal(self, number: int) -> None:
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, number)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        if self.process.stderr is not None:
            self.process.stderr.close()
        self.process = None


@dataclass(frozen=True)
class Answer:
    status: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)


def call(base: str, method: str, path: str, body: Any = None, timeout: float = 60) -> Answer:
    """One JSON request; connection failures are answers too (status 0), never exceptions."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return Answer(response.status, _json(response.read()), dict(response.headers))
    except urllib.error.HTTPError as error:
        return Answer(error.code, _json(error.read()), dict(error.headers))
    except (urllib.error.URLError, http.client.HTTPException, OSError) as error:
        # Refused, reset, or cut off mid-answer (a killed server): no answer at all.
        return Answer(0, str(error))


def created(base: str, path: str, body: Any) -> dict[str, Any]:
    """POST ``body`` to ``path`` and the game or group it made: anything but 201 fails here,
    with the answer, rather than later where a test (or its thread) reads the missing id."""
    answer = call(base, "POST", path, body)
    assert answer.status == 201 and isinstance(answer.body, dict), (
        f"POST {path} answered {answer.status}: {answer.body!r}")
    return answer.body


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw) if raw else None
    except ValueError:
        return raw.decode(errors="replace")


def database_url(kind: str, folder: Path) -> str:
    """SQLite in ``folder``, or the PostgreSQL test database of TEST_DATABASE_URL."""
    if kind == "sqlite":
        return f"sqlite:///{folder / 'server.sqlite'}"
    return os.environ["TEST_DATABASE_URL"]


@contextlib.contextmanager
def started(url: str, folder: Path, **options: Any) -> Iterator[Server]:
    """A gunicorn on ``url`` with its instance folder in ``folder``, stopped afterwards (what
    a test module's ``server`` fixture yields, given the ``server_database`` fixture)."""
    running = Server(url, folder / "instance", **options).start()
    try:
        yield running
    finally:
        running.stop()


@contextlib.contextmanager
def serving(kind: str, folder: Path, **options: Any) -> Iterator[Server]:
    """A started gunicorn on an empty database of ``kind``, stopped afterwards."""
    url = database_url(kind, folder)
    if kind == "postgresql":
        wipe_database(url)
    with started(url, folder, **options) as running:
        yield running


def round_body(turn: int, players: list[str], **extra: Any) -> dict[str, Any]:
    """A plausible card-game round: the players take turns going out, the others hold 50+."""
    out = players[(turn - 1) % len(players)]
    return {"results": [{"player": name, "phase": name == out,
                         "points": 0 if name == out else 50 + 5 * ((turn + seat) % 7)}
                        for seat, name in enumerate(players)], **extra}
