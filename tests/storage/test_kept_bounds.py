"""Kept pages are bounded by bytes, and their keys ignore what does not change the answer:
unknown query parameters and spellings of the same host (companion.cache.store and
companion.cache.pages)."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

import companion
from companion import create_app
from companion.cache import stores
from companion.cache.store import Budget, Kept
from companion.config import KEPT_BYTES
from companion.infra.extensions import db


def test_a_store_bounded_by_bytes_drops_the_least_recently_used():
    kept: Kept[str] = Kept(100, weigh=len, within=Budget(10))
    for name in "abcd":
        kept.put(name, name * 3)
    assert kept.bytes == 9
    assert kept.find("a") is None and kept.find("d") == "ddd"
    kept.put("big", "x" * 11)  # larger than the whole store: not kept, nothing dropped
    assert kept.find("big") is None and kept.find("b") == "bbb"
    kept.put("b", "b")  # a new value for a key replaces its cost
    assert kept.bytes == 7


@pytest.mark.slow
@pytest.mark.storage
def test_thousands_of_unknown_parameters_share_one_kept_page(app: Flask, api: Any,
                                                             client: Any):
    pages = app.extensions["companion_stores"].pages
    pages.clear()
    game = api.new_game(["Ada", "Bo"])
    sheet = f"/games/{game['view_id']}"
    first = client.get(sheet + "?x=0")
    assert first.status_code == 200 and b"x=0" not in first.data
    kept_bytes = pages.bytes
    assert kept_bytes > 0
    for number in range(1, 2000):
        assert client.get(f"{sheet}?x={number}").status_code == 200
    for host in ("COMPANION.TEST", "companion.test.", "companion.test:80"):
        assert client.get(sheet, headers={"Host": host}).status_code == 200
    assert pages.bytes == kept_bytes


def test_the_byte_bound_holds_whatever_the_keys(monkeypatch: pytest.MonkeyPatch):
    pages: Kept[str] = Kept(10_000, weigh=len, within=Budget(50_000))
    for number in range(5000):
        pages.put(("sheet", number), "p" * 1000)
    assert pages.bytes <= 50_000


def test_stores_share_one_budget_and_the_oldest_of_any_store_goes_first():
    budget = Budget(100)
    pages: Kept[str] = Kept(100, weigh=len, within=budget)
    pictures: Kept[bytes] = Kept(100, weigh=len, within=budget)
    pages.put("a", "p" * 40)
    pictures.put("b", b"x" * 40)
    pages.find("a")  # now the picture is the least recently used of the two
    pictures.put("c", b"y" * 40)  # 120 > 100: the oldest of either store goes
    assert pictures.find("b") is None and pages.find("a") == "p" * 40
    assert budget.bytes == pages.bytes + pictures.bytes == 80
    pages.put("d", "q" * 60)  # room is taken from the other store too
    assert budget.bytes <= 100 and pictures.find("c") is None
    pages.clear()
    assert budget.bytes == pictures.bytes == 0


def test_a_smaller_budget_drops_what_no_longer_fits():
    budget = Budget(1000)
    kept: Kept[str] = Kept(100, weigh=len, within=budget)
    for number in range(10):
        kept.put(number, "v" * 100)
    budget.limit(250)
    assert budget.bytes == 200 and len(kept) == 2
    assert kept.find(9) is not None and kept.find(7) is None


def test_every_store_of_an_app_is_declared_in_cache_stores_under_its_one_budget(app: Flask):
    package = Path(companion.__file__).parent
    declaring = {path.relative_to(package).as_posix()
                 for path in package.rglob("*.py")
                 for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                 if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Kept"}
    assert declaring == {"cache/stores.py"}
    with app.app_context():
        kept = stores.of_app()
        assert len(kept.every()) == 11 and stores.sheets is kept.sheets
        assert all(store.budget is kept.budget for store in kept.every())
        assert kept.budget.most_bytes == app.config["KEPT_BYTES"] == KEPT_BYTES
        assert stores.every() == (*kept.every(), stores.templates)


def untokened(page: bytes) -> bytes:
    return re.sub(rb'name="csrf_token" value="[^"]*"', b"", page)


@pytest.mark.storage
def test_the_setting_bounds_everything_an_app_keeps(app: Flask) -> None:
    """Pages, JSON, sheets, PDFs and a group's page, kept for many games, stay within the
    app's KEPT_BYTES together, and each answer stays what it was."""
    small = create_app({**app.config, "MIGRATE_ON_START": 0, "KEPT_BYTES": 150_000})
    client = small.test_client()
    kept = small.extensions["companion_stores"]
    assert kept.budget.most_bytes == 150_000
    group = client.post("/api/groups", json={"name": "Tuesdays"}).get_json()
    for number in range(12):
        game = client.post("/api/games", json={"players": ["Ann", f"Bo {number}"]}).get_json()
        first = client.get(f"/games/{game['view_id']}").get_data()
        # The same page again, from what was kept (the CSRF token is signed per second).
        assert untokened(client.get(f"/games/{game['view_id']}").get_data()) == untokened(
            first)
        assert client.get(f"/api/games/{game['id']}").status_code == 200
        assert client.get(f"/games/{game['view_id']}/sheet.pdf").status_code == 200
        assert client.post(f"/api/groups/{group['id']}/games",
                           json={"game": game["id"]}).status_code == 200
        assert client.get(f"/groups/{group['view_id']}").status_code == 200
        assert kept.budget.bytes == sum(store.bytes for store in kept.every()) <= 150_000
    assert sum(1 for store in kept.every() if len(store)) >= 5
    with small.app_context():
        db.engine.dispose()
