"""What the API answers, each shape written once (docs/API.md).

Each answer is a ``TypedDict``: the code that builds it (``schemas.games``, ``schemas.groups``,
``api.checker``, ``api.outs``, ``http_answers.json_error``) is type-checked against it by
mypy --strict (a key missing, extra or of another type fails the build), and pydantic turns
the same class into the answer's part of ``/api/openapi.json`` (``schemas.GameAnswer`` and its
siblings wrap them). So the document and the JSON sent have one source.

Why not pydantic models built at run time: the answer to every write carries the whole game,
and validating a 2,000-round game through nested models took 7-8 ms on top of the 3 ms the
dicts take (measured in the commit that made this module); the shape is fixed when the code
is checked, so the run time need not check it again.

Fields marked ``NotRequired`` appear only where said (``id`` through the edit link, a card
game's ``dealer``, the board game's markers). More fields may come (docs/API.md: add freely).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,  # pydantic reads these before 3.12
)

from pydantic import BaseModel, ConfigDict, Field
from typing_extensions import TypedDict

from companion.schemas.root import Root

Status = Literal["playing", "tiebreak", "finished"]
Chance = Annotated[dict[str, Annotated[float, Field(ge=0, le=1)]], Field(
    description="draws (1, 2, 3) → chance of an out among them")]


# The rules checker.

class CheckGroupJson(TypedDict):
    part: str
    cards: list[str]
    wilds: list[str]


class CheckJson(TypedDict):
    valid: bool
    reasons: list[str]
    groups: list[CheckGroupJson]
    laydown: NotRequired[Annotated[list[list[str]] | None, Field(
        description="a hand: one lay-down, if any")]]


class SeatingJson(TypedDict):
    tables: list[list[str]]


class HitJson(TypedDict):
    valid: bool
    where: list[Literal["low", "high"]]
    reasons: list[str]


class ExtraJson(TypedDict):
    card: str
    group: int
    where: Literal["", "low", "high"]


class PhaseOutsJson(TypedDict):
    phase: int
    short: int
    out_copies: int
    chance: Chance


class OutsJson(TypedDict):
    """One phase: short, outs, the odds, a lay-down and extras; without a phase: ``phases``."""

    edition: str
    phase: NotRequired[int]
    short: NotRequired[Annotated[int, Field(ge=0)]]
    outs: NotRequired[list[str]]
    unseen: NotRequired[int]
    out_copies: NotRequired[int]
    chance: NotRequired[Chance]
    laydown: NotRequired[list[list[str]] | None]
    extras: NotRequired[list[ExtraJson]]
    phases: NotRequired[list[PhaseOutsJson]]


# A game.

class ResultJson(TypedDict):
    player: str
    phase: Annotated[bool | int, Field(
        description="laid the phase; in Masters the number of the phase laid")]
    points: Annotated[int | None, Field(description="none in the board game")]
    went_out: bool


#: A marker's move on the board ("from" is a Python keyword, hence this spelling).
MoveJson = TypedDict("MoveJson", {"player": str, "from": int, "to": int})


class RoundJson(TypedDict):
    number: int
    tiebreak: bool
    results: list[ResultJson]
    dealer: NotRequired[Annotated[str | None, Field(description="card games")]]
    starter: NotRequired[Annotated[str | None, Field(description="the board game")]]
    moves: NotRequired[list[MoveJson]]
    stopped: NotRequired[list[str]]


class PlayerJson(TypedDict):
    name: str
    seat: int
    phases_done: list[int]
    current_phase: int | None
    points: int
    marker: int | None
    round_points: list[int | None]


class PartJson(TypedDict):
    kind: str
    size: int


class ValuesJson(TypedDict):
    low: int
    high: int
    skip: int
    wild: int


class HouseRulesJson(TypedDict):
    """House rules themselves: what a game's file and answer carry to recreate them."""

    name: str
    phases: list[list[PartJson]]
    values: ValuesJson
    chooses_phase: bool


class GameLinksJson(TypedDict):
    view: str
    pdf: str
    edit: NotRequired[str]
    rematch: NotRequired[Annotated[str, Field(description=(
        "the game started after this one at its table (its rematch, or its group's next "
        "game), once there is one: its edit link through this game's edit link, else its "
        "read-only link"))]]
    bgstats: NotRequired[Annotated[str, Field(description=(
        "once the game is finished: BG Stats' createPlay link that logs it there"))]]


class FinalJson(TypedDict):
    """One player's line of a game known by its final result (typed from paper, imported
    from a log); null where not known."""

    player: str
    phases: Annotated[int | None, Field(description="phases completed (null: not known)")]
    points: Annotated[int | None, Field(description="penalty points (null: the board game, "
                                                    "or not known)")]
    marker: Annotated[int | None, Field(description="the board game: 1-10, 11 the wreath")]
    place: Annotated[int, Field(description="1 for the winners; equal places are a tie")]


class WarningJson(TypedDict):
    """A note about what was stored, not a refusal (names that only look alike)."""

    message: str
    player: Annotated[str | None, Field(description="the name the note is about")]
    field: Annotated[str | None, Field(description="the request's field it is about")]


class GameJson(TypedDict):
    """A game (docs/API.md, "The game"); ``id`` only through the edit link."""

    id: NotRequired[str]
    view_id: str
    edition: str
    house_rules: NotRequired[Annotated[HouseRulesJson, Field(
        description="the game's house rules, when its edition is house rules")]]
    phases: list[int]
    ten_rounds: bool
    knocking: bool
    status: Status
    winner: str | None
    winners: list[str]
    tiebreak: list[str]
    dealer: str | None
    starter: str | None
    next_round: int
    expected: list[str]
    revision: int
    created_at: str
    started_at: Annotated[str, Field(description="when the game was started (created_at)")]
    ended_at: Annotated[str | None, Field(
        description="when its last round was entered, once it is finished; else null")]
    duration_s: Annotated[int | None, Field(
        description="how long it took, once it is finished (null while it is played)")]
    last_round_at: Annotated[str | None, Field(
        description="when its latest round was entered (null: no round yet)")]
    players: list[PlayerJson]
    rounds: list[RoundJson]
    final: Annotated[list[FinalJson] | None, Field(description=(
        "a game known by its final result only (typed from paper, imported from BG Stats or "
        "BoardGameGeek): each player's line, in seating order; null for a game played round "
        "by round"))]
    standings: list[str]
    links: GameLinksJson
    warnings: NotRequired[Annotated[list[WarningJson], Field(description=(
        "only in the answer to the write that started the game or changed its players, "
        "when a name only looks like what it seems (letters of several alphabets, or like "
        "another player's name written with other letters): check it; nothing was refused"))]]


# A group.

class GroupGameJson(TypedDict):
    id: NotRequired[str]
    view_id: str
    created_at: str
    edition: str
    players: list[str]
    status: Status
    winners: list[str]
    rounds: int
    final: Annotated[bool, Field(description=(
        "known by its final result only (typed from paper, imported from a log): counted in "
        "the records, head-to-head and lengths, not in the per-round statistics"))]


class PhaseRecordJson(TypedDict):
    edition: str
    phase: int
    tried: int
    first_try: int
    completed: int
    rounds: int
    first_try_rate: float
    average_rounds: float | None


class GameRefJson(TypedDict):
    view_id: str
    created_at: str
    points: int


class BoardRecordJson(TypedDict):
    played: int
    won: int
    wreath_rounds: list[int]
    fastest_wreath: int | None


class NemesisJson(TypedDict):
    edition: str
    phase: int


class PlayerRecordJson(TypedDict):
    name: str
    played: int
    won: int
    shared: int
    win_rate: float
    average_points: float | None
    best: GameRefJson | None
    worst: GameRefJson | None
    board: BoardRecordJson
    nemesis: NemesisJson | None
    phases: list[PhaseRecordJson]


class LongestGameJson(TypedDict):
    view_id: str
    created_at: str
    seconds: int


class GroupLengthJson(TypedDict):
    """How long the finished games took (those whose length is known)."""

    games: int
    average_seconds: int | None
    longest: LongestGameJson | None


class HeadToHeadJson(TypedDict):
    """Two players over the finished games they played together (docs/decisions.md,
    "Head-to-head"). ``ahead`` and ``longest_streak`` follow the order of ``players``: how
    often each finished ahead of the other (a tie counts for neither) and the most games in a
    row they did. ``average_points_difference``: over the ``points_games`` card games, the
    second player's total minus the first's, on average (positive: the first player had fewer
    penalty points); null without a card game together."""

    players: list[str]
    games: int
    ahead: list[int]
    ties: int
    longest_streak: list[int]
    points_games: int
    average_points_difference: float | None


class AliasJson(TypedDict):
    spelling: str
    name: str


class RosterJson(TypedDict):
    """One of the group's players, as a new game offers them."""

    name: Annotated[str, Field(description="the name the group shows (renames, merges)")]
    seat: Annotated[int | None, Field(
        description="their seat in the group's last game (from 0); null: not at that table")]


class GroupLinksJson(TypedDict):
    view: str
    export: str
    csv: str
    edit: NotRequired[str]


class RatingJson(TypedDict):
    """One player's rating in one kind of game of a group (docs/decisions.md, "Ratings"):
    openskill's Plackett-Luce ``mu`` and ``sigma``, ``ordinal`` = mu − 3 × sigma (what the
    list is ordered by), and the finished games rated."""

    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int


class RatingsJson(TypedDict):
    """The group's card games and board games, each rated apart, highest ``ordinal`` first."""

    card: list[RatingJson]
    board: list[RatingJson]


class SkippedJson(TypedDict):
    """Why the plays of a log that were left out were left out."""

    other_games: Annotated[int, Field(description="plays of another game than Phase 10")]
    ignored: Annotated[int, Field(description="plays BG Stats marks as ignored")]
    incomplete: Annotated[int, Field(description=(
        "plays BoardGameGeek marks as incomplete (``incomplete=\"1\"``)"))]
    players: Annotated[int, Field(description=(
        "Phase 10 plays of one player or more than six"))]


class GroupJson(TypedDict):
    """A group: its games, newest first, and its records (docs/API.md, "Groups")."""

    id: NotRequired[str]
    view_id: str
    name: str
    created_at: str
    aliases: list[AliasJson]
    roster: Annotated[list[RosterJson], Field(description=(
        "the group's players: the last game's table in seating order, then everybody else "
        "who finished a game in the group, most games first"))]
    games: list[GroupGameJson]
    players: list[PlayerRecordJson]
    phases: list[PhaseRecordJson]
    nemesis: PhaseRecordJson | None
    wins_over_time: list[list[str]]
    length: GroupLengthJson
    head_to_head: list[HeadToHeadJson]
    ratings: RatingsJson
    links: GroupLinksJson
    skipped: NotRequired[Annotated[int, Field(description=(
        "only in the answer to an import of a BG Stats or BoardGameGeek log: how many of its "
        "plays were left out (other games, plays marked ignored or incomplete, plays of one "
        "player or more than six)"))]]
    skipped_why: NotRequired[Annotated[SkippedJson, Field(description=(
        "only in the answer to an import of a BG Stats or BoardGameGeek log: the plays left "
        "out, by why"))]]


class ErrorJson(TypedDict):
    """Every refusal: one sentence a person can act on, and the details."""

    error: str
    details: list[Any]
    warnings: NotRequired[Annotated[list[Any], Field(
        description="rounds to confirm: the warnings")]]
    game: NotRequired[Annotated[GameJson, Field(
        description="the game as it is now (stale revision)")]]


# The same shapes wrapped for the OpenAPI document (the answers of companion.api.openapi).
# Built when the document is (defer_build): a process that never serves it never pays for them.

class ErrorAnswer(Root[ErrorJson]):
    """Every refusal: one sentence a person can act on, and the details."""


class CheckAnswer(Root[CheckJson]):
    """A lay-down checked, or a hand searched for the phase."""


class HitAnswer(Root[HitJson]):
    """Whether the card may be added, and at which end."""


class OutsAnswer(Root[OutsJson]):
    """One phase: short, outs, the odds, a lay-down and extras; without a phase: ``phases``."""


class GameAnswer(Root[GameJson]):
    """A game (docs/API.md, "The game"); ``id`` only through the edit link."""


class GroupAnswer(Root[GroupJson]):
    """A group: its games, newest first, and its records (docs/API.md, "Groups")."""


class SeatingAnswer(Root[SeatingJson]):
    """The proposed tables, larger first: everybody once (nothing is stored)."""


class ImportAnswer(Root[GameAnswer | GroupAnswer]):
    """The new game or group."""


def _not_json(media: str, schema: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    """A body that is not JSON: the document shows it as ``media`` (companion.api.openapi)."""

    def replace(generated: dict[str, Any]) -> None:
        generated.clear()
        generated.update(schema, **{"x-media": media})

    return replace


class CsvFile(BaseModel):
    """A header row, then one row per player per round."""

    model_config = ConfigDict(defer_build=True,
                              json_schema_extra=_not_json("text/csv", {"type": "string"}))


class Events(BaseModel):
    """Server-Sent Events named ``revision`` with data ``{"revision": N}``, one by one."""

    model_config = ConfigDict(defer_build=True, json_schema_extra=_not_json("text/event-stream", {
        "type": "object", "required": ["event", "data"], "properties": {
            "event": {"const": "revision"}, "data": {"type": "string"},
            "id": {"type": "string"}, "retry": {"type": "integer"}}}))
