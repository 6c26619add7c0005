"""Export and import: a game or a whole group as JSON (to restore elsewhere) or CSV (for
spreadsheets).

The JSON holds what was entered, never a link: importing it starts new games behind new
links. An import is read exactly like the API reads a request (``payloads``) and replayed
round by round through ``services.record_round``, so a file is held to the same rules as a
phone; a round that needed confirming is marked ``"confirm": true`` on export. The first
problem refuses the whole file (the caller rolls back) and names the game, round and player.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from . import editions, group_services, models, roster_services, scoring, services
from .editions import Edition
from .payloads import PayloadError, game_spec, round_request
from .rules import RulesError
from .rules.errors import Reason

FORMAT = "phase10-companion"
VERSION = 1
MAX_GAMES = 1000


class ImportRefused(ValueError):
    """The file cannot be trusted: why, and where (game and round numbers from 1, player)."""

    def __init__(self, reason: Reason, game: int | None = None, round: int | None = None,
                 player: str | None = None) -> None:
        self.reason, self.game, self.round, self.player = reason, game, round, player
        super().__init__(str(reason))


def _result(result: scoring.Result, edition: Edition) -> dict[str, Any]:
    phase: bool | int = result.laid
    if edition.chooses_phase and result.laid and result.phase is not None:
        phase = result.phase
    return {"player": result.player, "phase": phase, "points": result.points,
            "went_out": result.went_out}


def game_data(game: models.Game) -> dict[str, Any]:
    """A game as entered: its setup and rounds, each marked when it needed confirming."""
    setup = services.setup_of(game)
    current = scoring.build_sheet(setup, [])
    rounds = []
    for stored in services.rounds_of(game):
        _errors, warnings = scoring.check_round(current, stored)
        current = scoring.add_round(current, stored, confirm=True)
        rounds.append({"results": [_result(result, setup.edition)
                                   for result in current.rounds[-1].results],
                       "confirm": bool(warnings)})
    first = "starter" if setup.edition.markers else "dealer"
    data = {"edition": setup.edition.value,
            "players": [p.name for p in game.players if p.joined_round <= 1],
            "phases": list(current.setup.phases), "ten_rounds": setup.ten_rounds,
            "knocking": setup.knocking, first: setup.players[setup.first_dealer],
            "created_at": game.created_at.isoformat(timespec="seconds"), "rounds": rounds}
    changes = _changes(game)
    if changes:
        data["changes"] = changes
    return data


def _changes(game: models.Game) -> list[dict[str, Any]]:
    """Who joined or left before which round; joins first, as a table of six allows."""
    joins = [{"round": p.joined_round, "join": p.name} for p in game.players
             if p.joined_round > 1]
    leaves = [{"round": p.left_round, "leave": p.name} for p in game.players if p.left_round]
    return sorted(joins + leaves, key=lambda change: (change["round"], "leave" in change))


def _apply_changes(game: models.Game, changes: list[Any], before: int) -> None:
    """The players who join or leave before round ``before``, as the players page does."""
    for change in changes:
        if not isinstance(change, dict) or not isinstance(change.get("round"), int) or not (
                isinstance(change.get("join"), str) or isinstance(change.get("leave"), str)):
            raise PayloadError("“changes” must be a list of {“round”, “join” or “leave”}")
        if change["round"] != before:
            continue
        if "join" in change:
            roster_services.add_player(game, change["join"])
        else:
            roster_services.remove_player(game, change["leave"])


def export_game(game: models.Game) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "kind": "game", "game": game_data(game)}


def export_group(group: models.Group, games: Sequence[models.Game]) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "kind": "group", "group": {
        "name": group.name, "created_at": group.created_at.isoformat(timespec="seconds"),
        "aliases": [{"spelling": alias.alias, "name": alias.name} for alias in group.aliases],
        "games": [game_data(game) for game in games]}}


CSV_HEADER = ("game", "date", "edition", "round", "tiebreak", "seat", "player", "phase_tried",
              "phase_laid", "points", "went_out", "total", "marker")


def _safe(value: object) -> str:
    """A cell a spreadsheet shows as text, never runs as a formula."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _rows(number: int, game: models.Game) -> Iterable[tuple[object, ...]]:
    sheet = services.sheet_of(game)
    seats = {line.name: line.seat for line in sheet.players}
    for view in sheet.rounds:
        for result in view.results:
            laid = result.phase if result.phase is not None else result.laid
            yield (number, game.created_at.date().isoformat(), game.edition, view.number,
                   view.tiebreak, seats[result.player] + 1, result.player,
                   view.attempted.get(result.player), laid, result.points, result.went_out,
                   view.totals.get(result.player), view.markers.get(result.player))


def to_csv(games: Sequence[models.Game]) -> str:
    """One row per player per round, with a header row."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    for number, game in enumerate(games, 1):
        for row in _rows(number, game):
            writer.writerow([_safe(cell) for cell in row])
    return out.getvalue()


@dataclass(frozen=True)
class Imported:
    """What an import made: a game, or a group with its games."""

    game: models.Game | None = None
    group: models.Group | None = None


def _created_at(item: dict[str, Any]) -> datetime | None:
    text = item.get("created_at")
    if text is None:
        return None
    try:
        moment = datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None
    if moment is not None and moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment


def _rounds_of(item: dict[str, Any]) -> list[Any]:
    rounds = item.get("rounds", [])
    if not isinstance(rounds, list):
        raise PayloadError("“rounds” must be a list of rounds")
    return rounds


def import_game(item: Any, number: int | None = None) -> models.Game:
    """Start the game ``item`` describes and replay its rounds as if entered on a phone."""
    at: dict[str, int | None] = {"game": number, "round": None}
    try:
        if not isinstance(item, dict):
            raise PayloadError("a game must be an object with “players” and “rounds”")
        game = services.create_game(game_spec(item))
        created = _created_at(item)
        if "created_at" in item and created is None:
            raise PayloadError("“created_at” must be a date and time like 2026-11-20T19:30:00")
        game.created_at = created or game.created_at
        changes = item.get("changes", [])
        if not isinstance(changes, list):
            raise PayloadError("“changes” must be a list of {“round”, “join” or “leave”}")
        rounds = _rounds_of(item)
        for index, body in enumerate([*rounds, None], 1):
            at["round"] = index if body is not None else None
            _apply_changes(game, changes, index)
            if body is None:
                break
            if not isinstance(body, dict):
                raise PayloadError("a round must be an object with “results”")
            new, _number, confirm = round_request(body, editions.get(game.edition))
            services.record_round(game, new, confirm=confirm)
    except services.SetupError as error:
        raise ImportRefused(error.problems[0][1], at["game"], at["round"]) from error
    except roster_services.RosterError as error:
        raise ImportRefused(error.reason, at["game"], at["round"]) from error
    except RulesError as error:
        raise ImportRefused(error.reason, at["game"], at["round"]) from error
    except scoring.RoundRejected as error:
        first = error.problems[0]
        raise ImportRefused(first, at["game"], at["round"], first.player) from error
    except scoring.NeedsConfirmation as error:
        raise ImportRefused(Reason(
            "this round looks impossible with a normal deal and is not marked as confirmed"),
            at["game"], at["round"], error.warnings[0].player) from error
    except scoring.GameFinished as error:
        raise ImportRefused(Reason("the game was already over before this round"),
                            at["game"], at["round"]) from error
    return game


def _import_group(item: Any) -> models.Group:
    if not isinstance(item, dict) or not isinstance(item.get("games"), list):
        raise ImportRefused(Reason("a group must be an object with a list of “games”"))
    if len(item["games"]) > MAX_GAMES:
        raise ImportRefused(Reason("a group file holds at most 1000 games"))
    name = item.get("name", "")
    if not isinstance(name, str):
        raise ImportRefused(Reason("“name” must be text"))
    try:
        group = group_services.create_group(name)
    except group_services.GroupProblem as error:
        raise ImportRefused(error.reason) from error
    created = _created_at(item)
    if "created_at" in item and created is None:
        raise ImportRefused(Reason(
            "“created_at” must be a date and time like 2026-11-20T19:30:00"))
    group.created_at = created or group.created_at
    games = [import_game(game, number) for number, game in enumerate(item["games"], 1)]
    for game in games:
        game.group_id = group.id
    aliases = item.get("aliases", [])
    if not isinstance(aliases, list) or not all(
            isinstance(a, dict) and isinstance(a.get("spelling"), str)
            and isinstance(a.get("name"), str) for a in aliases):
        raise ImportRefused(Reason("“aliases” must be a list of {“spelling”, “name”} objects"))
    try:
        for alias in aliases:
            group_services.merge(group, games, alias["spelling"], alias["name"])
    except group_services.GroupProblem as error:
        raise ImportRefused(error.reason) from error
    return group


def import_data(data: Any) -> Imported:
    """Store what an exported file holds, under new links; ImportRefused when it cannot."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused(Reason("this is not a file exported by the Phase 10 Companion"))
    if data.get("version") != VERSION:
        raise ImportRefused(Reason(
            "this file was made by another version of the companion (format %(version)s; "
            "this one reads format 1)", {"version": str(data.get("version"))}))
    if data.get("kind") == "game":
        return Imported(game=import_game(data.get("game")))
    if data.get("kind") == "group":
        return Imported(group=_import_group(data.get("group")))
    raise ImportRefused(Reason("“kind” must be game or group"))
