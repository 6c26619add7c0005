"""The randomized table of tests/kits/phones_sim.py against a real gunicorn, on SQLite and
PostgreSQL: phones going offline, acting on old copies, answers lost; nothing overwritten
silently, lost or stored twice. (benchmarks/offline_sim.py runs thousands of steps.)"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.kits.phones_sim import PROMISE, Change, Table, simulate
from tests.kits.server import Server, started

pytestmark = [pytest.mark.slow,  # a real gunicorn
              pytest.mark.skipif(shutil.which("node") is None,
                                 reason="the simulation runs the queue's rules in Node")]


@pytest.fixture(scope="module")
def server(server_database: tuple[str, Path]) -> Iterator[Server]:
    with started(*server_database) as running:
        yield running


def test_phones_offline_on_old_copies_lose_and_overwrite_nothing(server: Server) -> None:
    counts = simulate(server.url, steps=240, seed=20261124, games_every=80)
    assert {name: counts[name] for name in PROMISE} == dict.fromkeys(PROMISE, 0), counts
    # The run met what it is about: conflicts both ways, resends, lost answers, all kinds.
    for seen in ("reconcile conflict", "reconcile resend", "reconcile done",
                 "conflicts: kept mine", "stored edit", "stored undo"):
        assert counts[seen] > 0, (seen, counts)


class Careless(Table):
    """A queue that sends every change again on the new revision, whatever changed."""

    def reconcile(self, change: Change, game: dict[str, Any]) -> bool:
        if change.tries < 3:
            change.revision, change.tries = game["revision"], change.tries + 1
            return True
        change.outcome = "gave up"
        return False


def test_the_ledger_catches_a_queue_that_overwrites(server: Server) -> None:
    table = Careless(server.url, seed=7)
    try:
        for _ in range(150):
            table.step()
        table.finish_game()
    finally:
        table.rules.close()
    assert table.counts["silent overwrites"] > 0, table.counts
