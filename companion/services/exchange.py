"""Export and import: a game or a whole group as JSON (to restore elsewhere) or CSV (for
spreadsheets).

The JSON holds what was entered, never a link: importing it starts new games behind new
links. An import is read with the API's own schemas (``schemas.ExportFile``: each game a
``NewGame``, each round a ``RoundResults``) and replayed round by round through
``services.record_round``, so a file is held to the same rules as a phone; a round that
needed confirming is marked ``"confirm": true`` on export. The first problem refuses the
whole file (the caller rolls back) and names the game, round and player.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from companion import models, names, schemas, scoring
from companion.editions import Edition, house
from companion.exceptions import CompanionError, Kind, Reason, ServiceError
from companion.schemas import FORMAT, VERSION
from companion.services import editions, finals, groups, kept, players
from companion.services import games as services_games


class ImportRefused(ServiceError):
    """The file cannot be trusted: why, and where (game and round numbers from 1, player)."""

    kind = Kind.REFUSED

    def __init__(self, reason: Reason, game: int | None = None, round: int | None = None,
                 player: str | None = None, field: str | None = None) -> None:
        super().__init__(reason)
        self.game, self.round, self.player = game, round, player
        self.field = field
        """The file's field at fault ("created_at", "at", "changes"), when one is."""


def _result(result: scoring.Result, edition: Edition) -> dict[str, Any]:
    phase: bool | int = result.laid
    if edition.chooses_phase and result.laid and result.phase is not None:
        phase = result.phase
    return {"player": result.player, "phase": phase, "points": result.points,
            "went_out": result.went_out}


def game_data(game: models.Game) -> dict[str, Any]:
    """A game as entered: its setup and rounds, each marked when it needed confirming."""
    setup = services_games.setup_of(game)
    current = scoring.build_sheet(setup, [])
    rounds = []
    times = [stored.created_at for stored in game.rounds]
    for stored, at in zip(services_games.rounds_of(game), times, strict=True):
        _errors, warnings = scoring.check_round(current, stored)
        current = scoring.add_round(current, stored, confirm=True)
        rounds.append({"results": [_result(result, setup.edition)
                                   for result in current.rounds[-1].results],
                       "confirm": bool(warnings), "at": at.isoformat(timespec="seconds")})
    first = "starter" if setup.edition.markers else "dealer"
    data = {"edition": setup.edition.key,
            "players": [p.name for p in game.players if p.joined_round <= 1],
            "phases": list(current.setup.phases), "ten_rounds": setup.ten_rounds,
            "knocking": setup.knocking, first: setup.players[setup.first_dealer],
            "created_at": game.created_at.isoformat(timespec="seconds"), "rounds": rounds}
    if setup.edition.house:  # the rules themselves: an import elsewhere recreates them
        data["house_rules"] = editions.definition_of(setup.edition).as_json()
    changes = _changes(game)
    if changes:
        data["changes"] = changes
    final = services_games.final_of(game)
    if final is not None:  # known by its final result (services.finals)
        data.update(finals.file_part(game, final))
    return data


def _changes(game: models.Game) -> list[dict[str, Any]]:
    """Who joined or left before which round; joins first, as a table of six allows."""
    joins = [{"round": p.joined_round, "join": p.name} for p in game.players
             if p.joined_round > 1]
    leaves = [{"round": p.left_round, "leave": p.name} for p in game.players if p.left_round]
    return sorted(joins + leaves, key=lambda change: (change["round"], "leave" in change))


def export_game(game: models.Game) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "kind": "game", "game": game_data(game)}


def export_group(group: models.Group, games: Sequence[models.Game]) -> dict[str, Any]:
    """The group with its games and its names for its people: merged and renamed spellings
    (``aliases``, each a spelling typed in its games → the name it counts as), from which
    the records, the list and the roster are made again."""
    typed = {names.key(player.name) for game in games for player in game.players}
    return {"format": FORMAT, "version": VERSION, "kind": "group", "group": {
        "name": group.name, "created_at": group.created_at.isoformat(timespec="seconds"),
        # An alias of a spelling no game holds any more (a sheet renamed since) does nothing.
        "aliases": [{"spelling": alias.alias, "name": alias.name} for alias in group.aliases
                    if names.key(alias.alias) in typed],
        "games": [game_data(game) for game in games]}}


CSV_HEADER = ("game", "date", "edition", "round", "tiebreak", "seat", "player", "phase_tried",
              "phase_laid", "points", "went_out", "total", "marker")


#: What makes a spreadsheet read a cell as a formula when it comes first: the four signs, and
#: their full-width and small forms (＝＋－＠, ﹦﹢﹣﹫), which NFKC folds to them and some
#: spreadsheets take as the signs; a tab or a line break before one hides it.
_FORMULA = frozenset("=+-@")


def safe_cell(value: object) -> str:
    """A cell a spreadsheet shows as text, never runs as a formula.

    >>> [safe_cell(cell) for cell in ("=1+1", "\uff1dSUM(A1)", "\ufe6bx", "Ann", 5)]
    ["'=1+1", "'＝SUM(A1)", "'﹫x", 'Ann', '5']
    """
    text = "" if value is None else str(value)
    first = text[:1]
    if first in ("\t", "\r", "\n") or unicodedata.normalize("NFKC", first) in _FORMULA:
        return "'" + text
    return text


def _rows(number: int, game: models.Game) -> Iterable[tuple[object, ...]]:
    sheet = services_games.sheet_of(game)
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
            writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue()


@dataclass(frozen=True)
class Imported:
    """What an import made: a game, or a group with its games."""

    game: models.Game | None = None
    group: models.Group | None = None


def _apply_changes(game: models.Game, changes: list[schemas.Change], before: int) -> None:
    """The players who join or leave before round ``before``, as the players page does."""
    for change in changes:
        if change.round != before:
            continue
        if change.join is not None:
            players.add_player(game, change.join)
        elif change.leave is not None:
            players.remove_player(game, change.leave)


def _impossible(item: schemas.GameFile, number: int | None) -> None:
    """ImportRefused for what the file says that cannot have happened: a round entered before
    the game started, a player who joins or leaves before a round the game does not have."""
    for index, body in enumerate(item.rounds, 1):
        if item.created_at is not None and body.at is not None and body.at < item.created_at:
            raise ImportRefused(Reason(
                "this round was entered at %(at)s, before the game started (%(start)s)",
                {"at": body.at.isoformat(timespec="seconds"),
                 "start": item.created_at.isoformat(timespec="seconds")}),
                number, index, field="at")
    last = len(item.rounds) + 1  # a change after the last round comes before the next one
    for change in item.changes:
        if not 2 <= change.round <= last:
            raise ImportRefused(Reason(
                "“changes”: %(name)s joins or leaves before round %(round)s, but the game "
                "has rounds 1 to %(last)s (a change comes before round 2 to %(next)s)",
                {"name": change.join or change.leave, "round": change.round,
                 "last": last - 1, "next": last}), number, field="changes")


def import_game(item: schemas.GameFile, number: int | None = None) -> models.Game:
    """Start the game ``item`` describes and replay its rounds as if entered on a phone."""
    at: dict[str, int | None] = {"game": number, "round": None}
    if item.final is not None:  # known by its final result (services.finals)
        try:
            return finals.import_final(item)
        except services_games.SetupError as error:
            field, reason = error.problems[0]
            raise ImportRefused(reason, number, player=getattr(reason, "player", None),
                                field=field) from error
    _impossible(item, number)
    try:
        game = services_games.create_game(item.to_spec())
        game.created_at = item.created_at or game.created_at
        for index, body in enumerate([*item.rounds, None], 1):
            at["round"] = index if body is not None else None
            _apply_changes(game, item.changes, index)
            if body is None:
                break
            services_games.record_round(game, body.to_round(game.edition),
                                        confirm=body.confirm, at=body.at)
        if any(body.at is None for body in item.rounds):
            game.last_round_at = None  # an older file: when the rounds were played is unknown
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
    except CompanionError as error:  # the setup, a player who changes, a card, a phase
        raise ImportRefused(error.reason, at["game"], at["round"]) from error
    return game


def _import_group(item: schemas.GroupFile) -> models.Group:
    try:
        group = groups.create_group(item.name)
    except groups.GroupProblem as error:
        raise ImportRefused(error.reason) from error
    group.created_at = item.created_at or group.created_at
    games = [import_game(game, number) for number, game in enumerate(item.games, 1)]
    for game in games:
        game.group_id = group.id
    _restore_aliases(group, item)
    return group


def _restore_aliases(group: models.Group, item: schemas.GroupFile) -> None:
    """The group's names for its people as exported: each spelling typed in one of its games
    counts as its name (a merge, or a rename to a name nobody typed yet), once."""
    typed = {names.key(name) for game in item.games
             for name in (*game.players, *(change.join for change in game.changes if change.join))}
    restored: set[str] = set()
    for alias in item.aliases:
        spelling = names.key(alias.spelling)
        if spelling not in typed:
            raise ImportRefused(Reason("nobody called %(name)s played in this group",
                                       {"name": alias.spelling}))
        if spelling in restored:
            raise ImportRefused(Reason("“%(name)s” counts as two players in “aliases”: keep "
                                       "one of them", {"name": alias.spelling}))
        try:
            name = players.valid_name(alias.name, instead_of=alias.spelling)
        except players.RosterError as error:
            raise ImportRefused(error.reason) from error
        restored.add(spelling)
        group.aliases.append(models.Alias(alias=spelling, name=name))
    if restored:
        kept.spellings_changed(group)  # the pairs count the people as the aliases say


def read_file(data: object) -> schemas.ExportFile:
    """``data`` as an export file (schemas.ExportFile, as the API documents it); else
    ImportRefused, naming the game and round the first problem is in."""
    try:
        return schemas.ExportFile.model_validate(data)
    except ValidationError as error:
        first = schemas.first(schemas.ExportFile, error)
        game, round = schemas.where(first["loc"])
        reason = schemas.refusal(schemas.ExportFile, data, first).reason
        named = [step for step in first["loc"] if isinstance(step, str) and step.isidentifier()
                 and step not in ("game", "group", "games")]
        raise ImportRefused(reason, game, round, field=named[-1] if named else None) from None


def _with_house_rules(data: object) -> object:
    """``data`` with each game's house rules stored as house rules of this app, and the game's
    edition their key: the same rules where they are already here (an export of a game of
    this app), else new ones with links of their own (one for each set of rules in a file)."""
    if not isinstance(data, dict):
        return data
    group = data.get("group")
    games = group.get("games") if isinstance(group, dict) else [data.get("game")]
    if not isinstance(games, list) or not any(isinstance(game, dict) and "house_rules" in game
                                              for game in games):
        return data
    made: dict[str, str] = {}
    copied = [dict(game) if isinstance(game, dict) else game for game in games]
    for number, game in enumerate(copied, start=1):
        if isinstance(game, dict) and "house_rules" in game:
            try:
                wanted = house.read(game.pop("house_rules"))
            except house.HouseRulesRefused as error:
                raise ImportRefused(error.problems[0][1], number if group else None) from None
            game["edition"] = editions.key_for(wanted, game.get("edition"), made)
    if isinstance(group, dict):
        return {**data, "group": {**group, "games": copied}}
    return {**data, "game": copied[0]}


def import_data(data: object) -> Imported:
    """Store what an exported file holds, under new links; ImportRefused when it cannot."""
    if not schemas.is_unicode(data):
        raise ImportRefused(Reason(schemas.NOT_UNICODE))
    file = read_file(_with_house_rules(data))
    if file.game is not None and file.kind == "game":
        return Imported(game=import_game(file.game))
    assert file.group is not None  # ExportFile makes sure
    return Imported(group=_import_group(file.group))
