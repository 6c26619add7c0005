"""The API's OpenAPI 3.1 description, served at /api/openapi.json (contract: docs/API.md)."""

from __future__ import annotations

from typing import Any

CARD = {"type": "string", "pattern": "^((1[0-2]|[1-9])[rgbyRGBY]|[wWjJ*sS])$",
        "examples": ["7r", "W"]}
CARDS = {"type": "array", "items": CARD}
ERROR = {"type": "object", "required": ["error", "details"], "properties": {
    "error": {"type": "string"}, "details": {"type": "array"},
    "warnings": {"type": "array"}}}
RESULT = {"type": "object", "required": ["player"], "properties": {
    "player": {"type": "string"},
    "phase": {"oneOf": [{"type": "boolean"}, {"type": "integer", "minimum": 1, "maximum": 10}]},
    "points": {"type": ["integer", "null"], "minimum": 0, "maximum": 1000},
    "went_out": {"type": "boolean"}}}
ROUND_BODY = {"type": "object", "required": ["results"], "properties": {
    "results": {"type": "array", "items": RESULT},
    "number": {"type": "integer", "minimum": 1},
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


KEY = {"name": "key", "in": "path", "required": True, "schema": {"type": "string"}}

SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Phase 10 Companion API", "version": "1"},
    "paths": {
        "/api/check": {"post": {
            "summary": "Check a lay-down (groups) or search a hand (hand) for a phase",
            "requestBody": {"required": True, **_json({"type": "object", "properties": {
                "edition": {"enum": ["original", "masters", "board"]},
                "phase": {"type": "integer", "minimum": 1, "maximum": 10},
                "groups": {"type": "array", "items": CARDS}, "hand": CARDS}})},
            "responses": {"200": {"description": "the verdict"}, **_errors(400, 415)}}},
        "/api/hit": {"post": {
            "summary": "May this card be added to this group, and where",
            "requestBody": {"required": True, **_json({"type": "object", "properties": {
                "edition": {"enum": ["original", "masters", "board"]},
                "group": {"type": "object", "properties": {
                    "part": {"enum": ["set", "run", "colour", "colour run"]}, "cards": CARDS}},
                "card": CARD}})},
            "responses": {"200": {"description": "valid and where"}, **_errors(400, 415)}}},
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
        "/api/games/{key}/rounds": {"parameters": [KEY], "post": _game_op(
            "Record the next round", 201, 400, 404, 409, 415, 422)},
        "/api/games/{key}/rounds/last": {"parameters": [KEY], "delete": _game_op(
            "Undo the last round (?number=N guards)", 200, 404, 409, body=False)},
        "/api/games/{key}/rounds/{number}": {"parameters": [KEY, {
            "name": "number", "in": "path", "required": True, "schema": {"type": "integer"}}],
            "put": _game_op("Correct a round; later rounds are recomputed", 200,
                            400, 404, 409, 415, 422)},
    },
}
