"""The JSON API of groups, rematches, export and import (docs/API.md)."""

from __future__ import annotations

import json
from http import HTTPStatus
from typing import Any

from flask import Blueprint, Response, jsonify, request

from companion import http_answers, models
from companion.api import common
from companion.api.games import typed_game
from companion.api.openapi import documented
from companion.cache import pages
from companion.cache.revisions import Keeping
from companion.infra.extensions import csrf
from companion.infra.planning import off_the_loop
from companion.limits import IMPORT_MAX_BYTES
from companion.refusals import InputError, Kind, NotThere
from companion.schemas import (
    AddGame,
    AliasBody,
    CsvFile,
    ExportFile,
    GameAnswer,
    GroupAnswer,
    GroupGameBody,
    GroupPlayerBody,
    ImportAnswer,
    NewGame,
    NewGroup,
    SeatingAnswer,
    SeatingBody,
    bgg,
    bgstats,
    read,
)
from companion.schemas.games import game_json
from companion.schemas.groups import group_json
from companion.schemas.log_files import ExportQuery, GroupExport, ImportBody, ImportQuery
from companion.schemas.ratings import OddsAnswer, OddsBody, OddsListJson
from companion.scoring import seating as scoring_seating
from companion.services import exchange, games, groups, logs, rematches, seating, work

bp = Blueprint("api_groups", __name__, url_prefix="/api")
csrf.exempt(bp)
http_answers.answer_refusals(bp)


def _group(key: str, *, edit: bool = False) -> tuple[models.Group, bool]:
    found = groups.find_group(key)
    if found is None or (edit and not found[1]):
        raise NotThere  # a read-only link gets the same answer as an unknown one
    return found


def _group_response(group: models.Group, editable: bool, status: int = 200) -> Response:
    derived = groups.derived(group)
    data = group_json(group, derived.edit_keys, derived.records, editable=editable,
                      rated=groups.rated(group), roster=groups.roster_of(derived.records))
    response = jsonify(data)
    response.status_code = status
    return response


@bp.post("/groups")
@documented(json=NewGroup, answers={201: GroupAnswer})
def create_group() -> Response:
    """Start a group."""
    name = read(NewGroup, common.body()).name
    with work.unit():
        group = groups.create_group(name)
    return _group_response(group, True, HTTPStatus.CREATED)


@bp.get("/groups/<key>")
@documented(answers={200: GroupAnswer})
def get_group(key: str) -> Response:
    """The group, its games and records, through its edit or read-only link: serialised once
    per state of the group (its fingerprint, as the group page), kind of link and address."""
    found = groups.find_fingerprint(key)
    if found is None:
        raise NotThere
    fingerprint, editable = found

    def make(keeping: Keeping[bytes]) -> bytes:
        keeping.exact = True  # the fingerprint names the group's every stored change
        group, _editable = _group(key)
        derived = groups.derived(group, fingerprint)
        return jsonify(group_json(group, derived.edit_keys, derived.records, editable=editable,
                                  rated=groups.rated(group),
                                  roster=groups.roster_of(derived.records))).get_data()

    body = pages.json_body(("group", fingerprint, editable, pages.host()), make)
    return Response(body, mimetype="application/json")


@bp.post("/groups/<key>/odds")
@documented(json=OddsBody, answers={200: OddsAnswer}, refuses=(Kind.REFUSED,))
def odds(key: str) -> Response:
    """Each player's chance to win a game of these players (openskill's ``predict_win``) by
    the group's ratings, through either link; a name the group never rated plays at the
    default rating. 422 for no player, more than 36, or a name twice."""
    data = common.body()
    group, _editable = _group(key)
    asked = read(OddsBody, data)
    found = groups.odds(group, asked.players, asked.game)
    answer: OddsListJson = {"odds": [{"name": name, "chance": chance}
                                     for name, chance in found]}
    return jsonify(answer)


@bp.post("/groups/<key>/games")
@documented(json=GroupGameBody, answers={200: GroupAnswer, 201: GameAnswer},
            refuses=(Kind.CONFLICT, Kind.REFUSED))
def add_game(key: str) -> Response:
    """Start a game in the group (a game's settings: 201 with the game), or add one played
    earlier (``{"game": its edit link}``: 200 with the group)."""
    data = common.body()
    group, _editable = _group(key, edit=True)
    if "final" in data:
        return typed_game(read(NewGame, data), group.id)
    if "players" in data:
        spec = read(NewGame, data).to_spec()
        with work.unit():
            groups.make_room(group.id)
            game = games.create_game(spec)
            game.group_id = group.id
        warnings = common.name_warnings([player.name for player in game.players])
        return common.game_response(game, games.sheet_of(game), HTTPStatus.CREATED, warnings)
    earlier = read(AddGame, data)
    with work.unit():
        groups.add_game(group, earlier.key(), revision=earlier.revision)
    return _group_response(group, True)


@bp.post("/groups/<key>/aliases")
@documented(json=AliasBody, answers={200: GroupAnswer})
def merge(key: str) -> Response:
    """Count one spelling as another player in the records."""
    data = common.body()
    group, _editable = _group(key, edit=True)
    alias = read(AliasBody, data)
    with work.unit():
        groups.merge(group, alias.spelling, alias.name)
    return _group_response(group, True)


@bp.delete("/groups/<key>/aliases/<spelling>")
@documented(answers={200: GroupAnswer})
def unmerge(key: str, spelling: str) -> Response:
    """Count a merged spelling as a player of its own again."""
    group, _editable = _group(key, edit=True)
    with work.unit():
        groups.unmerge(group, spelling)
    return _group_response(group, True)


@bp.patch("/groups/<key>/players/<path:name>")
@documented(json=GroupPlayerBody, answers={200: GroupAnswer})
def rename_player(key: str, name: str) -> Response:
    """Call a player of the group by another name: its records, list and roster show it,
    their history stays theirs; the games' sheets keep what was written. 400 for a name
    another player of the group has (merge them instead) or one a new game refuses."""
    data = common.body()
    group, _editable = _group(key, edit=True)
    new = read(GroupPlayerBody, data).name
    with work.unit():
        groups.rename(group, name, new)
    return _group_response(group, True)


@bp.post("/groups/<key>/seating")
@documented(json=SeatingBody, answers={200: SeatingAnswer}, refuses=(Kind.REFUSED,))
def propose_seating(key: str) -> Response:
    """Tables for the people here tonight, through either link: everybody once, 2 to 6 a
    table, the fewest pairs who sat together ``tonight`` first, then tables even in
    strength. It proposes and stores nothing. 422 naming the field for a name twice,
    nobody, one person alone or more than 36."""
    data = common.body()
    group, _editable = _group(key)
    body = read(SeatingBody, data)
    asked = seating.ask(group, body.players, body.tonight)
    tables = off_the_loop(scoring_seating.seat, asked.strengths, asked.met)
    return jsonify({"tables": asked.named(tables)})


@bp.post("/games/<key>/rematch")
@documented(answers={200: GameAnswer, 201: GameAnswer}, refuses=(Kind.CONFLICT,), body=True)
def rematch(key: str) -> Response:
    """The next game of a finished one: same players and options, the deal passed one seat
    on; in the same group when the body carries the group's edit link
    (``{"group": "<its edit link>"}``). 201 when this request started it, 200 with the
    rematch another request started already (one per game)."""
    data = common.body() if request.get_data() else {}
    group = data.get("group")
    if group is not None and not isinstance(group, str):
        raise InputError("“group” must be the group's edit link")
    found = rematches.rematch(key, (groups.link_key(group),) if group else ())  # its unit
    if found is None:
        raise NotThere
    response = jsonify(game_json(found.game, games.sheet_of(found.game), editable=True))
    response.status_code = HTTPStatus.CREATED if found.started else HTTPStatus.OK
    return response


def _download(text: str, mimetype: str, filename: str) -> Response:
    response = Response(text, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-cache"
    return response


def _game(key: str) -> models.Game:
    found = games.find_game(key)
    if found is None:
        raise NotThere
    return found[0]


def export_json(data: dict[str, Any], filename: str) -> Response:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return _download(text, "application/json", filename)


@bp.get("/games/<key>/export")
@documented(answers={200: ExportFile})
def export_game(key: str) -> Response:
    """The game as an export file (JSON), through either link."""
    game = _game(key)
    return export_json(exchange.export_game(game), f"phase10-game-{game.created_at:%Y-%m-%d}.json")


@bp.get("/games/<key>/export.csv")
@documented(answers={200: CsvFile})
def export_game_csv(key: str) -> Response:
    """The game's rounds for a spreadsheet: one row per player per round."""
    game = _game(key)
    return _download(exchange.to_csv([game]), "text/csv",
                     f"phase10-game-{game.created_at:%Y-%m-%d}.csv")


@bp.get("/groups/<key>/export")
@documented(query=ExportQuery, answers={200: GroupExport})
def export_group(key: str) -> Response:
    """The group and all its games as an export file (JSON), through either link;
    ``?format=bgstats``: its finished games as a BG Stats export (local times in ``?tz=``,
    by default UTC)."""
    group, _editable = _group(key)
    query = read(ExportQuery, request.args.to_dict())
    if query.format == "bgstats":
        return export_json(logs.export_bgstats(groups.games_of(group), logs.zone_of(query.tz)),
                           "phase10-group-bgstats.json")
    return export_json(exchange.export_group(group, groups.games_of(group)),
                       "phase10-group.json")


def _log_response(imported: logs.ImportedLog) -> Response:
    """201 with the group a log became, and how many of its plays were left out."""
    derived = groups.derived(imported.group)
    data = group_json(imported.group, derived.edit_keys, derived.records, editable=True,
                      rated=groups.rated(imported.group),
                      roster=groups.roster_of(derived.records))
    data["skipped"] = imported.skipped.total
    data["skipped_why"] = imported.skipped.as_json()
    response = jsonify(data)
    response.status_code = 201
    return response


@bp.get("/groups/<key>/export.csv")
@documented(answers={200: CsvFile})
def export_group_csv(key: str) -> Response:
    """All the group's rounds for a spreadsheet: one row per player per round."""
    group, _editable = _group(key)
    return _download(exchange.to_csv(groups.games_of(group)), "text/csv",
                     "phase10-group.csv")


@bp.post("/import")
@documented(json=ImportBody, query=ImportQuery, answers={201: ImportAnswer},
            refuses=(Kind.REFUSED,))
def import_file() -> Response:
    """Store an exported game or group under new links (every round checked; nothing stored
    when anything is wrong)."""
    request.max_content_length = IMPORT_MAX_BYTES
    zone = logs.zone_of(read(ImportQuery, request.args.to_dict()).tz)
    if request.mimetype in bgg.XML_TYPES:  # BoardGameGeek's plays
        return _log_response(logs.import_bgg(request.get_data(), zone))
    data = common.body()
    if bgstats.is_bgstats(data):
        return _log_response(logs.import_bgstats(data, zone))
    imported = exchange.import_data(data)  # its own unit of work
    if imported.group is not None:
        return _group_response(imported.group, True, HTTPStatus.CREATED)
    assert imported.game is not None
    response = jsonify(game_json(imported.game, games.sheet_of(imported.game),
                                 editable=True))
    response.status_code = HTTPStatus.CREATED
    return response
