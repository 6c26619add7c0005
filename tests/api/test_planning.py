"""Planning (a hand searched for a lay-down, its outs, the Masters ranking, an evening's
seats) runs off the event loop of a gevent worker: the worker's other greenlets go on while a
plan is made, and the plan still sees its request (its language). Each route is checked in a
process patched by gevent, as gunicorn's worker is, with its planning made slow by a spin that
never yields."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.infra.planning import off_the_loop

ROOT = Path(__file__).resolve().parents[2]

#: Spins ``SLOW`` seconds inside the planning function a route calls, while a ticker greenlet
#: counts; prints the route's status, the ticks during the request and its text (asked in
#: German).
UNDER_GEVENT = """
from gevent import monkey; monkey.patch_all()
import json, sys, time, gevent, importlib
from companion import create_app

module_name, function_name, method, path, body, form, slow = json.loads(sys.argv[1])
module = importlib.import_module(module_name)
real = getattr(module, function_name)

def spin_then_plan(*args):
    end = time.monotonic() + slow
    while time.monotonic() < end:
        pass
    return real(*args)

setattr(module, function_name, spin_then_plan)
app = create_app({"SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": "sqlite://",
                  "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})
client = app.test_client()
if "{group}" in path:  # a route of a group: one made first
    path = path.replace("{group}", client.post("/api/groups", json={}).get_json()["id"])
ticks = []
def ticker():
    while True:
        ticks.append(1)
        gevent.sleep(0.01)
beat = gevent.spawn(ticker)
gevent.sleep(0.05)
ticks.clear()
headers = {"Accept-Language": "de"}
if form:
    answer = client.open(path, method=method, data=body, headers=headers)
else:
    answer = client.open(path, method=method, json=body, headers=headers)
during = len(ticks)
beat.kill()
print(json.dumps([answer.status_code, during, answer.get_data(as_text=True)]))
"""

HAND = "8r 8g 8b 3y 4y 5r W S 11b"
ROUTES = {
    "check a hand": ("companion.api.checker", "solve", "POST", "/api/check",
                     {"phase": 3, "hand": HAND.split()}, False, '"valid"'),
    "outs of a phase": ("companion.api.outs", "phase_outs", "POST", "/api/outs",
                        {"phase": 3, "hand": HAND.split()}, False, '"outs"'),
    "outs of every phase": ("companion.api.outs", "all_phases", "POST", "/api/outs",
                            {"edition": "masters", "hand": HAND.split()}, False, '"phases"'),
    "the coach's verdict, in German": (
        "companion.views.checker", "_hand_verdict", "POST", "/checker?partial=1",
        {"edition": "original", "phase": "3", "mode": "hand", "hand": HAND, "seen": "6r 6g"},
        True, "26 der 97 Karten, die du nicht gesehen hast, helfen."),
    "seats for an evening": ("companion.scoring.seating", "seat", "POST",
                             "/api/groups/{group}/seating",
                             {"players": [f"P{n}" for n in range(36)]}, False, '"tables"'),
    "the tables proposed on the page, in German": (
        "companion.scoring.seating", "seat", "POST", "/groups/{group}/tonight",
        {"new": "Ann\nBen\nCem\nDan\nEve\nFay\nGus"}, True, "Tische für heute Abend"),
}


def _run(route: tuple[object, ...], slow: float, tmp_path: Path) -> tuple[int, int, str]:
    module, function, method, path, body, form, _ = route
    environment = {**os.environ, "COMPANION_INSTANCE_PATH": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", UNDER_GEVENT,
         json.dumps([module, function, method, path, body, form, slow])],
        capture_output=True, text=True, timeout=120, env=environment, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    status, ticks, text = json.loads(done.stdout.splitlines()[-1])
    return status, ticks, text


@pytest.mark.slow
@pytest.mark.parametrize("name", list(ROUTES))
def test_the_loop_goes_on_while_a_route_plans(name: str, tmp_path: Path) -> None:
    """A plan that computes for a second: the ticker ran meanwhile (on the loop it would not
    run once before the answer), and the answer is the route's usual one."""
    route = ROUTES[name]
    status, ticks, text = _run(route, 1.0, tmp_path)
    assert status == 200, text
    assert str(route[-1]) in text
    assert ticks > 5, f"the loop stood still for the plan ({ticks} ticks)"


def test_without_gevent_the_work_runs_in_place() -> None:
    """No hub, no thread: the development server and the tests plan in the request's thread."""
    import threading

    assert off_the_loop(threading.get_ident) == threading.get_ident()
    with pytest.raises(ZeroDivisionError):
        off_the_loop(divmod, 1, 0)
