"""What the API's document says of the files a group's history goes in and out as, beside
the app's own (schemas.ExportFile): the group export's ``?format=bgstats`` answer (a BG Stats
export, as companion.schemas.bgstats writes it) and the import's bodies (the app's own file or
a BG Stats export as JSON; BoardGameGeek's plays as XML, companion.schemas.bgg)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import ConfigDict, Field, StrictStr
from typing_extensions import TypedDict

from companion.schemas.base import Says, Schema
from companion.schemas.bgg import XML_TYPES
from companion.schemas.bgstats import BgStatsFile
from companion.schemas.files import ExportFile
from companion.schemas.root import Root

Zone = Annotated[StrictStr | None, Field(description=(
    "the time zone a log's times are local in, like Europe/Berlin (by default UTC)")),
    Says("“tz” must be a time zone like Europe/Berlin")]


class BgStatsPlayerJson(TypedDict):
    id: int
    uuid: str
    name: str
    isAnonymous: bool


class BgStatsGameJson(TypedDict):
    id: int
    uuid: str
    name: Annotated[str, Field(description=(
        "\"Phase 10\" (the card game), \"Phase 10 Masters\", \"Phase 10 Board Game\", or "
        "\"Phase 10 (<house rules' name>)\""))]
    bggId: NotRequired[Annotated[int, Field(description="1258: the card game")]]
    highestWins: Literal[False]
    noPoints: Annotated[bool, Field(description="true for the board game")]
    cooperative: Literal[False]


class BgStatsScoreJson(TypedDict):
    playerRefId: int
    score: Annotated[str, Field(description="the penalty points as text; \"\" for the board game")]
    rank: Annotated[int, Field(description="the place: 1 for the winners; equal players share it")]
    winner: bool
    newPlayer: Literal[False]
    startPlayer: bool
    seatOrder: int


class BgStatsPlayJson(TypedDict):
    uuid: Annotated[str, Field(description="the same for every export of the game")]
    gameRefId: int
    playDate: Annotated[str, Field(description=(
        "when the game began, \"YYYY-MM-DD HH:MM:SS\" in the time zone ``tz``"))]
    durationMin: Annotated[int, Field(description="0: not known")]
    ignored: Literal[False]
    rounds: int
    playerScores: list[BgStatsScoreJson]


class BgStatsExportJson(TypedDict):
    """A group's finished games as a BG Stats export file."""

    players: list[BgStatsPlayerJson]
    games: list[BgStatsGameJson]
    plays: list[BgStatsPlayJson]
    locations: list[Any]


class GroupExport(Root[ExportFile | BgStatsExportJson]):
    """The group as the app's own file; with ``?format=bgstats``, its finished games as a BG
    Stats export."""


class ExportQuery(Schema):
    """``?format=bgstats`` (a BG Stats export instead of the app's own file) and ``?tz=``."""

    format: Annotated[Literal["bgstats"] | None, Field(description=(
        "bgstats: the group's finished games as a BG Stats export file")),
        Says("“format” is bgstats or not given")] = None
    tz: Zone = None


class ImportQuery(Schema):
    """``?tz=``: the time zone of a log's local times."""

    tz: Zone = None


def _also_xml(generated: dict[str, Any]) -> None:
    """The import takes BoardGameGeek's plays XML too (companion.api.openapi adds it)."""
    generated["x-also"] = {media: {"schema": {
        "type": "string", "contentMediaType": media,
        "description": "BoardGameGeek's plays XML: <plays><play …><item …/><players>"
                       "<player …/>…; a DTD, an entity or an external reference is a 400"}}
        for media in XML_TYPES}


class ImportBody(Root[ExportFile | BgStatsFile]):
    """The app's own export file, or a BG Stats export (JSON); or BoardGameGeek's plays
    (``application/xml`` or ``text/xml``)."""

    model_config = ConfigDict(defer_build=True, json_schema_extra=_also_xml)
