"""The games API: starting games, rounds, guards, undo, edits and the read-only link."""

from __future__ import annotations

PLAYERS = ["Michaela", "Horst", "Petra", "Thomas"]

# The worked example of the Ravensburger rules: five rounds, one column per player.
SEED_ROUNDS = [
    {"Michaela": (True, 0), "Horst": (True, 25), "Petra": (True, 20), "Thomas": (False, 75)},
    {"Michaela": (True, 20), "Horst": (True, 0), "Petra": (False, 70), "Thomas": (True, 25)},
    {"Michaela": (True, 0), "Horst": (False, 65), "Petra": (True, 15), "Thomas": (False, 50)},
    {"Michaela": (True, 15), "Horst": (True, 10), "Petra": (True, 0), "Thomas": (True, 15)},
    {"Michaela": (True, 0), "Horst": (False, 70), "Petra": (True, 20), "Thomas": (False, 65)},
]


def results(row):
    return [{"player": name, "phase": laid, "points": points}
            for name, (laid, points) in row.items()]


def play(api, game, rows):
    for row in rows:
        response = api.round(game, results(row))
        assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_the_rule_book_example_after_round_five(api):
    game = api.new_game(PLAYERS)
    data = play(api, game, SEED_ROUNDS)
    players = {p["name"]: p for p in data["players"]}
    assert [(len(players[n]["phases_done"]), players[n]["points"]) for n in PLAYERS] == [
        (5, 35), (3, 170), (4, 125), (2, 230)]
    assert data["standings"] == ["Michaela", "Petra", "Horst", "Thomas"]
    assert players["Michaela"]["current_phase"] == 6
    assert data["status"] == "playing" and data["winner"] is None


def test_a_new_game_has_two_unguessable_links(api):
    game = api.new_game(PLAYERS)
    assert len(game["id"]) >= 40 and len(game["view_id"]) >= 40 and game["id"] != game["view_id"]
    assert game["dealer"] == "Michaela" and game["rounds"] == []


def test_the_read_only_link_reads_but_never_writes(api, client):
    game = api.new_game(PLAYERS)
    view = client.get(f"/api/games/{game['view_id']}").get_json()
    assert "id" not in view and view["view_id"] == game["view_id"]
    response = client.post(f"/api/games/{game['view_id']}/rounds",
                           json={"results": results(SEED_ROUNDS[0])})
    assert response.status_code == 404
    assert client.get(f"/api/games/{game['id']}").get_json()["rounds"] == []


def test_the_same_round_sent_twice_is_stored_once(api, client):
    game = api.new_game(PLAYERS)
    first = api.round(game, results(SEED_ROUNDS[0]), number=1)
    second = api.round(game, results(SEED_ROUNDS[0]), number=1)
    assert first.status_code == 201 and second.status_code == 409
    assert second.get_json()["error"]
    assert len(client.get(f"/api/games/{game['id']}").get_json()["rounds"]) == 1


def test_a_round_that_breaks_a_rule_gets_422_and_stores_nothing(api, client):
    game = api.new_game(PLAYERS)
    row = results(SEED_ROUNDS[0])
    row[1]["points"] = 23
    response = api.round(game, row)
    assert response.status_code == 422
    details = response.get_json()["details"]
    assert any(d["player"] == "Horst" and d["field"] == "points" for d in details)
    assert client.get(f"/api/games/{game['id']}").get_json()["rounds"] == []


def test_impossible_looking_points_need_confirm(api):
    game = api.new_game(PLAYERS)
    row = results(SEED_ROUNDS[0])
    row[3]["points"] = 20  # Thomas did not lay his phase: 10 cards are worth at least 50
    response = api.round(game, row)
    assert response.status_code == 422 and response.get_json()["warnings"]
    assert api.round(game, row, confirm=True).status_code == 201


def test_undo_and_edit_recompute_the_sheet(api, client):
    game = api.new_game(PLAYERS)
    play(api, game, SEED_ROUNDS[:2])
    undone = client.delete(f"/api/games/{game['id']}/rounds/last").get_json()
    assert len(undone["rounds"]) == 1
    edited = client.put(f"/api/games/{game['id']}/rounds/1",
                        json={"results": results({**SEED_ROUNDS[0], "Thomas": (False, 95)})})
    assert edited.status_code == 200
    assert {p["name"]: p["points"] for p in edited.get_json()["players"]}["Thomas"] == 95


def test_undo_with_nothing_to_undo_is_a_conflict(api, client):
    game = api.new_game(PLAYERS)
    response = client.delete(f"/api/games/{game['id']}/rounds/last")
    assert response.status_code == 409 and response.get_json()["error"]


def test_a_tie_on_the_last_phase_leads_to_a_tiebreak_round(api):
    game = api.new_game(["Ann", "Ben", "Cem"], phases=[9, 10])
    api.round(game, [{"player": "Ann", "phase": True, "points": 0},
                     {"player": "Ben", "phase": True, "points": 10},
                     {"player": "Cem", "phase": False, "points": 60}])
    tied = api.round(game, [{"player": "Ann", "phase": True, "points": 10},
                            {"player": "Ben", "phase": True, "points": 0},
                            {"player": "Cem", "phase": False, "points": 60}]).get_json()
    assert tied["status"] == "tiebreak" and sorted(tied["tiebreak"]) == ["Ann", "Ben"]
    everybody = api.round(game, [{"player": "Ann", "phase": True, "points": 0},
                                 {"player": "Ben", "phase": True, "points": 10},
                                 {"player": "Cem", "phase": False, "points": 60}])
    assert everybody.status_code == 422
    won = api.round(game, [{"player": "Ann", "phase": True, "points": 0},
                           {"player": "Ben", "phase": True, "points": 10}]).get_json()
    assert won["status"] == "finished" and won["winner"] == "Ann" and won["winners"] == ["Ann"]
    late = api.round(game, [{"player": "Ann", "phase": True, "points": 0},
                            {"player": "Ben", "phase": True, "points": 10}])
    assert late.status_code == 409


def test_board_game_markers_move_two_and_one(api):
    game = api.new_game(["Anna", "Björn", "Carla"], edition="board")
    data = api.round(game, [{"player": "Anna", "phase": True},
                            {"player": "Björn", "phase": True, "went_out": True},
                            {"player": "Carla", "phase": False}]).get_json()
    markers = {p["name"]: p["marker"] for p in data["players"]}
    assert markers == {"Anna": 2, "Björn": 3, "Carla": 1}
    assert data["starter"] == "Carla"


def test_unknown_games_get_404(client):
    assert client.get("/api/games/nope").status_code == 404
    assert client.post("/api/games/nope/rounds", json={"results": []}).status_code == 404


def test_bad_new_games_get_400_with_the_field(api, client):
    for body in ({"players": ["Solo"]}, {"players": ["A", "a"]}, {"players": ["A", "B"] * 4},
                 {"players": ["A", "x" * 31]}, {"players": "A, B"}, {"players": ["A", "B"],
                 "phases": [0, 11]}, {"players": ["A", "B"], "edition": "board",
                 "ten_rounds": True}, {"players": ["A", "B"], "dealer": "C"}):
        response = client.post("/api/games", json=body)
        assert response.status_code == 400, body
        assert response.get_json()["error"]


def test_the_openapi_description_lists_every_api_route(app, client):
    spec = client.get("/api/openapi.json").get_json()
    documented = {path.replace("{", "<").replace("}", ">") for path in spec["paths"]}
    routes = {rule.rule.replace("<int:number>", "<number>").replace("<path:name>", "<name>")
              for rule in app.url_map.iter_rules()
              if rule.rule.startswith("/api/") and rule.endpoint != "api.openapi"}
    assert routes == documented
