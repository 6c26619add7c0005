"""House rules as the API takes and gives them (docs/API.md, "House rules").

The body is read by :func:`companion.editions.house.read`, which names the field of every
problem; the pydantic model here documents it. The answer is a ``TypedDict`` like the others.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from flask import url_for
from pydantic import BaseModel, ConfigDict, Field
from typing_extensions import TypedDict

from companion.editions import Edition, house
from companion.i18n import say_phase
from companion.schemas.answers import HouseRulesJson, PartJson, ValuesJson
from companion.schemas.root import Root

Kind = Literal["set", "run", "colour", "colour run"]


class PartBody(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    kind: Kind
    size: Annotated[int, Field(ge=2, le=12, description="cards in the group, at least")]


class ValuesBody(BaseModel):
    """What a card left in a hand costs; the rule book's values by default (Mattel: wild 25)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    low: Annotated[int, Field(ge=0, le=house.MAX_VALUE, description="a card 1–9")] = 5
    high: Annotated[int, Field(ge=0, le=house.MAX_VALUE, description="a card 10–12")] = 10
    skip: Annotated[int, Field(ge=0, le=house.MAX_VALUE)] = 15
    wild: Annotated[int, Field(ge=0, le=house.MAX_VALUE)] = 20


class HouseRulesBody(BaseModel):
    """House rules: a name, 1–12 phases of parts, card values; a phase holds at most the 10
    cards a player is dealt, and the rules checker must be able to plan it (422 otherwise)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    name: Annotated[str, Field(min_length=1, max_length=house.MAX_NAME)]
    phases: Annotated[list[list[PartBody]], Field(min_length=1, max_length=house.MAX_PHASES)]
    values: ValuesBody | None = None
    chooses_phase: Annotated[bool, Field(
        description="players choose which open phase to try each round, as in Masters")] = False


class EditionLinksJson(TypedDict):
    view: str
    blank_pdf: str
    edit: NotRequired[str]


class HouseEditionJson(TypedDict):
    """Stored house rules; ``id`` (the edit capability) only through the edit link."""

    id: NotRequired[str]
    view_id: str
    edition: Annotated[str, Field(description="the newest revision's key, as a game stores it")]
    revision: int
    name: str
    phases: list[list[PartJson]]
    values: ValuesJson
    chooses_phase: bool
    described: Annotated[list[str], Field(description="each phase in words, translated")]
    links: EditionLinksJson


class HouseEditionAnswer(Root[HouseEditionJson]):
    """House rules (docs/API.md, "House rules"); ``id`` only through the edit link."""


def rules_json(house_rules: house.HouseRules) -> HouseRulesJson:
    data = house_rules.as_json()
    return {"name": data["name"], "phases": data["phases"], "values": data["values"],
            "chooses_phase": data["chooses_phase"]}


def edition_json(edition: Edition, house_rules: house.HouseRules, *, view_key: str,
                 edit_key: str | None, revision: int) -> HouseEditionJson:
    definition = rules_json(house_rules)
    answer: HouseEditionJson = {
        "view_id": view_key, "edition": edition.key, "revision": revision,
        "name": definition["name"], "phases": definition["phases"],
        "values": definition["values"], "chooses_phase": definition["chooses_phase"],
        "described": [say_phase(phase) for phase in edition.phases],
        "links": {"view": url_for("editions.page", key=view_key, _external=True),
                  "blank_pdf": url_for("print.blank", edition=view_key, _external=True)},
    }
    if edit_key is not None:
        answer["id"] = edit_key
        answer["links"]["edit"] = url_for("editions.page", key=edit_key, _external=True)
    return answer
