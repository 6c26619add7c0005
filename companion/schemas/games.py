"""The game as the API's JSON (docs/API.md), built from the derived sheet in the shapes of
``schemas.answers``."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol, overload

from flask import url_for

from companion import scoring
from companion.editions import Edition
from companion.editions.house import HouseRules
from companion.schemas import bgstats
from companion.schemas.answers import (
    FinalJson,
    GameJson,
    HouseRulesJson,
    MoveJson,
    PlayerJson,
    ResultJson,
    RoundJson,
)
from companion.scoring.length import length_of


def house_rules_json(edition: Edition) -> HouseRulesJson:
    """The rules of a game of house rules, as the game's answer and file carry them."""
    data = HouseRules(edition.name, edition.table, edition.values,
                      edition.chooses_phase).as_json()
    return {"name": data["name"], "phases": data["phases"], "values": data["values"],
            "chooses_phase": data["chooses_phase"]}


def _phase_field(result: scoring.Result, edition: Edition) -> bool | int:
    if edition.chooses_phase and result.laid and result.phase is not None:
        return result.phase
    return result.laid


def round_json(view: scoring.RoundView, edition: Edition) -> RoundJson:
    results: list[ResultJson] = [
        {"player": result.player, "phase": _phase_field(result, edition),
         "points": result.points, "went_out": result.went_out}
        for result in view.results
    ]
    data: RoundJson = {"number": view.number, "tiebreak": view.tiebreak, "results": results}
    if edition.markers:
        moves: list[MoveJson] = [{"player": move.player, "from": move.start, "to": move.end}
                                 for move in view.moves]
        data["starter"] = view.starter
        data["moves"] = moves
        data["stopped"] = list(view.stopped)
    else:
        data["dealer"] = view.dealer
    return data


def player_json(line: scoring.PlayerLine) -> PlayerJson:
    return {
        "name": line.name,
        "seat": line.seat,
        "phases_done": list(line.phases_done),
        "current_phase": line.current_phase,
        "points": line.points,
        "marker": line.marker,
        "round_points": list(line.round_points),
    }


def final_json(sheet: scoring.Sheet) -> list[FinalJson] | None:
    """The final result of a game known by it alone (None: played round by round)."""
    if sheet.final is None:
        return None
    return [{"player": line.player, "phases": line.phases, "points": line.points,
             "marker": line.marker, "place": line.place} for line in sheet.final]


@overload
def _stamp(moment: datetime) -> str: ...
@overload
def _stamp(moment: datetime | None) -> str | None: ...
def _stamp(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat(timespec="seconds") + "Z"


class GameRow(Protocol):
    """What the answer needs of a game's own row: a stored game (companion.models.Game) or
    the row alone, as the reads find it (companion.services.reading.GameHead)."""

    @property
    def edit_key(self) -> str: ...

    @property
    def view_key(self) -> str: ...

    @property
    def revision(self) -> int: ...

    @property
    def created_at(self) -> datetime: ...

    @property
    def last_round_at(self) -> datetime | None: ...


def game_json(game: GameRow, sheet: scoring.Sheet, *, editable: bool,
              rematch: GameRow | None = None) -> GameJson:
    """The game; ``id`` (the edit capability) only for those who hold it. ``rematch``: the
    game after it at its table, linked as this link may reach it (edit or read-only)."""
    setup = sheet.setup
    length = length_of(game.created_at, game.last_round_at, sheet.status)
    data: GameJson = {
        "view_id": game.view_key,
        "edition": setup.edition.key,
        "phases": list(setup.phases),
        "ten_rounds": setup.ten_rounds,
        "knocking": setup.knocking,
        "status": sheet.status,
        "winner": sheet.winner,
        "winners": list(sheet.winners),
        "tiebreak": list(sheet.tiebreak),
        "dealer": sheet.dealer,
        "starter": sheet.starter,
        "next_round": sheet.next_round,
        "expected": list(sheet.expected),
        "revision": game.revision,
        "created_at": _stamp(game.created_at),
        "started_at": _stamp(game.created_at),
        "ended_at": _stamp(length.ended),
        "duration_s": length.seconds,
        "last_round_at": _stamp(length.last_round),
        "players": [player_json(line) for line in sheet.players],
        "rounds": [round_json(view, setup.edition) for view in sheet.rounds],
        "final": final_json(sheet),
        "standings": list(sheet.standings),
        "links": {
            "view": url_for("games.sheet", key=game.view_key, _external=True),
            "pdf": url_for("print.game_sheet", key=game.view_key, _external=True),
        },
    }
    if sheet.status == "finished":
        data["links"]["bgstats"] = bgstats.create_play_link(bgstats.FinishedGame(
            bgstats.play_id(game.view_key), sheet, game.created_at, length.seconds))
    if setup.edition.house:
        data["house_rules"] = house_rules_json(setup.edition)
    if editable:
        data["id"] = game.edit_key
        data["links"]["edit"] = url_for("games.sheet", key=game.edit_key, _external=True)
    if rematch is not None:
        data["links"]["rematch"] = url_for(
            "games.sheet", key=rematch.edit_key if editable else rematch.view_key,
            _external=True)
    return data
