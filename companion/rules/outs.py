"""What a hand still needs: how many cards short of a phase it is, which single cards bring
it one card closer (its *outs*), and the chance of drawing one. Exact, from the solver.

``short`` is the fewest cards from the rest of the deck that, added to the hand, complete
the phase. The solver's search gives the fewest wilds a lay-down needs (``need``), every
part holding one of the hand's naturals; with ``w`` wilds in hand that is where it comes
from:

* A hand with fewer naturals than the phase has parts (``k < p``) lacks ``p - k`` naturals
  for the parts that have none, and ``card_count - k - w`` cards in all; any natural brings
  it one card closer.
* Otherwise ``short = need - w`` (at least 0). Adding one card lowers ``need`` by one at
  most, so the outs are the naturals after which the search needs one wild fewer, and a
  wild whenever the hand is short. The missing cards can always come from the deck: in the
  card games as wilds (no phase needs more than 8, as each part keeps a natural), in the
  board game as the very naturals the wilds would stand for, since no lay-down asks for more
  of one number than the deck holds, except sets that stand on one number with 9 cards
  between them (board phase 7): with a wild in hand one of them is that wild; with none,
  ``_sets_short`` counts them without that layout.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from companion.rules.cards import WILD, Card, Colour
from companion.rules.deck import deck_reasons
from companion.rules.errors import RulesError
from companion.rules.hand_counts import (
    NATURALS,
    NUMBER_BITS,
    NUMBERS,
    Tally,
    natural_index,
    naturals_in,
)
from companion.rules.phases import Edition, Part, PartKind, Phase
from companion.rules.plans import set_layouts
from companion.rules.solver import PLANS_KEPT, Solution, solve, strategy_for

#: The draws ``chance`` is given for: the next card, the next two, the next three.
DRAWS = (1, 2, 3)


class DeckError(RulesError):
    """The hand and the cards seen hold more of a card than one deck does."""


@dataclass(frozen=True)
class Outs:
    """What a hand still needs for a phase (``solution`` holds the lay-down when it needs
    nothing); ``chances[i]`` is the chance of drawing an out within ``DRAWS[i]`` cards."""

    phase: Phase
    short: int
    outs: tuple[Card, ...]
    unseen: int
    out_copies: int
    chances: tuple[float, ...]
    solution: Solution


def find_outs(phase: Phase, hand: Sequence[Card], seen: Sequence[Card] = ()) -> Outs:
    """How far ``hand`` is from ``phase``, its outs and the odds of drawing one, with the
    cards in ``seen`` (discard pile, other lay-downs) out of the unseen deck.

    >>> from .cards import format_cards, parse_cards
    >>> from .phases import get_phase
    >>> from companion.editions import get
    >>> found = find_outs(get_phase(get("original"), 3),
    ...                   parse_cards("8r 8g 8b 3y 4y 5r W S 11b"), parse_cards("6r 6g"))
    >>> found.short, " ".join(format_cards(found.outs)), found.unseen, found.out_copies
    (1, '2b 2g 2r 2y 6b 6g 6r 6y 8b 8g 8r 8y W', 97, 26)
    >>> found.chances
    (0.268, 0.466, 0.612)
    """
    check_deck(phase.edition, [*hand, *seen])
    short, outs = shortfall(phase, hand)
    unseen = phase.edition.deck.cards - len(hand) - len(seen)
    # A board-game joker is a number card turned round: it leaves the unseen deck, but which
    # card it is nobody knows, so no card's copies go down; there are never more outs than
    # unseen cards, though.
    copies = min(unseen, sum(copies_left(phase.edition, card, hand, seen) for card in outs))
    solution = solve(phase, hand) if not short else Solution(False, None, (), ())
    return Outs(phase, short, outs, unseen, copies,
                tuple(chance(unseen, copies, draws) for draws in DRAWS), solution)


def check_deck(edition: Edition, cards: Iterable[Card]) -> None:
    """Raise DeckError when one deck of ``edition`` cannot hold all of ``cards``."""
    reasons = deck_reasons(edition, cards)
    if reasons:
        raise DeckError(reasons[0].template, **reasons[0].params)


def shortfall(phase: Phase, hand: Sequence[Card]) -> tuple[int, tuple[Card, ...]]:
    """How many cards ``hand`` is short of ``phase``, and its outs (in ``out_order``)."""
    tally = Tally(hand)
    short = _short(phase, tally)
    if not short:
        return 0, ()
    if sum(tally.supply) < len(phase.parts):
        helping = -1  # any natural
    elif _capped(phase, tally):  # sets only: colours play no part, equal counts swap
        shorter = {count: _short_with(phase, tally, Card.natural(number, Colour.RED)) < short
                   for number, count in enumerate(tally.supply) if number}
        helping = sum(NUMBER_BITS[number] for number in NUMBERS if shorter[tally.supply[number]])
    else:
        helping = strategy_for(phase.parts).improvers(tally, short + tally.wilds)
    outs = sorted(naturals_in(helping & _drawable(phase.edition, tally)), key=out_order)
    return short, (*outs, *((WILD,) if _wild_helps(phase, tally, short) else ()))


def out_order(card: Card) -> tuple[int, str]:
    """Outs are listed by number, then colour letter (b, g, r, y), wilds last."""
    return (card.number or 13, card.colour.value if card.colour else "")


def shorts(edition: Edition, hand: Sequence[Card]) -> tuple[tuple[Phase, int], ...]:
    """Every phase of ``edition`` with how many cards ``hand`` is short of it."""
    check_deck(edition, hand)
    tally = Tally(hand)
    return tuple((phase, _short(phase, tally)) for phase in edition.phases)


def copies_left(edition: Edition, card: Card, hand: Sequence[Card],
                seen: Sequence[Card] = ()) -> int:
    """How many copies of ``card`` the deck holds beyond those in ``hand`` and ``seen``."""
    deck = edition.deck
    if card.is_wild:
        held = 0 if edition.turned_jokers else deck.wilds
    else:
        held = deck.copies_per_card if card.is_natural else deck.skips
    return max(0, held - hand.count(card) - seen.count(card))


def chance(unseen: int, copies: int, draws: int) -> float:
    """The chance that at least one of the next ``draws`` cards, drawn from ``unseen`` cards
    of which ``copies`` are outs, is an out (hypergeometric), to 3 decimals.

    >>> chance(97, 26, 1), chance(97, 26, 3), chance(2, 1, 3), chance(0, 0, 1)
    (0.268, 0.612, 1.0, 0.0)
    """
    draws = min(draws, unseen)
    if draws <= 0:
        return 0.0
    return round(1 - comb(unseen - copies, draws) / comb(unseen, draws), 3)


def _short(phase: Phase, tally: Tally) -> int:
    naturals, parts = sum(tally.supply), len(phase.parts)
    if naturals < parts:
        return max(parts - naturals, phase.card_count - naturals - tally.wilds)
    if _capped(phase, tally):
        return _sets_short(phase, tally.supply)
    return max(0, strategy_for(phase.parts).fewest(tally) - tally.wilds)


def _short_with(phase: Phase, tally: Tally, card: Card) -> int:
    tally.add(card)
    try:
        return _short(phase, tally)
    finally:
        tally.remove(card)


def _drawable(edition: Edition, tally: Tally) -> int:
    """The naturals (a mask) of which the deck holds another copy beside the hand's."""
    deck = edition.deck
    if edition.turned_jokers and sum(tally.supply) + tally.wilds >= deck.cards:
        return 0
    held = [0] * len(NATURALS)
    for number in NUMBERS:
        for card in tally.cards[number]:
            assert card.colour is not None
            held[natural_index(number, card.colour)] += 1
    return sum(1 << index for index, count in enumerate(held) if count < deck.copies_per_card)


def _wild_helps(phase: Phase, tally: Tally, short: int) -> bool:
    if phase.edition.turned_jokers or tally.wilds >= phase.edition.deck.wilds:
        return False
    naturals, parts = sum(tally.supply), len(phase.parts)
    if naturals < parts:  # the wild fills a slot only when naturals are not all it lacks
        return phase.card_count - naturals - tally.wilds > parts - naturals
    return short > 0


def _capped(phase: Phase, tally: Tally) -> bool:
    """Board game, no wild in hand, and sets that may ask for more of a number than the
    deck holds (they are then counted by ``_sets_short``)."""
    if not phase.edition.turned_jokers or tally.wilds:
        return False
    kinds = {part.kind for part in phase.parts}
    copies = phase.edition.deck.copies_per_card * 4
    return kinds == {PartKind.SET} and phase.card_count > copies


def _sets_short(phase: Phase, supply: list[int]) -> int:
    """Cards missing from the closest lay-down of sets with no wild to help: each block of
    sets on one number takes that number's naturals, the deck the rest (at most what it
    holds of one number, so no block is bigger); any part may get its natural from the deck.
    """
    ranked = sorted(supply[1:], reverse=True)
    best = phase.card_count
    for blocks, ranks in _blocks(phase.parts, phase.edition.deck.copies_per_card * 4):
        held = sum(min(cards, ranked[rank]) for cards, rank in zip(blocks, ranks, strict=True))
        best = min(best, phase.card_count - held)
    return best


@lru_cache(maxsize=PLANS_KEPT)
def _blocks(parts: tuple[Part, ...], most: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]],
                                                         ...]:
    """Every way to put sets on numbers: the cards per number (no more than ``most``) and
    which of the best-held numbers each block takes."""
    return tuple((blocks, ranks) for layout in set_layouts(parts, list(range(len(parts))), 0)
                 if max(blocks := tuple(cards for cards, _, _ in layout.blocks)) <= most
                 for _, ranks in layout.ranks)
