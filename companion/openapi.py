"""The API's OpenAPI 3.1 description, served at /api/openapi.json (contract: docs/API.md)."""

from __future__ import annotations

from typing import Any

# The notation is wider than any pattern would say (colour words in five languages, "joker",
# "12 blau"): the API names the card it cannot read in its 400.
CARD = {"type": "string", "examples": ["7r", "12b", "W", "S"],
        "description": "a card: 1-12 and a colour letter r g b y, W (wild) or S (skip)"}
CARDS = {"type": "array", "items": CARD}
ERROR = {"type": "object", "required": ["error", "details"], "properties": {
    "error": {"type": "string"}, "details": {"type": "array"},
    "warnings": {"type": "array"},
    "game": {"type": "object", "description": "the game as it is now (stale revision)"}}}
RESULT = {"type": "object", "required": ["player"], "properties": {
    "player": {"type": "string"},
    "phase": {"oneOf": [{"type": "boolean"}, {"type": "integer", "minimum": 1, "maximum": 10}]},
    "points": {"type": ["integer", "null"], "minimum": 0, "maximum": 1000},
    "went_out": {"type": "boolean"}}}
ROUND_BODY = {"type": "object", "required": ["results"], "properties": {
    "results": {"type": "array", "items": RESULT},
    "number": {"type": "integer", "minimum": 1},
    "revision": {"type": "integer", "minimum": 1,
                 "description": "the game's revision the client last saw (409 when stale)"},
    "confirm": {"type": "boolean"}}}
GAME = {"type": "object", "properties": {
    "id": {"type": "string"}, "view_id": {"type": "string"},
    "edition": {"enum": ["original", "masters", "board"]},
    "phases": {"type": "array", "items": {"type": "integer"}},
    "ten_rounds": {"type": "boolean"}, "knocking": {"type": "boolean"},
    "status": {"enum": ["playing", "tiebreak", "finished"]},
    "winner": {"type": ["string", "null"]}, "winners": {"type": "array"},
    "tiebreak": {"type": "array"}, "dealer": {"type": ["string", "null"]},
    "starter": {"type": ["string", "null"]}, "next_round": {"type": "integer"},
    "revision": {"type": "integer"}, "players": {"type": "array"}, "rounds": {"type": "array"},
    "standings": {"type": "array", "items": {"type": "string"}}}}


CHANCE = {"type": "object", "description": "draws (1, 2, 3) → chance of an out among them",
          "additionalProperties": {"type": "number", "minimum": 0, "maximum": 1}}
OUTS = {"type": "object", "properties": {
    "edition": {"type": "string"}, "phase": {"type": "integer"},
    "short": {"type": "integer", "minimum": 0}, "outs": CARDS,
    "unseen": {"type": "integer"}, "out_copies": {"type": "integer"}, "chance": CHANCE,
    "laydown": {"type": ["array", "null"], "items": CARDS},
    "extras": {"type": "array", "items": {"type": "object", "properties": {
        "card": CARD, "group": {"type": "integer"}, "where": {"enum": ["", "low", "high"]}}}},
    "phases": {"type": "array", "items": {"type": "object", "properties": {
        "phase": {"type": "integer"}, "short": {"type": "integer"},
        "out_copies": {"type": "integer"}, "chance": CHANCE}}}}}


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict[str, Any]:
    return {str(code): {"description": "error", **_json(ERROR)} for code in codes}


def _game_op(summary: str, status: int, *errors: int, body: bool = True) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "summary": summary,
        "responses": {str(status): {"description": "the game", **_json(GAME)}, **_errors(*errors)}}
    if body:
        operation["requestBody"] = {"required": True, **_json(ROUND_BODY)}
    return operation


#: One Server-Sent Event of GET /api/games/{key}/events, as its fields.
SSE_EVENT = {"type": "object", "required": ["event", "data"], "properties": {
    "event": {"const": "revision"}, "data": {"type": "string"}, "id": {"type": "string"},
    "retry": {"type": "integer"}}}
KEY = {"name": "key", "in": "path", "required": True,
       "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}}


def GUARD(name: str) -> dict[str, Any]:  # noqa: N802  (reads like the constants around it)
    return {"name": name, "in": "query", "required": False,
            "schema": {"type": "integer", "minimum": 1}}


PLAYER_BODY = {"type": "object", "required": ["name"], "properties": {
    "name": {"type": "string", "minLength": 1, "maxLength": 30},
    "revision": {"type": "integer", "minimum": 1,
                 "description": "the game's revision the client last saw (409 when stale)"}}}
PLAYER = {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}


def _player_op(summary: str, status: int, *errors: int, body: bool = True) -> dict[str, Any]:
    operation = _game_op(summary, status, *errors, body=False)
    if body:
        operation["requestBody"] = {"required": True, **_json(PLAYER_BODY)}
    return operation


SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Phase 10 Companion API", "version": "1"},
    "paths": {
        "/api/check": {"post": {
            "summary": "Check a lay-down (groups) or search a hand (hand) for a phase",
            "requestBody": {"required": True, **_json({
                "type": "object", "required": ["phase"],
                "oneOf": [{"required": ["groups"]}, {"required": ["hand"]}],
                "properties": {
                    "edition": {"enum": ["original", "masters", "board"]},
                    "phase": {"type": "integer", "minimum": 1, "maximum": 10},
                    "groups": {"type": "array", "minItems": 1, "items": CARDS},
                    "hand": CARDS}})},
            "responses": {"200": {"description": "the verdict"}, **_errors(400, 415)}}},
        "/api/hit": {"post": {
            "summary": "May this card be added to this group, and where",
            "requestBody": {"required": True, **_json({"type": "object", "properties": {
                "edition": {"enum": ["original", "masters", "board"]},
                "group": {"type": "object", "properties": {
                    "part": {"enum": ["set", "run", "colour", "colour run"]}, "cards": CARDS}},
                "card": CARD}})},
            "responses": {"200": {"description": "valid and where"}, **_errors(400, 415)}}},
        "/api/outs": {"post": {
            "summary": "What do I need? How short a hand is of a phase, its outs and the odds "
                       "of drawing one; without phase, how short it is of every phase",
            "requestBody": {"required": True, **_json({"type": "object", "required": ["hand"],
                "properties": {
                    "edition": {"enum": ["original", "masters", "board"]},
                    "phase": {"type": ["integer", "null"], "minimum": 1, "maximum": 10},
                    "hand": CARDS, "seen": CARDS}})},
            "responses": {"200": {"description": "short, outs, unseen, out_copies, chance "
                                                 "(1, 2, 3 draws), laydown, extras; or phases",
                                  **_json(OUTS)},
                          **_errors(400, 415)}}},
        "/api/games": {"post": {
            "summary": "Start a game",
            "requestBody": {"required": True, **_json({"type": "object", "required": ["players"],
                "properties": {
                    "edition": {"enum": ["original", "masters", "board"]},
                    "players": {"type": "array", "minItems": 2, "maxItems": 6,
                                "items": {"type": "string", "minLength": 1, "maxLength": 30}},
                    "phases": {"type": "array", "items": {"type": "integer"}},
                    "ten_rounds": {"type": "boolean"}, "knocking": {"type": "boolean"},
                    "dealer": {"type": "string"}, "starter": {"type": "string"}}})},
            "responses": {"201": {"description": "the game", **_json(GAME)},
                          **_errors(400, 415)}}},
        "/api/games/{key}": {"parameters": [KEY], "get": _game_op(
            "The game, through its edit or read-only link (ETag, 304)", 200, 404, body=False)},
        "/api/games/{key}/events": {"parameters": [KEY], "get": {
            "summary": "Server-Sent Events: the game's revision at once and after every change "
                       "(a stream only with Accept: text/event-stream; else the first event)",
            "responses": {"200": {"description": "events named revision, data "
                                                 "{\"revision\": N}",
                                  "content": {"text/event-stream": {"schema": SSE_EVENT}}},
                          **_errors(404)}}},
        "/api/games/{key}/rounds": {"parameters": [KEY], "post": _game_op(
            "Record the next round", 201, 400, 404, 409, 415, 422)},
        "/api/games/{key}/rounds/last": {"parameters": [KEY, GUARD("number"), GUARD("revision")],
                                         "delete": _game_op(
            "Undo the last round (?number=N, ?revision=N guard it)", 200, 400, 404, 409,
            body=False)},
        "/api/games/{key}/players": {"parameters": [KEY], "post": _player_op(
            "A player joins from the next round, on phase 1 with the highest total so far",
            201, 400, 404, 409, 415)},
        "/api/games/{key}/players/{name}": {
            "parameters": [KEY, PLAYER],
            "patch": _player_op("Rename a player, on the sheet and in every round", 200,
                                400, 404, 409, 415),
            "delete": {**_player_op("The player leaves: their rounds stay, they play no more "
                                    "(?revision=N guards it)", 200, 400, 404, 409, body=False),
                       "parameters": [GUARD("revision")]}},
        "/api/games/{key}/rounds/{number}": {"parameters": [KEY, {
            "name": "number", "in": "path", "required": True, "schema": {"type": "integer"}}],
            "put": _game_op("Correct a round; later rounds are recomputed", 200,
                            400, 404, 409, 415, 422)},
    },
}

# Groups, rematch, export and import (docs/API.md, "Groups").
GROUP = {"type": "object", "properties": {
    "id": {"type": "string"}, "view_id": {"type": "string"}, "name": {"type": "string"},
    "created_at": {"type": "string"}, "aliases": {"type": "array"},
    "games": {"type": "array", "items": {"type": "object", "properties": {
        "id": {"type": "string"}, "view_id": {"type": "string"},
        "created_at": {"type": "string"}, "edition": {"type": "string"},
        "players": {"type": "array", "items": {"type": "string"}},
        "status": {"enum": ["playing", "tiebreak", "finished"]},
        "winners": {"type": "array", "items": {"type": "string"}},
        "rounds": {"type": "integer"}}}},
    "players": {"type": "array"}, "phases": {"type": "array"},
    "nemesis": {"type": ["object", "null"]}, "wins_over_time": {"type": "array"},
    "links": {"type": "object"}}}
EXPORT = {"type": "object", "required": ["format", "version", "kind"], "properties": {
    "format": {"const": "phase10-companion"}, "version": {"const": 1},
    "kind": {"enum": ["game", "group"]}, "game": {"type": "object"},
    "group": {"type": "object"}}}


def _group_op(summary: str, status: int, *errors: int,
              body: dict[str, Any] | None = None) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "summary": summary,
        "responses": {str(status): {"description": "the group", **_json(GROUP)},
                      **_errors(*errors)}}
    if body is not None:
        operation["requestBody"] = {"required": True, **_json(body)}
    return operation


def _download(summary: str, mimetype: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"summary": summary, "responses": {
        "200": {"description": "a file to download", "content": {mimetype: {"schema": schema}}},
        **_errors(404)}}


def _with_game(operation: dict[str, Any]) -> dict[str, Any]:
    operation["responses"]["201"] = {"description": "the new game", **_json(GAME)}
    return operation


SPELLING = {"name": "spelling", "in": "path", "required": True, "schema": {"type": "string"}}
SPEC["paths"].update({
    "/api/groups": {"post": _group_op("Start a group", 201, 400, 415, body={
        "type": "object", "properties": {"name": {"type": "string", "maxLength": 40}}})},
    "/api/groups/{key}": {"parameters": [KEY], "get": _group_op(
        "The group: its games (newest first) and records, through either link", 200, 404)},
    "/api/groups/{key}/games": {"parameters": [KEY], "post": _with_game(_group_op(
        "Start a game in the group (a game's settings: 201 with the game), or add one played "
        "earlier ({\"game\": its edit link}: 200 with the group)", 200, 400, 404, 409, 415,
        body={"type": "object", "properties": {"game": {"type": "string"},
                                               "revision": {"type": "integer"},
                                               "players": {"type": "array"}}}))},
    "/api/groups/{key}/aliases": {"parameters": [KEY], "post": _group_op(
        "Count one spelling as another player in the records", 200, 400, 404, 415, body={
            "type": "object", "required": ["spelling", "name"], "properties": {
                "spelling": {"type": "string"}, "name": {"type": "string"}}})},
    "/api/groups/{key}/aliases/{spelling}": {"parameters": [KEY, SPELLING], "delete": _group_op(
        "Count a merged spelling as a player of its own again", 200, 404)},
    "/api/groups/{key}/export": {"parameters": [KEY], "get": _download(
        "The group and all its games as an export file", "application/json", EXPORT)},
    "/api/groups/{key}/export.csv": {"parameters": [KEY], "get": _download(
        "Every round of the group's games: one CSV row per player per round", "text/csv",
        {"type": "string"})},
    "/api/games/{key}/export": {"parameters": [KEY], "get": _download(
        "The game as an export file", "application/json", EXPORT)},
    "/api/games/{key}/export.csv": {"parameters": [KEY], "get": _download(
        "The game's rounds: one CSV row per player per round", "text/csv", {"type": "string"})},
    "/api/games/{key}/rematch": {"parameters": [KEY], "post": {
        "summary": "The next game of a finished one: same players and options, the deal passed "
                   "one seat on, in the same group",
        "responses": {"201": {"description": "the new game", **_json(GAME)},
                      **_errors(404, 409)}}},
    "/api/import": {"post": {
        "summary": "Store an exported game or group under new links (every round checked; "
                   "nothing stored when anything is wrong)",
        "requestBody": {"required": True, **_json(EXPORT)},
        "responses": {"201": {"description": "the new game or group", **_json(
            {"oneOf": [GAME, GROUP]})}, **_errors(400, 413, 415, 422)}}},
})
