"""Schema by migrations: a database made by the first release (before migrations) is adopted,
repaired where the old races damaged it, and upgraded with its games kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask_migrate import upgrade
from sqlalchemy import inspect, text

from companion import create_app
from companion.infra import storage
from companion.infra.extensions import db
from tests.kits.server import DATABASES, database_url, wipe_database

pytestmark = pytest.mark.storage
GAME = ("INSERT INTO game (edit_key, view_key, edition, phases, ten_rounds, knocking, "
        "first_dealer, created_at, updated_at, revision) VALUES (:edit, :view, 'original', "
        "'1,2,3,4,5,6,7,8,9,10', false, false, 0, '2026-01-01', '2026-01-01', 3) RETURNING id")
ROUND = ("INSERT INTO round (game_id, number, created_at) VALUES (:game, :number, '2026-01-01') "
         "RETURNING id")
RESULT = ("INSERT INTO result (round_id, position, player, laid, phase, points, went_out) "
          "VALUES (:round, :position, :player, :laid, NULL, :points, :out)")


def first_release_database(url: str, instance: str) -> None:
    """The schema and data as the first release left them: no alembic_version table."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "k", "MIGRATE_ON_START": 0})
    storage.bind_migrations(app)
    with app.app_context():
        upgrade(directory=storage.MIGRATIONS, revision=storage.FIRST_SCHEMA)
        with db.engine.begin() as connection:
            connection.execute(text("DROP TABLE alembic_version"))
            games = []
            for edit, view in [("corrupted", "corrupted-v"), ("wedged", "wedged-v")]:
                games.append(connection.execute(text(GAME), {"edit": edit, "view": view})
                             .scalar_one())
                for seat, name in enumerate(["Ann", "Ben"]):
                    connection.execute(text(
                        "INSERT INTO player (game_id, seat, name) VALUES (:g, :s, :n)"),
                        {"g": games[-1], "s": seat, "n": name})
            # Two corrections of round 1 that both stored their results (the old race) ...
            doubled = connection.execute(text(ROUND), {"game": games[0], "number": 1}).scalar_one()
            for position, (player, points) in enumerate([("Ann", 0), ("Ben", 60), ("Ann", 0),
                                                         ("Ben", 65)]):
                connection.execute(text(RESULT), {"round": doubled, "position": position,
                                                  "player": player, "laid": player == "Ann",
                                                  "points": points, "out": player == "Ann"})
            # ... and a game whose only round is number 2 (undo raced the next round).
            second = connection.execute(text(ROUND), {"game": games[1], "number": 2}).scalar_one()
            for position, (player, points) in enumerate([("Ann", 0), ("Ben", 70)]):
                connection.execute(text(RESULT), {"round": second, "position": position,
                                                  "player": player, "laid": player == "Ann",
                                                  "points": points, "out": player == "Ann"})
        db.engine.dispose()


@pytest.mark.parametrize("kind", DATABASES)
def test_a_first_release_database_is_upgraded_repaired_and_kept(kind, tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path / "instance"))
    url = database_url(kind, tmp_path)
    wipe_database(url)
    try:
        first_release_database(url, str(tmp_path))
        app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "k"})
        client = app.test_client()
        corrupted = client.get("/api/games/corrupted").get_json()
        assert [(r["player"], r["points"]) for r in corrupted["rounds"][0]["results"]] == [
            ("Ann", 0), ("Ben", 65)]  # the newest correction
        assert corrupted["revision"] == 4
        wedged = client.get("/api/games/wedged").get_json()
        assert [r["number"] for r in wedged["rounds"]] == [1]
        answer = client.post("/api/games/wedged/rounds", json={"number": 2, "results": [
            {"player": "Ann", "phase": True, "points": 0},
            {"player": "Ben", "phase": False, "points": 55}]})
        assert answer.status_code == 201
        with app.app_context():
            version = db.session.execute(text("SELECT version_num FROM alembic_version"))
            assert version.scalar_one() == storage_head()
            assert "result" in inspect(db.engine).get_table_names()
            db.session.remove()
            db.engine.dispose()
    finally:
        wipe_database(url)


def storage_head() -> str:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", storage.MIGRATIONS)
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def test_the_migrations_describe_the_models_exactly(app):
    """Nothing in the models that a migration does not make (``flask db check``)."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, db.metadata) == []


@pytest.mark.parametrize("kind", DATABASES)
def test_0006_fills_in_when_games_ended_and_has_the_groups_records_derived_again(
        kind, tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path / "instance"))
    url = database_url(kind, tmp_path)
    wipe_database(url)
    try:
        app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "k",
                          "MIGRATE_ON_START": 0})
        storage.bind_migrations(app)
        with app.app_context():
            upgrade(directory=storage.MIGRATIONS, revision="0005")
            with db.engine.begin() as connection:
                group = connection.execute(text(
                    "INSERT INTO game_group (edit_key, view_key, name, created_at, revision, "
                    "tallies) VALUES ('group', 'group-v', 'Friday', '2026-03-06', 1, :tallies) "
                    "RETURNING id"), {"tallies": '{"finished":0,"players":{}}'}).scalar_one()
                game = connection.execute(text(GAME.replace(
                    "'1,2,3,4,5,6,7,8,9,10'", "'1'").replace(
                    "'2026-01-01', '2026-01-01'", "'2026-03-06 19:42:00', '2026-03-06'")),
                    {"edit": "finished", "view": "finished-v"}).scalar_one()
                connection.execute(text("UPDATE game SET group_id = :g WHERE id = :id"),
                                   {"g": group, "id": game})
                for seat, name in enumerate(["Ann", "Ben"]):
                    connection.execute(text(
                        "INSERT INTO player (game_id, seat, name) VALUES (:g, :s, :n)"),
                        {"g": game, "s": seat, "n": name})
                played = connection.execute(text(ROUND.replace(
                    "'2026-01-01'", "'2026-03-06 21:15:00'")),
                    {"game": game, "number": 1}).scalar_one()
                for position, (player, points) in enumerate([("Ann", 0), ("Ben", 60)]):
                    connection.execute(text(RESULT), {"round": played, "position": position,
                                                      "player": player, "laid": player == "Ann",
                                                      "points": points, "out": player == "Ann"})
            db.engine.dispose()
        upgraded = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "k"})
        client = upgraded.test_client()
        try:
            answer = client.get("/api/games/finished").get_json()
            assert (answer["ended_at"], answer["duration_s"]) == (
                "2026-03-06T21:15:00Z", 93 * 60)
            # The group's tallies, stored without the lengths, are derived again on its view.
            length = client.get("/api/groups/group").get_json()["length"]
            assert length == {"games": 1, "average_seconds": 93 * 60, "longest": {
                "view_id": "finished-v", "created_at": "2026-03-06T19:42:00Z",
                "seconds": 93 * 60}}
        finally:
            with upgraded.app_context():
                db.engine.dispose()  # its connections (and the reads pool's) close now
    finally:
        wipe_database(url)


def test_each_migration_is_named_for_its_revision_so_the_start_knows_the_newest():
    """The start skips alembic when the database is at the newest revision, which it reads
    from the file names (storage.newest_revision): they must agree with alembic's own head."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory(storage.MIGRATIONS)
    for revision in script.walk_revisions():
        assert Path(revision.path).name.startswith(f"{revision.revision}_"), revision.path
    assert script.get_heads() == [storage.newest_revision()]
