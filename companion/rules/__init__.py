"""The Phase 10 rules engine: cards, phases, groups, lay-downs, hits and the hand solver.

Pure Python, standard library only, fully typed.
"""

from companion.rules import card_groups, solver
from companion.rules.card_groups import (
    GroupCheck,
    HitCheck,
    LaydownCheck,
    MatchedGroup,
    check_group,
    check_hit,
    check_laydown,
)
from companion.rules.cards import SKIP, WILD, Card, Colour, Kind, format_cards, parse_cards
from companion.rules.deck import deck_reasons
from companion.rules.errors import CardError, PhaseError, Reason, RulesError
from companion.rules.phases import Deck, Part, PartKind, Phase, get_phase
from companion.rules.solver import Solution, solve

#: Every template a Reason from the group checks and the solver may carry, for translators;
#: a (singular, plural) pair where the reason counts something.
REASON_TEMPLATES: tuple[str | tuple[str, str], ...] = card_groups.TEMPLATES + solver.TEMPLATES

__all__ = [
    'Card', 'CardError', 'Colour', 'Deck', 'GroupCheck', 'HitCheck', 'Kind', 'LaydownCheck',
    'MatchedGroup', 'Part', 'PartKind', 'Phase', 'PhaseError', 'REASON_TEMPLATES', 'Reason',
    'RulesError', 'SKIP', 'Solution', 'WILD', 'check_group', 'check_hit', 'check_laydown',
    'deck_reasons', 'format_cards', 'get_phase', 'parse_cards', 'solve',
]
