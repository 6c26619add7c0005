"""One schema per request: what /api/openapi.json says is what the API does, limits come from
companion.limits, and every refusal belongs to the one exception tree."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any

import pytest

import companion
from companion import editions, limits, schemas
from companion.editions import Edition
from companion.refusals import CompanionError, InputError, RulesError, ScoringError, ServiceError
from companion.rules.phases import Deck, PartKind


def spec(client: Any) -> dict[str, Any]:
    return client.get("/api/openapi.json").get_json()


def component(document: dict[str, Any], path: str, method: str = "post") -> dict[str, Any]:
    ref = document["paths"][path][method]["requestBody"]["content"]["application/json"][
        "schema"]["$ref"]
    return document["components"]["schemas"][ref.rsplit("/", 1)[-1]]


# The drift issue 10 found between the hand-written document and the hand-written checks.

def test_negative_points_are_a_broken_rule_and_the_document_allows_them(api, client):
    points = spec(client)["components"]["schemas"]["Result"]["properties"]["points"]
    integer = next(option for option in points["anyOf"] if option["type"] == "integer")
    assert integer == {"type": "integer", "maximum": limits.MAX_POINTS}  # no minimum
    game = api.new_game(["Ann", "Ben"])
    answer = api.round(game, [{"player": "Ann", "phase": True, "points": 0},
                              {"player": "Ben", "phase": False, "points": -5}])
    assert answer.status_code == 422
    too_many = api.round(game, [{"player": "Ann", "phase": True, "points": 0},
                                {"player": "Ben", "phase": False,
                                 "points": limits.MAX_POINTS + 1}])
    # Past the documented maximum is a broken rule too: the same status and shape as below 0.
    assert too_many.status_code == 422
    assert too_many.get_json()["details"] == [{
        "player": "Ben", "field": "points",
        "message": f"Ben has {limits.MAX_POINTS + 1} points, too many for one round: 10 "
                   "cards are worth at most 190 points"}]
    assert answer.get_json()["details"][0]["field"] == "points"


def test_every_card_the_api_reads_fits_the_documented_card(api, client):
    card = component(spec(client), "/api/check")["properties"]["hand"]["items"]
    assert card["type"] == "string" and "pattern" not in card
    answer = api.post("/api/check", {"phase": 1, "hand": ["12 blau", "12r", "joker", "4g",
                                                         "4b", "4y"]})
    assert answer.status_code == 200 and answer.get_json()["valid"] is True


@pytest.mark.parametrize(("path", "required"), [
    ("/api/check", ["phase"]), ("/api/hit", ["group", "card"]), ("/api/outs", ["hand"]),
    ("/api/games", ["players"]), ("/api/games/{key}/rounds", ["results"]),
    ("/api/games/{key}/players", ["name"]), ("/api/groups/{key}/aliases", ["spelling", "name"]),
])
def test_required_fields_are_documented_and_enforced(api, client, path, required):
    body = component(spec(client), path)
    assert sorted(body["required"]) == sorted(required)
    if "{key}" not in path:
        answer = api.post(path, {})
        assert answer.status_code == 400
        assert answer.get_json()["details"] == [] and answer.get_json()["error"]


def test_the_import_documents_each_file_it_reads(client):
    """The app's own file or a BG Stats export as JSON, BoardGameGeek's plays as XML."""
    document = spec(client)
    variants = [document["components"]["schemas"][option["$ref"].rsplit("/", 1)[-1]]
                for option in component(document, "/api/import")["anyOf"]]
    assert [sorted(variant["required"]) for variant in variants] == [
        ["format", "kind", "version"], ["games", "players", "plays"]]
    content = document["paths"]["/api/import"]["post"]["requestBody"]["content"]
    assert sorted(content) == ["application/json", "application/xml", "text/xml"]
    assert content["text/xml"]["schema"]["type"] == "string"
    assert "x-also" not in component(document, "/api/import")
    query = document["paths"]["/api/import"]["post"]["parameters"]
    assert [parameter["name"] for parameter in query] == ["tz"]


def test_the_group_export_documents_its_bgstats_variant(client):
    document = spec(client)
    export = document["paths"]["/api/groups/{key}/export"]["get"]
    names = {parameter["name"]: parameter for parameter in export["parameters"]}
    assert {"const": "bgstats", "type": "string"} in names["format"]["schema"]["anyOf"]
    assert "tz" in names
    ref = export["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    answer = document["components"]["schemas"][ref.rsplit("/", 1)[-1]]
    kinds = [option["$ref"].rsplit("/", 1)[-1] for option in answer["anyOf"]]
    assert kinds == ["ExportFile", "BgStatsExportJson"]
    bgstats = document["components"]["schemas"]["BgStatsExportJson"]
    assert sorted(bgstats["required"]) == ["games", "locations", "players", "plays"]


def test_a_format_the_export_does_not_know_is_400(api, client):
    group = api.post("/api/groups", {"name": "Friday"}).get_json()
    answer = client.get(f"/api/groups/{group['id']}/export?format=csv")
    assert answer.status_code == 400 and "“format”" in answer.get_json()["error"]


def test_a_check_needs_groups_or_hand_and_says_so(api, client):
    assert component(spec(client), "/api/check")["oneOf"] == [
        {"required": ["groups"]}, {"required": ["hand"]}]
    assert "“groups”" in api.post("/api/check", {"phase": 1}).get_json()["error"]
    for body in ({"phase": 1, "groups": None}, {"phase": 1, "hand": None}):
        answer = api.post("/api/check", body)
        assert answer.status_code == 400 and "must be a list" in answer.get_json()["error"]


def test_the_sizes_in_the_document_are_the_limits(client):
    document = spec(client)["components"]["schemas"]
    players = document["NewGame"]["properties"]["players"]
    assert (players["minItems"], players["maxItems"]) == (limits.MIN_PLAYERS, limits.MAX_PLAYERS)
    # Names count what a person sees (30), which JSON Schema cannot say; its bound in code
    # points is the stored column's, and the description says the rest.
    assert players["items"]["maxLength"] == limits.MAX_NAME_STORED
    assert f"1 to {limits.MAX_NAME} characters as a person sees them" in players[
        "items"]["description"]
    for body in ("PlayerBody", "GroupPlayerBody"):
        assert document[body]["properties"]["name"]["maxLength"] == limits.MAX_NAME_STORED
    assert document["NewGroup"]["properties"]["name"]["maxLength"] == limits.MAX_GROUP_NAME
    assert document["GroupFile"]["properties"]["games"]["maxItems"] == limits.MAX_GAMES


def test_a_name_the_document_allows_beyond_30_code_points_is_taken(api, client):
    """The document is never stricter than the server: 30 family emoji are 30 characters
    as seen and 210 code points, within its maxLength, and the game starts."""
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"
    document = spec(client)["components"]["schemas"]
    bound = document["NewGame"]["properties"]["players"]["items"]["maxLength"]
    assert limits.MAX_NAME < len(family * 30) <= bound
    game = api.new_game([family * 30, "Ben"])
    assert game["players"][0]["name"] == family * 30
    # 31 letters fit the document's bound too, and the server refuses them by its own count.
    refused = api.post("/api/games", {"players": ["A" * 31, "Ben"]})
    assert refused.status_code == 400 and "1 to 30 characters" in refused.get_json()["error"]


def test_answers_that_are_not_json_say_their_type(client):
    paths = spec(client)["paths"]
    events = paths["/api/games/{key}/events"]["get"]["responses"]["200"]["content"]
    assert list(events) == ["text/event-stream"]
    for path in ("/api/games/{key}/export.csv", "/api/groups/{key}/export.csv"):
        assert list(paths[path]["get"]["responses"]["200"]["content"]) == ["text/csv"]


# Editions: the document and the validation ask the registry when they run.

QUICK = Edition(key="quick", order=99, name="Quick", title="Quick", tag="Quick",
                table=(((PartKind.SET, 3),), ((PartKind.RUN, 4),), ((PartKind.SET, 4),)),
                deck=Deck(copies_per_card=2, wilds=8, skips=4, cards=108), chooses_phase=True)


@pytest.fixture
def quick():
    editions.register(QUICK)
    yield QUICK
    editions.unregister(QUICK)


def test_an_edition_registered_later_is_documented_and_accepted(api, client, quick):
    enum = component(spec(client), "/api/check")["properties"]["edition"]["enum"]
    assert enum == list(editions.keys()) and "quick" in enum
    answer = api.post("/api/check", {"edition": "quick", "phase": 2,
                                     "groups": [["3r", "4b", "5g", "6y"]]})
    assert answer.status_code == 200 and answer.get_json()["valid"] is True
    too_far = api.post("/api/outs", {"edition": "Quick", "phase": 4, "hand": ["3r"]})
    assert too_far.status_code == 400
    assert too_far.get_json()["error"] == "“4” is not a phase: phases are numbered 1 to 3"
    result = schemas.read(schemas.Result, {"player": "Ann", "phase": 3, "points": 10})
    assert result.to_result(quick).phase == 3  # it chooses its phases, like Masters
    with pytest.raises(InputError, match="a phase number"):
        result.to_result(editions.get("original"))
    beyond = schemas.read(schemas.Result, {"player": "Ann", "phase": 4, "points": 10})
    with pytest.raises(InputError, match="a phase number from 1 to 3"):
        beyond.to_result(quick)


def test_an_unregistered_edition_leaves_the_document(client, quick):
    editions.unregister(QUICK)
    enum = component(spec(client), "/api/check")["properties"]["edition"]["enum"]
    assert "quick" not in enum and enum == list(editions.keys())
    editions.register(QUICK)


# Messages: each field says its own sentence; the rules engine's reasons pass through.

@pytest.mark.parametrize(("path", "body", "message"), [
    ("/api/games", {"players": "Ann"},
     f"“players” must be a list of {limits.MIN_PLAYERS} to {limits.MAX_PLAYERS} names"),
    ("/api/games", {"players": ["Ann", "Ben"], "phases": None},
     "“phases” must be a list of phase numbers from 1 to 10"),
    ("/api/games", {"players": ["Ann", "Ben"], "knocking": "yes"},
     "“knocking” must be true or false"),
    ("/api/hit", {"group": {"part": "row", "cards": []}, "card": "3r"},
     "“part” must be set, run, colour or colour run"),
    ("/api/hit", {"group": {"part": "run", "cards": ["3r"]}, "card": 4},
     "“card” must be one card, like \"6b\""),
    ("/api/check", {"phase": 1, "hand": ["13r"]},
     "“13r” is not a card: numbers go from 1 to 12"),
    ("/api/check", {"phase": "1", "hand": []},
     "“1” is not a phase: phases are numbered 1 to 10"),
    ("/api/outs", {"hand": ["3r"], "seen": "4r"},
     "“seen” must be a list of cards like \"7r\" or \"W\""),
    ("/api/groups", {"name": 5}, "“name” must be text"),
])
def test_a_malformed_request_is_a_400_with_its_fields_sentence(api, path, body, message):
    answer = api.post(path, body)
    assert answer.status_code == 400
    assert answer.get_json() == {"error": message, "details": []}


def test_a_round_names_its_own_fields_before_its_results(api):
    game = api.new_game(["Ann", "Ben"])
    answer = api.post(f"/api/games/{game['id']}/rounds",
                      {"results": [{"player": "Ann", "points": "x"}, 3], "confirm": "no"})
    assert answer.get_json()["error"] == "“confirm” must be true or false"
    answer = api.post(f"/api/games/{game['id']}/rounds",
                      {"results": [{"player": "Ann", "phase": True}, 3]})
    assert answer.get_json()["error"] == "Points are missing for Ann"


def test_a_refused_import_names_the_game_and_round_of_a_malformed_round(api):
    game = {"players": ["Ann", "Ben"], "rounds": []}
    broken = {"players": ["Ann", "Ben"],
              "rounds": [{"results": [{"player": "Ann", "phase": True, "points": 0},
                                      {"player": "Ben", "phase": "no", "points": 20}]}]}
    file = {"format": "phase10-companion", "version": 1, "kind": "group",
            "group": {"name": "Friday", "games": [game, broken]}}
    answer = api.post("/api/import", file)
    assert answer.status_code == 422
    detail = answer.get_json()["details"][0]
    assert (detail["game"], detail["round"]) == (2, 1)
    assert detail["message"] == "“phase” must be true or false (Masters: a phase number or false)"


@pytest.mark.parametrize("where", ["game", "group"])
def test_an_imported_moment_given_as_null_is_refused(api, where):
    item = {"players": ["Ann", "Ben"], "created_at": None}
    file = {"format": "phase10-companion", "version": 1, "kind": "game", "game": item}
    if where == "group":
        file = {**file, "kind": "group", "group": {"games": [], "created_at": None}}
    answer = api.post("/api/import", file)
    assert answer.status_code == 422
    assert "“created_at” must be a date and time" in answer.get_json()["error"]


# The exception tree.

def _exceptions() -> list[type[BaseException]]:
    found = []
    for module in pkgutil.walk_packages(companion.__path__, "companion."):
        if ".migrations" in module.name:
            continue
        loaded = importlib.import_module(module.name)
        found += [value for value in vars(loaded).values() if inspect.isclass(value)
                  and issubclass(value, Exception) and value.__module__ == module.name]
    return found


def test_every_refusal_of_the_companion_is_a_value_error_in_one_tree():
    found = _exceptions()
    assert len(found) >= 15
    branches = (RulesError, ScoringError, ServiceError, InputError)
    for error in found:
        assert issubclass(error, CompanionError), error
        assert error in (CompanionError, *branches) or issubclass(error, branches), error
    assert issubclass(CompanionError, ValueError)
    assert not issubclass(InputError, RulesError)  # a web input error is not the engine's


def test_every_api_blueprint_answers_any_refusal_with_a_400(app):
    # A refusal without a handler of its own (say an InvalidSetup) is a 400 with its reason,
    # never a 500, on every API blueprint.
    for blueprint in ("api", "api_groups"):
        handlers = app.error_handler_spec[blueprint][None]
        assert handlers[CompanionError] is companion.http_answers.bad_input
    with app.test_request_context("/api/check"):
        answer = companion.http_answers.bad_input(ScoringError(
            "a game needs %(min)s to %(max)s players, not %(count)s", min=2, max=6, count=9))
    assert answer.status_code == 400
    assert answer.get_json() == {"error": "A game needs 2 to 6 players, not 9", "details": []}
