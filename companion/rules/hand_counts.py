"""A hand as the solver's searches count it, number bitmasks, and the interface they share."""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.cards import MAX_NUMBER, Card, Colour
from companion.rules.phases import Edition

NUMBERS = range(1, MAX_NUMBER + 1)
COLOURS = tuple(Colour)
UNSOLVED = 1 << 30

Laydown = tuple[tuple[Card, ...], ...]


class Tally:
    """A hand as counts: its naturals by number, its wilds and its skips."""

    __slots__ = ("cards", "supply", "wilds", "skips")

    def __init__(self, hand: Sequence[Card]) -> None:
        self.cards: list[list[Card]] = [[] for _ in range(MAX_NUMBER + 1)]
        self.wilds = self.skips = 0
        for card in hand:
            if card.number is not None:
                self.cards[card.number].append(card)
            elif card.is_wild:
                self.wilds += 1
            else:
                self.skips += 1
        self.supply = [len(cards) for cards in self.cards]

    def fits(self, edition: Edition) -> bool:
        """Whether one deck of ``edition`` holds all these cards."""
        deck = edition.deck
        for cards in self.cards:
            if len(cards) > deck.copies_per_card:
                colours = [card.colour for card in cards]
                if any(colours.count(colour) > deck.copies_per_card for colour in COLOURS):
                    return False
        if edition.turned_jokers:
            return not self.skips and sum(self.supply) + self.wilds <= deck.cards
        return self.wilds <= deck.wilds and self.skips <= deck.skips

    def of_colour(self, colour: Colour) -> list[int]:
        return [[card.colour for card in cards].count(colour) for cards in self.cards]

    def take(self, number: int, colour: Colour | None = None, *, other: bool = False) -> Card:
        """Remove and return a natural of ``number`` (of ``colour``, or of another colour)."""
        cards = self.cards[number]
        for index in range(len(cards)):
            if colour is None or (cards[index].colour is colour) != other:
                return cards.pop(index)
        raise LookupError(number)

    def has(self, number: int, colour: Colour | None = None, *, other: bool = False) -> bool:
        return any(colour is None or (card.colour is colour) != other
                   for card in self.cards[number])

    def add(self, card: Card) -> None:
        """Count one more natural (``remove`` takes it back out)."""
        assert card.number is not None
        self.cards[card.number].append(card)
        self.supply[card.number] += 1

    def remove(self, card: Card) -> None:
        assert card.number is not None
        self.cards[card.number].remove(card)
        self.supply[card.number] -= 1


def window_mask(first: int, size: int) -> int:
    """The numbers ``first`` to ``first + size - 1`` as a bitmask (bit n for number n)."""
    return ((1 << size) - 1) << first


def present_mask(counts: Sequence[int], at_least: int = 1) -> int:
    """The numbers with at least ``at_least`` naturals in ``counts`` as a bitmask."""
    return sum(1 << number for number in NUMBERS if counts[number] >= at_least)


NATURALS = tuple(Card.natural(number, colour) for number in NUMBERS for colour in COLOURS)
"""The 48 distinct naturals in card order; a set of them is a bit mask, bit i for NATURALS[i]."""


def natural_index(number: int, colour: Colour) -> int:
    """Where a natural stands in NATURALS."""
    return (number - 1) * len(COLOURS) + COLOURS.index(colour)


def natural_bit(number: int, colour: Colour) -> int:
    """The bit of one natural in a mask of naturals."""
    return 1 << natural_index(number, colour)


#: Per number, and per colour: the mask of its four (twelve) naturals.
NUMBER_BITS = (0, *(0b1111 << ((number - 1) * len(COLOURS)) for number in NUMBERS))
COLOUR_BITS = {colour: sum(natural_bit(number, colour) for number in NUMBERS)
               for colour in COLOURS}


def naturals_in(mask: int) -> tuple[Card, ...]:
    """The naturals of a mask, in card order."""
    return tuple(card for index, card in enumerate(NATURALS) if mask >> index & 1)


class Strategy:
    """The search for one shape of phase, planned once per phase's parts."""

    def find(self, tally: Tally) -> tuple[int, Laydown | None]:
        """The fewest wilds any lay-down needs (``UNSOLVED`` if none gives every part a
        natural) and, when the hand's wilds suffice, one such lay-down."""
        raise NotImplementedError

    def fewest(self, tally: Tally, below: int = UNSOLVED) -> int:
        """The fewest wilds any lay-down needs when that is fewer than ``below``, else
        ``below``: the same search as ``find``, cut short, and nothing laid."""
        raise NotImplementedError

    def improvers(self, tally: Tally, need: int) -> int:
        """The naturals (a mask) that, added to the hand, make a lay-down need fewer than
        ``need`` wilds, ``need`` being what the hand needs now. Every strategy answers
        exactly; this one tries each natural with the search, the others know shortcuts."""
        found = 0
        for index, card in enumerate(NATURALS):
            tally.add(card)
            if self.fewest(tally, need) < need:
                found |= 1 << index
            tally.remove(card)
        return found
