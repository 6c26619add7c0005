"""Games per group: a full group refuses the next game with 413 and a sentence, stores nothing,
and a game started from the form for a full group is started outside it."""

from __future__ import annotations

from typing import Any

import pytest

from companion.services import groups

PLAYERS = ["Ada", "Bo"]


@pytest.fixture
def full(api: Any, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    monkeypatch.setattr(groups, "MAX_GROUP_GAMES", 2)
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    for _ in range(2):
        assert api.post(f"/api/groups/{group['id']}/games",
                        {"players": PLAYERS}).status_code == 201
    return dict(group)


def listed(api: Any, group: dict[str, Any]) -> int:
    return len(api.client.get(f"/api/groups/{group['id']}").get_json()["games"])


def test_a_full_group_refuses_a_new_game_and_stores_nothing(api: Any, full) -> None:
    refused = api.post(f"/api/groups/{full['id']}/games", {"players": PLAYERS})
    assert refused.status_code == 413
    assert refused.get_json()["error"] == (
        "A group holds at most 2 games: start a new group for the next ones")
    assert listed(api, full) == 2


def test_a_full_group_refuses_a_game_played_earlier(api: Any, full) -> None:
    earlier = api.new_game(PLAYERS)
    refused = api.post(f"/api/groups/{full['id']}/games", {"game": earlier["id"]})
    assert refused.status_code == 413
    assert listed(api, full) == 2
    assert api.client.get(f"/api/games/{earlier['id']}").get_json().get("group") is None


def test_a_game_started_for_a_full_group_is_started_outside_it(client: Any, api: Any,
                                                               full) -> None:
    data = {"edition": "original", "phase_set": "all", "first": "0", "group": full["id"],
            "names-0": "Ada", "names-1": "Bo"}
    answer = client.post("/games/new", data=data)
    assert answer.status_code == 303, answer.get_data(as_text=True)
    assert client.get(answer.headers["Location"]).status_code == 200
    assert listed(api, full) == 2
