"""Export and import: a game or a whole group as JSON (to restore elsewhere) or CSV (for
spreadsheets).

The JSON holds what was entered, never a link: importing it starts new games behind new
links. An import is read with the API's own schemas (``schemas.ExportFile``: each game a
``NewGame``, each round a ``RoundResults``) and each game is played round by round through
the scoring core with the refusals a phone's rounds and player changes get, so a file is
held to the same rules as a phone; a round that needed confirming is marked
``"confirm": true`` on export. The first problem refuses the whole file and names the game,
round and player. Only a file known to be good is written, all at once
(:func:`import_data`; docs/decisions.md, "How an import writes").
"""

from __future__ import annotations

import csv
import io
import json
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from pydantic import ValidationError
from sqlalchemy import insert

from companion import models, player_names, schemas, scoring
from companion.editions import Edition, house
from companion.infra import green, storage
from companion.infra.extensions import db
from companion.limits import MAX_PLAYERS, MIN_PLAYERS
from companion.refusals import CompanionError, Kind, Reason, ServiceError
from companion.schemas import FORMAT, VERSION
from companion.schemas.files import too_many
from companion.scoring import record_tallies, roster
from companion.services import (
    bulk,
    editions,
    finals,
    groups,
    head_to_head,
    players,
    ratings,
    work,
)
from companion.services.games import (
    SetupError,
    final_of,
    rounds_of,
    setup_of,
    sheet_of,
    validate_spec,
)

T = TypeVar("T")


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
    setup = setup_of(game)
    current = scoring.build_sheet(setup, [])
    rounds = []
    times = [stored.created_at for stored in game.rounds]
    for stored, at in zip(rounds_of(game), times, strict=True):
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
    final = final_of(game)
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
    typed = {player_names.key(player.name) for game in games for player in game.players}
    return {"format": FORMAT, "version": VERSION, "kind": "group", "group": {
        "name": group.name, "created_at": group.created_at.isoformat(timespec="seconds"),
        # An alias of a spelling no game holds any more (a sheet renamed since) does nothing.
        "aliases": [{"spelling": alias.alias, "name": alias.name} for alias in group.aliases
                    if player_names.key(alias.alias) in typed],
        "games": [game_data(game) for game in games]}}


CSV_HEADER = ("game", "date", "edition", "round", "tiebreak", "seat", "player", "phase_tried",
              "phase_laid", "points", "went_out", "total", "marker", "phases_done", "place")


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
    """A row per player per round; a game known by its final result alone (typed from paper,
    logged elsewhere) a ``final`` row per player instead: the phases completed, the penalty
    points (as ``points`` and ``total``), the board game's marker and the place, each empty
    where not known."""
    sheet = sheet_of(game)
    seats = {line.name: line.seat for line in sheet.players}
    date = game.created_at.date().isoformat()
    if sheet.final is not None:
        for line in sheet.final:
            yield (number, date, game.edition, "final", False, seats[line.player] + 1,
                   line.player, None, None, line.points, None, line.points, line.marker,
                   line.phases, line.place)
        return
    for view in sheet.rounds:
        for result in view.results:
            laid = result.phase if result.phase is not None else result.laid
            yield (number, date, game.edition, view.number, view.tiebreak,
                   seats[result.player] + 1, result.player, view.attempted.get(result.player),
                   laid, result.points, result.went_out, view.totals.get(result.player),
                   view.markers.get(result.player), None, None)


def to_csv(games: Sequence[models.Game]) -> str:
    """A header row, then one row per player per round (:func:`_rows`)."""
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


# An import in three steps (docs/decisions.md, "How an import writes"): the file's counts, then
# the file read and every game played through the scoring core, without the database and with
# the worker's other requests served between games; then, once all of it is known to be good,
# everything written at once in one unit of work: a few statements per table, whatever the
# file's size, and the group's records and head-to-head derived once.

def _too_many(data: object) -> None:
    found = too_many(data)
    if found is not None:
        raise ImportRefused(found.reason, found.game, found.round, field=found.field)


def _refused(data: object, error: ValidationError,
             at: tuple[int | str, ...] = ()) -> ImportRefused:
    """The first problem pydantic found, at ``at`` in the file, naming where it is."""
    first = schemas.first(schemas.ExportFile, error, at)
    game, round = schemas.where(first["loc"])
    reason = schemas.refusal(schemas.ExportFile, data, first).reason
    named = [step for step in first["loc"] if isinstance(step, str) and step.isidentifier()
             and step not in ("game", "group", "games")]
    return ImportRefused(reason, game, round, field=named[-1] if named else None)


def _group_games(data: object) -> list[Any] | None:
    """A group file's list of games (None: not a group file with a list of games)."""
    if not isinstance(data, dict) or data.get("kind") != "group":
        return None
    group = data.get("group")
    games = group.get("games") if isinstance(group, dict) else None
    return games if isinstance(games, list) else None


def read_file(data: object, turn: Callable[[], None] = lambda: None) -> schemas.ExportFile:
    """``data`` as an export file (schemas.ExportFile, as the API documents it); else
    ImportRefused, naming the game and round the first problem is in. A group's games are
    read one at a time, ``turn`` called after each (companion.infra.green.Turns)."""
    games = _group_games(data)
    try:
        if games is None:
            return schemas.ExportFile.model_validate(data)
        assert isinstance(data, dict)
        file = schemas.ExportFile.model_validate(
            {**data, "group": {**data["group"], "games": []}})
    except ValidationError as error:
        raise _refused(data, error) from None
    read = []
    for index, game in enumerate(games):
        try:
            read.append(schemas.GameFile.model_validate(game))
        except ValidationError as error:
            raise _refused(data, error, ("group", "games", index)) from None
        turn()
    assert file.group is not None  # ExportFile makes sure
    return file.model_copy(update={"group": file.group.model_copy(update={"games": read})})


def _with_house_rules(data: object, made: dict[str, Edition]) -> object:
    """``data`` with each game's house rules read, and the game's edition the rules: the same
    rules where they are already here (an export of a game of this app), else new ones with
    links of their own (one for each set of rules in a file), stored with the games
    (``made``: services.editions.planned_for)."""
    if not isinstance(data, dict):
        return data
    group = data.get("group")
    games = group.get("games") if isinstance(group, dict) else [data.get("game")]
    if not isinstance(games, list) or not any(isinstance(game, dict) and "house_rules" in game
                                              for game in games):
        return data
    copied = [dict(game) if isinstance(game, dict) else game for game in games]
    for number, game in enumerate(copied, start=1):
        if isinstance(game, dict) and "house_rules" in game:
            try:
                wanted = house.read(game.pop("house_rules"))
            except house.HouseRulesRefused as error:
                raise ImportRefused(error.problems[0][1], number if group else None) from None
            game["edition"] = editions.planned_for(wanted, game.get("edition"), made)
    if isinstance(group, dict):
        return {**data, "group": {**group, "games": copied}}
    return {**data, "game": copied[0]}


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


@dataclass
class _Seat:
    seat: int
    name: str
    joined: int = 1
    left: int | None = None


class _Table:
    """A game of a file played as the services store a game played at a table (create_game,
    record_round, players.add_player and remove_player), with the same refusals, through
    the scoring core alone: nothing is read or written. What it ends with is what the
    services would have stored."""

    def __init__(self, spec: scoring.GameSpec) -> None:
        self.spec = spec
        self.seats = [_Seat(seat, name) for seat, name in enumerate(spec.players)]
        self.first_dealer = spec.players.index(spec.first) if spec.first else 0
        self.played: list[scoring.Round] = []
        self.times: list[datetime] = []
        self.revision = 1
        self._sheet: scoring.Sheet | None = None

    def setup(self) -> scoring.Setup:
        spec = self.spec
        return scoring.Setup(
            edition=spec.edition, players=tuple(seat.name for seat in self.seats),
            phases=tuple(spec.phases or ()), ten_rounds=spec.ten_rounds,
            first_dealer=self.first_dealer, knocking=spec.knocking,
            joined=tuple(seat.joined for seat in self.seats),
            left=tuple(seat.left or 0 for seat in self.seats))

    def sheet(self) -> scoring.Sheet:
        """The sheet as it stands (replayed once after a player changed)."""
        if self._sheet is None:
            self._sheet = scoring.build_sheet(self.setup(), self.played)
        return self._sheet

    def play(self, new: scoring.Round, confirm: bool, at: datetime) -> None:
        updated = scoring.add_round(self.sheet(), new, confirm=confirm)
        self.played.append(scoring.Round(updated.rounds[-1].results))
        self.times.append(at)
        self.revision += 1
        self._sheet = updated

    def _open(self) -> scoring.Sheet:
        sheet = self.sheet()
        if sheet.status == "finished":
            raise players.RosterError(Reason(
                "this game is finished: its players no longer change"), kind=Kind.CONFLICT)
        if sheet.status == "tiebreak":
            raise players.RosterError(Reason(
                "only the tied players play the tie-break round: change the players after "
                "it"), kind=Kind.CONFLICT)
        return sheet

    def join(self, name: str) -> None:
        """A late joiner, playing from the next round."""
        sheet = self._open()
        name = players.valid_name(name)
        if player_names.key(name) in {player_names.key(seat.name) for seat in self.seats}:
            raise players.RosterError(Reason("%(player)s is already in this game: every "
                                             "player needs a different name", {"player": name}))
        if len(self.seats) >= MAX_PLAYERS:
            raise players.RosterError(Reason("a game has at most %(max)s players",
                                             {"max": MAX_PLAYERS}))
        seat = max(seat.seat for seat in self.seats) + 1
        self.seats.append(_Seat(seat, name, sheet.next_round))
        self.revision += 1
        self._sheet = None

    def _seat(self, name: str) -> _Seat:
        found = next((seat for seat in self.seats if seat.name == name), None) or next(
            (seat for seat in self.seats
             if player_names.key(seat.name) == player_names.key(name)), None)
        if found is None:
            raise players.RosterError(Reason("%(player)s is not playing in this game",
                                             {"player": name}))
        return found

    def leave(self, name: str) -> None:
        """A player who leaves after this round (gone altogether without a round)."""
        sheet = self._open()
        seat = self._seat(name)
        if seat.name not in sheet.expected:
            raise players.RosterError(Reason("%(player)s has already left the game",
                                             {"player": seat.name}))
        if len(sheet.expected) <= MIN_PLAYERS:
            raise players.RosterError(Reason("a game needs at least %(min)s players at the "
                                             "table", {"min": MIN_PLAYERS}))
        if any(result.player == seat.name for played in self.played
               for result in played.results):
            seat.left = sheet.next_round
        else:
            self.first_dealer = roster.dealer_after_leaving(
                self.seats.index(seat), self.first_dealer, len(self.seats))
            self.seats.remove(seat)
        self.revision += 1
        self._sheet = None
        self.sheet()  # the sheet still replays (a refusal would raise here)


@dataclass
class _Planned:
    """A game of the file as it is to be stored."""

    table: _Table
    sheet: scoring.Sheet
    created_at: datetime
    last_round_at: datetime | None
    edit_key: str = field(default_factory=models.new_key)
    view_key: str = field(default_factory=models.new_key)
    final: tuple[scoring.FinalResult, ...] | None = None
    """Each player's line, in seating order, of a game known by its final result alone."""
    facts: record_tallies.Facts | None = None
    """What the game adds to its group's records (None: not finished)."""

    def __post_init__(self) -> None:
        self.facts = record_tallies.facts(self.sheet, self.view_key, self.created_at,
                                          self.last_round_at)

    def player_rows(self, game_id: int) -> list[tuple[Any, ...]]:
        """Its players' rows: each seat, and its line of the final result when it has one."""
        lines: Sequence[scoring.FinalResult | None] = self.final or [None] * len(self.table.seats)
        return [(game_id, seat.seat, seat.name, seat.joined, seat.left,
                 *((None,) * 4 if line is None
                   else (line.place, line.phases, line.points, line.marker)))
                for seat, line in zip(self.table.seats, lines, strict=True)]


def plan_final(planned: finals.Planned) -> _Planned:
    """A game known by its final result (services.finals.plan) as the import stores it: a
    table without rounds, finished."""
    return _Planned(_Table(planned.spec), planned.sheet(), planned.created_at,
                    planned.last_round_at, final=planned.placed)


#: Rounds of one game played between two looks at the clock (companion.infra.green.Turns).
_ROUNDS_A_TURN = 100


def _plan(item: schemas.GameFile, number: int | None, now: datetime,
          turn: Callable[[], None]) -> _Planned:
    """The game ``item`` describes, each round played as if entered on a phone; ImportRefused
    naming the game, round and player of the first that cannot be."""
    _impossible(item, number)
    at: int | None = None
    changes: dict[int, list[schemas.Change]] = {}
    for change in item.changes:
        changes.setdefault(change.round, []).append(change)
    try:
        table = _Table(validate_spec(item.to_spec()))
        for index, body in enumerate([*item.rounds, None], 1):
            at = index if body is not None else None
            for change in changes.get(index, ()):
                if change.join is not None:
                    table.join(change.join)
                elif change.leave is not None:
                    table.leave(change.leave)
            if body is None:
                break
            table.play(body.to_round(item.edition), body.confirm, body.at or now)
            if index % _ROUNDS_A_TURN == 0:
                turn()
        sheet = table.sheet()
    except scoring.RoundRejected as error:
        first = error.problems[0]
        raise ImportRefused(first, number, at, first.player) from error
    except scoring.NeedsConfirmation as error:
        raise ImportRefused(Reason(
            "this round looks impossible with a normal deal and is not marked as confirmed"),
            number, at, error.warnings[0].player) from error
    except scoring.GameFinished as error:
        raise ImportRefused(Reason("the game was already over before this round"),
                            number, at) from error
    except CompanionError as error:  # the setup, a player who changes, a card, a phase
        raise ImportRefused(error.reason, number, at) from error
    # An older file does not say when its rounds were played: the game's length is unknown.
    known = all(body.at is not None for body in item.rounds)
    return _Planned(table, sheet, item.created_at or now,
                    table.times[-1] if table.times and known else None)


def _aliases(item: schemas.GroupFile) -> list[tuple[str, str]]:
    """The group's names for its people as exported (spelling key, name): each spelling
    typed in one of its games counts as its name (a merge, or a rename to a name nobody
    typed yet), once."""
    typed = {player_names.key(name) for game in item.games
             for name in (*game.players, *(change.join for change in game.changes if change.join))}
    restored: dict[str, str] = {}
    for alias in item.aliases:
        spelling = player_names.key(alias.spelling)
        if spelling not in typed:
            raise ImportRefused(Reason("nobody called %(name)s played in this group",
                                       {"name": alias.spelling}))
        if spelling in restored:
            raise ImportRefused(Reason("“%(name)s” counts as two players in “aliases”: keep "
                                       "one of them", {"name": alias.spelling}))
        try:
            restored[spelling] = players.valid_name(alias.name, instead_of=alias.spelling)
        except players.RosterError as error:
            raise ImportRefused(error.reason) from error
    return list(restored.items())


def _json(value: object) -> str:
    """As services.group_records writes its JSON."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _store_games(plans: Sequence[_Planned], group_id: int | None, now: datetime) -> list[int]:
    """The games, their players, rounds and results: one statement per table (many rows
    each), none of them through the session's objects. Returns the games' ids."""
    game_table, round_table = models.Game.__table__, models.Round.__table__
    rows = []
    for plan in plans:
        table, sheet, facts = plan.table, plan.sheet, plan.facts
        rows.append({
            "edit_key": plan.edit_key, "view_key": plan.view_key,
            "edition": table.spec.edition,
            "phases": ",".join(str(number) for number in table.spec.phases or ()),
            "ten_rounds": table.spec.ten_rounds, "knocking": table.spec.knocking,
            "first_dealer": table.first_dealer, "created_at": plan.created_at,
            "updated_at": now, "revision": table.revision, "group_id": group_id,
            "status": sheet.status, "winners": _json(list(sheet.winners)),
            "played_rounds": len(sheet.rounds),
            "facts": None if facts is None else _json(facts),
            "counted_in": group_id if facts is not None else None,
            "last_round_at": plan.last_round_at})
    if not rows:
        return []
    # Each row comes back with its own key: the order rows come back in does not matter.
    made = {row.view_key: row.id for row in db.session.execute(
        insert(game_table).returning(game_table.c.view_key, game_table.c.id), rows)}
    ids = [made[plan.view_key] for plan in plans]
    bulk.insert_rows(models.Player.__table__,
                 ("game_id", "seat", "name", "joined_round", "left_round", "place",
                  "final_phases", "final_points", "final_marker"),
                 [row for game_id, plan in zip(ids, plans, strict=True)
                  for row in plan.player_rows(game_id)])
    rounds = [{"game_id": game_id, "number": number, "created_at": at}
              for game_id, plan in zip(ids, plans, strict=True)
              for number, at in enumerate(plan.table.times, 1)]
    if not rounds:
        return ids
    stored = {(row.game_id, row.number): row.id for row in db.session.execute(
        insert(round_table).returning(round_table.c.id, round_table.c.game_id,
                                      round_table.c.number), rounds)}
    bulk.insert_rows(models.Result.__table__,
                 ("round_id", "position", "player", "laid", "phase", "points", "went_out"),
                 [(stored[game_id, number], position, result.player, result.laid,
                   result.phase, result.points, result.went_out)
                  for game_id, plan in zip(ids, plans, strict=True)
                  for number, played in enumerate(plan.table.played, 1)
                  for position, result in enumerate(played.results)])
    return ids


def _tallies(plans: Sequence[_Planned]) -> dict[str, Any]:
    """The group's records as services.group_records keeps them, from all its games at once
    (its head-to-head is derived when the games are written: services.head_to_head)."""
    kept: dict[str, Any] = json.loads(models.NO_TALLIES)
    counted = [plan.facts for plan in plans if plan.facts is not None]
    if counted:
        kept["pairs"] = {}  # in its place among the others, filled in with the writes
    for facts in counted:
        record_tallies.apply(kept["players"], facts, 1)
        record_tallies.apply_length(kept.setdefault("length", record_tallies.no_length()),
                                    facts, 1)
        kept["finished"] += 1
    return kept


def _store_group(name: str, created_at: datetime, plans: Sequence[_Planned],
                 aliases: list[tuple[str, str]], kept: dict[str, Any],
                 now: datetime) -> models.Group:
    """The group with its games and names for its people; ``kept``: its records
    (:func:`_tallies`), to which its head-to-head is added, derived once from all its games
    (what services.group_records and services.head_to_head keep game by game)."""
    group = models.Group(name=groups.clean_name(name), created_at=created_at,
                         revision=1 + len(plans))
    db.session.add(group)
    db.session.flush()
    ids = _store_games(plans, group.id, now)
    if aliases:
        db.session.execute(insert(models.Alias.__table__), [
            {"group_id": group.id, "alias": spelling, "name": name}
            for spelling, name in aliases])
        db.session.expire(group, ["aliases"])  # read again, with those
    counted = [(game_id, plan.facts) for game_id, plan in zip(ids, plans, strict=True)
               if plan.facts is not None]
    if counted:
        head_to_head.rebuild(db.session(), group, kept, counted)
        bulk.insert_rows(models.Standing.__table__, (
            "group_id", "game_id", "spelling", "name", "points", "played_at", "view_key",
            "seconds"), [
            (group.id, game_id, player_names.key(player["name"]), player["name"], player["points"],
             facts["at"], facts["ref"], facts.get("seconds"))
            for game_id, facts in counted for player in facts["players"]])
    group.tallies = _json(kept)
    # Rated once, from all its games, in this unit of work (services.ratings).
    ratings.rate_new(group, [
        (game_id, plan.facts, plan.last_round_at)
        for game_id, plan in zip(ids, plans, strict=True) if plan.facts is not None])
    db.session.flush()
    return group


def _written(store: Callable[[], T]) -> T:
    """``store()`` in a unit of work of its own, with the database's write lock taken first.

    On SQLite the statements block inside SQLite (with the interpreter let go): they run in
    a native thread (companion.infra.green.in_thread), so the worker's other requests go on
    meanwhile and an import's write never waits for the lock inside the event loop's thread,
    where the other import that holds it could never get back to commit. PostgreSQL waits for
    its answers cooperatively anyway."""

    def unit() -> T:
        with work.unit():
            storage.begin_write()
            return store()

    if db.session.get_bind().dialect.name == "sqlite":
        return green.in_thread(unit)
    return unit()


def _plan_final(item: schemas.GameFile, number: int | None, now: datetime) -> _Planned:
    """A game known by its final result (services.finals), stored with the others."""
    try:
        return plan_final(finals.plan_import(item, now))
    except SetupError as error:
        field, reason = error.problems[0]
        raise ImportRefused(reason, number, player=getattr(reason, "player", None),
                            field=field) from error


def store_group(name: str, plans: Sequence[_Planned]) -> models.Group:
    """A new group of the games ``plans`` (:func:`plan_final`: a log's plays), written all at
    once in a unit of work of its own, oldest game first, its records derived once."""
    now = datetime.now(UTC).replace(tzinfo=None)
    ordered = sorted(plans, key=lambda plan: plan.created_at)
    kept = _tallies(ordered)
    return db.session.get_one(models.Group, _written(
        lambda: _store_group(name, now, ordered, [], kept, now).id))


def import_data(data: object) -> Imported:
    """Store what an exported file holds, under new links, in a unit of work of its own;
    ImportRefused when it cannot, and nothing is stored."""
    if not schemas.is_unicode(data):
        raise ImportRefused(Reason(schemas.NOT_UNICODE))
    _too_many(data)
    turn = green.Turns()
    made: dict[str, Edition] = {}
    file = read_file(_with_house_rules(data, made), turn)
    now = datetime.now(UTC).replace(tzinfo=None)
    if file.kind == "game" and file.game is not None:
        plan = (_plan_final(file.game, None, now) if file.game.final is not None
                else _plan(file.game, None, now, turn))

        def store_game() -> int:
            for edition in made.values():
                editions.store_planned(edition)
            return _store_games([plan], None, now)[0]

        return Imported(game=db.session.get_one(models.Game, _written(store_game)))
    item = file.group
    assert item is not None  # ExportFile makes sure
    try:
        groups.clean_name(item.name)
    except groups.GroupProblem as error:
        raise ImportRefused(error.reason) from error
    plans = []
    for number, game in enumerate(item.games, 1):
        plans.append(_plan_final(game, number, now) if game.final is not None
                     else _plan(game, number, now, turn))
        turn()
    aliases = _aliases(item)
    kept = _tallies(plans)

    def store_group() -> int:
        for edition in made.values():
            editions.store_planned(edition)
        return _store_group(item.name, item.created_at or now, plans, aliases, kept, now).id

    # Everything is known to be good: the write lock is taken now, for the writes alone.
    return Imported(group=db.session.get_one(models.Group, _written(store_group)))
