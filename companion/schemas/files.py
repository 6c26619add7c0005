"""The export file (what GET …/export writes and POST /api/import reads), read with the same
models as the API's requests."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    Field,
    StrictInt,
    StrictStr,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema

from companion.exceptions import N_, InputError
from companion.limits import (
    MAX_GAMES,
    MAX_GROUP_NAME,
    MAX_ROUNDS,
)
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
    changes: Annotated[list[Change], CHANGES_SAY] = []
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


