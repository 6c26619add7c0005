"""Storage: first start, configuration order, and two phones sending the same round at once."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

from companion import create_app
from companion.config import from_environment

ROUND = [{"player": "Ann", "phase": True, "points": 0},
         {"player": "Ben", "phase": False, "points": 60}]


def test_first_start_creates_the_database_and_a_secret_key(tmp_path, monkeypatch):
    instance = tmp_path / "instance"
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(instance))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    app = create_app()
    assert (instance / "companion.sqlite").exists()
    key_file = instance / "secret_key"
    assert key_file.stat().st_mode & 0o077 == 0
    assert app.config["SECRET_KEY"] == key_file.read_text().strip()
    assert len(app.config["SECRET_KEY"]) >= 40
    assert create_app().config["SECRET_KEY"] == app.config["SECRET_KEY"]  # kept, not renewed


def test_the_database_and_its_folder_are_for_the_apps_user_alone(tmp_path, monkeypatch):
    instance = tmp_path / "instance"
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(instance))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = create_app()
    client = app.test_client()
    assert client.post("/api/games", json={"players": ["Ann", "Ben"]}).status_code == 201
    files = sorted(instance.glob("companion.sqlite*"))  # the database, its -wal and -shm
    assert files and all(file.stat().st_mode & 0o077 == 0 for file in files), files
    assert instance.stat().st_mode & 0o077 == 0


def test_an_existing_instance_folder_is_made_private_at_start(tmp_path, monkeypatch):
    """A clone of the repository brings instance/ with the umask's 0755: the start makes it
    the app's user's alone, as it makes a new one."""
    instance = tmp_path / "instance"
    instance.mkdir()
    instance.chmod(0o755)
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(instance))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    create_app()
    assert instance.stat().st_mode & 0o777 == 0o700


def test_a_folder_it_cannot_write_stops_the_start_with_one_sentence(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    script = "from companion import create_app; create_app()"
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env=os.environ | {"COMPANION_INSTANCE_PATH": str(blocked / "instance")},
                         cwd=Path(__file__).resolve().parents[2], timeout=60, check=False)
    assert run.returncode == 1
    assert "Traceback" not in run.stderr
    said = run.stderr.strip()
    assert said.count("\n") == 0 and said.startswith("Phase 10 Companion cannot start:"), said
    assert str(blocked / "instance") in said and "COMPANION_INSTANCE_PATH" in said


def test_configuration_order_defaults_instance_file_environment_mapping(tmp_path, monkeypatch):
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text(
        f"SQLALCHEMY_DATABASE_URI = 'sqlite:///{tmp_path / 'file.sqlite'}'\nSECRET_KEY = 'file'\n")
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(instance))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    assert create_app().config["SECRET_KEY"] == "file"
    monkeypatch.setenv("SECRET_KEY", "environment")
    assert create_app().config["SECRET_KEY"] == "environment"
    assert create_app({"SECRET_KEY": "mapping"}).config["SECRET_KEY"] == "mapping"


def test_postgres_urls_get_the_psycopg_driver():
    found = from_environment({"DATABASE_URL": "postgres://u:p@db/phase10"})
    assert found["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://u:p@db/phase10"


def test_the_same_round_from_two_phones_at_once_is_stored_once(app, api):
    game = api.new_game(["Ann", "Ben"])
    statuses: list[int] = []
    barrier = threading.Barrier(2)

    def send() -> None:
        client = app.test_client()
        barrier.wait()
        response = client.post(f"/api/games/{game['id']}/rounds",
                               json={"results": ROUND, "number": 1})
        statuses.append(response.status_code)

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [201, 409]
    assert len(api.client.get(f"/api/games/{game['id']}").get_json()["rounds"]) == 1


def test_a_game_survives_a_restart(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path / "instance"))
    url = f"sqlite:///{Path(tmp_path) / 'keep.sqlite'}"
    first = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "k"}).test_client()
    game = first.post("/api/games", json={"players": ["Ann", "Ben"]}).get_json()
    first.post(f"/api/games/{game['id']}/rounds", json={"results": ROUND})
    again = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "k"}).test_client()
    assert len(again.get(f"/api/games/{game['view_id']}").get_json()["rounds"]) == 1


def test_loading_a_long_game_takes_a_fixed_number_of_queries(app, api):
    from sqlalchemy import event

    from companion.infra.extensions import db

    game = api.new_game(["Ann", "Ben"], phases=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    for _ in range(12):
        api.round(game, [{"player": "Ann", "phase": False, "points": 50},
                         {"player": "Ben", "phase": True, "points": 0}])
    statements: list[str] = []
    with app.app_context():
        listener = lambda *args: statements.append(args[2])  # noqa: E731
        event.listen(db.engine, "before_cursor_execute", listener)
        try:
            assert api.client.get(f"/api/games/{game['id']}").status_code == 200
        finally:
            event.remove(db.engine, "before_cursor_execute", listener)
    queries = [sql for sql in statements if not sql.startswith("BEGIN")]  # SQLite's own BEGIN
    # The link's revision (the one lookup a poll makes), the whole game in four queries, and one
    # more look at the revision before this revision's sheet is kept for the next requests;
    # never one per round.
    assert len(queries) <= 6, queries


def test_an_in_memory_database_is_migrated_and_kept(tmp_path, monkeypatch):
    """sqlite:// lives as long as its one connection: the factory must neither close it nor
    open a second transaction on it while migrating (benchmarks use it)."""
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path / "instance"))
    client = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "k"}).test_client()
    game = client.post("/api/games", json={"players": ["Ann", "Ben"]}).get_json()
    answer = client.post(f"/api/games/{game['id']}/rounds", json={"results": ROUND})
    assert answer.status_code == 201
    assert len(client.get(f"/api/games/{game['view_id']}").get_json()["rounds"]) == 1


def test_the_live_watcher_reads_the_games_columns_the_models_define():
    """companion.infra.live sits below the models and names the two columns it polls."""
    from companion.infra import live
    from companion.models import Game

    assert live.GAMES.name == Game.__tablename__
    assert set(live.GAMES.c.keys()) == {"id", "revision"} <= set(Game.__table__.c.keys())
