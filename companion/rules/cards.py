"""Cards and their notation: ``7r``, ``12b``, ``W`` (wild, also ``J`` and ``*``), ``S`` (skip)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from companion.rules.errors import CardError


class _Ordered(Enum):
    """Members compare in the order they are declared, so ``Card(order=True)`` can sort."""

    def _rank(self, other: object) -> tuple[int, int] | None:
        if type(other) is not type(self):
            return None
        members = list(type(self))
        return members.index(self), members.index(other)

    def __lt__(self, other: object) -> bool:
        ranks = self._rank(other)
        return NotImplemented if ranks is None else ranks[0] < ranks[1]

    def __le__(self, other: object) -> bool:
        ranks = self._rank(other)
        return NotImplemented if ranks is None else ranks[0] <= ranks[1]

    def __gt__(self, other: object) -> bool:
        ranks = self._rank(other)
        return NotImplemented if ranks is None else ranks[0] > ranks[1]

    def __ge__(self, other: object) -> bool:
        ranks = self._rank(other)
        return NotImplemented if ranks is None else ranks[0] >= ranks[1]


class Colour(_Ordered):
    """The four card colours, by their notation letter."""

    RED = "r"
    GREEN = "g"
    BLUE = "b"
    YELLOW = "y"

    @property
    def word(self) -> str:
        return self.name.lower()


class Kind(_Ordered):
    """Number cards sort before wilds, wilds before skips."""

    NUMBER = "number"
    WILD = "wild"
    SKIP = "skip"


#: The colour letters: English, the canonical notation, plus ``v`` (vert, verde), which means
#: green in every language that has it. Letters that would mean two colours (``g``: green,
#: but gelb, giallo, geel) or something else (``j``: jaune, but J is a joker) keep their
#: English meaning or none; those colours are written as words (docs/decisions.md).
COLOUR_LETTERS = {"r": Colour.RED, "g": Colour.GREEN, "b": Colour.BLUE, "y": Colour.YELLOW,
                  "v": Colour.GREEN}
#: The colour words of each language the pages speak, by language.
COLOUR_WORDS = {
    "en": {"red": Colour.RED, "green": Colour.GREEN, "blue": Colour.BLUE,
           "yellow": Colour.YELLOW},
    "de": {"rot": Colour.RED, "grün": Colour.GREEN, "gruen": Colour.GREEN, "blau": Colour.BLUE,
           "gelb": Colour.YELLOW},
    "fr": {"rouge": Colour.RED, "vert": Colour.GREEN, "bleu": Colour.BLUE,
           "jaune": Colour.YELLOW},
    "it": {"rosso": Colour.RED, "verde": Colour.GREEN, "blu": Colour.BLUE,
           "giallo": Colour.YELLOW},
    "nl": {"rood": Colour.RED, "groen": Colour.GREEN, "blauw": Colour.BLUE,
           "geel": Colour.YELLOW},
}
_COLOUR_WORDS = COLOUR_LETTERS | {word: colour for words in COLOUR_WORDS.values()
                                  for word, colour in words.items()}
#: What the parser reads as a wild and as a skip, in every language: the words, and the
#: initials the checker's keypad shows and types (W/J for a wild; S, A, P, O for a skip).
WILD_WORDS = frozenset({"w", "j", "*", "wild", "joker", "jolly"})
SKIP_WORDS = frozenset({"s", "a", "p", "o", "skip", "aussetzen", "passe", "salta", "overslaan"})
_NUMBER = re.compile(r"(\d{1,2})\s*([^\d\s]+)")

MIN_NUMBER = 1
MAX_NUMBER = 12


@dataclass(frozen=True, order=True)
class Card:
    """One card. Number cards have a number and a colour; wilds and skips have neither.
    Cards sort by kind (numbers, wilds, skips), then number, then colour (r g b y).

    >>> sorted(parse_cards("S W 7y 7r 3b"))
    [Card.parse('3b'), Card.parse('7r'), Card.parse('7y'), Card.parse('W'), Card.parse('S')]
    >>> Card.parse("7R")
    Card.parse('7r')
    >>> str(Card.parse("joker")), Card.parse("12 blau").colour
    ('W', <Colour.BLUE: 'b'>)
    >>> Card.parse("7 jaune"), Card.parse("3groen"), Card.parse("11v")
    (Card.parse('7y'), Card.parse('3g'), Card.parse('11g'))
    """

    kind: Kind
    number: int | None = None
    colour: Colour | None = None

    @classmethod
    def parse(cls, text: str) -> Card:
        word = text.strip().lower()
        if word in WILD_WORDS:
            return WILD
        if word in SKIP_WORDS:
            return SKIP
        match = _NUMBER.fullmatch(word)
        if not match:
            raise CardError("“%(card)s” is not a card: write a number 1–12 and a colour "
                            "letter (7r, 12b), W for a wild or S for a skip", card=text.strip())
        number, letter = int(match.group(1)), match.group(2)
        if not MIN_NUMBER <= number <= MAX_NUMBER:
            raise CardError("“%(card)s” is not a card: numbers go from 1 to 12", card=text.strip())
        if letter not in _COLOUR_WORDS:
            raise CardError("“%(card)s” is not a card: the colour letters are r, g, b and y",
                            card=text.strip())
        return cls(Kind.NUMBER, number, _COLOUR_WORDS[letter])

    @classmethod
    def natural(cls, number: int, colour: Colour) -> Card:
        return cls(Kind.NUMBER, number, colour)

    @property
    def is_wild(self) -> bool:
        return self.kind is Kind.WILD

    @property
    def is_skip(self) -> bool:
        return self.kind is Kind.SKIP

    @property
    def is_natural(self) -> bool:
        return self.kind is Kind.NUMBER

    def __str__(self) -> str:
        if self.kind is Kind.WILD:
            return "W"
        if self.kind is Kind.SKIP:
            return "S"
        assert self.colour is not None
        return f"{self.number}{self.colour.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


WILD = Card(Kind.WILD)
SKIP = Card(Kind.SKIP)


def words(text: str) -> list[str]:
    """A typed field's cards, one text each: split on spaces and commas, a number followed
    by a colour word or letter kept together ("4 red", "12 blau"), as the checker's help
    says colour words work, with or without a space.

    >>> words("4 red, 12 blau 7r W 3 S")
    ['4 red', '12 blau', '7r', 'W', '3', 'S']
    """
    found: list[str] = []
    for word in text.replace(",", " ").split():
        if found and found[-1].isdigit() and word.lower() in _COLOUR_WORDS:
            found[-1] = f"{found[-1]} {word}"
        else:
            found.append(word)
    return found


def parse_cards(cards: str | Iterable[str]) -> list[Card]:
    """Parse a space- or comma-separated string, or an iterable of card strings.

    >>> parse_cards("3r W w 4 rot")
    [Card.parse('3r'), Card.parse('W'), Card.parse('W'), Card.parse('4r')]
    """
    items = words(cards) if isinstance(cards, str) else list(cards)
    result = []
    for item in items:
        if not isinstance(item, str):
            raise CardError("cards must be written as text, like 7r or W")
        result.append(Card.parse(item))
    return result


def format_cards(cards: Iterable[Card]) -> list[str]:
    """Canonical notation of each card.

    >>> format_cards(parse_cards("7R j *"))
    ['7r', 'W', 'W']
    """
    return [str(card) for card in cards]
