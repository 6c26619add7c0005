"""The game's length (issue 24): each game's start, end and duration on its page and in its
JSON, the group's average and longest game kept with its records, and the times carried by
export and import."""

from __future__ import annotations

import copy
import time
from typing import Any

from flask import Flask

from companion import models
from companion.infra.extensions import db
from tests.kits.group_games import card_round


def rounds(times: list[str]) -> list[dict[str, Any]]:
    """Phases 1-2 won by Ann in two rounds, entered at ``times``."""
    win = [{"player": "Ann", "phase": True, "points": 0, "went_out": True},
           {"player": "Ben", "phase": False, "points": 60}]
    return [{"results": win, "at": at} for at in times]


def game_file(start: str, times: list[str]) -> dict[str, Any]:
    return {"edition": "original", "players": ["Ann", "Ben"], "phases": [1, 2],
            "created_at": start, "rounds": rounds(times)}


def group_file() -> dict[str, Any]:
    return {"format": "phase10-companion", "version": 1, "kind": "group", "group": {
        "name": "Friday", "games": [
            game_file("2026-03-06T19:42:00", ["2026-03-06T20:10:00", "2026-03-06T21:15:00"]),
            game_file("2026-03-06T21:30:00", ["2026-03-06T21:50:00", "2026-03-06T22:00:00"]),
            game_file("2026-03-07T19:00:00", ["2026-03-07T20:00:00", "2026-03-07T21:33:00"]),
            # not finished: counts for no length
            game_file("2026-03-08T19:00:00", ["2026-03-08T19:20:00"])]}}


def test_a_finished_game_says_when_it_started_and_ended_and_how_long_it_took(
        api: Any) -> None:
    file = {"format": "phase10-companion", "version": 1, "kind": "game",
            "game": game_file("2026-03-06T19:42:00",
                              ["2026-03-06T20:10:00", "2026-03-06T21:15:30"])}
    game = api.post("/api/import", file).get_json()
    assert game["status"] == "finished"
    assert (game["started_at"], game["ended_at"], game["duration_s"]) == (
        "2026-03-06T19:42:00Z", "2026-03-06T21:15:30Z", 93 * 60 + 30)
    assert game["last_round_at"] == "2026-03-06T21:15:30Z"
    page = api.client.get(f"/games/{game['view_id']}",
                          headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<time datetime="2026-03-06T19:42:00Z" data-local="time">7:42\u202fPM UTC</time>' \
        in page or '<time datetime="2026-03-06T19:42:00Z" data-local="time">7:42 PM UTC</time>' \
        in page
    assert 'datetime="2026-03-06T21:15:30Z"' in page
    assert "1\u00a0hr 33\u00a0min" in page
    german = api.client.get(f"/games/{game['view_id']}",
                            headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Begonnen" in german and "19:42 UTC" in german and "1\u00a0Std. 33\u00a0Min." in german


def test_a_game_in_progress_tells_only_what_its_revision_fixes(api: Any) -> None:
    file = {"format": "phase10-companion", "version": 1, "kind": "game",
            "game": game_file("2026-03-06T19:42:00", ["2026-03-06T20:29:00"])}
    game = api.post("/api/import", file).get_json()
    assert game["status"] == "playing"
    assert (game["ended_at"], game["duration_s"]) == (None, None)
    assert game["last_round_at"] == "2026-03-06T20:29:00Z"
    page = api.client.get(f"/games/{game['view_id']}").get_data(as_text=True)
    assert "last round" in page and "47\u00a0min played" in page and "finished" not in page


def test_a_round_entered_now_ends_the_game_at_its_own_time(api: Any, app: Flask) -> None:
    game = api.new_game(["Ann", "Ben"], phases=[1])
    assert api.client.get(f"/api/games/{game['id']}").get_json()["last_round_at"] is None
    stored_round = api.round(game, card_round("Ann", {"Ben": 60}))
    assert stored_round.status_code == 201
    # The write's answer, then the game read again (on PostgreSQL a read may answer the
    # revision the listener has heard of, so it is read until it has the new one).
    for answer in (stored_round.get_json(), read_at(api, game, stored_round.json["revision"])):
        with app.app_context():
            stored = db.session.execute(db.select(models.Round)).scalar_one()
            assert answer["ended_at"] == stored.created_at.isoformat(timespec="seconds") + "Z"
        assert answer["duration_s"] is not None and answer["duration_s"] >= 0
    undone = api.client.delete(f"/api/games/{game['id']}/rounds/last")
    assert undone.status_code == 200
    for after in (undone.get_json(), read_at(api, game, undone.json["revision"])):
        assert (after["last_round_at"], after["ended_at"], after["duration_s"]) == (
            None, None, None)


def read_at(api: Any, game: dict[str, Any], revision: int) -> dict[str, Any]:
    """The game read through its link once the read has the given revision (a few tries)."""
    give_up = time.monotonic() + 30  # seconds, on a loaded machine
    while time.monotonic() < give_up:
        found: dict[str, Any] = api.client.get(f"/api/games/{game['id']}").get_json()
        if found["revision"] >= revision:
            return found
        time.sleep(0.05)
    raise AssertionError(f"the game never reached revision {revision}")


def test_the_group_keeps_the_average_and_the_longest_game(api: Any) -> None:
    group = api.post("/api/import", group_file()).get_json()
    # 93 min, 30 min and 153 min: the unfinished game counts for none.
    assert group["length"]["games"] == 3
    assert group["length"]["average_seconds"] == (93 + 30 + 153) * 60 // 3
    longest = group["length"]["longest"]
    assert (longest["seconds"], longest["created_at"]) == (153 * 60, "2026-03-07T19:00:00Z")
    page = api.client.get(f"/groups/{group['view_id']}").get_data(as_text=True)
    assert "A game takes 1\u00a0hr 32\u00a0min on average" in page
    assert f'href="/games/{longest["view_id"]}">2\u00a0hr 33\u00a0min</a>' in page
    # The list tells two games of one evening apart by their time and winner.
    assert 'datetime="2026-03-06T19:42:00Z"' in page and 'datetime="2026-03-06T21:30:00Z"' in page

    # Taking back the longest game's finish looks the longest up again among the others.
    edit_key = next(game["id"] for game in group["games"]
                    if game["view_id"] == longest["view_id"])
    assert api.client.delete(f"/api/games/{edit_key}/rounds/last").status_code == 200
    again = api.client.get(f"/api/groups/{group['id']}").get_json()["length"]
    assert (again["games"], again["average_seconds"], again["longest"]["seconds"]) == (
        2, (93 + 30) * 60 // 2, 93 * 60)


def test_export_and_import_carry_the_rounds_times(api: Any) -> None:
    group = api.post("/api/import", group_file()).get_json()
    exported = api.client.get(f"/api/groups/{group['view_id']}/export").get_json()
    assert [r["at"] for r in exported["group"]["games"][0]["rounds"]] == [
        "2026-03-06T20:10:00", "2026-03-06T21:15:00"]
    older = copy.deepcopy(exported)
    for game in older["group"]["games"]:
        for round_ in game["rounds"]:
            del round_["at"]  # a file from before the times were exported
    copied = api.post("/api/import", older).get_json()
    assert copied["length"] == {"games": 0, "average_seconds": None, "longest": None}
