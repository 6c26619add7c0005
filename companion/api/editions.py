"""The JSON API's house rules (docs/API.md, "House rules"): make, read and edit them."""

from __future__ import annotations

from http import HTTPStatus

from flask import Response, jsonify

from companion.api.common import body, bp
from companion.api.openapi import documented
from companion.editions import house
from companion.refusals import Kind, NotThere
from companion.schemas.editions import HouseEditionAnswer, HouseRulesBody, edition_json
from companion.services import editions, work


def _answer(found: editions.HouseEdition, status: int = 200) -> Response:
    response = jsonify(edition_json(
        found.edition, found.rules, view_key=found.row.view_key,
        edit_key=found.row.edit_key if found.editable else None, revision=found.revision))
    response.status_code = status
    return response


@bp.post("/editions")
@documented(json=HouseRulesBody, answers={201: HouseEditionAnswer}, refuses=(Kind.REFUSED,))
def create_edition() -> Response:
    """Store house rules: an edit link (``id``) and a read-only twin (``view_id``)."""
    rules = house.read(body())
    with work.unit():
        found = editions.create(rules)
    return _answer(found, HTTPStatus.CREATED)


@bp.get("/editions/<key>")
@documented(answers={200: HouseEditionAnswer})
def get_edition(key: str) -> Response:
    """House rules through their edit or read-only link: the newest revision."""
    found = editions.find(key)
    if found is None:
        raise NotThere
    return _answer(found)


@bp.put("/editions/<key>")
@documented(json=HouseRulesBody, answers={200: HouseEditionAnswer}, refuses=(Kind.REFUSED,))
def edit_edition(key: str) -> Response:
    """Save a new revision of house rules (edit link only); games started keep theirs."""
    found = editions.find(key)
    if found is None or not found.editable:
        raise NotThere
    rules = house.read(body())
    with work.unit():
        edited = editions.edit(found, rules)
    return _answer(edited)
