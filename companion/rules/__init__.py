"""The Phase 10 rules engine: cards, phases, groups, lay-downs, hits and the hand solver.

Pure Python, standard library only, fully typed.
"""

from .cards import SKIP, WILD, Card, Colour, Kind, format_cards, parse_cards
from .errors import CardError, PhaseError, Reason, RulesError
from .phases import DECKS, PHASES, Deck, Edition, Part, PartKind, Phase, get_phase

__all__ = [
    "Card", "CardError", "Colour", "DECKS", "Deck", "Edition", "Kind", "PHASES", "Part",
    "PartKind", "Phase", "PhaseError", "Reason", "RulesError", "SKIP", "WILD", "format_cards",
    "get_phase", "parse_cards",
]
