"""One table, one rematch (issue 46): phones tapping Rematch on the same finished game at the
same moment, against a real gunicorn (several workers and threads) on SQLite and on
PostgreSQL, all reach one new game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.kits.clients import at_once
from tests.kits.server import Server, call, started

pytestmark = [pytest.mark.storage, pytest.mark.slow]  # a real gunicorn

PLAYERS = ["Ann", "Ben", "Cleo"]
PHONES = 12


@pytest.fixture(scope="module")
def server(server_database: tuple[str, Path]) -> Iterator[Server]:
    with started(*server_database) as running:
        yield running


def finished_game(server: Server) -> dict[str, Any]:
    """A game of one phase that Ann wins in its first round."""
    answer = call(server.url, "POST", "/api/games", {"players": PLAYERS, "phases": [1]})
    assert answer.status == 201, answer
    game = dict(answer.body)
    results = [{"player": name, "phase": name == "Ann", "points": 0 if name == "Ann" else 50}
               for name in PLAYERS]
    stored = call(server.url, "POST", f"/api/games/{game['id']}/rounds", {"results": results})
    assert stored.status == 201 and stored.body["status"] == "finished", stored
    return dict(stored.body)


@pytest.mark.parametrize("attempt", range(3))
def test_phones_tapping_rematch_at_once_all_reach_one_new_game(server, attempt):
    game = finished_game(server)
    answers = at_once([lambda: call(server.url, "POST", f"/api/games/{game['id']}/rematch",
                                    {})] * PHONES)
    assert Counter(answer.status for answer in answers) == {201: 1, 200: PHONES - 1}
    assert len({answer.body["id"] for answer in answers}) == 1
    rematch = answers[0].body
    assert rematch["dealer"] == "Ben" and rematch["revision"] == 1  # nobody wrote to it twice
    # The finished game names it, to each link as that link may reach it.
    through_edit = call(server.url, "GET", f"/api/games/{game['id']}").body
    through_view = call(server.url, "GET", f"/api/games/{game['view_id']}").body
    assert through_edit["links"]["rematch"] == rematch["links"]["edit"]
    assert through_view["links"]["rematch"] == rematch["links"]["view"]
    assert through_edit["revision"] == game["revision"] + 1  # linked once, heard by the phones
