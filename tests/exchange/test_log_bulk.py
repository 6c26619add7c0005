"""A BG Stats or BoardGameGeek log is written at once, as the app's own file is (issue 44):
what it stores is, row for row, what its plays stored one by one as games typed from paper
store; a few statements whatever the log's size, nobody notified; the group's ratings rated
in the import itself, as they are rated from scratch."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import delete, select

from companion import models, scoring
from companion.infra.extensions import db
from companion.limits import MAX_GAMES
from companion.schemas import bgstats
from companion.schemas.logged import edition_of, paper_game
from companion.services import finals, groups, ratings, work
from tests.kits.group_rows import statements_sent, stored
from tests.kits.logs import bgg_file, bgstats_file
from tests.kits.logs import stored as games_and_players


def one_by_one(log: dict[str, Any]) -> int:
    """The group ``log`` holds, each Phase 10 play stored as a game typed from paper
    (finals.record_final, with its own write and records): what the import did before."""
    plays = bgstats.read_plays(bgstats.read_file(log), ZoneInfo("UTC"), edition_of)
    with work.unit():
        group = groups.create_group("BG Stats")
        made = []
        for _number, play in plays.found:
            edition = edition_of(play.game, play.bgg_id)
            assert edition is not None
            game = paper_game(play, edition)
            made.append(finals.record_final(
                scoring.GameSpec(edition, game.players, first=game.first), game.results,
                played_at=game.played_at, duration_s=game.duration_s, logged=True))
        for game in sorted(made, key=lambda game: game.created_at):  # oldest first
            game.group_id = group.id
            db.session.flush()
    return group.id


def finals_of(group_id: int) -> list[list[tuple[int | None, ...]]]:
    games = db.session.execute(select(models.Game).where(models.Game.group_id == group_id)
                               .order_by(models.Game.created_at, models.Game.id)).scalars()
    return [[(player.place, player.final_phases, player.final_points, player.final_marker)
             for player in game.players] for game in games]


def group_id(key: str) -> int:
    return db.session.execute(select(models.Group.id).where(
        models.Group.edit_key == key)).scalar_one()


def test_a_log_stores_what_its_plays_stored_one_by_one_store(
        app: Flask, client: FlaskClient) -> None:
    log = bgstats_file(30)
    with app.app_context():
        reference = one_by_one(log)
    answer = client.post("/api/import", json=log)
    assert answer.status_code == 201, answer.get_json()
    with app.app_context():
        mine = group_id(answer.get_json()["id"])
        expected, found = stored(reference), stored(mine)
        # The group's own row: made at the import (its time), then its records and aliases.
        assert found.pop("group")[2:] == expected.pop("group")[2:]
        assert found == expected
        assert finals_of(mine) == finals_of(reference)
        db.session.rollback()


@pytest.fixture
def statements(app: Flask) -> Iterator[list[str]]:
    with statements_sent(app) as found:
        yield found


@pytest.mark.parametrize("kind", ["bgstats", "bgg"])
def test_a_log_writes_once_per_table_not_once_per_game(
        client: FlaskClient, statements: list[str], kind: str) -> None:
    log = bgstats_file(60)
    if kind == "bgstats":
        answer = client.post("/api/import", json=log)
    else:
        answer = client.post("/api/import", data=bgg_file(log), content_type="text/xml")
    assert answer.status_code == 201, answer.get_json()
    assert len(answer.get_json()["games"]) == 60
    writes = [statement for statement in statements
              if statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))]
    assert len(writes) < 20, writes
    assert not [statement for statement in statements if "notify" in statement.lower()]


def test_the_ratings_an_import_rates_are_those_rated_from_scratch(
        app: Flask, client: FlaskClient) -> None:
    answer = client.post("/api/import", data=json.dumps(bgstats_file(40)),
                         content_type="application/json")
    assert answer.status_code == 201, answer.get_json()
    key = answer.get_json()["id"]
    with app.app_context():
        group = db.session.get_one(models.Group, group_id(key))
        assert group.ratings is not None  # rated by the import itself
        at_import = ratings.standings(group)
        steps = sorted(tuple(row) for row in db.session.execute(
            select(models.RatingStep.game_id, models.RatingStep.seat,
                   models.RatingStep.person, models.RatingStep.mu, models.RatingStep.sigma)
            .where(models.RatingStep.group_id == group.id)))
        with work.unit():  # as a group stored before the ratings: rated on its next read
            db.session.execute(delete(models.RatingStep).where(
                models.RatingStep.group_id == group.id))
            group.ratings = None
        group = db.session.get_one(models.Group, group.id)
        assert ratings.standings(group) == at_import
        assert sorted(tuple(row) for row in db.session.execute(
            select(models.RatingStep.game_id, models.RatingStep.seat,
                   models.RatingStep.person, models.RatingStep.mu, models.RatingStep.sigma)
            .where(models.RatingStep.group_id == group.id))) == steps
        assert sum(len(kind) for kind in at_import.values()) == 8


@pytest.mark.parametrize("kind", ["bgstats", "bgg"])
def test_more_plays_than_a_group_holds_are_422_and_nothing_is_stored(
        app: Flask, client: FlaskClient, kind: str) -> None:
    log = bgstats_file(MAX_GAMES + 1)
    before = games_and_players(app)
    if kind == "bgstats":
        answer = client.post("/api/import", json=log)
    else:
        answer = client.post("/api/import", data=bgg_file(log), content_type="application/xml")
    assert answer.status_code == 422
    assert f"at most {MAX_GAMES} games" in answer.get_json()["error"]
    assert games_and_players(app) == before
