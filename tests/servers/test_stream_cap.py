"""One address holds a bounded number of live streams (STREAMS_PER_ADDRESS per worker): one
more gets 429, while the streams already open and other addresses' go on. Against a real
gunicorn, from two source addresses (127.0.0.1 and 127.0.0.2)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.kits.server import Server, call, round_body, serving
from tests.kits.stream import Stream, closing_all

PLAYERS = ["Ann", "Ben"]
CAP = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # One worker: the cap counts per worker (docs/decisions.md).
    with serving("sqlite", tmp_path_factory.mktemp("cap"), workers=1,
                 settings={"COMPANION_STREAMS_PER_ADDRESS": str(CAP)}) as running:
        yield running


@pytest.fixture
def streams() -> Iterator[list[Stream]]:
    with closing_all() as opened:
        yield opened


def _open(server: Server, key: str, into: list[Stream], source: str = "127.0.0.1") -> Stream:
    stream = Stream(server.url, key, timeout=30, source=source)
    into.append(stream)
    return stream


def test_one_stream_past_the_cap_gets_429_and_the_rest_go_on(server, streams):
    game: dict[str, Any] = call(server.url, "POST", "/api/games", {"players": PLAYERS}).body
    first = [_open(server, game["view_id"], streams) for _ in range(CAP)]
    assert [stream.status for stream in first] == [200] * CAP
    refused = _open(server, game["view_id"], streams)
    assert refused.status == 429
    assert refused.retry_after is not None and int(refused.retry_after) > 0
    assert json.loads(refused.response.read())["error"].startswith("Too many live updates")
    other = _open(server, game["view_id"], streams, source="127.0.0.2")
    assert other.status == 200
    # Everybody's open streams hear the next change.
    revision = call(server.url, "POST", f"/api/games/{game['id']}/rounds",
                    round_body(1, PLAYERS)).body["revision"]
    assert all(stream.wait_for(revision) for stream in [*first, other])
    # Other requests from the capped address are not refused.
    assert call(server.url, "GET", f"/api/games/{game['view_id']}").status == 200


def test_a_closed_stream_makes_room_for_a_new_one(server, streams):
    game: dict[str, Any] = call(server.url, "POST", "/api/games", {"players": PLAYERS}).body
    # An address of its own: the server may not have noticed yet that the streams of the
    # test before hung up.
    held = [_open(server, game["view_id"], streams, "127.0.0.3") for _ in range(CAP)]
    assert [stream.status for stream in held] == [200] * CAP
    held[0].close()
    # The server learns of a hang-up when it next writes to it: a change makes it write.
    began, turn = time.monotonic(), 0
    while time.monotonic() - began < 30:
        turn += 1
        call(server.url, "POST", f"/api/games/{game['id']}/rounds", round_body(turn, PLAYERS))
        time.sleep(0.5)
        again = _open(server, game["view_id"], streams, "127.0.0.3")
        if again.status == 200:
            break
    assert again.status == 200
