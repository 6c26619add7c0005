"""What processes keep of rendered answers (companion.cache.pages): never stale, never another
link's or language's, never another person's token or messages, and exactly what a fresh
render gives."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.cache import pages, stores
from companion.infra import live
from companion.infra.extensions import db
from companion.services import reading
from tests.kits.group_games import card_round, finish_short, start

NAMES = ["Ann", "Ben", "Cem"]
TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|'
                   r'name="csrf_token" value="([^"]+)"')


def a_round(points: int = 60) -> list[dict[str, Any]]:
    return card_round("Ann", {"Ben": points, "Cem": True})


def tokens(html: str) -> set[str]:
    return {first or second for first, second in TOKEN.findall(html)}


def fresh(client: FlaskClient, path: str, **options: Any) -> str:
    """The page as rendered from scratch, nothing kept."""
    stores.forget(client.application)
    return client.get(path, **options).get_data(as_text=True)


@pytest.fixture
def game(api: Any) -> dict[str, Any]:
    game = api.new_game(NAMES)
    assert api.round(game, a_round()).status_code == 201
    return game


def same_but_time(html: str) -> str:
    """The page with its CSRF tokens cut down to what they sign (a token also holds the second
    it was made at, and its signature changes with it)."""
    return TOKEN.sub(lambda found: f'csrf="{(found.group(1) or found.group(2)).split(".")[0]}"',
                     html)


def test_a_kept_sheet_page_is_what_a_fresh_render_gives(client: FlaskClient, game: Any) -> None:
    for key in (game["id"], game["view_id"]):
        for path in (f"/games/{key}", f"/games/{key}/live"):
            first = same_but_time(fresh(client, path))
            kept = client.get(path).get_data(as_text=True)
            again = client.get(path).get_data(as_text=True)
            assert same_but_time(again) == same_but_time(kept) == first
            assert pages.CSRF_SLOT not in kept
            if not path.endswith("/live"):  # the language switch carries a token
                assert 'csrf="' in first


def test_a_new_revision_is_never_served_from_the_old_one(api: Any, game: Any) -> None:
    client = api.client
    for path in (f"/games/{game['id']}", f"/games/{game['view_id']}",
                 f"/games/{game['view_id']}/live"):
        assert "Round 2" in client.get(path).get_data(as_text=True)  # kept now
    assert client.get(f"/api/games/{game['view_id']}").get_json()["revision"] == 2
    assert api.round(game, a_round(85)).status_code == 201
    for path in (f"/games/{game['id']}", f"/games/{game['view_id']}",
                 f"/games/{game['view_id']}/live"):
        html = client.get(path).get_data(as_text=True)
        assert 'data-revision="3"' in html and ">85<" in html and "Round 3" in html
    answer = client.get(f"/api/games/{game['view_id']}").get_json()
    assert answer["revision"] == 3 and answer["rounds"][-1]["results"][1]["points"] == 85


def test_the_read_only_link_never_gets_the_edit_links_page(client: FlaskClient,
                                                           game: Any) -> None:
    edit = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert game["id"] in edit and "Enter round 2" in edit
    for path in (f"/games/{game['view_id']}", f"/games/{game['view_id']}/live"):
        for _ in range(2):  # the first render is kept, the second one served from it
            html = client.get(path).get_data(as_text=True)
            assert game["id"] not in html and "Enter round" not in html
    # And the other way round: a kept read-only page is never the edit link's.
    stores.forget(client.application)
    client.get(f"/games/{game['view_id']}")
    assert "Enter round 2" in client.get(f"/games/{game['id']}").get_data(as_text=True)


def test_the_read_only_link_never_gets_the_edit_links_json(client: FlaskClient,
                                                           game: Any) -> None:
    assert client.get(f"/api/games/{game['id']}").get_json()["id"] == game["id"]
    for _ in range(2):
        answer = client.get(f"/api/games/{game['view_id']}")
        assert game["id"] not in answer.get_data(as_text=True)
        assert answer.headers["ETag"] == '"r2v"' and "edit" not in answer.get_json()["links"]


def test_each_language_gets_its_own_page(client: FlaskClient, game: Any) -> None:
    path = f"/games/{game['view_id']}"
    assert "Score sheet" in client.get(path).get_data(as_text=True)
    german = client.get(path, headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Wertungsblatt" in german and "Score sheet" not in german
    live = client.get(f"{path}/live", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Wertungsblatt" in live
    assert "Score sheet" in client.get(path).get_data(as_text=True)
    assert "Score sheet" in client.get(f"{path}/live").get_data(as_text=True)


def test_messages_and_the_restore_offer_stay_with_their_phone(app: Flask, api: Any,
                                                              game: Any) -> None:
    other = app.test_client()
    sheet = f"/games/{game['id']}"
    api.client.post(f"{sheet}/undo", data={"number": "1"})
    mine = api.client.get(sheet).get_data(as_text=True)
    assert "Round 1 removed." in mine and "Restore round 1" in mine
    theirs = other.get(sheet).get_data(as_text=True)  # the same revision, kept from now on
    assert "Round 1 removed." not in theirs and "Restore round" not in theirs
    again = api.client.get(sheet).get_data(as_text=True)  # the message was shown once
    assert "Round 1 removed." not in again and "Restore round 1" in again
    assert "Restore round" not in other.get(sheet).get_data(as_text=True)


@pytest.fixture
def guarded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, app: Flask) -> Iterator[Flask]:
    """The app as in production: forms checked against their CSRF token (same database)."""
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path / "guarded"))
    guarded = create_app({"SECRET_KEY": "guarded-secret", "WTF_CSRF_ENABLED": True,
                          "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
                          "SERVER_NAME": "companion.test", "MIGRATE_ON_START": False})
    yield guarded
    with guarded.app_context():
        db.session.remove()
        db.engine.dispose()


def test_each_phone_gets_its_own_csrf_token_in_a_kept_page(guarded: Flask, game: Any) -> None:
    sheet = f"/games/{game['id']}"
    first, second = guarded.test_client(), guarded.test_client()
    first_page = first.get(sheet).get_data(as_text=True)   # rendered and kept
    second_page = second.get(sheet).get_data(as_text=True)  # served from what was kept
    assert pages.CSRF_SLOT not in first_page + second_page
    (mine,), (theirs,) = tokens(first_page), tokens(second_page)
    assert mine != theirs
    # A token is good for its own phone only: the other one's is refused, its own works.
    refused = second.post(f"{sheet}/undo", data={"csrf_token": mine, "number": "1"})
    assert refused.status_code == 400
    done = second.post(f"{sheet}/undo", data={"csrf_token": theirs, "number": "1"})
    assert done.status_code == 303
    assert "No rounds yet." in first.get(sheet).get_data(as_text=True)


def test_a_kept_group_page_follows_every_change(api: Any) -> None:
    client = api.client
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    one = start(api, group, ["Ann", "Ben"], phases=[1, 2])
    edit, view = f"/groups/{group['id']}", f"/groups/{group['view_id']}"
    assert "not finished" in client.get(view).get_data(as_text=True)
    assert "Same person, another spelling" in client.get(edit).get_data(as_text=True)
    finish_short(api, one, "Ann", "Ben")  # a write to a game of the group
    html = client.get(view).get_data(as_text=True)
    assert "not finished" not in html and "Winner: " in html
    two = api.client.post("/api/games", json={"players": ["Ann", "Dora"]}).get_json()
    client.post(f"{edit}/add", data={"link": two["id"]})  # a game joins
    assert "Dora" in client.get(view).get_data(as_text=True)
    client.post(f"{edit}/merge",  # a spelling
                data={"spelling": "Dora", "into": "Ben", "confirm": "yes"})
    assert "“dora” counts as Ben" in client.get(edit).get_data(as_text=True)


def test_the_kept_group_json_follows_every_change_and_keeps_links_apart(api: Any) -> None:
    client = api.client
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    edit, view = f"/api/groups/{group['id']}", f"/api/groups/{group['view_id']}"
    one = start(api, group, ["Ann", "Ben"], phases=[1, 2])
    before = client.get(view).get_json()
    assert [game["status"] for game in before["games"]] == ["playing"]
    finish_short(api, one, "Ann", "Ben")  # a write to a game of the group
    after = client.get(view).get_json()
    assert [game["status"] for game in after["games"]] == ["finished"]
    for _ in range(2):  # the second time from what was kept
        assert "edit" in client.get(edit).get_json()["links"]
        assert "edit" not in client.get(view).get_json()["links"]
    client.post(f"/groups/{group['id']}/merge",
                data={"spelling": "Ben", "into": "Ann", "confirm": "yes"})
    stores.forget(client.application)
    fresh_body = client.get(edit).get_data()
    assert client.get(edit).get_data() == fresh_body  # kept is what a fresh answer gives
    assert client.get("/api/groups/not-a-group").status_code == 404


def test_a_kept_group_page_keeps_links_and_languages_apart(api: Any) -> None:
    client = api.client
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    finish_short(api, start(api, group, ["Ann", "Ben"], phases=[1, 2]), "Ann", "Ben")
    edit, view = f"/groups/{group['id']}", f"/groups/{group['view_id']}"
    for _ in range(2):
        assert group["id"] in client.get(edit).get_data(as_text=True)
        html = client.get(view).get_data(as_text=True)
        assert group["id"] not in html and "Same person, another spelling" not in html
        german = client.get(view, headers={"Accept-Language": "de"}).get_data(as_text=True)
        assert "Rekorde" in german and "Records" not in german
        assert "Records" in client.get(view).get_data(as_text=True)
    first = same_but_time(fresh(client, edit))
    assert same_but_time(client.get(edit).get_data(as_text=True)) == first


def test_the_pages_fingerprint_is_the_groups_fingerprint(app: Flask, api: Any) -> None:
    """One query of plain rows says what the group's loaded objects say, spellings included."""
    from companion import models
    from companion.services import groups

    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    with app.test_request_context():
        empty = groups.find_fingerprint(group["view_id"])
    finish_short(api, start(api, group, ["Ann", "Ben"], phases=[1, 2]), "Ann", "Ben")
    start(api, group, ["Cem", "Ben"])
    api.client.post(f"/groups/{group['id']}/merge",
                    data={"spelling": "Cem", "into": "Ann", "confirm": "yes"})
    api.client.post(f"/groups/{group['id']}/merge",
                    data={"spelling": "ben", "into": "Ann", "confirm": "yes"})
    with app.test_request_context():
        loaded = db.session.execute(db.select(models.Group).where(
            models.Group.edit_key == group["id"])).scalar_one()
        assert [alias.alias for alias in loaded.aliases] == ["ben", "cem"]
        expected = groups.fingerprint(loaded)
        assert groups.find_fingerprint(group["id"]) == (expected, True)
        assert groups.find_fingerprint(group["view_id"]) == (expected, False)
        assert empty is not None and empty[0] != expected
        assert groups.find_fingerprint("no-such-group") is None


def test_a_kept_group_page_shows_the_messages_of_its_phone_only(app: Flask, api: Any) -> None:
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    finish_short(api, start(api, group, ["Ann", "Ben"], phases=[1, 2]), "Ann", "Ben")
    edit = f"/groups/{group['id']}"
    api.client.post(f"{edit}/merge", data={"spelling": "Ben", "into": "Ann",
                                           "confirm": "yes"})
    assert "Ben now counts as Ann." in api.client.get(edit).get_data(as_text=True)
    other = app.test_client()
    assert "now counts as" not in other.get(edit).get_data(as_text=True)
    assert "now counts as" not in api.client.get(edit).get_data(as_text=True)


def test_the_poll_reads_the_same_with_or_without_the_driver_shortcut(app: Flask,
                                                                     game: Any) -> None:
    from sqlalchemy import event

    with app.test_request_context():
        fast = reading.head(game["view_id"])
        engine = db.engine
        seen: list[str] = []

        def record(*args: Any) -> None:
            seen.append(str(args[2]))

        event.listen(engine, "before_cursor_execute", record)
        try:
            watched = reading.head(game["view_id"])
        finally:
            event.remove(engine, "before_cursor_execute", record)
        assert any("FROM game" in sql for sql in seen)  # counted when watched
        assert fast == watched and fast is not None and not fast.editable
        assert reading.head("no-such-game") is None


def test_the_poll_survives_a_lost_database_connection(app: Flask, game: Any) -> None:
    """PostgreSQL restarted: the first lookup on a broken pooled connection is tried again."""
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            pytest.skip("only PostgreSQL's lookups keep connections of their own")
    client = app.test_client()
    etag = '"r2v"'
    assert client.get(f"/api/games/{game['view_id']}",
                      headers={"If-None-Match": etag}).status_code == 304
    with app.app_context():  # polls answered from the listener's memory would skip the lookup
        live.watcher(db.engine).rows.clear()
    import psycopg

    url = app.config["SQLALCHEMY_DATABASE_URI"].replace("+psycopg", "")
    with psycopg.connect(url, autocommit=True) as connection:  # outside every pool
        connection.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    assert client.get(f"/api/games/{game['view_id']}",
                      headers={"If-None-Match": etag}).status_code == 304
