"""The API's "What do I need?" route: how short a hand is, its outs and the odds (docs/API.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response, jsonify

from .api import body, bp
from .editions import Edition
from .payloads import cards_of, edition_of
from .rules import Card, Phase, format_cards, get_phase
from .rules.extras import extras
from .rules.outs import DRAWS, Outs, check_deck, find_outs, shorts


@bp.post("/outs")
def outs() -> Response:
    """What the hand still needs for a phase, or how short it is of every phase."""
    edition, phase, hand, seen = outs_request(body())
    if phase is None:
        return jsonify(all_phases(edition, hand, seen))
    return jsonify(outs_json(find_outs(phase, hand, seen), hand))


def outs_request(data: Mapping[str, Any]
                 ) -> tuple[Edition, Phase | None, list[Card], list[Card]]:
    """(edition, phase or None for every phase, hand, cards seen) from an /api/outs body."""
    edition = edition_of(data)
    number = data.get("phase")
    phase = None if number is None else get_phase(edition, number)
    hand = cards_of(data.get("hand"), "hand")
    seen = cards_of(data.get("seen", []), "seen")
    return edition, phase, hand, seen


def outs_json(found: Outs, hand: list[Card]) -> dict[str, Any]:
    """The answer for one phase; ``extras`` lists the cards that fit once it is laid."""
    laydown = found.solution.laydown
    placed = extras(found.phase, laydown, hand) if laydown else ()
    return {
        "edition": found.phase.edition.value, "phase": found.phase.number,
        "short": found.short, "outs": format_cards(found.outs), "unseen": found.unseen,
        "out_copies": found.out_copies, "chance": _chances(found),
        "laydown": [format_cards(group) for group in laydown] if laydown else None,
        "extras": [{"card": str(extra.card), "group": extra.group, "where": extra.where}
                   for extra in placed],
    }


def all_phases(edition: Edition, hand: list[Card], seen: list[Card]) -> dict[str, Any]:
    """Every phase of the edition with how short the hand is of it, its out copies and
    odds, so a Masters player can choose the phase to try."""
    check_deck(edition, [*hand, *seen])
    phases = []
    for phase, short in shorts(edition, hand):
        found = find_outs(phase, hand, seen) if short else None
        phases.append({"phase": phase.number, "short": short,
                       "out_copies": found.out_copies if found else 0,
                       "chance": _chances(found) if found else {str(k): 0.0 for k in DRAWS}})
    return {"edition": edition.value, "phases": phases}


def _chances(found: Outs) -> dict[str, float]:
    return {str(draws): chance for draws, chance in zip(DRAWS, found.chances, strict=True)}
