"""The three editions' phase lists, as data: a phase is a tuple of parts (kind + size)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .errors import PhaseError


class Edition(Enum):
    ORIGINAL = "original"
    MASTERS = "masters"
    BOARD = "board"

    @classmethod
    def parse(cls, text: object) -> Edition:
        """The edition named ``text``.

        >>> Edition.parse("Masters")
        <Edition.MASTERS: 'masters'>
        """
        if isinstance(text, str):
            for edition in cls:
                if edition.value == text.strip().lower():
                    return edition
        raise PhaseError("“%(edition)s” is not an edition: choose original, masters or board",
                         edition=text)


class PartKind(Enum):
    SET = "set"
    RUN = "run"
    COLOUR = "colour"
    COLOUR_RUN = "colour run"

    @property
    def is_run(self) -> bool:
        return self in (PartKind.RUN, PartKind.COLOUR_RUN)

    @property
    def needs_one_colour(self) -> bool:
        return self in (PartKind.COLOUR, PartKind.COLOUR_RUN)


@dataclass(frozen=True)
class Part:
    """One required group of a phase, e.g. a set of 3."""

    kind: PartKind
    size: int

    def describe(self) -> str:
        """English name of the part, as used by the API.

        >>> Part(PartKind.COLOUR, 7).describe(), Part(PartKind.RUN, 4).describe()
        ('7 cards of one colour', 'run of 4')
        """
        if self.kind is PartKind.COLOUR:
            return f"{self.size} cards of one colour"
        return f"{self.kind.value} of {self.size}"


@dataclass(frozen=True)
class Phase:
    """A numbered phase of an edition and the parts it requires."""

    edition: Edition
    number: int
    parts: tuple[Part, ...]

    @property
    def card_count(self) -> int:
        """Cards a minimal lay-down of this phase holds."""
        return sum(part.size for part in self.parts)

    def describe(self) -> str:
        """The phase in words, equal parts counted together.

        >>> get_phase(Edition.ORIGINAL, 1).describe()
        '2 sets of 3'
        >>> get_phase(Edition.BOARD, 7).describe()
        'set of 2 + set of 3 + set of 4'
        """
        words: list[str] = []
        index = 0
        while index < len(self.parts):
            part = self.parts[index]
            count = 1
            while index + count < len(self.parts) and self.parts[index + count] == part:
                count += 1
            words.append(_counted(part, count))
            index += count
        return " + ".join(words)


def _counted(part: Part, count: int) -> str:
    if count == 1:
        return part.describe()
    plural = {PartKind.SET: "sets", PartKind.RUN: "runs", PartKind.COLOUR_RUN: "colour runs"}
    if part.kind is PartKind.COLOUR:
        return f"{count} × {part.describe()}"
    return f"{count} {plural[part.kind]} of {part.size}"


_S, _R, _C, _CR = PartKind.SET, PartKind.RUN, PartKind.COLOUR, PartKind.COLOUR_RUN

_TABLE: dict[Edition, tuple[tuple[tuple[PartKind, int], ...], ...]] = {
    Edition.ORIGINAL: (
        ((_S, 3), (_S, 3)),
        ((_S, 3), (_R, 4)),
        ((_S, 4), (_R, 4)),
        ((_R, 7),),
        ((_R, 8),),
        ((_R, 9),),
        ((_S, 4), (_S, 4)),
        ((_C, 7),),
        ((_S, 5), (_S, 2)),
        ((_S, 5), (_S, 3)),
    ),
    Edition.MASTERS: (
        ((_S, 3), (_S, 3), (_S, 3)),
        ((_S, 2), (_S, 2), (_S, 2), (_S, 2)),
        ((_S, 5), (_R, 4)),
        ((_S, 3), (_S, 3), (_R, 3)),
        ((_S, 3), (_R, 6)),
        ((_R, 4), (_R, 4)),
        ((_R, 4), (_C, 4)),
        ((_CR, 5),),
        ((_C, 8),),
        ((_C, 9),),
    ),
    Edition.BOARD: (
        ((_C, 5), (_R, 3)),
        ((_S, 2), (_S, 2), (_S, 2), (_S, 2)),
        ((_S, 3), (_R, 4)),
        ((_R, 4), (_R, 4)),
        ((_C, 6), (_S, 3)),
        ((_R, 8),),
        ((_S, 2), (_S, 3), (_S, 4)),
        ((_S, 4), (_S, 4)),
        ((_R, 9),),
        ((_S, 5), (_S, 3)),
    ),
}

PHASES: dict[Edition, tuple[Phase, ...]] = {
    edition: tuple(
        Phase(edition, number, tuple(Part(kind, size) for kind, size in parts))
        for number, parts in enumerate(rows, start=1)
    )
    for edition, rows in _TABLE.items()
}

PHASE_NUMBERS: tuple[int, ...] = tuple(range(1, 11))
"""Every edition has ten phases, numbered 1 to 10."""


def get_phase(edition: Edition, number: object) -> Phase:
    """Phase ``number`` (1–10) of ``edition``; PhaseError for anything else."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 10:
        raise PhaseError("“%(phase)s” is not a phase: phases are numbered 1 to 10", phase=number)
    return PHASES[edition][number - 1]


@dataclass(frozen=True)
class Deck:
    """How many of each card an edition's deck holds."""

    copies_per_card: int
    wilds: int
    skips: int
    cards: int


DECKS: dict[Edition, Deck] = {
    Edition.ORIGINAL: Deck(copies_per_card=2, wilds=8, skips=4, cards=108),
    Edition.MASTERS: Deck(copies_per_card=2, wilds=8, skips=4, cards=108),
    # Board game: 96 number cards and no skips; a joker is a number card turned round.
    Edition.BOARD: Deck(copies_per_card=2, wilds=96, skips=0, cards=96),
}
