"""An evening of more than one table on the group page: "Tonight: who is here?", the
proposed tables (nothing stored), "Start these games" (one game per table, a random first
dealer, all or nothing) and the evening as one."""

from __future__ import annotations

import html
import re
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask
from openskill.models import PlackettLuce
from sqlalchemy import select, update

from companion import models
from companion.infra.extensions import db
from companion.services import seating
from tests.kits.group_games import card_round, finish_short, start


@pytest.fixture
def group(api: Any) -> dict[str, Any]:
    return dict(api.post("/api/groups", {"name": "Friday"}).get_json())


def games_of(api: Any, group: dict[str, Any]) -> list[dict[str, Any]]:
    return list(api.client.get(f"/api/groups/{group['id']}").get_json()["games"])


def proposed(page: str) -> list[list[str]]:
    """The tables a proposal page shows, from its hidden fields."""
    tables: dict[str, list[str]] = {}
    for table, name in re.findall(r'name="table-(\d)" value="([^"]*)"', page):
        tables.setdefault(table, []).append(html.unescape(name))
    return list(tables.values())


def test_the_edit_page_asks_who_is_here_with_the_roster_as_chips(api: Any, group) -> None:
    finish_short(api, start(api, group, ["Ann", "Ben"], phases=[1, 2]), "Ann", "Ben")
    page = api.client.get(f"/groups/{group['id']}").get_data(as_text=True)
    assert "Tonight: who is here?" in page
    form = page.split('class="who-is-here"')[1].split("</form>")[0]
    assert re.findall(r'name="players" value="([^"]*)"', form) == ["Ann", "Ben"]
    assert 'name="new"' in form and " checked" not in form
    viewer = api.client.get(f"/groups/{group['view_id']}").get_data(as_text=True)
    assert "who-is-here" not in viewer
    assert api.client.get(f"/groups/{group['view_id']}/tonight").status_code == 404


def test_ticked_and_new_names_get_tables_and_nothing_is_stored(api: Any, group) -> None:
    start(api, group, ["Ann", "Ben"])
    before = games_of(api, group)
    response = api.client.post(f"/groups/{group['id']}/tonight", data={
        "players": ["Ann", "Ben"], "new": "Cem\n\n  Dan \r\nEve\nFay\nGus"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    tables = proposed(page)
    assert sorted(map(len, tables), reverse=True) == [4, 3]
    assert sorted(sum(tables, [])) == ["Ann", "Ben", "Cem", "Dan", "Eve", "Fay", "Gus"]
    assert "Start these games" in page
    # Ann and Ben sat together tonight already: the proposal parts them.
    assert not any({"Ann", "Ben"} <= set(table) for table in tables)
    assert "Nobody sits with someone they played with earlier tonight" in page
    assert games_of(api, group) == before


def test_a_second_tap_on_start_these_games_starts_nothing_more(api: Any, group) -> None:
    start(api, group, ["Ann", "Ben"])
    page = api.client.post(f"/groups/{group['id']}/tonight", data={
        "players": ["Ann", "Ben"], "new": "Cem\nDan\nEve\nFay\nGus"}).get_data(as_text=True)
    found = re.search(r'name="after" type="hidden" value="([^"]*)"', page)
    assert found is not None and found.group(1) == games_of(api, group)[0]["view_id"]
    form: dict[str, Any] = {f"table-{number}": names
                            for number, names in enumerate(proposed(page))}
    form.update(edition="original", after=found.group(1))
    first = api.client.post(f"/groups/{group['id']}/tables", data=form)
    assert first.status_code == 303 and len(games_of(api, group)) == 3
    again = api.client.post(f"/groups/{group['id']}/tables", data=form)  # the second tap
    assert again.status_code == 303 and again.location == first.location
    assert len(games_of(api, group)) == 3
    # The same tables proposed again after those games (a second round) start again.
    form["after"] = games_of(api, group)[0]["view_id"]
    assert api.client.post(f"/groups/{group['id']}/tables", data=form).status_code == 303
    assert len(games_of(api, group)) == 5


@pytest.mark.parametrize(("data", "words"), [
    ({"players": ["Ann"]}, "A table needs at least 2 players"),
    ({"players": ["Ann"], "new": "ann"}, "ann is named twice"),
    ({}, "Nobody to seat"),
])
def test_a_refusal_is_shown_next_to_the_names_and_stores_nothing(api: Any, group, data,
                                                                  words) -> None:
    start(api, group, ["Ann", "Ben"])
    before = games_of(api, group)
    response = api.client.post(f"/groups/{group['id']}/tonight", data=data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert f'id="tonight-error" role="alert">{words}' in page
    assert re.findall(r'value="([^"]*)" checked', page) == data.get("players", [])
    assert games_of(api, group) == before


def test_start_these_games_starts_one_game_per_table_with_a_random_first_dealer(
        api: Any, group, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, ...]] = []

    def last(names: tuple[str, ...]) -> str:
        drawn.append(names)
        return names[-1]

    monkeypatch.setattr(seating.secrets, "choice", last)
    start(api, group, ["Ann", "Ben"], phases=[1, 2], ten_rounds=True)
    response = api.client.post(f"/groups/{group['id']}/tables", data={
        "table-0": ["Ann", "Ben", "Cem", "Dan"], "table-1": ["Eve", "Fay", "Gus"],
        "edition": "original"})
    assert response.status_code == 303
    assert drawn == [("Ann", "Ben", "Cem", "Dan"), ("Eve", "Fay", "Gus")]
    new = games_of(api, group)[:2]
    first = next(game for game in new if game["players"][0] == "Ann")
    # On the group page, scrolled to the first game started (the evening's games are listed
    # oldest first, the new tables' last).
    assert response.location.endswith(f"/groups/{group['id']}#game-{first['view_id']}")
    assert sorted(game["players"] for game in new) == [
        ["Ann", "Ben", "Cem", "Dan"], ["Eve", "Fay", "Gus"]]
    for game in new:
        data = api.client.get(f"/api/games/{game['id']}").get_json()
        assert data["dealer"] == data["players"][-1]["name"]
        assert data["ten_rounds"] and data["phases"] == [1, 2]  # the group's last game's
    page = api.client.get(response.location).get_data(as_text=True)
    assert "2 games started: each table opens its own below." in page
    assert f'<li id="game-{first["view_id"]}">' in page
    evening = page.split('id="evening"')[1].split("</section>")[0]
    for game in new:
        assert f'href="/games/{game["id"]}"' in evening


def test_one_table_opens_its_sheet_and_another_edition_starts_with_its_defaults(
        api: Any, group) -> None:
    start(api, group, ["Ann", "Ben"], phases=[1, 2])
    response = api.client.post(f"/groups/{group['id']}/tables", data={
        "table-0": ["Ann", "Ben", "Cem"], "edition": "board"})
    assert response.status_code == 303 and "/games/" in response.location
    game = games_of(api, group)[0]
    assert game["edition"] == "board" and response.location.endswith(game["id"])
    starter = api.client.get(f"/api/games/{game['id']}").get_json()["starter"]
    assert f"The game started: {starter} starts." in \
        api.client.get(response.location).get_data(as_text=True)


@pytest.mark.parametrize(("tables", "words"), [
    ({"table-0": ["Ann", "Ben"], "table-1": ["ann", "Cem"]}, "ann is named twice"),
    ({"table-0": ["Ann", "Ben"], "table-1": ["Cem"]}, "A game has 2 to 6 players"),
    ({"table-0": ["Ann", "Ben"], "table-1": ["Cem", "Dan"], "edition": "nosuchedition"},
     "“nosuchedition” is not an edition"),
    ({}, "Nobody to seat"),
])
def test_tables_that_cannot_start_start_no_game_at_all(api: Any, group, tables,
                                                      words) -> None:
    start(api, group, ["Ann", "Ben"])
    before = games_of(api, group)
    response = api.client.post(f"/groups/{group['id']}/tables", data=tables,
                               follow_redirects=True)
    assert f'<p class="flash flash-error" role="status">{words}' in \
        response.get_data(as_text=True)
    assert games_of(api, group) == before
    assert api.client.post(f"/groups/{group['view_id']}/tables",
                           data={"table-0": ["Ann", "Ben"]}).status_code == 404


def test_the_evening_counts_tonights_games_and_leaves_out_yesterdays(
        api: Any, app: Flask, group) -> None:
    old = start(api, group, ["Ann", "Ben"], phases=[1, 2])
    finish_short(api, old, "Ann", "Ben")
    with app.app_context():
        stored = db.session.execute(select(models.Game.created_at)
                                    .where(models.Game.edit_key == old["id"])).scalar_one()
        db.session.execute(update(models.Game).where(models.Game.edit_key == old["id"])
                           .values(created_at=stored - timedelta(hours=13)))
        db.session.commit()
    first = start(api, group, ["Ann", "Ben", "Cem"], phases=[1, 2])
    for _ in range(2):
        assert api.round(first, card_round("Ben", {"Ann": 60, "Cem": 70})).status_code == 201
    second = start(api, group, ["Ben", "Dan"], phases=[1, 2])
    finish_short(api, second, "Ben", "Dan")
    start(api, group, ["Ann", "Cem"])
    page = api.client.get(f"/groups/{group['view_id']}").get_data(as_text=True)
    evening = page.split('id="evening"')[1].split("</section>")[0]
    assert evening.count('class="evening-players"') == 3  # yesterday's game is not tonight's
    rows = re.findall(r'<th scope="row">([^<]*)</th><td>(\d+)</td><td>(\d+)</td><td>([^<]*)<',
                      evening)
    # openskill's own rate, game by game: yesterday Ann ahead of Ben; tonight Ben, Ann, Cem,
    # then Ben ahead of Dan. The unfinished game counts as a game sat at, not for the change.
    model = PlackettLuce()
    ann, ben = (team[0] for team in model.rate([[model.rating()], [model.rating()]]))
    yesterday = {"Ann": ann.ordinal(), "Ben": ben.ordinal()}
    ben, ann, cem = (team[0] for team in model.rate([[ben], [ann], [model.rating()]]))
    ben, dan = (team[0] for team in model.rate([[ben], [model.rating()]]))
    changes = {"Ben": ben.ordinal() - yesterday["Ben"], "Ann": ann.ordinal() - yesterday["Ann"],
               "Cem": cem.ordinal(), "Dan": dan.ordinal()}
    shown = {name: ("+" if change > 0 else "−") + f"{abs(change):.1f}"
             for name, change in changes.items()}
    order = sorted(["Cem", "Dan", "Ann"], key=lambda name: -changes[name])
    played = {"Ann": "2", "Cem": "2", "Dan": "1"}
    assert rows == [("Ben", "2", "2", shown["Ben"])] + [
        (name, played[name], "0", shown[name]) for name in order]
    assert f'href="/games/{first["view_id"]}"' in evening and first["id"] not in page


def test_an_evening_shows_its_newest_games_only_up_to_a_bound(
        api: Any, group, monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole history typed in one evening is not read and drawn on every view: the evening
    is its newest EVENING_GAMES (here 3, with 2 games on the page before "show all")."""

    monkeypatch.setattr(seating, "EVENING_GAMES", 3)
    monkeypatch.setattr("companion.views.groups.LISTED", 2)
    started = [start(api, group, ["Ann", f"P{number}"]) for number in range(5)]
    for path in (f"/groups/{group['view_id']}", f"/groups/{group['view_id']}?all=1"):
        page = api.client.get(path).get_data(as_text=True)
        evening = page.split('id="evening"')[1].split("</section>")[0]
        assert evening.count('class="evening-players"') == 3
        assert [f'href="/games/{game["view_id"]}"' in evening for game in started] == \
            [False, False, True, True, True]


def test_a_group_without_an_evening_of_two_games_shows_none(api: Any, group) -> None:
    start(api, group, ["Ann", "Ben"])
    page = api.client.get(f"/groups/{group['id']}").get_data(as_text=True)
    assert 'id="evening"' not in page


def test_a_proposal_mixes_only_an_evening_still_on(api: Any, app: Flask, group) -> None:
    """Games started 13 hours ago are last night's: the new tables need not part their
    players (the evening is shown all the same: it is the group's newest)."""
    start(api, group, ["Ann", "Ben", "Cem", "Dan"])
    start(api, group, ["Eve", "Fay", "Gus"])
    with app.app_context():
        for game in db.session.execute(select(models.Game)).scalars():
            game.created_at -= timedelta(hours=13)
        db.session.commit()
    page = api.client.post(f"/groups/{group['id']}/tonight", data={
        "players": ["Ann", "Ben", "Cem", "Dan", "Eve", "Fay", "Gus"]}).get_data(as_text=True)
    assert "Everybody once, the tables as even in strength as they can be." in page
    assert len(proposed(page)) == 2
