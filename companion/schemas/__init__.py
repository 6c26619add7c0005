"""The API's requests, answers and export files, each described once (docs/API.md).

Every body, query and file the API reads is a pydantic model here. The same model validates
the request (:func:`read`) and describes it in ``/api/openapi.json`` (companion.api.openapi), so
the two cannot drift apart. The import reads its files with the same models.

A refusal is an :class:`~companion.exceptions.InputError` with a sentence a person can act
on, answered as the API's usual 400 ``{"error": …, "details": []}``. Each field says its
sentence with :class:`Says`; a value the rules engine cannot read (a card, an edition, a
phase) keeps the engine's own reason. Limits come from :mod:`companion.limits`.

Some rules are deliberately not in the schemas: those that need the game (Masters phase
numbers, board games without points: :meth:`RoundBody.to_round`) and those every way of
starting a game shares (2-6 different names, 1-30 characters after trimming: the services,
which name the field at fault in ``details``). Their sizes are still in the document.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from types import NoneType, UnionType
from typing import Annotated, Any, ClassVar, Literal, TypeVar, Union, get_args, get_origin

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    RootModel,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema
from pydantic_core import ErrorDetails, PydanticCustomError

from companion import editions, scoring
from companion.editions import Edition
from companion.exceptions import N_, CompanionError, InputError, Reason, Term
from companion.limits import (
    MAX_GAMES,
    MAX_GROUP_NAME,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_POINTS,
    MIN_PLAYERS,
)
from companion.numbers import whole_number
from companion.rules import Card, PartKind, Phase, get_phase
from companion.schemas.answers import CheckJson, ErrorJson, GameJson, GroupJson, HitJson, OutsJson
from companion.services.games import GameSpec

M = TypeVar("M", bound=BaseModel)


class Says:
    """A field's sentence when its value is missing or not shaped as documented.

    ``template`` may name ``%(key)s`` (the field), the field's own value by the field's name,
    any plain value beside it in the same object (``%(player)s`` in a result) and ``params``.
    ``too_big`` is said instead when a value passes its documented maximum.
    """

    def __init__(self, template: str, *, too_big: str | None = None, **params: Any) -> None:
        self.template, self.too_big, self.params = template, too_big, params

    def reason(self, error_type: str, values: Mapping[str, Any]) -> Reason:
        template = self.template
        if self.too_big is not None and error_type in ("less_than_equal", "too_long"):
            template = self.too_big
        params = {**values, **self.params}
        for name in re.findall(r"%\((\w+)\)s", template):
            params.setdefault(name, "")
        return Reason(template, {name: params[name] for name in
                                 re.findall(r"%\((\w+)\)s", template)})


class Schema(BaseModel):
    """A request or file object: unknown fields are ignored, as the API always did."""

    model_config = ConfigDict(extra="ignore", frozen=True)
    #: What is said when the object is not an object at all.
    SAYS: ClassVar[Says] = Says("the body must be a JSON object")


def read(model: type[M], data: object, edition: Edition | None = None) -> M:
    """``data`` as a ``model``; InputError (or the rules engine's error) when it is not one.
    ``edition``: the game's, for a round (what a result may say depends on it)."""
    try:
        return model.model_validate(data, context={"edition": edition})
    except ValidationError as error:
        raise refusal(model, data, first(model, error)) from None


def first(model: type[BaseModel], error: ValidationError) -> ErrorDetails:
    """The problem to name: an object's own fields in their order before the objects its
    lists hold (a round's ``confirm`` before its second result), as the API always checked."""
    return min(error.errors(), key=lambda details: _in_listed_object(model, details["loc"]))


def _in_listed_object(model: type[BaseModel], loc: tuple[int | str, ...]) -> bool:
    kind: Any = model
    for step in loc:
        kind, _says = _unwrap(kind)
        if isinstance(step, str) and isinstance(kind, type) and issubclass(kind, BaseModel):
            if step in kind.model_fields:
                kind = kind.model_fields[step].annotation
        elif isinstance(step, int) and get_origin(kind) is list:
            kind, _says = _unwrap(get_args(kind)[0])
            if isinstance(kind, type) and issubclass(kind, BaseModel):
                return True
    return False


def refusal(model: type[BaseModel], data: object, error: ErrorDetails) -> CompanionError:
    """The first problem pydantic found, as the sentence its field says."""
    cause = error.get("ctx", {}).get("error")
    if isinstance(cause, CompanionError):
        return cause  # the engine's own reason (a card, an edition, a phase) or a check's
    says, values = _says_at(model, error["loc"], data)
    return InputError(says.reason(error["type"], values))


def _plain(value: object) -> bool:
    return value is None or isinstance(value, str | int | float)


def _says_at(model: type[BaseModel], loc: tuple[int | str, ...],
             data: object) -> tuple[Says, dict[str, Any]]:
    """The innermost Says along ``loc``, and the values its sentence may name."""
    says: Says = getattr(model, "SAYS", Schema.SAYS)
    values: dict[str, Any] = {}
    kind: Any = model
    value: Any = data
    for step in loc:
        kind, found = _unwrap(kind)
        says = found or says
        if isinstance(step, str) and isinstance(kind, type) and issubclass(kind, BaseModel):
            if step not in kind.model_fields:
                continue  # a union's branch name ("bool", "int"), not a field
            parent = value if isinstance(value, dict) else {}
            info = kind.model_fields[step]
            value = parent.get(step)
            values = {key: item for key, item in parent.items()
                      if isinstance(key, str) and _plain(item)}
            values["key"] = step
            values[step] = value  # None when missing, as it always read
            says = next((item for item in info.metadata if isinstance(item, Says)), None) \
                or getattr(info.annotation, "SAYS", None) or says
            kind = info.annotation
        elif isinstance(step, int) and get_origin(kind) is list:
            kind = get_args(kind)[0]
            value = value[step] if isinstance(value, list) and step < len(value) else None
            kind, found = _unwrap(kind)
            says = found or getattr(kind, "SAYS", None) or says
    return says, values


def _unwrap(kind: Any) -> tuple[Any, Says | None]:
    """``kind`` without Annotated and None; the Says its annotations carry, if any."""
    says = None
    while True:
        if get_origin(kind) is Annotated:
            args = get_args(kind)
            says = next((item for item in args[1:] if isinstance(item, Says)), says)
            kind = args[0]
        elif get_origin(kind) in (Union, UnionType):
            rest = [arg for arg in get_args(kind) if arg is not NoneType]
            if len(rest) != 1:
                return kind, says
            kind = rest[0]
        else:
            return kind, says


# Values the rules engine reads. The notation is wider than any pattern would say (colour words
# in five languages, "joker", "12 blau"): the API names the card it cannot read in its 400.

def _card(value: object) -> Card:
    if not isinstance(value, str):
        raise PydanticCustomError("card_type", "a card is written as text")
    return Card.parse(value)


CardValue = Annotated[Card, PlainValidator(_card), PlainSerializer(str, return_type=str),
                      WithJsonSchema({
                          "type": "string", "examples": ["7r", "12b", "W", "S"],
                          "description": "a card: 1-12 and a colour letter r g b y (or a colour "
                                         "word), W (wild) or S (skip)"})]
Cards = list[Annotated[CardValue, Says("cards must be written as text, like 7r or W")]]
CARDS_SAY = Says("“%(key)s” must be a list of cards like \"7r\" or \"W\"")


def _edition(value: object) -> Edition:
    return editions.get(value)


#: An edition's key. The document lists the editions the registry holds when it is served.
EditionKey = Annotated[Edition, PlainValidator(_edition),
                       PlainSerializer(lambda edition: getattr(edition, "key", edition),
                                       return_type=str),
                       WithJsonSchema({"type": "string", "x-editions": True,
                                       "description": "an edition, original by default"})]


def _phase_number(value: object, info: ValidationInfo) -> int:
    """A phase the edition (read before it) has; else the rules engine's PhaseError."""
    edition = info.data.get("edition")
    return get_phase(edition if isinstance(edition, Edition) else editions.default(),
                     value).number


PhaseNumber = Annotated[int, PlainValidator(_phase_number), WithJsonSchema({
    "type": "integer", "minimum": 1, "description": "a phase of the edition, from 1"})]


# The rules checker and "What do I need?"

GROUPS_SAY = Says("“groups” must be a list of groups, each a list of cards")


class CheckBody(Schema):
    """A lay-down (``groups``) or a hand (``hand``) to check against a phase."""

    # ``phase`` is required; its default only lets the rules engine name a missing phase as
    # it names any other that is not one ("“None” is not a phase").
    model_config = ConfigDict(json_schema_extra={
        "required": ["phase"], "oneOf": [{"required": ["groups"]}, {"required": ["hand"]}]})
    edition: EditionKey = Field(editions.DEFAULT_KEY, validate_default=True)
    phase: PhaseNumber = Field(None, validate_default=True)
    groups: Annotated[Annotated[list[Annotated[Cards, CARDS_SAY]], Field(min_length=1)]
                      | SkipJsonSchema[None], GROUPS_SAY] = None
    hand: Annotated[Cards | SkipJsonSchema[None], CARDS_SAY] = None

    @model_validator(mode="after")
    def _one_of(self) -> CheckBody:
        given = self.model_fields_set & {"groups", "hand"}
        if len(given) == 2:
            raise InputError("give either “groups” (a lay-down) or “hand” (the cards in a "
                             "hand), not both")
        if not given:
            raise InputError("give either “groups” (a lay-down) or “hand” (the cards in a hand)")
        if self.groups is None and self.hand is None:  # given, as null
            key = given.pop()
            raise InputError((GROUPS_SAY if key == "groups" else CARDS_SAY).reason(
                "none", {"key": key}))
        return self

    def the_phase(self) -> Phase:
        return get_phase(self.edition, self.phase)


class TableGroup(Schema):
    """A group on the table."""

    SAYS = Says("“%(key)s” must be %(what)s", what=Term("an object with “part” and “cards”"))
    part: Annotated[PartKind, Says("“part” must be set, run, colour or colour run")]
    cards: Annotated[Cards, CARDS_SAY]


class HitBody(Schema):
    """One card to add to a group on the table."""

    edition: EditionKey = Field(editions.DEFAULT_KEY, validate_default=True)
    group: Annotated[TableGroup, Says("“%(key)s” must be %(what)s",
                                      what=Term("an object with “part” and “cards”"))]
    card: Annotated[CardValue, Says("“%(key)s” must be %(what)s",
                                    what=Term("one card, like \"6b\""))]


class OutsBody(Schema):
    """A hand (and the cards seen elsewhere) to measure against a phase, or every phase."""

    edition: EditionKey = Field(editions.DEFAULT_KEY, validate_default=True)
    phase: PhaseNumber | None = None
    hand: Annotated[Cards, CARDS_SAY]
    seen: Annotated[Cards, CARDS_SAY] = []

    def the_phase(self) -> Phase | None:
        return None if self.phase is None else get_phase(self.edition, self.phase)


# Games

def _query_number(value: object) -> object:
    """A guard from a query string: ASCII digits only (``whole_number``), else refused."""
    if isinstance(value, str):
        number = whole_number(value)
        return value if number is None else number
    return value


ROUND_GUARD = Says("“number” must be the round number, a whole number like 3")
REVISION_GUARD = Says("“revision” must be the revision of the game you last saw, "
                      "a whole number like 5")
Guard = Annotated[StrictInt, Field(ge=1)]
QueryGuard = Annotated[StrictInt, Field(ge=1), BeforeValidator(_query_number)]
Revision = Annotated[Guard | None, REVISION_GUARD,
                     Field(description="the game's revision the client last saw "
                                       "(409 when stale)")]


PHASES_SAY = Says("“phases” must be a list of phase numbers from 1 to 10")


def _no_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


class NewGame(Schema):
    """A new game's settings."""

    edition: EditionKey = Field(editions.DEFAULT_KEY, validate_default=True)
    players: Annotated[list[Annotated[StrictStr, Field(json_schema_extra={
        "minLength": 1, "maxLength": MAX_NAME})]], Says(
        "“players” must be a list of %(min)s to %(max)s names", min=MIN_PLAYERS,
        max=MAX_PLAYERS), Field(json_schema_extra={"minItems": MIN_PLAYERS,
                                                   "maxItems": MAX_PLAYERS})]
    phases: Annotated[list[StrictInt] | SkipJsonSchema[None], PHASES_SAY, Field(
        description="the phases in play, in order (default: all of the edition's)",
        json_schema_extra=_no_default)] = None
    dealer: Annotated[StrictStr | None, Says("“dealer” must be the name of a player")] = None
    starter: Annotated[StrictStr | None, Says("“dealer” must be the name of a player")] = None
    ten_rounds: Annotated[StrictBool, Says("“%(key)s” must be true or false")] = False
    knocking: Annotated[StrictBool, Says("“%(key)s” must be true or false")] = False

    @model_validator(mode="after")
    def _phases_given(self) -> NewGame:
        if self.phases is None and "phases" in self.model_fields_set:  # given, as null
            raise InputError(PHASES_SAY.template)
        return self

    def to_spec(self) -> GameSpec:
        first = self.dealer if "dealer" in self.model_fields_set else self.starter
        phases = None if self.phases is None else tuple(self.phases)
        return GameSpec(self.edition, tuple(self.players), phases, self.ten_rounds,
                        self.knocking, first)


class Result(Schema):
    """One player's result in a round."""

    SAYS = Says("each result must be an object with “player”, “phase” and “points”")
    player: Annotated[StrictStr, Says("“%(key)s” must be %(what)s", what=Term("a player's name"))]
    phase: Annotated[StrictBool | StrictInt, Says(
        "“phase” must be true or false (Masters: a phase number or false)"), Field(
        description="phase laid or not; Masters: the number of the phase laid, or false")] = False
    # Points below 0 or above the maximum break a rule (422 with details, as the form says),
    # so the document names the maximum but the shape check lets the number through.
    points: Annotated[Annotated[StrictInt, WithJsonSchema(
        {"type": "integer", "maximum": MAX_POINTS})] | None, Says(
        "points must be a whole number, like 35 (%(player)s)"),
        Field(description="card games: the hand's penalty points (below 0 or above the "
                          "maximum breaks a rule: 422); the board game has none",
              validate_default=True)] = None
    went_out: Annotated[StrictBool, Says("“went_out” must be true or false")] = False

    # The rules that need the game's edition: checked in order with the others when the round
    # is read for a game (``read(RoundBody, data, edition)``), and again by ``to_result``.
    @field_validator("phase")
    @classmethod
    def _phase_in_edition(cls, phase: bool | int, info: ValidationInfo) -> bool | int:
        edition = (info.context or {}).get("edition")
        if isinstance(edition, Edition):
            _laid(phase, edition)
        return phase

    @field_validator("points")
    @classmethod
    def _points_in_edition(cls, points: int | None, info: ValidationInfo) -> int | None:
        edition = (info.context or {}).get("edition")
        if isinstance(edition, Edition) and isinstance(info.data.get("player"), str):
            _has_points(points, info.data["player"], edition)
        return points

    def to_result(self, edition: Edition) -> scoring.Result:
        """The result in ``edition``: a phase number only in Masters, points but in the board
        game."""
        laid, number = _laid(self.phase, edition)
        _has_points(self.points, self.player, edition)
        return scoring.Result(player=self.player, laid=laid, points=self.points,
                              went_out=self.went_out, phase=number)


def _laid(phase: bool | int, edition: Edition) -> tuple[bool, int | None]:
    """(laid, the phase laid in Masters) from a result's ``phase``."""
    if isinstance(phase, bool):
        return phase, None
    if not edition.chooses_phase:
        raise InputError("“phase” must be true or false (Masters: a phase number or false)")
    if phase not in edition.phase_numbers:
        raise InputError("“phase” must be false or a phase number from 1 to %(last)s",
                         last=edition.phase_count)
    return True, phase


def _has_points(points: int | None, player: str, edition: Edition) -> None:
    if points is None and not edition.markers:
        raise InputError("points are missing for %(player)s", player=player)


class Revised(Schema):
    """A write that may carry the game's revision the client last saw."""

    revision: Revision = None


class RoundBody(Revised):
    """A round's results, to add or to put in the place of a stored round."""

    SAYS = Says("a round must be an object with “results”")
    results: Annotated[list[Result], Says("“%(key)s” must be %(what)s",
                                          what=Term("a list with one result per player"))]
    number: Annotated[Guard | None, ROUND_GUARD, Field(
        description="the round the client believes it adds (409 when another device did)")] \
        = None
    confirm: Annotated[StrictBool, Says("“confirm” must be true or false")] = False

    def to_round(self, edition: Edition) -> scoring.Round:
        return scoring.Round(tuple(result.to_result(edition) for result in self.results))


class UndoQuery(Schema):
    """``?number=N`` (undo round N only if it is the last) and ``?revision=N``."""

    number: Annotated[QueryGuard | None, ROUND_GUARD] = None
    revision: Annotated[QueryGuard | None, REVISION_GUARD] = None


class RevisionQuery(Schema):
    """``?revision=N``: the game's revision the client last saw."""

    revision: Annotated[QueryGuard | None, REVISION_GUARD] = None


class PlayerBody(Revised):
    """A player's (new) name."""

    name: Annotated[StrictStr, Says("“name” must be the player's name"), Field(
        json_schema_extra={"minLength": 1, "maxLength": MAX_NAME})]


# Groups

class NewGroup(Schema):
    """A new group."""

    name: Annotated[StrictStr, Says("“name” must be text"), Field(
        json_schema_extra={"maxLength": MAX_GROUP_NAME})] = ""


class AddGame(Revised):
    """A game played earlier, joining the group: its edit link or id."""

    game: Annotated[StrictStr, Says(
        "give a game's settings (“players”, …) or “game”: its edit link")]

    def key(self) -> str:
        return self.game.rstrip("/").rsplit("/", 1)[-1]


class GroupGameBody(RootModel[NewGame | AddGame]):
    """``POST /api/groups/<id>/games``: a new game's settings (it has ``players``), or a game
    played earlier (the view reads the one the body is)."""


class AliasBody(Schema):
    """Count one spelling as another player."""

    spelling: Annotated[StrictStr, Says("“%(key)s” must be a player's name")]
    name: Annotated[StrictStr, Says("“%(key)s” must be a player's name")]


# Export files (what GET …/export writes and POST /api/import reads)

FORMAT = "phase10-companion"
VERSION = 1


def _moment_given(model: BaseModel) -> None:
    """A ``created_at`` given as null is refused like any other that is not a moment."""
    if "created_at" in model.model_fields_set and getattr(model, "created_at", None) is None:
        _moment(None)


def _moment(value: object) -> datetime:
    """A date and time in ISO 8601, as naive UTC (how the database keeps it)."""
    try:
        if not isinstance(value, str):
            raise ValueError(value)
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise InputError("“created_at” must be a date and time like 2026-11-20T19:30:00") \
            from None
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment


Moment = Annotated[datetime, PlainValidator(_moment),
                   PlainSerializer(lambda moment: moment.isoformat(timespec="seconds"),
                                   return_type=str),
                   WithJsonSchema({"type": "string", "examples": ["2026-11-20T19:30:00"],
                                   "description": "a date and time (ISO 8601)"})]
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


class FileRound(RoundBody):
    """A stored round; ``confirm`` is true when it needed confirming when it was entered."""


class GameFile(NewGame):
    """A game as entered: its setup, the players who changed, its rounds."""

    SAYS = Says("a game must be an object with “players” and “rounds”")
    created_at: Moment | SkipJsonSchema[None] = Field(None, json_schema_extra=_no_default)
    changes: Annotated[list[Change], CHANGES_SAY] = []
    rounds: Annotated[list[FileRound], Says("“rounds” must be a list of rounds")] = []

    @model_validator(mode="after")
    def _created_at_given(self) -> GameFile:
        _moment_given(self)
        return self


class FileAlias(Schema):
    SAYS = Says("“aliases” must be a list of {“spelling”, “name”} objects")
    spelling: Annotated[StrictStr, SAYS]
    name: Annotated[StrictStr, SAYS]


class GroupFile(Schema):
    """A group: its name, spellings counted as others, its games."""

    SAYS = Says("a group must be an object with a list of “games”")
    name: Annotated[StrictStr, Says("“name” must be text"), Field(
        json_schema_extra={"maxLength": MAX_GROUP_NAME})] = ""
    created_at: Moment | SkipJsonSchema[None] = Field(None, json_schema_extra=_no_default)
    aliases: Annotated[list[FileAlias], FileAlias.SAYS] = []
    games: Annotated[list[GameFile], Field(max_length=MAX_GAMES), Says(
        "a group must be an object with a list of “games”",
        too_big=N_("a group file holds at most %(max)s games"), max=MAX_GAMES)]

    @model_validator(mode="after")
    def _created_at_given(self) -> GroupFile:
        _moment_given(self)
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


# Answers: each shape is a TypedDict in companion.schemas.answers, which the code that builds
# the answer is type-checked against; these wrap them for the OpenAPI document.

class ErrorAnswer(RootModel[ErrorJson]):
    """Every refusal: one sentence a person can act on, and the details."""


class CheckAnswer(RootModel[CheckJson]):
    """A lay-down checked, or a hand searched for the phase."""


class HitAnswer(RootModel[HitJson]):
    """Whether the card may be added, and at which end."""


class OutsAnswer(RootModel[OutsJson]):
    """One phase: short, outs, the odds, a lay-down and extras; without a phase: ``phases``."""


class GameAnswer(RootModel[GameJson]):
    """A game (docs/API.md, "The game"); ``id`` only through the edit link."""


class GroupAnswer(RootModel[GroupJson]):
    """A group: its games, newest first, and its records (docs/API.md, "Groups")."""


class ImportAnswer(RootModel[GameAnswer | GroupAnswer]):
    """The new game or group."""


def _not_json(media: str, schema: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    """A body that is not JSON: the document shows it as ``media`` (companion.api.openapi)."""

    def replace(generated: dict[str, Any]) -> None:
        generated.clear()
        generated.update(schema, **{"x-media": media})

    return replace


class CsvFile(BaseModel):
    """A header row, then one row per player per round."""

    model_config = ConfigDict(json_schema_extra=_not_json("text/csv", {"type": "string"}))


class Events(BaseModel):
    """Server-Sent Events named ``revision`` with data ``{"revision": N}``, one by one."""

    model_config = ConfigDict(json_schema_extra=_not_json("text/event-stream", {
        "type": "object", "required": ["event", "data"], "properties": {
            "event": {"const": "revision"}, "data": {"type": "string"},
            "id": {"type": "string"}, "retry": {"type": "integer"}}}))
