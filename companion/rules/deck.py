"""The deck's limits: how often one deck of an edition holds each card, wilds and skips."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from companion.rules.cards import WILD, Card
from companion.rules.errors import Reason
from companion.rules.phases import Edition

NO_SKIPS_ON_BOARD = "the board game has no skip cards"
DECK_CARD = "the deck has only %(count)s of %(card)s"
DECK_WILDS = "the deck has only %(count)s wilds"
DECK_SKIPS = "the deck has only %(count)s skips"
DECK_CARDS = "the deck has only %(count)s cards"


def deck_reasons(edition: Edition, cards: Iterable[Card]) -> list[Reason]:
    """Why these cards cannot all come from one deck of ``edition`` (empty if they can)."""
    deck = edition.deck
    counts = Counter(cards)
    reasons = [Reason(DECK_CARD, {"count": deck.copies_per_card, "card": str(card)})
               for card, count in sorted(counts.items())
               if card.is_natural and count > deck.copies_per_card]
    wilds = counts[WILD]
    skips = sum(count for card, count in counts.items() if card.is_skip)
    if edition.turned_jokers:
        if skips:
            reasons.append(Reason(NO_SKIPS_ON_BOARD))
        if counts.total() - skips > deck.cards:
            reasons.append(Reason(DECK_CARDS, {"count": deck.cards}))
        return reasons
    if wilds > deck.wilds:
        reasons.append(Reason(DECK_WILDS, {"count": deck.wilds}))
    if skips > deck.skips:
        reasons.append(Reason(DECK_SKIPS, {"count": deck.skips}))
    return reasons
