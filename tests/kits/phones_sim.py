"""A randomized table (issue 21): several phones on one game against a real server, some
going offline at random moments, each acting on the copy of the game it last saw (a kept
page, possibly many revisions old): adding, correcting and undoing rounds. Changes made
offline wait in a queue and are replayed as static/offline-sync.js does, with its own
reconcile rules (run in Node through tests/js/reconcile_cli.mjs); on a conflict the person
picks a version at random. Answers are lost at random too, so changes are sent twice.

After every step the ledger checks the promise, against the server's state just before each
write (steps are sequential, so that state is known exactly):

- silent overwrite: a stored edit or undo of a round that was not, just before, the round the
  phone had seen (or been shown in a conflict and chose to replace);
- lost entry: a change that left the phone neither stored nor discarded by the person's choice;
- duplicated entry: a new round stored twice, or stored under another number than typed.
All three must be 0.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.kits.server import Answer, call, created

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
#: What must stay 0.
PROMISE = ("silent overwrites", "lost entries", "duplicated entries", "still waiting")
RULES = Path(__file__).resolve().parents[2] / "tests" / "js" / "reconcile_cli.mjs"


class Rules:
    """static/offline-sync.js's reconcile and canKeepMine, asked line by line in Node."""

    def __init__(self) -> None:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("the simulation runs the queue's own rules in Node: install nodejs")
        self.process = subprocess.Popen([node, str(RULES)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, question: dict[str, Any]) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(question) + "\n")
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=10)
        if self.process.stdout is not None:
            self.process.stdout.close()


@dataclass
class Change:
    """One change a person made, as the queue keeps it (offline-queue.js's op)."""

    ident: int
    kind: str  # add, edit, undo
    number: int
    revision: int
    results: list[dict[str, Any]] | None
    before: list[dict[str, Any]] | None
    informed: bool = False  # the person saw the server's version and chose to replace it
    tries: int = 0
    outcome: str | None = None


@dataclass
class Phone:
    copy: dict[str, Any]
    online: bool = True
    queue: list[Change] = field(default_factory=list)


def _round(rng: random.Random, out: str) -> list[dict[str, Any]]:
    return [{"player": name, "phase": name == out, "went_out": name == out,
             "points": 0 if name == out else 50 + 5 * rng.randrange(11)} for name in PLAYERS]


def _same(left: list[dict[str, Any]] | None, right: list[dict[str, Any]] | None) -> bool:
    def key(results: list[dict[str, Any]]) -> list[tuple[str, bool, int]]:
        return sorted((r["player"], bool(r["phase"]), r["points"]) for r in results)
    return left is not None and right is not None and key(left) == key(right)


class Table:
    def __init__(self, base: str, seed: int, phones: int = 4) -> None:
        self.base, self.rng, self.rules = base, random.Random(seed), Rules()
        self.counts: Counter[str] = Counter(dict.fromkeys(PROMISE, 0))
        self.changes: list[Change] = []
        self.key = ""
        self.phones: list[Phone] = []
        self.new_game(phones)

    def new_game(self, phones: int) -> None:
        game = created(self.base, "/api/games", {"players": PLAYERS})
        self.key, self.latest = game["id"], game["revision"]
        self.phones = [Phone(copy=game) for _ in range(phones)]

    def truth(self) -> dict[str, Any]:
        """The game as stored now. The table acts one step at a time, so the newest revision
        is the one the last write answered with; on PostgreSQL a GET may still answer from
        the revision its worker's listener last heard (a consistent older game), which the
        ledger must not take for the state a write changed: asked again until it is there."""
        for _ in range(100):
            answer = call(self.base, "GET", f"/api/games/{self.key}")
            assert answer.status == 200, answer
            if answer.body["revision"] >= self.latest:
                break
            time.sleep(0.05)
        self.latest = max(self.latest, answer.body["revision"])
        return dict(answer.body)

    # -- what a person does --------------------------------------------------------------
    def step(self) -> None:
        self.counts["steps"] += 1
        phone = self.rng.choice(self.phones)
        roll = self.rng.random()
        if roll < 0.15:
            phone.online = not phone.online
            if phone.online:
                self.sync(phone)
        elif roll < 0.3 and phone.online:
            phone.copy = self.truth()  # the page reloads, or a live update arrives
        else:
            change = self.make(phone)
            if change is not None:
                phone.queue.append(change)
                if phone.online:
                    self.sync(phone)
        self.check()

    def make(self, phone: Phone) -> Change | None:
        """A change on what the phone shows: its copy with the changes still waiting."""
        rounds = {r["number"]: r["results"] for r in phone.copy["rounds"]}
        for waiting in phone.queue:
            if waiting.kind == "undo":
                rounds.pop(waiting.number, None)
            else:
                rounds[waiting.number] = waiting.results or []
        revision = phone.copy["revision"] + len(phone.queue)
        last = max(rounds, default=0)
        kind = self.rng.choice(["add", "add", "edit", "undo"]) if last else "add"
        if kind == "add" and phone.copy["status"] == "finished" and not phone.queue:
            return None
        change_id = len(self.changes) + 1
        if kind == "add":
            change = Change(change_id, "add", last + 1, revision,
                            _round(self.rng, self.rng.choice(PLAYERS)), None)
        elif kind == "edit":
            number = self.rng.randint(1, last)
            results = [dict(r) for r in rounds[number]]
            other = self.rng.choice([r for r in results if not r["went_out"]])
            other["points"] = 50 + 5 * self.rng.randrange(11)
            change = Change(change_id, "edit", number, revision, results, rounds[number])
        else:
            change = Change(change_id, "undo", last, revision, None, rounds[last])
        self.changes.append(change)
        self.counts[f"typed {kind}"] += 1
        return change

    # -- the queue, as offline-sync.js sends it -------------------------------------------
    def send(self, change: Change) -> Answer:
        path = f"/api/games/{self.key}/rounds"
        if change.kind == "undo":
            return call(self.base, "DELETE",
                        f"{path}/last?number={change.number}&revision={change.revision}")
        body = {"results": change.results, "revision": change.revision, "confirm": True}
        if change.kind == "add":
            return call(self.base, "POST", path, {**body, "number": change.number})
        return call(self.base, "PUT", f"{path}/{change.number}", body)

    def sync(self, phone: Phone) -> None:
        while phone.queue and phone.online:
            change = phone.queue[0]
            before = self.truth()
            answer = self.send(change)
            self.counts["requests"] += 1
            if answer.status >= 500 or answer.status == 0:
                self.counts["server errors"] += 1
                return
            if 200 <= answer.status < 300:
                self.latest = max(self.latest, answer.body["revision"])
                self.stored(change, before, answer.body)
                if self.rng.random() < 0.1:
                    self.counts["answers lost"] += 1
                    continue  # the answer never came: the change waits and is sent again
                phone.queue.pop(0)
                phone.copy = answer.body
                continue
            if answer.status not in (404, 409):
                change.outcome = f"refused {answer.status}"
                self.counts["refused"] += 1
                phone.queue.pop(0)
                continue
            game = self.truth()
            phone.copy = game
            if not self.reconcile(change, game):
                phone.queue.pop(0)

    def reconcile(self, change: Change, game: dict[str, Any]) -> bool:
        """True while the change still waits (sent again, or the person kept theirs)."""
        op = {"kind": change.kind, "number": change.number, "results": change.results,
              "before": change.before}
        decision = self.rules.ask({"op": op, "game": game})
        self.counts[f"reconcile {decision}"] += 1
        if decision == "done":
            change.outcome = change.outcome or "stored before"
            return False
        if decision == "resend" and change.tries < 3:
            change.revision, change.tries = game["revision"], change.tries + 1
            return True
        server = next((r["results"] for r in game["rounds"] if r["number"] == change.number),
                      None)
        last = game["rounds"][-1]["number"] if game["rounds"] else 0
        shown = {**op, "server": server, "serverLast": last,
                 "serverNext": None if game["status"] == "finished" else game["next_round"]}
        if self.rng.random() < 0.5 and self.rules.ask({"keep": shown}):
            self.counts["conflicts: kept mine"] += 1
            if change.kind == "add" and server is None:
                change.number = game["next_round"]
            else:
                change.kind = "edit" if change.kind == "add" else change.kind
                change.before = server
            change.revision, change.informed, change.tries = game["revision"], True, 0
            return True
        self.counts["conflicts: kept the server's"] += 1
        change.outcome = "discarded by choice"
        return False

    # -- the ledger -------------------------------------------------------------------------
    def stored(self, change: Change, before: dict[str, Any], after: dict[str, Any]) -> None:
        was = next((r["results"] for r in before["rounds"] if r["number"] == change.number), None)
        if change.kind == "add":
            now = next((r["results"] for r in after["rounds"] if r["number"] == change.number),
                       None)
            if was is not None or not _same(now, change.results) or change.outcome == "stored":
                self.counts["duplicated entries"] += 1  # twice, or under another number
        elif not (change.informed or _same(was, change.before)):
            self.counts["silent overwrites"] += 1
        change.outcome = "stored"
        self.counts[f"stored {change.kind}"] += 1

    def check(self) -> None:
        waiting = {id(change) for phone in self.phones for change in phone.queue}
        self.counts["lost entries"] = sum(
            1 for change in self.changes if change.outcome is None and id(change) not in waiting)

    def finish_game(self) -> None:
        """Every phone back online, every queue sent; then nothing may be left over."""
        for phone in self.phones:
            phone.online = True
            for _ in range(20):
                self.sync(phone)
                if not phone.queue:
                    break
        self.check()
        self.counts["still waiting"] += sum(len(phone.queue) for phone in self.phones)


def simulate(base: str, steps: int, seed: int, games_every: int = 150) -> Counter[str]:
    """``steps`` random steps, a new game every ``games_every``; the tally of what happened."""
    table = Table(base, seed)
    try:
        for step in range(1, steps + 1):
            if step % games_every == 0:
                table.finish_game()
                table.new_game(len(table.phones))
            table.step()
        table.finish_game()
    finally:
        table.rules.close()
    return table.counts
