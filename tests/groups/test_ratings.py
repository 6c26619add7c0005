"""A group's ratings are kept with every write (companion.services.ratings) and always equal
a fresh replay of openskill's own ``rate`` over the group's finished games, in the order
they ended, whatever changed: a finish, an undo, a corrected old game, a game played earlier
joining the group, merged, unmerged and renamed spellings, a board game beside the card
games; a group stored before the ratings is rated on its next view."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce
from sqlalchemy import text

from companion import player_names
from companion.cache import stores
from companion.infra.extensions import db
from companion.scoring.places import places
from companion.scoring.records import Identities
from companion.services import groups
from companion.services.games import sheet_of
from tests.kits.group_games import board_win, card_round, start

MODEL = PlackettLuce()
NAMES = ["Ann", "Ben", "Cem", "Dora", "ann"]


def replayed(app: Flask, key: str) -> dict[str, dict[str, tuple[float, float, int]]]:
    """kind → person's name key → (μ, σ, games): openskill's ``rate`` once per finished game
    of the group, from its sheet, in the order the games ended (to the second, then as they
    were stored: the reference)."""
    with app.app_context():
        group = groups.find_group(key)
        assert group is not None
        ids = Identities(groups.aliases_of(group[0]))
        finished = []
        for game in groups.games_of(group[0]):
            sheet = sheet_of(game)
            if sheet.status == "finished":
                ended = game.last_round_at or game.created_at
                finished.append((ended.replace(microsecond=0),
                                 game.created_at.replace(microsecond=0), game.id, sheet))
        db.session.rollback()
    found: dict[str, dict[str, Any]] = {"card": {}, "board": {}}
    for *_order, sheet in sorted(finished, key=lambda item: item[:3]):
        kept = found["board" if sheet.setup.edition.markers else "card"]
        seated: dict[str, int] = {}
        by_seat = sorted(places(sheet), key=lambda place: place.line.seat)
        for place in by_seat:
            seated.setdefault(ids.of(place.name), place.place)
        if len(seated) < 2:
            continue
        people = list(seated)
        teams = [[MODEL.rating(*kept.get(person, (25.0, 25 / 3, 0))[:2])] for person in people]
        after = MODEL.rate(teams, ranks=[seated[person] for person in people])
        for person, team in zip(people, after, strict=True):
            kept[person] = (team[0].mu, team[0].sigma, kept.get(person, (0, 0, 0))[2] + 1)
    return found


def shown(api: Any, key: str) -> dict[str, dict[str, tuple[float, float, int]]]:
    answer = api.client.get(f"/api/groups/{key}").get_json()["ratings"]
    for kind in ("card", "board"):
        ordinals = [entry["ordinal"] for entry in answer[kind]]
        assert ordinals == sorted(ordinals, reverse=True)
        for entry in answer[kind]:
            assert entry["ordinal"] == pytest.approx(entry["mu"] - 3 * entry["sigma"])
    return {kind: {player_names.key(entry["name"]): (entry["mu"], entry["sigma"], entry["games"])
                   for entry in answer[kind]} for kind in ("card", "board")}


def assert_rated(api: Any, app: Flask, key: str) -> dict[str, Any]:
    found, reference = shown(api, key), replayed(app, key)
    for kind in ("card", "board"):
        assert found[kind].keys() == reference[kind].keys(), kind
        for person, (mu, sigma, played) in reference[kind].items():
            assert found[kind][person] == (pytest.approx(mu, abs=1e-9),
                                           pytest.approx(sigma, abs=1e-9), played), person
    return found


def finish(api: Any, game: dict[str, Any], winner: str, others: dict[str, int | bool]) -> Any:
    return api.round(game, card_round(winner, others), confirm=True)


OPERATIONS = st.lists(st.tuples(
    st.sampled_from(["start", "finish", "finish", "undo", "edit", "merge", "unmerge", "rename",
                     "earlier", "board"]),
    st.integers(0, 1000), st.integers(0, 1000)), min_size=4, max_size=14)


@settings(max_examples=12, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps=OPERATIONS)
def test_the_ratings_equal_a_fresh_replay_of_openskill_after_any_changes(
        api: Any, app: Flask, steps: list[tuple[str, int, int]]) -> None:
    group = api.post("/api/groups", {}).get_json()
    key = group["id"]
    played: list[tuple[dict[str, Any], list[str]]] = []
    for operation, a, b in steps:
        if operation == "start" or not played:
            players = [NAMES[(a + step * (b % 3 + 1)) % 4] for step in range(2 + a % 3)]
            players = list(dict.fromkeys(players))
            if len(players) < 2:
                players = ["Ann", "Ben"]
            played.append((start(api, group, players, phases=[1]), players))
        elif operation == "finish":
            game, players = played[a % len(played)]
            winner = players[b % len(players)]
            finish(api, game, winner, {name: (True if (a + index) % 3 == 0 else 10 * (b % 4))
                                       for index, name in enumerate(players) if name != winner})
        elif operation == "undo":
            game, _players = played[a % len(played)]
            api.client.delete(f"/api/games/{game['id']}/rounds/last")
        elif operation == "edit":
            game, players = played[a % len(played)]
            winner = players[b % len(players)]
            api.client.put(f"/api/games/{game['id']}/rounds/1", json={
                "results": card_round(winner, {name: 50 for name in players if name != winner}),
                "confirm": True})
        elif operation == "merge":
            api.post(f"/api/groups/{key}/aliases",
                     {"spelling": NAMES[a % 5], "name": NAMES[b % 4]})
        elif operation == "unmerge":
            api.client.delete(f"/api/groups/{key}/aliases/{player_names.key(NAMES[a % 5])}")
        elif operation == "rename":
            api.client.patch(f"/api/groups/{key}/players/{NAMES[a % 4]}",
                             json={"name": ["Eve", "Finn", "Ann"][b % 3]})
        elif operation == "earlier":
            players = [NAMES[a % 4], NAMES[(a + 1) % 4]]
            earlier = api.new_game(players, phases=[1])
            finish(api, earlier, players[b % 2], {players[1 - b % 2]: 25})
            api.post(f"/api/groups/{key}/games", {"game": earlier["id"]})
        else:
            board = start(api, group, [NAMES[a % 4], NAMES[(a + 2) % 4]], edition="board")
            board_win(api, board, NAMES[a % 4], NAMES[(a + 2) % 4])
        assert_rated(api, app, key)


def test_a_first_finish_an_undo_and_a_finish_again_move_the_ratings_as_openskill_does(
        api: Any, app: Flask) -> None:
    group = api.post("/api/groups", {}).get_json()
    game = start(api, group, ["Ann", "Ben", "Cem"], phases=[1])
    assert shown(api, group["id"]) == {"card": {}, "board": {}}
    assert finish(api, game, "Cem", {"Ann": 10, "Ben": 10}).status_code == 201
    rated = assert_rated(api, app, group["id"])["card"]
    # Cem first, Ann and Ben share the second place: equal after it, below Cem.
    assert rated["cem"][0] > rated["ann"][0] == rated["ben"][0]
    assert api.client.delete(f"/api/games/{game['id']}/rounds/last").status_code == 200
    assert shown(api, group["id"]) == {"card": {}, "board": {}}
    assert finish(api, game, "Ann", {"Cem": 10, "Ben": 30}).status_code == 201
    rated = assert_rated(api, app, group["id"])["card"]
    assert rated["ann"][0] > rated["cem"][0] > rated["ben"][0]


def test_an_old_game_corrected_rates_again_from_it_and_keeps_the_steps_before(
        api: Any, app: Flask) -> None:
    group = api.post("/api/groups", {}).get_json()
    played = []
    for winner, loser in (("Ann", "Ben"), ("Ben", "Ann"), ("Ann", "Ben"), ("Cem", "Ann")):
        game = start(api, group, [winner, loser], phases=[1])
        assert finish(api, game, winner, {loser: 40}).status_code == 201
        played.append(game)
    assert_rated(api, app, group["id"])
    with app.app_context():
        before = db.session.execute(text(
            "SELECT game_id, mu FROM rating_step ORDER BY seq, seat")).all()
    fixed = api.client.put(f"/api/games/{played[2]['id']}/rounds/1", json={
        "results": card_round("Ben", {"Ann": 5}), "confirm": True})
    assert fixed.status_code == 200, fixed.get_json()
    assert_rated(api, app, group["id"])
    with app.app_context():
        after = db.session.execute(text(
            "SELECT game_id, mu FROM rating_step ORDER BY seq, seat")).all()
    assert after[:4] == before[:4]  # the first two games' steps were not rated again
    assert after[4:] != before[4:]


def test_a_group_stored_before_the_ratings_is_rated_on_its_next_view(api: Any,
                                                                     app: Flask) -> None:
    group = api.post("/api/groups", {}).get_json()
    for winner, loser in (("Ann", "Ben"), ("Ben", "Cem")):
        finish(api, start(api, group, [winner, loser], phases=[1]), winner, {loser: 40})
    board_win(api, start(api, group, ["Ann", "Cem"], edition="board"), "Cem", "Ann")
    rated = assert_rated(api, app, group["id"])
    with app.app_context():  # as the migration leaves a group of an older release
        db.session.execute(text("UPDATE game_group SET ratings = NULL"))
        db.session.execute(text("DELETE FROM rating_step"))
        db.session.commit()
        stores.forget()
    page = api.client.get(f"/groups/{group['view_id']}")
    assert page.status_code == 200
    assert assert_rated(api, app, group["id"]) == rated
    with app.app_context():
        assert db.session.execute(text("SELECT count(*) FROM rating_step")).scalar_one() == 6


def test_the_service_gives_each_players_ordinal_by_the_name_the_group_shows(
        api: Any, app: Flask) -> None:
    group = api.post("/api/groups", {}).get_json()
    finish(api, start(api, group, ["Ann", "ben"], phases=[1]), "Ann", {"ben": 40})
    finish(api, start(api, group, ["Ann", "Benno"], phases=[1]), "Benno", {"Ann": 40})
    api.post(f"/api/groups/{group['id']}/aliases", {"spelling": "Benno", "name": "ben"})
    rated = shown(api, group["id"])["card"]
    with app.test_request_context():
        found = groups.find_group(group["id"])
        assert found is not None
        from companion.services import ratings

        ordinals = ratings.ordinals(found[0], "card")
        assert ordinals.keys() == {"Ann", "ben"}
        mu, sigma, _games = rated["ann"]
        assert ordinals["Ann"] == pytest.approx(mu - 3 * sigma)
        assert ratings.ordinals(found[0], "board") == {}


def test_an_old_games_finish_undone_rates_the_later_games_again(api: Any, app: Flask) -> None:
    group = api.post("/api/groups", {}).get_json()
    played = []
    for winner, loser in (("Ann", "Ben"), ("Ann", "Ben"), ("Ben", "Ann")):
        game = start(api, group, [winner, loser], phases=[1])
        assert finish(api, game, winner, {loser: 40}).status_code == 201
        played.append(game)
    assert_rated(api, app, group["id"])
    assert api.client.delete(f"/api/games/{played[0]['id']}/rounds/last").status_code == 200
    assert assert_rated(api, app, group["id"])["card"]["ann"][2] == 2
    # The newest game's finish undone gives its players their ratings before it back.
    assert api.client.delete(f"/api/games/{played[2]['id']}/rounds/last").status_code == 200
    assert assert_rated(api, app, group["id"])["card"]["ben"][2] == 1
