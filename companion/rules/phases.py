"""Phases as data: a phase is a tuple of parts (kind + size). Each edition's list of phases
and its deck live with the edition, in ``companion.editions``."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from companion.rules.errors import PhaseError


class Edition(Protocol):
    """What the rules engine needs of an edition: its phases and its deck.
    (``companion.editions.base.Edition`` is one; the engine never imports the registry.)"""

    @property
    def key(self) -> str: ...

    @property
    def deck(self) -> Deck: ...

    @property
    def chooses_phase(self) -> bool: ...

    @property
    def turned_jokers(self) -> bool: ...

    @property
    def phases(self) -> tuple[Phase, ...]: ...

    @property
    def phase_count(self) -> int: ...

    @property
    def skips(self) -> bool: ...


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

        >>> from companion.editions import get
        >>> get_phase(get("original"), 1).describe()
        '2 sets of 3'
        >>> get_phase(get("board"), 7).describe()
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


def get_phase(edition: Edition, number: object) -> Phase:
    """Phase ``number`` of ``edition``; PhaseError for anything else."""
    last = edition.phase_count
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= last:
        raise PhaseError("“%(phase)s” is not a phase: phases are numbered 1 to %(last)s",
                         phase=number, last=last)
    return edition.phases[number - 1]


@dataclass(frozen=True)
class Deck:
    """How many of each card an edition's deck holds."""

    copies_per_card: int
    wilds: int
    skips: int
    cards: int
