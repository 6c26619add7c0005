"""The odds before a game: the request and its answer (docs/API.md, "Ratings and odds")."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field
from typing_extensions import TypedDict

from companion.limits import MAX_EVENING
from companion.schemas.base import Says, Schema
from companion.schemas.requests import PlayerName
from companion.schemas.root import Root


class OddsBody(Schema):
    """Who sits down at the table, and which kind of game they play."""

    players: Annotated[list[PlayerName], Says("“players” must be a list of names"), Field(
        json_schema_extra={"minItems": 1, "maxItems": MAX_EVENING})]
    game: Annotated[Literal["card", "board"], Says("“game” must be “card” or “board”")] = "card"


class OddsJson(TypedDict):
    """One player's chance to win (openskill's ``predict_win``): the chances add up to 1."""

    name: str
    chance: float


class OddsListJson(TypedDict):
    odds: list[OddsJson]


class OddsAnswer(Root[OddsListJson]):
    """Each player's chance to win, in the order asked."""
