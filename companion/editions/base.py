"""What an edition of Phase 10 is, as data: the one place that says how editions differ.

Everything outside ``companion/editions`` asks an :class:`Edition` object (or the registry in
``companion.editions``) instead of naming an edition. Adding an edition is one module in this
package that defines ``EDITION``, plus the translations of its labels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from companion.refusals import N_
from companion.rules.phases import Deck, Part, PartKind, Phase

PhaseTable = tuple[tuple[tuple[PartKind, int], ...], ...]
#: An edition's labels a page or a drawing shows.
Label = Literal["name", "title", "tag", "kind", "start_hint", "new_label", "first_label",
                "phases_title", "note"]
#: The labels that are the house rules' own name in a house edition: what a person typed,
#: never a message id (never translated, never markup).
OWN_WORDS: frozenset[Label] = frozenset({"name", "title", "phases_title", "note"})


@dataclass(frozen=True)
class CardValues:
    """What each card left in a hand costs at the end of a round (card games).

    >>> CardValues().of("12b"), CardValues(wild=25).of("W"), CardValues().of("S")
    (10, 25, 15)
    """

    low: int = 5
    """A number card 1–9."""
    high: int = 10
    """A number card 10–12."""
    skip: int = 15
    wild: int = 20

    def of(self, card: str) -> int:
        """The value of one card in the API's notation (``7r``, ``W``, ``S``)."""
        head = card.strip().upper()
        if head in ("W", "J", "*"):
            return self.wild
        if head == "S":
            return self.skip
        return self.high if int(head.rstrip("RGBY")) >= 10 else self.low


RAVENSBURGER = CardValues()
"""The rule book's values: 1–9 five points, 10–12 ten, a skip 15, a wild 20."""
MATTEL = CardValues(wild=25)
"""Mattel's deck: the same, but a wild costs 25."""


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
    values: CardValues = RAVENSBURGER
    """What the cards left in a hand cost (card games)."""
    markers: bool = False
    """True when players move markers along a track to a wreath instead of scoring points."""
    chooses_phase: bool = False
    """True when each player chooses which open phase to attempt each round (Masters)."""
    saves_cards: bool = False
    """True when each player keeps a save pile (Masters): a card set aside at the end of a turn
    instead of a discard, taken back later instead of a draw; it carries over between hands
    and is not scored (docs/decisions.md)."""
    variants: bool = False
    """True when the card game's variants apply: a subset of the phases, or ten rounds."""
    house: bool = False
    """True for house rules a table made on the editor page (``companion.editions.house``):
    the key names one stored revision of them."""
    turned_jokers: bool = False
    """True when a joker is a number card held turned round: any card can be one, there are no
    skip cards, and a wild still fits a run whose numbers are used up."""

    # What the web layer shows for the edition: labels are message ids (translated where they
    # are shown), templates are names in ``templates/``. Defaults are the card game's.
    kind: str = N_("Card game")
    """What kind of game it is, in the device's list of recent games: "Card game"."""
    start_hint: str = ""
    """When set, the home page has a start button of its own for the edition, labelled with
    :attr:`kind` over this line ("Score sheet"); "" for an edition chosen on the form only."""
    new_label: str = ""
    """The button that starts a game of the edition on a group's page ("New card game");
    "" for none."""
    first_label: str = N_("Deals first")
    """The new-game form's label for the seat that begins the first round."""
    phases_title: str = N_("Card game: how hard is each phase?")
    """Heading of the group page's table of rounds per completed phase."""
    note: str = ""
    """A short note after a phase number where phases of all editions are listed together
    ("board game"); "" when the number needs none."""
    sheet_template: str = "games/sheet.html"
    """The page that shows a game of the edition."""
    round_template: str = "games/round.html"
    """The form that enters one round of the edition."""


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

    def says(self, label: Label, translate: Callable[[str], str]) -> str:
        """The label as shown: a built-in edition's message id in the language of
        ``translate``; a house edition's own name as typed (user text is never looked up in
        a catalog nor marked safe); "" for an unset label.

        >>> from companion.editions import get
        >>> get("original").says("name", str.upper)
        'ORIGINAL'
        """
        text: str = getattr(self, label)
        if not text or (self.house and label in OWN_WORDS):
            return str(text)
        return str(translate(text))

    def __str__(self) -> str:
        """The key: where an edition is written out as text (a CSV cell), it is its key."""
        return self.key

    def __repr__(self) -> str:
        return f"<Edition {self.key}>"

