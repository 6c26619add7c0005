"""The same kind of problem gets the same status and shape on every route (docs/API.md,
docs/decisions.md "First evening polish"): a round that breaks a rule is 422 with details,
a round number that does not fit says what the next round is, an unknown link one sentence."""

from __future__ import annotations

from typing import Any

import pytest

from companion import limits

UNKNOWN = "no-such-link-0123456789"


def results(ben: object) -> list[dict[str, Any]]:
    return [{"player": "Ann", "phase": True, "points": 0},
            {"player": "Ben", "phase": False, "points": ben}]


@pytest.mark.parametrize("points", [-5, limits.MAX_POINTS + 5, 10 ** 6])
def test_points_out_of_range_break_a_rule_with_details(api: Any, points: int) -> None:
    game = api.new_game(["Ann", "Ben"])
    answer = api.round(game, results(points))
    assert answer.status_code == 422
    body = answer.get_json()
    assert body["error"].startswith("Round 1 breaks a rule: ")
    assert [(d["player"], d["field"]) for d in body["details"]] == [("Ben", "points")]
    assert api.client.get(f"/api/games/{game['id']}").get_json()["rounds"] == []


def test_points_that_are_not_a_number_are_malformed_input(api: Any) -> None:
    game = api.new_game(["Ann", "Ben"])
    answer = api.round(game, results("many"))
    assert answer.status_code == 400 and "whole number" in answer.get_json()["error"]


def test_a_round_number_ahead_of_the_game_says_which_round_comes_next(api: Any) -> None:
    game = api.new_game(["Ann", "Ben"])
    ahead = api.post(f"/api/games/{game['id']}/rounds", {"results": results(60), "number": 3})
    assert ahead.status_code == 409
    assert ahead.get_json()["error"] == ("Round 3 cannot come next: the next round of this "
                                         "game is round 1. Nothing was stored.")
    assert api.round(game, results(60)).status_code == 201
    behind = api.post(f"/api/games/{game['id']}/rounds", {"results": results(60), "number": 1})
    assert behind.status_code == 409
    assert behind.get_json()["error"].startswith("Another device changed the rounds first.")
    undo = api.client.delete(f"/api/games/{game['id']}/rounds/last?number=4")
    assert undo.status_code == 409
    assert undo.get_json()["error"] == ("Round 4 cannot be undone: the last round of this game "
                                        "is round 1. Nothing was changed.")
    assert len(api.client.get(f"/api/games/{game['id']}").get_json()["rounds"]) == 1


ROUTES = [
    ("get", "/api/games/{key}", None), ("post", "/api/games/{key}/rounds", {"results": []}),
    ("put", "/api/games/{key}/rounds/1", {"results": []}),
    ("delete", "/api/games/{key}/rounds/last", None), ("get", "/api/games/{key}/events", None),
    ("post", "/api/games/{key}/players", {"name": "Cem"}),
    ("patch", "/api/games/{key}/players/Ann", {"name": "Cem"}),
    ("delete", "/api/games/{key}/players/Ann", None), ("post", "/api/games/{key}/rematch", {}),
    ("get", "/api/games/{key}/export", None), ("get", "/api/games/{key}/export.csv", None),
    ("get", "/api/groups/{key}", None), ("post", "/api/groups/{key}/games", {"game": "x"}),
    ("post", "/api/groups/{key}/aliases", {"spelling": "a", "name": "b"}),
    ("get", "/api/groups/{key}/export", None),
]


def test_an_unknown_link_gets_one_sentence_on_every_route(api: Any) -> None:
    said = set()
    for method, path, body in ROUTES:
        call = getattr(api.client, method)
        answer = call(path.format(key=UNKNOWN), **({} if body is None else {"json": body}))
        assert answer.status_code == 404, (method, path)
        assert answer.get_json()["details"] == []
        said.add(answer.get_json()["error"])
    for page in ("/games/{key}", "/groups/{key}", "/games/{key}/sheet.pdf"):
        html = api.client.get(page.format(key=UNKNOWN)).get_data(as_text=True)
        assert next(iter(said)) in html
    assert said == {"There is nothing here: check the link."}
