"""The live-update loop ends with the app that started it: no thread is left retrying a
database that a later test (or a restart) took away."""

from __future__ import annotations

import threading
import time

import pytest
from flask import Flask

from companion.infra import live
from companion.infra.extensions import db


def _loops() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate()
            if thread.name == "companion-live" and thread.is_alive()]


def test_stop_watching_ends_the_loop_and_forgets_the_watcher(app: Flask) -> None:
    with app.app_context():
        watcher = live.watcher(db.engine)
        subscription = watcher.subscribe(1, 0)
        assert watcher.thread is not None and watcher.thread.is_alive()
        live.stop_watching(db.engine)
        assert not watcher.thread.is_alive()
        assert watcher.thread not in _loops()
        subscription.offer(5)  # a stream still holding it is not an error
        assert live.watcher(db.engine) is not watcher  # an app built later starts anew
        live.stop_watching(db.engine)


def test_a_stopped_watcher_starts_no_loop_again(app: Flask) -> None:
    with app.app_context():
        watcher = live.watcher(db.engine)
        watcher.stop()
        watcher.subscribe(1, 0)
        assert watcher.thread is None
        live.stop_watching(db.engine)


def test_a_listener_is_woken_to_stop(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """PostgreSQL: the listener waits for notifications; stopping wakes it with one, so it
    does not sit out its wait (made an hour here: only the wake-up can end it)."""
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("SQLite's loop polls: it has no listener to wake")
    monkeypatch.setattr(live, "IDLE", 3600.0)
    with app.app_context():
        watcher = live.watcher(db.engine)
        watcher.poll_token()  # a poll keeps the listener running
        give_up = time.monotonic() + 60  # a loaded machine may take seconds to connect
        while not watcher.listening and time.monotonic() < give_up:
            threading.Event().wait(0.05)
        assert watcher.listening and watcher.thread is not None
        watcher.stop(timeout=60)
        assert not watcher.thread.is_alive()
        live.stop_watching(db.engine)
