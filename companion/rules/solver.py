"""The hand solver: which complete lay-down of a phase a hand holds, if any. Exact and fast.

The hand is reduced to counts (naturals per number, per number and colour, and wilds) and a
lay-down to one *template* per part: a set's number, a run's first number, a colour group's
colour, a colour run's colour and first number. For fixed templates the rest is arithmetic:

* A number with ``s`` naturals in the hand that the templates ask for ``d`` times gives
  ``min(s, d)`` naturals and leaves ``max(0, d - s)`` slots to wilds. Sharing one number's
  naturals among the parts that ask for it changes nothing but which part holds a natural.
* Every part needs one natural. Sets stand on one number each, so Hall's condition says it
  all: a number holds at least as many naturals as sets stand on it, and the numbers of any
  choice of runs hold at least one natural per run beyond those the sets on them take.

The search minimises the wilds needed, so the lay-down found keeps as many wilds in hand as
any could, and a failed search knows how many cards the closest lay-down lacks:

* Runs try every first number; equal parts take their templates in non-decreasing order.
* Sets are first grouped into blocks that share one number. With ``b`` blocks and ``r`` runs
  (``r`` at most 1 when there are sets), only the ``b + r`` best numbers, ranked by naturals
  left over by the runs and then by naturals, need trying: a block on a lower number can
  move to a free one of them that does not hold the run's natural without needing more
  wilds or breaking Hall's condition.
* One colour group with one set or run: for each colour ``c`` and number template, the
  number part takes naturals of other colours first, then ``c`` cards; each ``c`` card saves
  it a wild and costs the colour group at most one. It gives one back only when the colour
  group would be left without a natural, which costs nothing: the colour group takes that
  card instead of a wild.

Any other shape (colour groups beside sets or runs, several colour parts, more than two
runs, runs beside several sets) goes to the general search of ``general_search.py``, exact
for every phase a hand of ten can hold, with the outs of ``general_outs.py``.

The hand's counts live in ``tally.py``, the plans for sets and runs in ``plans.py``, the
searches in ``number_search.py``, ``colour_search.py`` and ``general_search.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from companion.rules.cards import MAX_NUMBER, WILD, Card, Colour
from companion.rules.colour_search import ColourAndNumber, ColourRun, OneColour
from companion.rules.deck import deck_reasons
from companion.rules.errors import PhaseError, Reason, Term
from companion.rules.general_search import General
from companion.rules.hand_counts import UNSOLVED, Laydown, Strategy, Tally
from companion.rules.number_search import Numbers
from companion.rules.phases import Deck, Part, PartKind, Phase

# (singular, plural) pairs: the count decides which, in each language's own way.
NO_LAYDOWN = ("no lay-down of %(phase)s in %(count)s card",
              "no lay-down of %(phase)s in these %(count)s cards")
SHORT = ("the closest lay-down is %(missing)s card short",
         "the closest lay-down is %(missing)s cards short")
FEW_NATURALS = "too few natural cards: every group needs at least one"
# Why ``plan`` refuses a phase: what a person composing house rules is told.
EMPTY_PART = "a group holds at least 1 card, not %(size)s"
LONG_RUN = "a run holds at most 12 cards (1 to 12, and 12 and 1 are not neighbours), not %(size)s"
NO_DECK = "one deck cannot hold %(phase)s"
DEALT_ONLY = "a phase of %(count)s cards could never be laid: a player is dealt %(dealt)s"
TEMPLATES: tuple[str | tuple[str, str], ...] = (NO_LAYDOWN, SHORT, FEW_NATURALS, EMPTY_PART,
                                                LONG_RUN, NO_DECK, DEALT_ONLY)
#: The most runs the search for sets and runs plans ahead (``Numbers``): its plans grow
#: exponentially with the runs (3 runs take a tenth of a second to plan, 4 runs seconds);
#: phases with more go to the general search, which plans nothing ahead.
MAX_RUNS = 2
#: Cards dealt to a player: a phase the specialised searches do not know holds at most as
#: many (the built-in editions' phases all do).
DEALT = 10
#: Plans kept per process: every phase of every edition in use, without keeping a plan for
#: each shape ever composed in the house-rules editor.
PLANS_KEPT = 1024

@dataclass(frozen=True)
class Solution:
    """A complete lay-down found in a hand (groups in the phase's part order), or None.

    ``wilds`` says, per group, what each wild stands for (as in ``GroupCheck``).
    """

    valid: bool
    laydown: Laydown | None
    wilds: tuple[tuple[str, ...], ...]
    reasons: tuple[Reason, ...]


def solve(phase: Phase, hand: Sequence[Card]) -> Solution:
    """One complete lay-down of ``phase`` made of cards from ``hand``, each group exactly as
    big as its part, runs ascending with wilds where they stand; skips are ignored. Of all
    lay-downs it holds the fewest wilds.

    >>> from .cards import parse_cards
    >>> from companion.editions import get; from companion.rules import get_phase
    >>> found = solve(get_phase(get("original"), 1), parse_cards("7r 7g 7b W W W"))
    >>> [" ".join(map(str, group)) for group in found.laydown], found.wilds
    (['7r 7b W', '7g W W'], (('7',), ('7', '7')))
    """
    tally = Tally(hand)
    if not tally.fits(phase.edition):
        return Solution(False, None, (), tuple(deck_reasons(phase.edition, hand)))
    need, laydown = strategy_for(phase.parts).find(tally)
    if laydown is not None:
        wilds = tuple(_meanings(part, group)
                      for part, group in zip(phase.parts, laydown, strict=True))
        return Solution(True, laydown, wilds, ())
    reasons = [Reason(NO_LAYDOWN[0], {"phase": Term(phase.describe()), "count": len(hand)},
                      plural=NO_LAYDOWN[1])]
    if need == UNSOLVED:
        reasons.append(Reason(FEW_NATURALS))
    else:
        reasons.append(Reason(SHORT[0], {"missing": need - tally.wilds}, plural=SHORT[1],
                              count="missing"))
    return Solution(False, None, (), tuple(reasons))


def _meanings(part: Part, cards: Sequence[Card]) -> tuple[str, ...]:
    natural = next(card for card in cards if card.number is not None)
    assert natural.number is not None and natural.colour is not None
    if part.kind is PartKind.SET:
        meaning = [str(natural.number)] * len(cards)
    elif part.kind is PartKind.COLOUR:
        meaning = [natural.colour.value] * len(cards)
    else:
        start = natural.number - cards.index(natural)
        colour = natural.colour.value if part.kind is PartKind.COLOUR_RUN else ""
        meaning = [f"{start + index}{colour}" for index in range(len(cards))]
    return tuple(meaning[index] for index, card in enumerate(cards) if card.is_wild)


@lru_cache(maxsize=PLANS_KEPT)
def strategy_for(parts: tuple[Part, ...]) -> Strategy:
    """The search for ``parts``: a specialised one for the shapes of the built-in editions,
    the general one for any other."""
    specialised = _specialised(parts)
    return General(parts) if specialised is None else specialised


def _specialised(parts: tuple[Part, ...]) -> Strategy | None:
    colour = [part for part in parts if part.kind.needs_one_colour]
    numbers = [part for part in parts if not part.kind.needs_one_colour]
    runs = sum(part.kind is PartKind.RUN for part in numbers)
    if not colour and (runs <= 1 or runs == len(numbers) <= MAX_RUNS):
        return Numbers(parts)
    if len(parts) == 1 and colour[0].kind is PartKind.COLOUR:
        return OneColour(parts[0].size)
    if len(parts) == 1:
        return ColourRun(parts[0].size)
    if len(parts) == 2 and len(colour) == 1 and colour[0].kind is PartKind.COLOUR:
        return ColourAndNumber(parts)
    return None


def plan(phases: Iterable[Phase]) -> None:
    """Checks ``phases`` ahead; PhaseError says why no lay-down of one can be made: a part
    of no cards, a run longer than 12, more cards than a player is dealt (for a shape the
    built-in editions do not have), or a phase no lay-down from one deck of its edition
    makes (the edition registry calls this for every edition it accepts, the house-rules
    editor for every phase a person composes). Cheap: the searches plan on first use.

    >>> from companion.editions import get; from companion.rules import Part
    >>> try:
    ...     plan([Phase(get("original"), 1, (Part(PartKind.SET, 3), Part(PartKind.SET, 17)))])
    ... except PhaseError as error:
    ...     print(error)
    one deck cannot hold set of 3 + set of 17
    """
    for phase in phases:
        for part in phase.parts:
            if part.size < 1:
                raise PhaseError(EMPTY_PART, size=part.size)
            if part.kind.is_run and part.size > MAX_NUMBER:
                raise PhaseError(LONG_RUN, size=part.size)
        general = _specialised(phase.parts) is None
        if general and phase.card_count > DEALT:
            raise PhaseError(DEALT_ONLY, count=phase.card_count, dealt=DEALT)
        edition = phase.edition
        holds = _parts_fit(phase.parts, edition.deck, edition.turned_jokers) if general else \
            _deck_holds(phase.parts, edition.deck, edition.turned_jokers)
        if not holds:
            raise PhaseError(NO_DECK, phase=Term(phase.describe()))


def _parts_fit(parts: tuple[Part, ...], deck: Deck, turned_jokers: bool) -> bool:
    """Whether one deck holds a lay-down of at most ``DEALT`` cards: exactly when the wilds
    make up what each part on its own lacks (a set beyond the naturals of one number, a
    colour group beyond those of one colour). Any ten cards leave room to put the parts on
    numbers, colours and cards of their own: two sets never need share a number, nor a run
    a number a set of eight needs, and so on."""
    per_number, per_colour = len(Colour) * deck.copies_per_card, MAX_NUMBER * deck.copies_per_card
    lacking = sum(max(0, part.size - (per_number if part.kind is PartKind.SET else per_colour
                                      if part.kind is PartKind.COLOUR else part.size))
                  for part in parts)
    return lacking <= (0 if turned_jokers else deck.wilds)


@lru_cache(maxsize=PLANS_KEPT)
def _deck_holds(parts: tuple[Part, ...], deck: Deck, turned_jokers: bool) -> bool:
    """Whether the solver finds a lay-down of ``parts`` in a whole deck: a set bigger than
    the naturals of one number and the wilds together, say, is never laid. A board-game
    joker is a card dealt as a number and turned round, so there only the naturals count:
    the deck cannot deal a phase that needs a joker (the outs could never reach it)."""
    naturals = [Card.natural(number, colour) for number in range(1, MAX_NUMBER + 1)
                for colour in Colour for _ in range(deck.copies_per_card)]
    wilds = [] if turned_jokers else [WILD] * deck.wilds
    return strategy_for(parts).find(Tally([*naturals, *wilds]))[1] is not None
