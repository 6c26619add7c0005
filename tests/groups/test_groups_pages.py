"""The group pages: start a group, its list and records, forms, rematch, import; the page
loads in a fixed number of queries however many games the group holds."""

from __future__ import annotations

import io
import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from companion.infra.extensions import db
from tests.kits.group_games import board_win, card_round, finish_short, start


def new_group(client: FlaskClient, name: str = "Friday") -> str:
    response = client.post("/groups/new", data={"name": name})
    assert response.status_code == 303
    return str(response.location.rsplit("/", 1)[-1])


def as_api(client: FlaskClient, key: str) -> dict[str, Any]:
    return dict(client.get(f"/api/groups/{key}").get_json())


def test_start_a_group_and_a_game_in_it(client: FlaskClient) -> None:
    key = new_group(client)
    page = client.get(f"/groups/{key}").get_data(as_text=True)
    assert "Friday" in page and "No games yet" in page
    form = client.get(f"/games/new?group={key}").get_data(as_text=True)
    assert "joins the group “Friday”" in form
    response = client.post("/games/new", data={
        "edition": "original", "names-0": "Ann", "names-1": "Ben", "first": "0",
        "phase_set": "all", "group": key})
    assert response.status_code == 303
    assert len(as_api(client, key)["games"]) == 1


def test_a_new_game_with_a_read_only_group_link_joins_no_group(client: FlaskClient) -> None:
    key = new_group(client)
    view = as_api(client, key)["view_id"]
    client.post("/games/new", data={"edition": "original", "names-0": "Ann", "names-1": "Ben",
                                    "first": "0", "phase_set": "all", "group": view})
    assert as_api(client, key)["games"] == []


def test_group_page_lists_games_newest_first_with_winner_and_records(api: Any) -> None:
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    first = start(api, group, ["Ann", "Ben"], phases=[1, 2])
    finish_short(api, first, "Ann", "Ben")
    board = start(api, group, ["Ann", "Ben"], edition="board")
    board_win(api, board, "Ben", "Ann")
    start(api, group, ["Ann", "Cem"])
    page = api.client.get(f"/groups/{group['view_id']}").get_data(as_text=True)
    listed = re.findall(r'class="game-players">([^<]*)<', page)
    assert listed == ["Ann, Cem", "Ann, Ben", "Ann, Ben"]
    assert page.count("not finished") == 1 and page.count("Winner: ") == 2
    assert "Wins over time" in page and "how hard is each phase?" in page
    assert "fastest to the wreath in 5 rounds" in page
    # The read-only page shows no forms and no edit links.
    assert "<form method=\"post\" action=\"/groups/" not in page
    assert group["id"] not in page and first["id"] not in page


def test_merge_and_undo_from_the_page(api: Any) -> None:
    group = api.post("/api/groups", {}).get_json()
    one = start(api, group, ["Michaela", "Ben"], phases=[1, 2])
    finish_short(api, one, "Michaela", "Ben")
    start(api, group, ["Micha", "Ben"])
    client = api.client
    form = client.get(f"/groups/{group['id']}").get_data(as_text=True)
    merge = form.split('class="merge"')[1].split("</form>")[0]
    # Neither list is preset to a real player: both start on a blank choice.
    assert len(re.findall(r'<select[^>]*>\s*<option[^>]*value="">', merge)) == 2
    assert " selected" not in merge
    # The merge names both players and asks first: nothing is stored before the yes.
    asked = client.post(f"/groups/{group['id']}/merge",
                        data={"spelling": "Micha", "into": "Michaela"})
    assert asked.status_code == 200
    assert "Count “Micha” as Michaela?" in asked.get_data(as_text=True)
    assert as_api(client, group["id"])["aliases"] == []
    response = client.post(f"/groups/{group['id']}/merge",
                           data={"spelling": "Micha", "into": "Michaela", "confirm": "yes"})
    assert response.status_code == 303
    page = client.get(f"/groups/{group['id']}").get_data(as_text=True)
    assert "Micha now counts as Michaela." in page and "“micha” counts as Michaela" in page
    # A merged spelling is no longer offered to merge (its Undo is listed instead).
    assert '<option value="Micha">' not in page.split('class="merge"')[1].split("</form>")[0]
    client.post(f"/groups/{group['id']}/unmerge", data={"spelling": "micha"})
    assert as_api(client, group["id"])["aliases"] == []
    refused = client.post(f"/groups/{group['id']}/merge",
                          data={"spelling": "Zed", "into": "Ben", "confirm": "yes"},
                          follow_redirects=True)
    assert "Nobody called Zed played in this group" in refused.get_data(as_text=True)


def test_add_a_game_by_its_link_on_the_page(api: Any) -> None:
    group = api.post("/api/groups", {}).get_json()
    game = api.new_game(["Ann", "Ben"])
    wrong = api.client.post(f"/groups/{group['id']}/add", data={"link": game["links"]["view"]},
                            follow_redirects=True)
    assert ("That is the game&#39;s read-only link, which cannot add it to a group: paste its "
            "edit link instead" in wrong.get_data(as_text=True))
    unknown = api.client.post(f"/groups/{group['id']}/add", data={"link": "https://x/games/abc"},
                              follow_redirects=True)
    assert "There is no game with that edit link" in unknown.get_data(as_text=True)
    assert as_api(api.client, group["id"])["games"] == []
    api.client.post(f"/groups/{group['id']}/add", data={"link": game["links"]["edit"]})
    assert len(as_api(api.client, group["id"])["games"]) == 1


def test_rematch_button_on_a_finished_sheet(api: Any) -> None:
    group = api.post("/api/groups", {}).get_json()
    game = start(api, group, ["Ann", "Ben"], phases=[1])
    sheet = api.client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "Rematch" not in sheet and "Part of the group" in sheet
    assert api.round(game, card_round("Ann", {"Ben": 60})).status_code == 201
    sheet = api.client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert f'action="/games/{game["id"]}/rematch"' in sheet
    assert f'href="/api/games/{game["view_id"]}/export.csv"' in sheet
    assert group["id"] not in sheet  # the group is linked read-only from a game
    viewer = api.client.get(f"/games/{game['view_id']}").get_data(as_text=True)
    assert "Rematch" not in viewer
    # This browser has not opened the group's edit link: the rematch is a game on its own.
    response = api.client.post(f"/games/{game['id']}/rematch")
    assert response.status_code == 303
    new = api.client.get(response.location).get_data(as_text=True)
    assert "Ben deals" in new and "Part of the group" not in new
    assert len(as_api(api.client, group["id"])["games"]) == 1
    # Once it has, its rematches join the group.
    assert api.client.get(f"/groups/{group['id']}").status_code == 200
    response = api.client.post(f"/games/{game['id']}/rematch")
    assert "Part of the group" in api.client.get(response.location).get_data(as_text=True)
    assert len(as_api(api.client, group["id"])["games"]) == 2
    assert api.client.post(f"/games/{game['view_id']}/rematch").status_code == 404


def _upload(client: FlaskClient, content: bytes) -> Any:
    return client.post("/import", data={"file": (io.BytesIO(content), "export.json")},
                       content_type="multipart/form-data")


def test_import_page_restores_a_file_and_refuses_a_broken_one(api: Any, app: Flask) -> None:
    game = api.new_game(["Ann", "Ben"], phases=[1])
    assert api.round(game, card_round("Ann", {"Ben": 60})).status_code == 201
    exported = api.client.get(f"/api/games/{game['id']}/export").data
    response = _upload(api.client, exported)
    assert response.status_code == 303 and "/games/" in response.location
    data = json.loads(exported)
    data["game"]["rounds"][0]["results"][1]["points"] = 0
    refused = _upload(api.client, json.dumps(data).encode())
    assert refused.status_code == 422
    text = refused.get_data(as_text=True)
    assert "Nothing was imported. Round 1" in text
    not_json = _upload(api.client, b"\xff\xfe nonsense")
    assert not_json.status_code == 422
    assert "neither JSON nor XML" in not_json.get_data(as_text=True)
    empty = api.client.post("/import", data={}, content_type="multipart/form-data")
    assert empty.status_code == 422 and "choose a file to import" in empty.get_data(as_text=True)


def test_group_page_in_german(api: Any) -> None:
    group = api.post("/api/groups", {"name": "Freitag"}).get_json()
    game = start(api, group, ["Ann", "Ben"], phases=[1, 2])
    finish_short(api, game, "Ann", "Ben")
    page = api.client.get(f"/groups/{group['id']}", headers={"Accept-Language": "de"})
    text = page.get_data(as_text=True)
    assert "Rekorde" in text and "Siege im Lauf der Zeit" in text


def count_queries(app: Flask, client: FlaskClient, path: str) -> int:
    statements: list[str] = []
    with app.app_context():
        engine = db.engine

    def record(*args: Any) -> None:
        statements.append(str(args[2]))

    event.listen(engine, "before_cursor_execute", record)
    try:
        assert client.get(path).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", record)
    return len([s for s in statements if s.lstrip().upper().startswith("SELECT")])


def test_the_group_page_loads_in_a_fixed_number_of_queries(api: Any, app: Flask) -> None:
    group = api.post("/api/groups", {}).get_json()
    one = start(api, group, ["Ann", "Ben"], phases=[1, 2])
    finish_short(api, one, "Ann", "Ben")
    small = count_queries(app, api.client, f"/groups/{group['id']}")
    for _ in range(4):
        game = start(api, group, ["Ann", "Ben", "Cem"], phases=[1, 2])
        assert api.round(game, card_round("Cem", {"Ann": 50, "Ben": True})).status_code == 201
    board_win(api, start(api, group, ["Ann", "Ben"], edition="board"), "Ann", "Ben")
    # 9: the evening's rating changes read two (companion.services.ratings.changes_over).
    assert count_queries(app, api.client, f"/groups/{group['id']}") == small <= 9


def test_the_page_never_shows_records_older_than_the_rounds(api: Any) -> None:
    group = api.post("/api/groups", {}).get_json()
    game = start(api, group, ["Ann", "Ben"], phases=[1])
    before = api.client.get(f"/groups/{group['view_id']}").get_data(as_text=True)
    assert "not finished" in before and "Winner" not in before
    assert api.round(game, card_round("Ben", {"Ann": 60})).status_code == 201
    after = api.client.get(f"/groups/{group['view_id']}").get_data(as_text=True)
    assert "Winner: Ben" in after and "not finished" not in after
    api.post(f"/api/groups/{group['id']}/aliases", {"spelling": "Ben", "name": "Ann"})
    merged = api.client.get(f"/groups/{group['view_id']}").get_data(as_text=True)
    assert "<h3>Ben</h3>" not in merged and "<h3>Ann</h3>" in merged


def test_next_game_seats_the_last_table_with_its_variants_in_one_tap(api: Any) -> None:
    group = api.post("/api/groups", {}).get_json()
    first = start(api, group, ["Ann", "Ben", "Cem"], phases=[1, 3], ten_rounds=True,
                  knocking=True)
    assert api.round(first, card_round("Ann", {"Ben": 60, "Cem": True})).status_code == 201
    client = api.client
    page = client.get(f"/groups/{group['id']}").get_data(as_text=True)
    assert f'action="/groups/{group["id"]}/next"' in page
    assert "Ann, Ben, Cem · Card game · Ben deals" in page
    assert "/next" not in client.get(f"/groups/{group['view_id']}").get_data(as_text=True)

    response = client.post(f"/groups/{group['id']}/next")  # the one tap
    assert response.status_code == 303
    games = as_api(client, group["id"])["games"]
    assert len(games) == 2
    new = client.get(response.location.replace("/games/", "/api/games/")).get_json()
    assert [line["name"] for line in new["players"]] == ["Ann", "Ben", "Cem"]
    assert new["dealer"] == "Ben" and new["phases"] == [1, 3]
    assert new["ten_rounds"] is True and new["knocking"] is True
    # Through the read-only link nothing starts.
    assert client.post(f"/groups/{group['view_id']}/next").status_code in (403, 404)
    assert len(as_api(client, group["id"])["games"]) == 2


def test_next_game_names_the_group_s_people_as_it_calls_them_now(api: Any) -> None:
    group = api.post("/api/groups", {}).get_json()
    one = start(api, group, ["Clara", "Ben"], phases=[1, 2])
    finish_short(api, one, "Clara", "Ben")
    assert api.client.patch(f"/api/groups/{group['id']}/players/Clara",
                            json={"name": "Klara"}).status_code == 200
    response = api.client.post(f"/groups/{group['id']}/next")
    new = api.client.get(response.location.replace("/games/", "/api/games/")).get_json()
    assert [line["name"] for line in new["players"]] == ["Klara", "Ben"]
    assert new["dealer"] == "Ben"
