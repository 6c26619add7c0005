"""What an edition of Phase 10 is, as data: the one place that says how editions differ.

Everything outside ``companion/editions`` asks an :class:`Edition` object (or the registry in
``companion.editions``) instead of naming an edition. Adding an edition is one module in this
package that defines ``EDITION``, plus the translations of its labels.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..rules.phases import Deck, Part, PartKind, Phase


def N_(message: str) -> str:
    """Marks a label for translation without translating it here (the registry is pure Python;
    the web layer translates with gettext when it shows the label)."""
    return message


PhaseTable = tuple[tuple[tuple[PartKind, int], ...], ...]


@dataclass(frozen=True, eq=False)
class Edition:
    """One edition of the game. Compared by identity: the registry holds exactly one of each."""

    key: str
    """The stable identifier stored in the database and used by the API ("original")."""
    order: int
    """Where the edition appears in lists and forms."""
    name: str
    """Label (a message id) for choosing the edition: "Original"."""
    title: str
    """Heading of its printed and on-screen sheet: "Phase 10 card game"."""
    tag: str
    """Short label in lists of games: "Card game"."""
    table: PhaseTable
    """The phases in order, each a tuple of (kind, size) parts."""
    deck: Deck
    markers: bool = False
    """True when players move markers along a track to a wreath instead of scoring points."""
    chooses_phase: bool = False
    """True when each player chooses which open phase to attempt each round (Masters)."""
    variants: bool = False
    """True when the card game's variants apply: a subset of the phases, or ten rounds."""
    turned_jokers: bool = False
    """True when a joker is a number card held turned round: any card can be one, there are no
    skip cards, and a wild still fits a run whose numbers are used up."""
    hint: str = ""
    """One line (a message id) under the edition's name on the new-game form."""

    @property
    def value(self) -> str:
        """The key, under the name ``enum.Enum`` uses, for code that treats editions as values."""
        return self.key

    @cached_property
    def phases(self) -> tuple[Phase, ...]:
        return tuple(Phase(self, number, tuple(Part(kind, size) for kind, size in parts))
                     for number, parts in enumerate(self.table, start=1))

    @property
    def phase_count(self) -> int:
        return len(self.table)

    @property
    def phase_numbers(self) -> tuple[int, ...]:
        return tuple(range(1, self.phase_count + 1))

    @property
    def wreath(self) -> int:
        """The board game's track position after the last phase (the laurel wreath)."""
        return self.phase_count + 1

    @property
    def skips(self) -> bool:
        return self.deck.skips > 0

    def __repr__(self) -> str:
        return f"<Edition {self.key}>"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        from . import get  # editions pickle by key, so a copy is the registered object
        return get, (self.key,)
