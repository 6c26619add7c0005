"""A throwaway PostgreSQL cluster for tests that must stop and start the server: initdb and
pg_ctl as the ``postgres`` user into a temporary folder, on a free port. The shared
development server is never touched."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tests.kits.server import free_port


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def available() -> bool:
    return os.geteuid() == 0 and _bin("initdb") is not None and shutil.which("runuser") is not None


@contextlib.contextmanager
def throwaway() -> Iterator[Cluster]:
    """A created cluster, removed afterwards (the test is skipped where none can be made)."""
    import pytest

    if not available():
        pytest.skip("needs root, runuser and PostgreSQL's initdb for a throwaway cluster")
    made = Cluster().create()
    try:
        yield made
    finally:
        made.remove()


@dataclass
class Cluster:
    port: int = field(default_factory=free_port)
    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="pgcluster-")))

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _as_postgres(self, *command: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", *command], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)

    def create(self) -> Cluster:
        shutil.chown(self.folder, "postgres")
        self._as_postgres(str(_bin("initdb")), "-D", str(self.folder / "data"), "-A", "trust",
                          "-U", "postgres")
        return self.start()

    def start(self) -> Cluster:
        self._as_postgres(str(_bin("pg_ctl")), "-D", str(self.folder / "data"), "-w", "-l",
                          str(self.folder / "log"), "-o",
                          f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1",
                          "start")
        return self

    def stop(self, mode: str = "fast") -> None:
        self._as_postgres(str(_bin("pg_ctl")), "-D", str(self.folder / "data"), "-m", mode,
                          "-w", "stop")

    def processes(self) -> list[int]:
        """The server's process ids: the postmaster's and every child's (its sessions)."""
        postmaster = int((self.folder / "data" / "postmaster.pid").read_text().split()[0])
        children = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True,
                                  text=True, check=False).stdout.split()
        return [postmaster, *map(int, children)]

    def freeze(self) -> None:
        """Stop every process of the server (SIGSTOP): it neither answers nor refuses, as on
        a stalled disk; the kernel still accepts connections and data for it."""
        postmaster, *_sessions = self.processes()
        os.kill(postmaster, signal.SIGSTOP)  # first: it starts no session after this
        for pid in self.processes()[1:]:
            os.kill(pid, signal.SIGSTOP)

    def thaw(self) -> None:
        for pid in self.processes():
            os.kill(pid, signal.SIGCONT)

    def remove(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.thaw()  # a test that failed while it was frozen
        with contextlib.suppress(subprocess.CalledProcessError):  # already stopped
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)
