"""The export file (what GET …/export writes and POST /api/import reads), read with the same
models as the API's requests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    Field,
    StrictInt,
    StrictStr,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema

from companion.limits import (
    MAX_CHANGES,
    MAX_GAMES,
    MAX_GROUP_NAME,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
)
from companion.refusals import N_, InputError, Reason
from companion.schemas.base import Says, Schema
from companion.schemas.editions import HouseRulesBody
from companion.schemas.moments import Moment, moment_given
from companion.schemas.requests import NewGame, PlayerName, RoundResults, no_default

# Export files (what GET …/export writes and POST /api/import reads)

FORMAT = "phase10-companion"
VERSION = 1


CHANGES_SAY = Says("“changes” must be a list of {“round”, “join” or “leave”}")


class Change(Schema):
    """Who joins or leaves before round ``round``."""

    SAYS = CHANGES_SAY
    round: Annotated[StrictInt, CHANGES_SAY]
    join: Annotated[StrictStr | None, CHANGES_SAY] = None
    leave: Annotated[StrictStr | None, CHANGES_SAY] = None

    @model_validator(mode="after")
    def _join_or_leave(self) -> Change:
        if self.join is None and self.leave is None:
            raise InputError(CHANGES_SAY.template)
        return self


class FileRound(RoundResults):
    """A stored round; ``confirm`` is true when it needed confirming when it was entered;
    ``at``: when it was entered (older files lack it: the game's length is then unknown)."""

    at: Moment | SkipJsonSchema[None] = Field(None, json_schema_extra=no_default)


class GameFile(NewGame):
    """A game as entered: its setup, the players who changed, its rounds."""

    SAYS = Says("a game must be an object with “players” and “rounds”")
    created_at: Moment | SkipJsonSchema[None] = Field(None, json_schema_extra=no_default)
    house_rules: HouseRulesBody | SkipJsonSchema[None] = Field(
        None, json_schema_extra=no_default,
        description="the game's house rules: the import stores them and plays the game by "
                    "them (read before the rest of the file, by companion.editions.house)")
    changes: Annotated[list[Change], CHANGES_SAY, Field(
        json_schema_extra={"maxItems": MAX_CHANGES})] = []
    rounds: Annotated[list[FileRound], Field(max_length=MAX_ROUNDS), Says(
        "“rounds” must be a list of rounds",
        too_big=N_("a game holds at most %(max)s rounds"), max=MAX_ROUNDS)] = []

    @model_validator(mode="after")
    def _created_at_given(self) -> GameFile:
        moment_given(self)
        return self


class FileAlias(Schema):
    """A spelling typed in the group's games and the name it counts as (a merge or a
    rename)."""

    SAYS = Says("“aliases” must be a list of {“spelling”, “name”} objects")
    spelling: Annotated[StrictStr, SAYS]
    name: Annotated[PlayerName, SAYS]


class GroupFile(Schema):
    """A group: its name, spellings counted as others, its games."""

    SAYS = Says("a group must be an object with a list of “games”")
    name: Annotated[StrictStr, Says("“name” must be text"), Field(
        json_schema_extra={"maxLength": MAX_GROUP_NAME})] = ""
    created_at: Moment | SkipJsonSchema[None] = Field(None, json_schema_extra=no_default)
    aliases: Annotated[list[FileAlias], FileAlias.SAYS] = []
    games: Annotated[list[GameFile], Field(max_length=MAX_GAMES), Says(
        "a group must be an object with a list of “games”",
        too_big=N_("a group file holds at most %(max)s games"), max=MAX_GAMES)]

    @model_validator(mode="after")
    def _created_at_given(self) -> GroupFile:
        moment_given(self)
        return self


class ExportFile(Schema):
    """A game or a group with all its games, to restore elsewhere."""

    SAYS = Says("this is not a file exported by the Phase 10 Companion")
    format: Annotated[Literal["phase10-companion"], SAYS]
    version: Annotated[Literal[1], Says(
        "this file was made by another version of the companion (format %(version)s; "
        "this one reads format 1)")]
    kind: Annotated[Literal["game", "group"], Says("“kind” must be game or group")]
    game: Annotated[GameFile | None, GameFile.SAYS] = None
    group: Annotated[GroupFile | None, GroupFile.SAYS] = None

    @model_validator(mode="after")
    def _kind(self) -> ExportFile:
        if self.kind == "game" and self.game is None:
            raise InputError(GameFile.SAYS.template)
        if self.kind == "group" and self.group is None:
            raise InputError(GroupFile.SAYS.template)
        return self


def where(loc: tuple[int | str, ...]) -> tuple[int | None, int | None]:
    """The game and round (from 1) a problem at ``loc`` in an export file is in."""
    game = round = None
    for before, step in zip(loc, loc[1:], strict=False):
        if before == "games" and isinstance(step, int):
            game = step + 1
        if before == "rounds" and isinstance(step, int):
            round = step + 1
    return game, round




@dataclass(frozen=True)
class TooMany:
    """A count in a file past its limit: why, and where (game and round numbers from 1)."""

    reason: Reason
    game: int | None = None
    round: int | None = None
    field: str | None = None


def _length(value: object) -> int:
    return len(value) if isinstance(value, list) else 0


def _game_too_big(game: object, number: int | None) -> TooMany | None:
    if not isinstance(game, dict):
        return None
    if _length(game.get("players")) > MAX_PLAYERS:
        return TooMany(Reason("a game has %(min)s to %(max)s players",
                              {"min": MIN_PLAYERS, "max": MAX_PLAYERS}), number,
                       field="players")
    if _length(game.get("changes")) > MAX_CHANGES:
        return TooMany(Reason(N_("a game's players change at most %(max)s times (“changes”)"),
                              {"max": MAX_CHANGES}), number, field="changes")
    rounds = game.get("rounds")
    if _length(rounds) > MAX_ROUNDS:
        return TooMany(Reason(N_("a game holds at most %(max)s rounds"), {"max": MAX_ROUNDS}),
                       number, field="rounds")
    for index, body in enumerate(rounds if isinstance(rounds, list) else (), 1):
        if isinstance(body, dict) and _length(body.get("results")) > MAX_PLAYERS:
            says = next(item for item in RoundResults.model_fields["results"].metadata
                        if isinstance(item, Says))
            return TooMany(says.reason("too_long", {"key": "results"}), number, index,
                           field="results")
    return None


def too_many(data: Any) -> TooMany | None:
    """The first count in an export file past its limit (games in a group, players, changes
    and rounds in a game, results in a round), found before the file is read: a file is
    refused at once however many of everything it lists, never read whole first."""
    if not isinstance(data, dict):
        return None
    group = data.get("group")
    if data.get("kind") == "group" and isinstance(group, dict):
        games = group.get("games")
        if _length(games) > MAX_GAMES:
            return TooMany(Reason(N_("a group file holds at most %(max)s games"),
                                  {"max": MAX_GAMES}))
        for number, game in enumerate(games if isinstance(games, list) else (), 1):
            found = _game_too_big(game, number)
            if found is not None:
                return found
        return None
    return _game_too_big(data.get("game"), None) if data.get("kind") == "game" else None
