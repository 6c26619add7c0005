"""The rules checker over JSON: does a lay-down complete a phase, can a card be added."""

from __future__ import annotations

from flask import Response, jsonify

from companion.api.common import body, bp
from companion.api.openapi import documented
from companion.i18n import say
from companion.infra.planning import off_the_loop
from companion.rules import check_hit, check_laydown, format_cards, solve
from companion.schemas import CheckAnswer, CheckBody, HitAnswer, HitBody, read
from companion.schemas.answers import CheckJson, HitJson


@bp.post("/check")
@documented(json=CheckBody, answers={200: CheckAnswer})
def check() -> Response:
    """Check a lay-down (``groups``) or search a hand (``hand``) for a phase."""
    asked = read(CheckBody, body())
    phase, groups, hand = asked.the_phase(), asked.groups, asked.hand
    if groups is not None:
        result = check_laydown(phase, groups)
        checked: CheckJson = {
            "valid": result.valid,
            "reasons": [say(reason) for reason in result.reasons],
            "groups": [{"part": group.part.describe(), "cards": format_cards(group.cards),
                        "wilds": list(group.wilds)} for group in result.groups],
        }
        return jsonify(checked)
    assert hand is not None
    found = off_the_loop(solve, phase, hand)
    laydown = [format_cards(group) for group in found.laydown] if found.laydown else None
    searched: CheckJson = {
        "valid": found.valid,
        "laydown": laydown,
        "reasons": [say(reason) for reason in found.reasons],
        "groups": [{"part": part.describe(), "cards": cards, "wilds": list(wilds)}
                   for part, cards, wilds in zip(phase.parts, laydown or [], found.wilds,
                                                 strict=False)],
    }
    return jsonify(searched)


@bp.post("/hit")
@documented(json=HitBody, answers={200: HitAnswer})
def hit() -> Response:
    """May this card be added to this group on the table, and at which end?"""
    asked = read(HitBody, body())
    result = check_hit(asked.edition, asked.group.part, asked.group.cards, asked.card)
    answer: HitJson = {"valid": result.valid, "where": list(result.where),
                       "reasons": [say(reason) for reason in result.reasons]}
    return jsonify(answer)
