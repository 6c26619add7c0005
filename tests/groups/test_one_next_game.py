"""One game after a game (issue 46): a finished game knows its rematch, and so does a group's
last game its "Next game"; every later tap reaches that game, each link as it may (the
concurrent taps: tests/servers/test_one_rematch.py)."""

from __future__ import annotations

from typing import Any

from flask import Flask

from companion import models
from companion.infra.extensions import db
from tests.kits.group_games import card_round, start


def count_games(app: Flask) -> int:
    with app.app_context():
        return int(db.session.execute(db.select(db.func.count(models.Game.id))).scalar_one())


def finished(api: Any, group: dict[str, Any] | None = None) -> dict[str, Any]:
    game = start(api, group, ["Ann", "Ben"], phases=[1]) if group else api.new_game(
        ["Ann", "Ben"], phases=[1])
    stored = api.round(game, card_round("Ann", {"Ben": 50}))
    assert stored.status_code == 201
    return dict(stored.get_json())


def test_the_finished_sheet_offers_the_rematch_to_each_link_as_it_may_reach_it(api) -> None:
    game = finished(api)
    assert "rematch" not in api.client.get(f"/api/games/{game['id']}").get_json()["links"]
    response = api.client.post(f"/games/{game['id']}/rematch")
    assert response.status_code == 303
    rematch = api.client.get(f"/api/games/{response.location.rsplit('/', 1)[-1]}").get_json()

    scorer = api.client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "Go to the rematch" in scorer and f'href="/games/{rematch["id"]}"' in scorer
    assert f'action="/games/{game["id"]}/rematch"' not in scorer  # no second game offered
    viewer = api.client.get(f"/games/{game['view_id']}").get_data(as_text=True)
    assert f'href="/games/{rematch["view_id"]}"' in viewer
    assert rematch["id"] not in viewer  # a read-only page never hands out an edit link
    # The live content the phones swap in says the same.
    live = api.client.get(f"/games/{game['view_id']}/live").get_data(as_text=True)
    assert f'href="/games/{rematch["view_id"]}"' in live and rematch["id"] not in live

    through_edit = api.client.get(f"/api/games/{game['id']}").get_json()
    through_view = api.client.get(f"/api/games/{game['view_id']}").get_json()
    assert through_edit["links"]["rematch"] == rematch["links"]["edit"]
    assert through_view["links"]["rematch"] == rematch["links"]["view"]
    assert through_edit["revision"] == game["revision"] + 1  # the phones on it hear of it


def test_a_second_rematch_tap_opens_the_first_rematch(api, app) -> None:
    game = finished(api)
    first = api.client.post(f"/games/{game['id']}/rematch")
    before = count_games(app)
    again = api.client.post(f"/games/{game['id']}/rematch", follow_redirects=True)
    assert again.request.path == first.location
    assert "Another phone started the rematch already" in again.get_data(as_text=True)
    answer = api.post(f"/api/games/{game['id']}/rematch", {})
    assert answer.status_code == 200 and answer.get_json()["links"]["edit"].endswith(
        first.location)
    assert count_games(app) == before


def test_a_refused_rematch_stores_nothing(api, app) -> None:
    game = api.new_game(["Ann", "Ben"], phases=[1])
    before = count_games(app)
    refused = api.post(f"/api/games/{game['id']}/rematch", {})
    assert refused.status_code == 409
    assert count_games(app) == before
    assert api.client.get(f"/api/games/{game['id']}").get_json()["revision"] == game["revision"]


def test_a_rematch_started_outside_the_group_joins_it_when_the_group_s_holder_taps(api) -> None:
    group = api.post("/api/groups", {}).get_json()
    game = finished(api, group)
    alone = api.post(f"/api/games/{game['id']}/rematch", {})
    assert alone.status_code == 201
    joined = api.post(f"/api/games/{game['id']}/rematch", {"group": group["links"]["edit"]})
    assert joined.status_code == 200 and joined.get_json()["id"] == alone.get_json()["id"]
    listed = api.client.get(f"/api/groups/{group['id']}").get_json()["games"]
    assert [entry["view_id"] for entry in listed] == [alone.get_json()["view_id"],
                                                      game["view_id"]]


def test_next_game_from_a_group_page_left_open_goes_to_the_game_started_meanwhile(
        api, app) -> None:
    group = api.post("/api/groups", {}).get_json()
    game = finished(api, group)
    page = api.client.get(f"/groups/{group['id']}").get_data(as_text=True)
    assert f'name="after" type="hidden" value="{game["view_id"]}"' in page
    first = api.client.post(f"/groups/{group['id']}/next", data={"after": game["view_id"]})
    assert first.status_code == 303
    before = count_games(app)
    # A second phone, its group page still naming the same last game, taps Next game too.
    second = api.client.post(f"/groups/{group['id']}/next", data={"after": game["view_id"]},
                             follow_redirects=True)
    assert second.request.path == first.location
    assert "Another phone started the next game already" in second.get_data(as_text=True)
    assert count_games(app) == before
    # The group's last game knows it: its sheet sends every phone there.
    sheet = api.client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert f'href="{first.location}"' in sheet and "Go to the rematch" in sheet
    # Without a game named, the group's newest game is followed: a third game.
    third = api.client.post(f"/groups/{group['id']}/next")
    assert third.status_code == 303 and third.location != first.location
    assert count_games(app) == before + 1


def test_next_game_takes_no_game_of_another_group_as_the_last(api, app) -> None:
    group, other = api.post("/api/groups", {}).get_json(), api.post("/api/groups", {}).get_json()
    finished(api, group)
    theirs = finished(api, other)
    response = api.client.post(f"/groups/{group['id']}/next", data={"after": theirs["view_id"]})
    assert response.status_code == 303
    assert "rematch" not in api.client.get(f"/api/games/{theirs['id']}").get_json()["links"]
