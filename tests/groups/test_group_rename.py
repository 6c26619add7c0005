"""Renaming a player in a group (issue 24): the group's records, list and roster show the new
name and keep the history; the games' sheets keep what was written; a name another player
has is refused (merge instead), a name a new game refuses is refused with the same words."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event

from companion.infra.extensions import db
from companion.services import groups
from tests.kits.group_games import card_round, finish_short, long_group, start
from tests.kits.units import discarded


@pytest.fixture
def group(api: Any) -> dict[str, Any]:
    """Ann beat Ben twice; Ann and Ben have a game in progress."""
    group = dict(api.post("/api/groups", {"name": "Friday"}).get_json())
    for _ in range(2):
        finish_short(api, start(api, group, ["Ann", "Ben"], phases=[1, 2]), "Ann", "Ben")
    playing = start(api, group, ["Ben", "Ann"], phases=[1, 2])
    assert api.round(playing, card_round("Ann", {"Ben": 80})).status_code == 201
    group["playing"] = playing
    return group


def rename(api: Any, group: dict[str, Any], old: str, new: str, key: str = "id") -> Any:
    return api.client.patch(f"/api/groups/{group[key]}/players/{old}", json={"name": new})


def records(data: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {player["name"]: (player["played"], player["won"]) for player in data["players"]}


def test_a_renamed_player_keeps_their_history_under_the_new_name(api: Any, group) -> None:
    response = rename(api, group, "Ann", "Anna")
    assert response.status_code == 200, response.get_json()
    data = response.get_json()
    assert records(data) == {"Anna": (2, 2), "Ben": (2, 0)}
    # The group's list shows its people by the group's names, winners too...
    assert all("Ann" not in game["players"] for game in data["games"])
    assert [game["winners"] for game in data["games"]] == [[], ["Anna"], ["Anna"]]
    assert data["wins_over_time"] == [["Anna"], ["Anna"]]
    # ... while every sheet keeps the name written on the night.
    sheet = api.client.get(f"/api/games/{data['games'][1]['view_id']}").get_json()
    assert [player["name"] for player in sheet["players"]] == ["Ann", "Ben"]
    assert sheet["winner"] == "Ann"

    # The game in progress finishes as Ann, and counts for Anna; so does the next game,
    # started with the new name.
    assert api.round(group["playing"], card_round("Ann", {"Ben": 70})).status_code == 201
    finish_short(api, start(api, group, ["Anna", "Ben"], phases=[1, 2]), "Anna", "Ben")
    data = api.client.get(f"/api/groups/{group['id']}").get_json()
    assert records(data) == {"Anna": (4, 4), "Ben": (4, 0)}


def test_the_new_game_form_offers_the_new_name_in_the_last_seating(api: Any, group) -> None:
    assert rename(api, group, "ann", "Anna").status_code == 200  # any spelling of them
    page = api.client.get(f"/games/new?group={group['id']}").get_data(as_text=True)
    picks = page[page.index('class="picks"'):]
    assert picks.index('data-name="Ben"') < picks.index('data-name="Anna"')  # last seating
    assert 'data-name="Ann"' not in picks
    # The group's JSON carries the same roster, with the seats of the last game.
    assert api.client.get(f"/api/groups/{group['view_id']}").get_json()["roster"] == [
        {"name": "Ben", "seat": 0}, {"name": "Anna", "seat": 1}]


def test_renaming_twice_and_back_keeps_one_person(api: Any, group) -> None:
    assert rename(api, group, "Ann", "Anna").status_code == 200
    finish_short(api, start(api, group, ["Anna", "Ben"], phases=[1, 2]), "Anna", "Ben")
    assert records(rename(api, group, "Anna", "Annie").get_json()) == {
        "Annie": (3, 3), "Ben": (3, 0)}
    # Back to a spelling that is theirs already: not another player's, so allowed.
    data = rename(api, group, "Annie", "ANN").get_json()
    assert records(data) == {"ANN": (3, 3), "Ben": (3, 0)}
    assert {alias["name"] for alias in data["aliases"]} == {"ANN"}


def test_merged_spellings_follow_a_rename(api: Any, group) -> None:
    finish_short(api, start(api, group, ["Annie", "Ben"], phases=[1, 2]), "Annie", "Ben")
    assert api.post(f"/api/groups/{group['id']}/aliases",
                    {"spelling": "Annie", "name": "Ann"}).status_code == 200
    data = rename(api, group, "Ann", "Anna").get_json()
    assert records(data) == {"Anna": (3, 3), "Ben": (3, 0)}
    # The renamed player can be merged into, though nobody typed "Anna" yet.
    finish_short(api, start(api, group, ["Anka", "Ben"], phases=[1, 2]), "Anka", "Ben")
    merged = api.post(f"/api/groups/{group['id']}/aliases", {"spelling": "Anka", "name": "Anna"})
    assert merged.status_code == 200, merged.get_json()
    assert records(merged.get_json()) == {"Anna": (4, 4), "Ben": (4, 0)}


@pytest.mark.parametrize(("old", "new", "status", "words"), [
    ("Ann", "Ben", 400, "Ben is another player of this group: to count Ann and Ben as one "
                        "person, merge them instead"),
    ("Ann", " ben ", 400, "merge them instead"),
    ("Ann", "   ", 400, "Ann needs a name: a name has 1 to 30 characters"),
    ("Ann", "A" * 31, 400, "is too long: a name has 1 to 30 characters"),
    ("Ann", "An\u202en", 400, "A name cannot hold control characters"),
    ("Zed", "Zoe", 404, "Nobody called Zed played in this group"),
])
def test_a_rename_that_cannot_be_is_refused_and_changes_nothing(
        api: Any, group, old: str, new: str, status: int, words: str) -> None:
    before = api.client.get(f"/api/groups/{group['id']}").get_json()
    response = rename(api, group, old, new)
    assert response.status_code == status
    assert words in response.get_json()["error"]
    assert api.client.get(f"/api/groups/{group['id']}").get_json() == before


def test_only_the_edit_link_renames(api: Any, group) -> None:
    assert rename(api, group, "Ann", "Anna", key="view_id").status_code == 404
    page = api.client.post(f"/groups/{group['view_id']}/rename",
                           data={"player": "Ann", "name": "Anna"})
    assert page.status_code == 404
    assert api.client.get(f"/groups/{group['id']}/rename").status_code == 405
    assert records(api.client.get(f"/api/groups/{group['id']}").get_json())["Ann"] == (2, 2)


def test_a_name_of_thirty_emoji_is_taken_beyond_thirty_code_points(api: Any, group) -> None:
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"
    response = rename(api, group, "Ann", family * 30)
    assert response.status_code == 200, response.get_json()
    assert family * 30 in records(response.get_json())


def test_the_page_renames_and_shows_a_refusal_next_to_the_name(api: Any, group) -> None:
    client = api.client
    page = client.get(f"/groups/{group['id']}").get_data(as_text=True)
    assert 'action="/groups/' + group["id"] + '/rename"' in page
    assert "rename" not in client.get(f"/groups/{group['view_id']}").get_data(as_text=True)

    refused = client.post(f"/groups/{group['id']}/rename", data={"player": "Ann", "name": "Ben"})
    assert refused.status_code == 422
    text = refused.get_data(as_text=True)
    error = text.index('id="rename-error"')
    assert "merge them instead" in text[error:error + 300]
    assert 'value="Ben"' in text and "autofocus" in text  # the name as typed, in focus

    done = client.post(f"/groups/{group['id']}/rename", data={"player": "Ann", "name": "Anna"})
    assert done.status_code == 303
    shown = client.get(f"/groups/{group['id']}").get_data(as_text=True)
    assert "Ann is now called Anna in this group." in shown
    assert "<h3>Anna</h3>" in shown and "<h3>Ann</h3>" not in shown
    assert "“ann” counts as Anna" in shown  # and can be undone like a merge
    client.post(f"/groups/{group['id']}/unmerge", data={"spelling": "ann"})
    assert "<h3>Ann</h3>" in client.get(f"/groups/{group['id']}").get_data(as_text=True)


def test_a_rename_reads_no_finished_game(api: Any, app: Flask) -> None:
    """A rename costs the same at 100 and 1,000 finished games: it reads the group's tallies
    and the players of its games in progress, never the finished games' players or rounds."""
    group = dict(api.post("/api/groups", {"name": "Long"}).get_json())
    finish_short(api, start(api, group, ["Ann", "Ben"], phases=[1, 2]), "Ann", "Ben")
    with app.app_context():
        found = groups.find_group(group["id"])
        assert found is not None
        statements: list[str] = []

        def seen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
            statements.append(statement)

        event.listen(db.engine, "before_cursor_execute", seen)
        try:
            with discarded():
                groups.rename(found[0], "Ann", "Anna")
        finally:
            event.remove(db.engine, "before_cursor_execute", seen)
    assert not any("FROM round" in s or "FROM result" in s for s in statements), statements
    assert all("game.status" in s for s in statements if "FROM player" in s), statements


@pytest.mark.slow
def test_a_rename_runs_the_same_statements_at_ten_times_the_history(app: Flask) -> None:
    """A group of 100 and one of 1,000 finished games (rows written directly, with the
    tallies kept as the services keep them): a rename runs as many statements in both. Its
    time at either size is in benchmarks/rename.py."""
    counts = {}
    with app.app_context():
        for size in (100, 1000):
            found = long_group(size)
            statements: list[str] = []

            def seen(_conn: Any, _cursor: Any, statement: str, *_: Any,
                     into: list[str] = statements) -> None:
                into.append(statement)

            event.listen(db.engine, "before_cursor_execute", seen)
            try:
                with discarded():
                    groups.rename(found, "Ann", "Anna")
            finally:
                event.remove(db.engine, "before_cursor_execute", seen)
            counts[size] = len(statements)
    assert counts[1000] == counts[100], counts


def test_a_rematch_in_the_group_takes_the_new_name(api: Any, group) -> None:
    listed = api.client.get(f"/api/groups/{group['id']}").get_json()["games"]
    old_game, older_game = listed[1], listed[2]
    assert rename(api, group, "Ann", "Anna").status_code == 200
    rematch = api.post(f"/api/games/{old_game['id']}/rematch", {"group": group["id"]})
    assert rematch.status_code == 201, rematch.get_json()
    assert [p["name"] for p in rematch.get_json()["players"]] == ["Anna", "Ben"]
    # Outside the group (no group link), the table as it was typed.
    alone = api.client.post(f"/api/games/{older_game['id']}/rematch")
    assert alone.status_code == 201
    assert [p["name"] for p in alone.get_json()["players"]] == ["Ann", "Ben"]
