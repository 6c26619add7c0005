"""The API's "What do I need?" route: how short a hand is, its outs and the odds (docs/API.md)."""

from __future__ import annotations

from flask import Response, jsonify

from companion.api.common import body, bp
from companion.api.openapi import documented
from companion.editions import Edition
from companion.infra.planning import off_the_loop
from companion.rules import Card, Phase, format_cards
from companion.rules.extras import extras
from companion.rules.outs import DRAWS, Outs, check_deck, find_outs, shorts
from companion.schemas import OutsAnswer, OutsBody, read
from companion.schemas.answers import OutsJson, PhaseOutsJson


@bp.post("/outs")
@documented(json=OutsBody, answers={200: OutsAnswer})
def outs() -> Response:
    """What do I need? How short a hand is of a phase, its outs and the odds of drawing one;
    without a phase, how short it is of every phase."""
    asked = read(OutsBody, body())
    phase = asked.the_phase()
    if phase is None:
        return jsonify(off_the_loop(all_phases, asked.edition, asked.hand, asked.seen))
    return jsonify(off_the_loop(phase_outs, phase, asked.hand, asked.seen))


def phase_outs(phase: Phase, hand: list[Card], seen: list[Card]) -> OutsJson:
    return outs_json(find_outs(phase, hand, seen), hand)


def outs_json(found: Outs, hand: list[Card]) -> OutsJson:
    """The answer for one phase; ``extras`` lists the cards that fit once it is laid."""
    laydown = found.solution.laydown
    placed = extras(found.phase, laydown, hand) if laydown else ()
    return {
        "edition": found.phase.edition.key, "phase": found.phase.number,
        "short": found.short, "outs": format_cards(found.outs), "unseen": found.unseen,
        "out_copies": found.out_copies, "chance": _chances(found),
        "laydown": [format_cards(group) for group in laydown] if laydown else None,
        "extras": [{"card": str(extra.card), "group": extra.group, "where": extra.where}
                   for extra in placed],
    }


def all_phases(edition: Edition, hand: list[Card], seen: list[Card]) -> OutsJson:
    """Every phase of the edition with how short the hand is of it, its out copies and
    odds, so a Masters player can choose the phase to try."""
    check_deck(edition, [*hand, *seen])
    phases: list[PhaseOutsJson] = []
    for phase, short in shorts(edition, hand):
        found = find_outs(phase, hand, seen) if short else None
        phases.append({"phase": phase.number, "short": short,
                       "out_copies": found.out_copies if found else 0,
                       "chance": _chances(found) if found else {str(k): 0.0 for k in DRAWS}})
    return {"edition": edition.key, "phases": phases}


def _chances(found: Outs) -> dict[str, float]:
    return {str(draws): chance for draws, chance in zip(DRAWS, found.chances, strict=True)}
