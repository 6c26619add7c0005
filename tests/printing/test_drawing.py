"""Drawings run in a bounded pool of processes, with a deadline and a clear answer past it
(companion.infra.drawing)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from typing import Any

import pytest
from flask import Flask

from companion.infra import drawing
from tests.kits.pdf import pdf_pages, seed_game


def _pid() -> int:
    return os.getpid()


def _slow(seconds: float) -> str:
    time.sleep(seconds)
    return f"slept {seconds}"


def test_a_drawing_runs_in_another_process_and_inline_when_asked(app: Flask) -> None:
    # Where it runs is the point, not how soon: a busy machine may take long to start the
    # pool's process (it runs at a lower priority), so the deadline is far away.
    app.config["DRAWING_SECONDS"] = 120
    with app.app_context():
        assert drawing.draw(_pid) != os.getpid()
        app.config["DRAWING_PROCESSES"] = 0
        assert drawing.draw(_pid) == os.getpid()


def test_a_late_drawing_is_refused_and_its_result_still_arrives(app: Flask) -> None:
    kept: list[str] = []
    with app.app_context():
        # The pool is started first, under the tests' far deadline (starting a process can
        # take seconds on a loaded machine): the short one below is the drawing's own.
        drawing.draw(_pid)
        app.config["DRAWING_SECONDS"] = 0.2
        with pytest.raises(drawing.DrawingBusy):
            drawing.draw(_slow, 1.0, on_done=kept.append)
        give_up = time.monotonic() + 60
        while not kept and time.monotonic() < give_up:
            time.sleep(0.05)
    assert kept == ["slept 1.0"]


def test_drawings_beyond_the_waiting_bound_are_refused_at_once(app: Flask) -> None:
    app.config.update(DRAWING_WAITING=1, DRAWING_SECONDS=0.1)
    with app.app_context():
        with pytest.raises(drawing.DrawingBusy):
            drawing.draw(_slow, 1.0)  # late: its slot stays taken until it is done
        with pytest.raises(drawing.DrawingBusy, match="too many"):
            drawing.draw(_pid)
        app.config["DRAWING_SECONDS"] = 20
        # The slot comes back once the late drawing is done (within a minute even on a
        # loaded machine, where starting the drawing process alone can take seconds).
        give_up = time.monotonic() + 60
        while True:
            try:
                assert drawing.draw(_pid) != os.getpid()
                break
            except drawing.DrawingBusy:
                assert time.monotonic() < give_up, "the slot of the late drawing never came back"
                time.sleep(0.05)


def test_a_late_sheet_gets_503_with_retry_after_and_the_retry_finds_it_kept(app, client, api):
    game = seed_game(api)
    pdfs = app.extensions["companion_stores"].pdfs  # the app's (cache.stores)
    pdfs.clear()
    app.config["DRAWING_SECONDS"] = 0  # no drawing is ever in time
    late = client.get(f"/games/{game['view_id']}/sheet.pdf")
    assert late.status_code == 503
    assert late.headers["Retry-After"] == str(drawing.RETRY_SECONDS)
    assert "Drawing this takes longer than it should" in late.get_data(as_text=True)
    give_up = time.monotonic() + 60  # the late drawing goes on, and is kept when done
    while not pdfs.bytes:
        assert time.monotonic() < give_up, "the late drawing was never kept"
        time.sleep(0.05)
    again = client.get(f"/games/{game['view_id']}/sheet.pdf")
    assert again.status_code == 200
    assert "Michaela" in pdf_pages(again)[0]


def test_a_drawing_in_the_pool_speaks_the_asked_language(client) -> None:
    german = client.get("/print/blank.pdf?lang=de")
    assert german.status_code == 200
    assert "Wertungsblatt" in pdf_pages(german)[0]


GEVENT_WAIT = """
from gevent import monkey; monkey.patch_all()
import gevent, sys, time
from companion import create_app
from companion.infra import drawing
from tests.printing.test_drawing import _spin

app = create_app({"SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": "sqlite://",
                  "RATELIMIT_ENABLED": False})
ticks = []
def ticker():
    while True:
        ticks.append(1)
        gevent.sleep(0.01)
with app.app_context():
    drawing.draw(_spin, 0.0)  # the pool is up
    beat = gevent.spawn(ticker)
    ticks.clear()
    drawing.draw(_spin, 1.0)
    beat.kill()
print(len(ticks))
"""


def _spin(seconds: float) -> int:
    """CPU work for ``seconds``, as a drawing is."""
    end, count = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        count += 1
    return count


def test_under_gevent_the_worker_goes_on_while_a_drawing_runs(tmp_path: Any) -> None:
    """A worker's other greenlets run during a drawing: inline, they would not run once."""
    environment = {**os.environ, "COMPANION_INSTANCE_PATH": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", GEVENT_WAIT], capture_output=True, text=True,
                          timeout=120, env=environment, cwd=os.getcwd())
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.split()[-1]) > 5


FAMILY = "\U0001F468\U0001F3FB\u200d\U0001F469\U0001F3FC\u200d\U0001F467\U0001F3FD\u200d\U0001F466"


def test_a_gunicorn_worker_answers_a_read_while_it_has_a_slow_drawing(tmp_path):
    """One gevent worker: the cheap read asked after a slow drawing comes back before it (in
    the worker, the drawing would hold the read until it was done)."""
    import threading

    from tests.kits.server import call, serving

    names = [FAMILY * 29 + chr(0x1F600 + seat) for seat in range(6)]
    with serving("sqlite", tmp_path, workers=1, settings={"COMPANION_QUOTAS": "0"}) as server:
        assert call(server.url, "GET", "/print/blank.pdf").status == 200  # the pool is up
        game = call(server.url, "POST", "/api/games", {"players": names}).body
        for _turn in range(10):
            results = [{"player": name, "phase": seat == 0, "points": 0 if seat == 0 else 50}
                       for seat, name in enumerate(names)]
            assert call(server.url, "POST", f"/api/games/{game['id']}/rounds",
                        {"results": results, "confirm": True}).status == 201
        done: list[str] = []

        def picture() -> None:
            answer = call(server.url, "GET", f"/games/{game['view_id']}/standings.png")
            done.append(f"drawing {answer.status}")

        drawing_thread = threading.Thread(target=picture)
        drawing_thread.start()
        time.sleep(0.2)  # the drawing has been asked for
        read = call(server.url, "GET", f"/api/games/{game['view_id']}")
        done.append(f"read {read.status}")
        drawing_thread.join()
    assert done == ["read 200", "drawing 200"]
