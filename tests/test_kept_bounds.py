"""Kept pages are bounded by bytes, and their keys ignore what does not change the answer:
unknown query parameters and spellings of the same host (companion.cache.store and
companion.cache.pages)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.cache import pages as rendered
from companion.cache.store import Kept


def test_a_store_bounded_by_bytes_drops_the_least_recently_used():
    kept: Kept[str] = Kept(100, most_bytes=10, weigh=len)
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
def test_thousands_of_unknown_parameters_share_one_kept_page(api: Any, client: Any,
                                                             monkeypatch: pytest.MonkeyPatch):
    pages: Kept[str] = Kept(rendered.KEPT_PAGES, most_bytes=rendered.KEPT_BYTES, weigh=len)
    monkeypatch.setattr(rendered, "_pages", pages)
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
    pages: Kept[str] = Kept(10_000, most_bytes=50_000, weigh=len)
    for number in range(5000):
        pages.put(("sheet", number), "p" * 1000)
    assert pages.bytes <= 50_000
