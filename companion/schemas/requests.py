"""Every body and query the API reads, as a pydantic model: the checker, games, rounds,
players and groups. The same model validates the request and describes it in
``/api/openapi.json``."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema

from companion import editions, player_names, scoring
from companion.editions import Edition
from companion.limits import (
    MAX_FINAL_POINTS,
    MAX_GROUP_NAME,
    MAX_NAME,
    MAX_NAME_STORED,
    MAX_PLAYERS,
    MAX_POINTS,
    MIN_PLAYERS,
)
from companion.numbers import whole_number
from companion.refusals import InputError, Term
from companion.rules import PartKind, Phase, get_phase
from companion.schemas.base import (
    CARDS_SAY,
    Cards,
    CardValue,
    EditionKey,
    PhaseNumber,
    Says,
    Schema,
)
from companion.schemas.moments import Moment
from companion.schemas.root import Root

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


def no_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


#: A player's name as the document tells it: the server counts what a person sees (30
#: grapheme clusters, companion.player_names), which JSON Schema cannot express; its bound in code
#: points is the stored column's, so the document never refuses a name the server takes.
NAME_SCHEMA = {"minLength": 1, "maxLength": MAX_NAME_STORED, "description": (
    f"1 to {MAX_NAME} characters as a person sees them (a family emoji joined by zero-width "
    f"joiners is one); at most {MAX_NAME_STORED} code points")}
PlayerName = Annotated[StrictStr, Field(json_schema_extra=NAME_SCHEMA)]


FINAL_SAY = Says("“final” must be a list with one line per player: {“player”, “phases”, "
                 "“points”} (the board game: {“player”, “marker”})")


class FinalLine(Schema):
    """One player's line of a game's final result, as the paper sheet shows it."""

    SAYS = FINAL_SAY
    player: Annotated[StrictStr, AfterValidator(player_names.clean),
                      Says("“%(key)s” must be %(what)s", what=Term("a player's name"))]
    # Numbers out of range break a rule (422 naming the line), as a round's points do.
    phases: Annotated[StrictInt | None, Says(
        "“phases” must be the number of phases %(player)s completed, like 7"), Field(
        description="card games: phases completed, 0 to the number of phases in play")] = None
    points: Annotated[StrictInt | None, Says(
        "points must be a whole number, like 35 (%(player)s)"), Field(
        description=f"card games: penalty points in all, in steps of 5, 0 to "
                    f"{MAX_FINAL_POINTS}")] = None
    marker: Annotated[StrictInt | None, Says(
        "“marker” must be where %(player)s's marker stands, 1 to 11"), Field(
        description="the board game: the marker's space, 1 to 10, 11 the laurel wreath")] \
        = None
    place: Annotated[Annotated[StrictInt, Field(ge=1)] | SkipJsonSchema[None], Field(
        json_schema_extra=no_default,
        description="export files: the place (1 for the winners), kept on import when every "
                    "line has one (a play logged elsewhere); a new game's is ignored"), Says(
        "“place” must be a place from 1, like 2 (%(player)s)")] = None

    def to_result(self, *, placed: bool = False) -> scoring.FinalResult:
        return scoring.FinalResult(self.player, self.phases, self.points, self.marker,
                                   self.place or 0 if placed else 0)


def _players_from_final(data: Any) -> Any:
    """A game typed from paper may leave out ``players``: its final result names them."""
    if isinstance(data, dict) and "players" not in data and isinstance(data.get("final"), list):
        return {**data, "players": [line.get("player") if isinstance(line, dict) else line
                                    for line in data["final"]]}
    return data


class NewGame(Schema):
    """A new game's settings; with ``final``, a game played on paper, stored finished."""

    edition: EditionKey = Field(editions.DEFAULT_KEY, validate_default=True)
    players: Annotated[list[PlayerName], Says(
        "“players” must be a list of %(min)s to %(max)s names", min=MIN_PLAYERS,
        max=MAX_PLAYERS), Field(json_schema_extra={"minItems": MIN_PLAYERS,
                                                   "maxItems": MAX_PLAYERS})]
    phases: Annotated[list[StrictInt] | SkipJsonSchema[None], PHASES_SAY, Field(
        description="the phases in play, in order (default: all of the edition's)",
        json_schema_extra=no_default)] = None
    dealer: Annotated[StrictStr | None, Says("“dealer” must be the name of a player")] = None
    starter: Annotated[StrictStr | None, Says("“dealer” must be the name of a player")] = None
    ten_rounds: Annotated[StrictBool, Says("“%(key)s” must be true or false")] = False
    knocking: Annotated[StrictBool, Says("“%(key)s” must be true or false")] = False
    final: Annotated[list[FinalLine] | SkipJsonSchema[None], FINAL_SAY, Field(
        description="a game played on paper: its final result, one line per player "
                    "(the game is stored finished, without rounds)",
        json_schema_extra=no_default)] = None
    played_at: Moment | SkipJsonSchema[None] = Field(
        None, json_schema_extra=no_default,
        description="with “final”: when the game began (ISO 8601, with its offset)")
    duration_s: Annotated[Annotated[StrictInt, Field(ge=0, le=7 * 24 * 3600)]
                          | SkipJsonSchema[None], Field(
        json_schema_extra=no_default,
        description="with “final”: how long the game took, in seconds"), Says(
        "“duration_s” must be how long the game took in seconds, 0 to a week")] = None

    @model_validator(mode="before")
    @classmethod
    def _players_from_final(cls, data: Any) -> Any:
        return _players_from_final(data)

    @model_validator(mode="after")
    def _phases_given(self) -> NewGame:
        if self.phases is None and "phases" in self.model_fields_set:  # given, as null
            raise InputError(PHASES_SAY.template)
        if self.final is None and "final" in self.model_fields_set:
            raise InputError(FINAL_SAY.template)
        return self

    def to_final(self, *, placed: bool = False) -> tuple[scoring.FinalResult, ...] | None:
        """The final result typed from paper (None: a game to play round by round);
        ``placed``: with the places given (a file's)."""
        if self.final is None:
            return None
        return tuple(line.to_result(placed=placed) for line in self.final)

    def placed(self) -> bool:
        """Whether every line of ``final`` has its place (a file's play logged elsewhere)."""
        return bool(self.final) and all(line.place is not None for line in self.final or ())

    def to_spec(self) -> scoring.GameSpec:
        first = self.dealer if "dealer" in self.model_fields_set else self.starter
        phases = None if self.phases is None else tuple(self.phases)
        return scoring.GameSpec(self.edition, tuple(self.players), phases, self.ten_rounds,
                                self.knocking, first)


class Result(Schema):
    """One player's result in a round."""

    SAYS = Says("each result must be an object with “player”, “phase” and “points”")
    # As names are stored (NFC, trimmed): a phone whose keyboard writes "ë" as e + ¨ (NFD)
    # still names the player it sees on the sheet.
    player: Annotated[StrictStr, AfterValidator(player_names.clean),
                      Says("“%(key)s” must be %(what)s", what=Term("a player's name"))]
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

    def to_result(self, edition: Edition, *, complete: bool = True) -> scoring.Result:
        """The result in ``edition``: a phase number only in Masters, points but in the board
        game (``complete=False``: missing points are left to the rules, which name them)."""
        laid, number = _laid(self.phase, edition)
        if complete:
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


class RoundResults(Revised):
    """A round's results, with the guards a write may carry: what a write and a file's round
    share."""

    SAYS = Says("a round must be an object with “results”")
    results: Annotated[list[Result], Says("“%(key)s” must be %(what)s",
                                          what=Term("a list with one result per player"))]
    number: Annotated[Guard | None, ROUND_GUARD, Field(
        description="the round the client believes it adds (409 when another device did)")] \
        = None
    confirm: Annotated[StrictBool, Says("“confirm” must be true or false")] = False

    def to_round(self, edition: Edition, *, complete: bool = True) -> scoring.Round:
        return scoring.Round(tuple(result.to_result(edition, complete=complete)
                                   for result in self.results))


class RoundBody(RoundResults):
    """A round's results, to add or to put in the place of a stored round."""

    before: Annotated[list[Result] | None, Says("“%(key)s” must be %(what)s", what=Term(
        "the round's results as you last saw them")), Field(
        description="the results of the round this write changes as the client last saw "
                    "them ([] for a new round): with an older revision the write is stored "
                    "when that round is still so, else 409")] = None

    def seen_round(self, edition: Edition) -> tuple[scoring.Result, ...] | None:
        """The round as the client last saw it (``before``; None when it did not say)."""
        if self.before is None:
            return None
        return tuple(result.to_result(edition, complete=False) for result in self.before)


class UndoQuery(Schema):
    """``?number=N`` (undo round N only if it is the last) and ``?revision=N``."""

    number: Annotated[QueryGuard | None, ROUND_GUARD] = None
    revision: Annotated[QueryGuard | None, REVISION_GUARD] = None


class RevisionQuery(Schema):
    """``?revision=N``: the game's revision the client last saw."""

    revision: Annotated[QueryGuard | None, REVISION_GUARD] = None


class PlayerBody(Revised):
    """A player's (new) name."""

    name: Annotated[PlayerName, Says("“name” must be the player's name")]


class GroupPlayerBody(Schema):
    """A group's player's new name."""

    name: Annotated[PlayerName, Says("“name” must be the player's new name")]


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


class GroupGameBody(Root[NewGame | AddGame]):
    """``POST /api/groups/<id>/games``: a new game's settings (it has ``players``), or a game
    played earlier (the view reads the one the body is)."""


SEATED_SAY = Says("“players” must be a list of the names of the people who are here")
TONIGHT_SAY = Says("“tonight” must be a list of tables played tonight, each a list of names")


class SeatingBody(Schema):
    """Who is here, and who sat at one table earlier tonight (companion.services.seating
    refuses a name twice, nobody, one person alone and more than 36 with a 422)."""

    players: Annotated[list[Annotated[StrictStr, SEATED_SAY]], SEATED_SAY]
    tonight: Annotated[list[Annotated[list[Annotated[StrictStr, TONIGHT_SAY]], TONIGHT_SAY]],
                       TONIGHT_SAY] = []


class AliasBody(Schema):
    """Count one spelling as another player."""

    spelling: Annotated[StrictStr, Says("“%(key)s” must be a player's name")]
    name: Annotated[StrictStr, Says("“%(key)s” must be a player's name")]


