"""Export and import: a game and a group round-trip exactly under new links; a file that
breaks a rule, or is not ours, is refused with where and why, and nothing is stored."""

from __future__ import annotations

import copy
import csv
import io
import json
from typing import Any

import pytest
from flask import Flask

from companion import models
from companion.infra.extensions import db
from companion.services import exchange
from tests.kits.group_games import board_win, card_round, finish_short, start


def export(api: Any, path: str) -> dict[str, Any]:
    response = api.client.get(path)
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    return dict(json.loads(response.data))


def stored_games(app: Flask) -> int:
    with app.app_context():
        return db.session.execute(db.select(db.func.count(models.Game.id))).scalar_one()


def without_links(game: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in game.items()
            if key not in ("id", "view_id", "links", "revision")}


def unlinked(data: Any) -> Any:
    """``data`` without links, keys and the group's own date: what a copy must repeat."""
    if isinstance(data, dict):
        return {key: unlinked(value) for key, value in data.items()
                if key not in ("id", "view_id", "links", "revision")}
    if isinstance(data, list):
        return [unlinked(item) for item in data]
    return data


def masters_game_with_a_confirmed_round(api: Any) -> dict[str, Any]:
    game = api.new_game(["Ann", "Ben"], edition="masters", dealer="Ben")
    # Ben holds 10 points without his phase: impossible with a normal deal, so confirmed.
    response = api.round(game, [{"player": "Ann", "phase": 3, "points": 0},
                                {"player": "Ben", "phase": False, "points": 10}], confirm=True)
    assert response.status_code == 201, response.get_json()
    assert api.round(game, [{"player": "Ann", "phase": 5, "points": 0},
                            {"player": "Ben", "phase": 1, "points": 5}]).status_code == 201
    return game


def test_a_game_round_trips_exactly(api: Any, app: Flask) -> None:
    game = masters_game_with_a_confirmed_round(api)
    data = export(api, f"/api/games/{game['view_id']}/export")
    assert (data["format"], data["version"], data["kind"]) == ("phase10-companion", 1, "game")
    assert [round["confirm"] for round in data["game"]["rounds"]] == [True, False]
    assert game["id"] not in json.dumps(data) and game["view_id"] not in json.dumps(data)
    response = api.post("/api/import", data)
    assert response.status_code == 201, response.get_json()
    copied = response.get_json()
    assert copied["id"] != game["id"] and copied["view_id"] != game["view_id"]
    original = api.client.get(f"/api/games/{game['id']}").get_json()
    assert without_links(copied) == without_links(original)
    assert export(api, f"/api/games/{copied['id']}/export") == data


def test_a_group_round_trips_exactly(api: Any) -> None:
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    one = start(api, group, ["Michaela", "Ben"], phases=[1, 2])
    finish_short(api, one, "Michaela", "Ben")
    two = start(api, group, ["Micha", "Ben"], edition="board", starter="Ben")
    board_win(api, two, "Micha", "Ben")
    open_game = start(api, group, ["Ann", "Ben", "Cem"], ten_rounds=True)
    assert api.round(open_game, card_round("Cem", {"Ann": 50, "Ben": True})).status_code == 201
    api.post(f"/api/groups/{group['id']}/aliases", {"spelling": "Micha", "name": "Michaela"})
    data = export(api, f"/api/groups/{group['view_id']}/export")
    assert len(data["group"]["games"]) == 3

    response = api.post("/api/import", data)
    assert response.status_code == 201, response.get_json()
    copied = response.get_json()
    assert copied["id"] != group["id"]
    original = api.client.get(f"/api/groups/{group['view_id']}").get_json()
    assert unlinked(copied) == unlinked(original)
    assert [game["created_at"] for game in copied["games"]] == [
        game["created_at"] for game in original["games"]]
    assert export(api, f"/api/groups/{copied['id']}/export") == data


def broken(data: dict[str, Any], change: Any) -> dict[str, Any]:
    copy_ = copy.deepcopy(data)
    change(copy_)
    return copy_


def _second_round_points(data: dict[str, Any]) -> None:
    data["group"]["games"][1]["rounds"][1]["results"][0]["points"] = 15


def _unconfirmed(data: dict[str, Any]) -> None:
    data["group"]["games"][0]["rounds"][0]["confirm"] = False


@pytest.mark.parametrize(("change", "where"), [
    (_second_round_points, "Game 2, round 2 (Ann)"),
    (_unconfirmed, "Game 1, round 1 (Ben)"),
    (lambda d: d["group"]["games"][0]["rounds"][0]["results"].pop(), "Game 1, round 1"),
    (lambda d: d["group"]["games"][1].update(players=["Ann", "ann"]), "Game 2"),
    (lambda d: d["group"]["games"][1]["rounds"][0]["results"][0].update(points="5"),
     "Game 2, round 1"),
    (lambda d: d["group"]["games"][0].update(created_at="yesterday"), "Game 1"),
    (lambda d: d.update(format="something else"), "not a file exported"),
    (lambda d: d.update(version=2), "another version"),
    (lambda d: d["group"].update(aliases=[{"spelling": "Zed", "name": "Ann"}]), "Zed"),
])
def test_a_file_that_breaks_a_rule_is_refused_and_nothing_is_stored(
        api: Any, app: Flask, change, where) -> None:
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    game = masters_game_with_a_confirmed_round(api)
    api.post(f"/api/groups/{group['id']}/games", {"game": game["id"]})
    second = start(api, group, ["Ann", "Ben"], phases=[1, 2])
    finish_short(api, second, "Ann", "Ben")
    data = export(api, f"/api/groups/{group['id']}/export")
    before = stored_games(app)
    response = api.post("/api/import", broken(data, change))
    assert response.status_code in (400, 422), response.get_json()
    answer = response.get_json()
    assert answer["error"].startswith("Nothing was imported")
    assert where in answer["error"]
    assert stored_games(app) == before


@pytest.mark.parametrize("body", [[], {"format": "phase10-companion", "version": 1},
                                  {"format": "phase10-companion", "version": 1, "kind": "game",
                                   "game": {"players": ["A", "B"], "rounds": "many"}}])
def test_nonsense_is_refused_with_a_message(api: Any, body) -> None:
    response = api.post("/api/import", body)
    assert response.status_code in (400, 422)
    assert response.get_json()["error"]


def test_csv_one_row_per_player_per_round_safe_for_spreadsheets(api: Any) -> None:
    game = api.new_game(["=SUM(A1)", "Ben", "@Cem"])
    assert api.round(game, card_round("Ben", {"=SUM(A1)": 55, "@Cem": True})).status_code == 201
    response = api.client.get(f"/api/games/{game['view_id']}/export.csv")
    assert response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0][:4] == ["game", "date", "edition", "round"]
    assert len(rows) == 1 + 3
    players = [row[rows[0].index("player")] for row in rows[1:]]
    assert players == ["'=SUM(A1)", "Ben", "'@Cem"]
    points = [row[rows[0].index("points")] for row in rows[1:]]
    assert points == ["55", "0", "20"]


FULL_WIDTH = ["\uff1dSUM(A1)", "\uff0b1", "\uff0d2", "\uff20Cem", "\ufe66x"]


def test_full_width_signs_are_neutralised_in_the_csv_too(api: Any) -> None:
    """＝＋－＠ (and the small ﹦) start a formula in some spreadsheets as the ASCII signs do."""
    game = api.new_game([*FULL_WIDTH, "Ben"])
    assert api.round(game, card_round("Ben", dict.fromkeys(FULL_WIDTH, 50))).status_code == 201
    text = api.client.get(f"/api/games/{game['view_id']}/export.csv").get_data(as_text=True)
    header, *rows = csv.reader(io.StringIO(text))
    players = [row[header.index("player")] for row in rows]
    assert players == [f"'{name}" for name in FULL_WIDTH] + ["Ben"]


@pytest.mark.parametrize("cell", ["\t=1", "\r=1", "\n@x", "-3", "＋x", "﹣1", "@", "＠"])
def test_a_cell_a_spreadsheet_would_run_starts_with_a_quote(cell: str) -> None:
    assert exchange.safe_cell(cell) == "'" + cell


@pytest.mark.parametrize("cell", ["Ann", "3", "", None, 'a=1', "Zoë", "\u2212 minus sign"])
def test_other_cells_stay_as_they_are(cell: str | None) -> None:
    assert exchange.safe_cell(cell) == ("" if cell is None else cell)


def test_an_export_larger_than_other_requests_may_be_imported(api: Any) -> None:
    game = api.new_game(["Ann", "Ben"])
    text = json.dumps(export(api, f"/api/games/{game['id']}/export"))
    padded = text[:-1] + " " * 400_000 + "}"  # a few hundred games' worth of bytes
    assert api.client.post("/api/check", data=padded,
                           content_type="application/json").status_code == 413
    response = api.client.post("/api/import", data=padded, content_type="application/json")
    assert response.status_code == 201


def test_a_late_joiner_and_a_player_who_left_round_trip_and_skip_the_rematch(api: Any) -> None:
    game = api.new_game(["Ann", "Ben", "Cem"], phases=[1, 2], dealer="Cem")
    assert api.round(game, card_round("Ann", {"Ben": 60, "Cem": 55})).status_code == 201
    joined = api.client.post(f"/api/games/{game['id']}/players", json={"name": "Dora"})
    assert joined.status_code == 201, joined.get_json()
    assert api.client.delete(f"/api/games/{game['id']}/players/Cem").status_code == 200
    assert api.round(game, card_round("Ann", {"Ben": 60, "Dora": 50})).status_code == 201
    data = export(api, f"/api/games/{game['id']}/export")
    assert data["game"]["players"] == ["Ann", "Ben", "Cem"]
    assert data["game"]["changes"] == [{"round": 2, "join": "Dora"},
                                       {"round": 2, "leave": "Cem"}]
    copied = api.post("/api/import", data)
    assert copied.status_code == 201, copied.get_json()
    original = api.client.get(f"/api/games/{game['id']}").get_json()
    assert without_links(copied.get_json()) == without_links(original)
    rematch = api.post(f"/api/games/{game['id']}/rematch", {}).get_json()
    assert [p["name"] for p in rematch["players"]] == ["Ann", "Ben", "Dora"]
    # Cem dealt first and left; Dora joined in the seat after his, so she deals first now.
    assert rematch["dealer"] == "Dora"


def test_the_rematch_deal_skips_a_player_who_left(api: Any) -> None:
    game = api.new_game(["Ann", "Ben", "Cem"], phases=[1, 2], dealer="Ben")
    assert api.round(game, card_round("Ann", {"Ben": 60, "Cem": 55})).status_code == 201
    assert api.client.delete(f"/api/games/{game['id']}/players/Cem").status_code == 200
    assert api.round(game, card_round("Ann", {"Ben": 60})).status_code == 201
    rematch = api.post(f"/api/games/{game['id']}/rematch", {}).get_json()
    assert [p["name"] for p in rematch["players"]] == ["Ann", "Ben"]
    assert rematch["dealer"] == "Ann"  # Cem, next after Ben, left the table


def test_renames_merges_the_roster_and_the_lengths_round_trip(api: Any, app: Flask) -> None:
    """A group whose people were renamed (to a name nobody typed yet, and only in capitals)
    and merged, with a game in progress and an undone round: its copy shows the same names,
    records, roster, aliases and games' times, and exports the same file."""
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    finish_short(api, start(api, group, ["Ann", "Ben"], phases=[1, 2]), "Ann", "Ben")
    finish_short(api, start(api, group, ["Bo", "Cem"], phases=[1, 2]), "Bo", "Cem")
    playing = start(api, group, ["Cem", "Ann", "Ben"], phases=[1, 2])
    for _ in range(2):
        assert api.round(playing, card_round("Ben", {"Cem": 60, "Ann": 70})).status_code == 201
    assert api.client.delete(f"/api/games/{playing['id']}/rounds/last").status_code == 200
    edit = f"/api/groups/{group['id']}"
    assert api.client.patch(f"{edit}/players/Ann", json={"name": "Anna"}).status_code == 200
    assert api.client.patch(f"{edit}/players/cem", json={"name": "CEM"}).status_code == 200
    assert api.post(f"{edit}/aliases", {"spelling": "Bo", "name": "Ben"}).status_code == 200
    original = api.client.get(f"/api/groups/{group['view_id']}").get_json()
    assert original["roster"] == [{"name": "CEM", "seat": 0}, {"name": "Anna", "seat": 1},
                                  {"name": "Ben", "seat": 2}]
    assert {(p["name"], p["played"]) for p in original["players"]} == {
        ("Anna", 1), ("Ben", 2), ("CEM", 1)}

    data = export(api, f"/api/groups/{group['view_id']}/export")
    assert sorted(map(tuple, (a.values() for a in data["group"]["aliases"]))) == [
        ("ann", "Anna"), ("bo", "Ben"), ("cem", "CEM")]
    copied = api.post("/api/import", data).get_json()
    assert unlinked(copied) == unlinked(original)
    assert export(api, f"/api/groups/{copied['id']}/export") == data
    # Each game's start, end, length and latest round (set back by the undo) came along.
    times = ("started_at", "ended_at", "duration_s", "last_round_at")
    for mine, theirs in zip(original["games"], copied["games"], strict=True):
        one = api.client.get(f"/api/games/{mine['view_id']}").get_json()
        two = api.client.get(f"/api/games/{theirs['view_id']}").get_json()
        assert [one[field] for field in times] == [two[field] for field in times]
        assert one["last_round_at"] is not None
    # The copy renames on like the original: its history stays with the person.
    again = api.client.patch(f"/api/groups/{copied['id']}/players/Anna", json={"name": "Annie"})
    assert {(p["name"], p["played"]) for p in again.get_json()["players"]} == {
        ("Annie", 1), ("Ben", 2), ("CEM", 1)}


@pytest.mark.parametrize(("aliases", "words"), [
    ([{"spelling": "Ann", "name": "Anna"}, {"spelling": "ann", "name": "Ben"}],
     "“ann” counts as two players"),
    ([{"spelling": "Ann", "name": "  "}], "Ann needs a name"),
    ([{"spelling": "Ann", "name": "A" * 31}], "1 to 30 characters"),
    ([{"spelling": "Ann", "name": 7}], "“aliases” must be a list"),
])
def test_names_for_people_that_cannot_be_are_refused_and_nothing_is_stored(
        api: Any, app: Flask, aliases: list[dict[str, Any]], words: str) -> None:
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    finish_short(api, start(api, group, ["Ann", "Ben"], phases=[1, 2]), "Ann", "Ben")
    data = export(api, f"/api/groups/{group['view_id']}/export")
    data["group"]["aliases"] = aliases
    before = stored_games(app)
    response = api.post("/api/import", data)
    assert response.status_code in (400, 422), response.get_json()
    assert words in response.get_json()["error"]
    assert stored_games(app) == before
