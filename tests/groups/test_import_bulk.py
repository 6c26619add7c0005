"""An import writes a file's games in a few statements (issue 44): what it stores is what the
same games stored round by round (as phones enter them) would be, row for row; the file's
counts are refused before the file is read; a refused file stores nothing."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from companion import models, player_names, schemas
from companion.infra.extensions import db
from companion.limits import MAX_CHANGES, MAX_GAMES, MAX_PLAYERS
from companion.services import games, groups, players, work
from tests.kits.group_file import group_file
from tests.kits.group_games import assert_kept
from tests.kits.group_rows import statements_sent, stored

# -- the reference: every round recorded as a phone records it ------------------------------


def entered_one_by_one(file: dict[str, Any]) -> int:
    """The group ``file`` holds, each game started, each round recorded and each player
    changed through the services a table uses (what an import did before issue 44)."""
    item = schemas.ExportFile.model_validate(file).group
    assert item is not None
    with work.unit():
        group = groups.create_group(item.name)
        group.created_at = item.created_at or group.created_at
        for entry in item.games:
            game = games.create_game(entry.to_spec())
            game.created_at = entry.created_at or game.created_at
            for index, body in enumerate([*entry.rounds, None], 1):
                for change in entry.changes:
                    if change.round == index and change.join is not None:
                        players.add_player(game, change.join)
                    elif change.round == index and change.leave is not None:
                        players.remove_player(game, change.leave)
                if body is None:
                    break
                games.record_round(game, body.to_round(game.edition), confirm=body.confirm,
                                   at=body.at)
            game.group_id = group.id
        for alias in item.aliases:
            group.aliases.append(models.Alias(alias=player_names.key(alias.spelling),
                                              name=alias.name))
    return group.id


@pytest.mark.parametrize("seed", [3, 17, 29])
def test_an_import_stores_what_the_rounds_entered_one_by_one_store(
        app: Flask, client: FlaskClient, seed: int) -> None:
    """Late joiners, players who leave, tie-breaks, every edition, a merged spelling: the
    group an import stores equals, row by row, the group whose rounds were recorded one by
    one, and both export the same file."""
    file = group_file(14, seed=seed)
    with app.app_context():
        reference = entered_one_by_one(file)
    answer = client.post("/api/import", json=file)
    assert answer.status_code == 201, answer.get_json()
    copied = answer.get_json()
    with app.app_context():
        group = db.session.get_one(models.Group, reference)
        reference_key = group.view_key
        assert stored(db.session.execute(select(models.Group.id).where(
            models.Group.edit_key == copied["id"])).scalar_one()) == stored(reference)
    theirs = client.get(f"/api/groups/{reference_key}/export").get_json()
    mine = client.get(f"/api/groups/{copied['id']}/export").get_json()
    assert mine == theirs
    assert_kept(app, copied["id"])  # the kept records are those every round gives


def test_the_file_an_import_reads_comes_back_as_it_was(client: FlaskClient) -> None:
    """The app's own export of a group, imported, exports as the same file."""
    first = client.post("/api/import", json=group_file(30, seed=5))
    assert first.status_code == 201, first.get_json()
    exported = client.get(f"/api/groups/{first.get_json()['view_id']}/export").get_json()
    again = client.post("/api/import", json=exported)
    assert again.status_code == 201, again.get_json()
    assert client.get(f"/api/groups/{again.get_json()['id']}/export").get_json() == exported


# -- the writes: a few statements, whatever the file's size ----------------------------------

@pytest.fixture
def statements(app: Flask) -> Iterator[list[str]]:
    with statements_sent(app) as found:
        yield found


def test_an_import_writes_once_per_table_not_once_per_round(
        client: FlaskClient, statements: list[str]) -> None:
    """No statement per round or per game: games, players, rounds and results are written in
    a statement or a few each, the records and head-to-head derived once, and nobody is
    notified (the games are new: nobody watches them yet)."""
    file = group_file(40, seed=11)
    rounds = sum(len(game["rounds"]) for game in file["group"]["games"])
    answer = client.post("/api/import", json=file)
    assert answer.status_code == 201, answer.get_json()
    writes = [statement for statement in statements
              if statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))]
    assert rounds > 300 and len(writes) < 20, writes
    assert not [statement for statement in statements if "notify" in statement.lower()]


# -- counts refused before the file is read --------------------------------------------------

def _file(**game: Any) -> dict[str, Any]:
    return {"format": "phase10-companion", "version": 1, "kind": "group",
            "group": {"name": "Friday", "games": [
                {"players": ["Ann", "Ben"], "rounds": []}, {"players": ["Ann", "Ben"], **game}]}}


def _results(count: int) -> list[dict[str, Any]]:
    return [{"player": f"P{n}", "phase": False, "points": 5} for n in range(count)]


TOO_MANY = [
    (_file(players=[f"P{n}" for n in range(100_000)]), (2, None, "players"),
     "a game has 2 to 6 players"),
    (_file(changes=[{"round": 2, "join": f"P{n}"} for n in range(MAX_CHANGES + 1)]),
     (2, None, "changes"), f"at most {MAX_CHANGES} times"),
    (_file(rounds=[{"results": _results(2)}, {"results": _results(MAX_PLAYERS + 1)}]),
     (2, 2, "results"), "one result per player"),
    ({"format": "phase10-companion", "version": 1, "kind": "group",
      "group": {"games": [{"players": ["Ann", "Ben"]}] * (MAX_GAMES + 1)}},
     (None, None, None), f"at most {MAX_GAMES} games"),
    ({"format": "phase10-companion", "version": 1, "kind": "game",
      "game": {"players": [f"P{n}" for n in range(7)]}}, (None, None, "players"),
     "a game has 2 to 6 players"),
]


@pytest.mark.parametrize(("file", "where", "words"), TOO_MANY)
def test_counts_past_their_limits_are_refused_before_the_file_is_read(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
        file: dict[str, Any], where: tuple[Any, ...], words: str) -> None:
    def not_read(*_: Any, **__: Any) -> None:
        raise AssertionError("the file was read before its counts were looked at")

    for model in (schemas.ExportFile, schemas.GameFile):
        monkeypatch.setattr(model, "model_validate", not_read)
    with app.app_context():
        before = db.session.scalar(select(func.count()).select_from(models.Group))
    answer = client.post("/api/import", json=file)
    assert answer.status_code == 422, answer.get_json()
    (detail,) = answer.get_json()["details"]
    assert (detail["game"], detail["round"], detail["field"]) == where
    assert words in detail["message"]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(models.Group)) == before


def test_a_problem_in_the_last_game_stores_none_of_the_others(
        app: Flask, client: FlaskClient) -> None:
    file = group_file(25, seed=7)
    games_listed = file["group"]["games"]
    broken = copy.deepcopy(file)
    last = broken["group"]["games"][-1]
    last["rounds"][-1]["results"][0]["points"] = 3  # not a multiple of 5
    tables = (models.Group, models.Game, models.Player, models.Round, models.Result,
              models.Standing, models.PairGame)

    def counts() -> list[int]:
        with app.app_context():
            return [db.session.scalar(select(func.count()).select_from(table)) or 0
                    for table in tables]

    before = counts()
    answer = client.post("/api/import", json=broken)
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["details"][0]["game"] == len(games_listed)
    assert answer.get_json()["details"][0]["round"] == len(last["rounds"])
    assert counts() == before
