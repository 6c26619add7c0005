"""Groups on the table: sets, runs, colour groups and colour runs; lay-downs and hits.

Every answer carries its reasons as :class:`Reason` templates, so pages can translate them.
The templates are constants here and in ``deck.py`` and ``runs.py``; ``TEMPLATES`` lists them all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import permutations

from companion.rules.cards import Card, Colour
from companion.rules.deck import (
    DECK_CARD,
    DECK_CARDS,
    DECK_SKIPS,
    DECK_WILDS,
    NO_SKIPS_ON_BOARD,
    deck_reasons,
)
from companion.rules.errors import Reason, Term
from companion.rules.phases import Edition, Part, PartKind, Phase
from companion.rules.runs import (
    EXTRA,
    HIT_COLOUR_RUN,
    HIT_RUN_END,
    HIT_RUN_ENDS,
    HIT_RUN_FULL,
    RUN_BELOW_ONE,
    RUN_BELOW_ONE_FIX,
    RUN_CROWDED,
    RUN_GAP,
    RUN_NO_WRAP,
    RUN_ORDER,
    RUN_ORDER_UNFIXABLE,
    RUN_PAST_TWELVE,
    RUN_PAST_TWELVE_FIX,
    RUN_TWICE,
    RUN_WIDE_GAP,
    Checked,
    End,
    check_run,
    first_natural,
    hit_run,
    plain,
    show,
)

SKIP = "a skip can never be part of a phase"
TOO_FEW = "%(cards)s is too short: it needs at least %(size)s cards"
NO_NATURAL = "%(cards)s has no natural card: every group needs at least one"
SET_MIXED = "the set %(cards)s mixes numbers: %(numbers)s"
COLOUR_MIXED = "the colour group %(cards)s mixes colours: %(colours)s"
COLOUR_RUN_MIXED = "the colour run %(cards)s mixes colours: %(colours)s"
GROUP_COUNT = "this phase needs %(parts)s groups (%(phase)s), not %(count)s"
GROUP_COUNT_ONE = "this phase is one group (%(phase)s), not %(count)s"
GROUP_FAILS = "group %(number)s, %(cards)s, cannot be the %(part)s"
HIT_SET = "%(card)s does not fit the set %(cards)s"
HIT_COLOUR = "%(card)s does not fit the colour group %(cards)s"

TEMPLATES = (
    SKIP, NO_SKIPS_ON_BOARD, TOO_FEW, NO_NATURAL, SET_MIXED, COLOUR_MIXED, COLOUR_RUN_MIXED,
    RUN_TWICE, RUN_ORDER, RUN_ORDER_UNFIXABLE, RUN_GAP, RUN_WIDE_GAP, RUN_CROWDED,
    RUN_BELOW_ONE, RUN_PAST_TWELVE, RUN_BELOW_ONE_FIX, RUN_PAST_TWELVE_FIX, RUN_NO_WRAP,
    DECK_CARD, DECK_WILDS, DECK_SKIPS, DECK_CARDS, GROUP_COUNT,
    GROUP_COUNT_ONE, GROUP_FAILS, HIT_SET, HIT_COLOUR, HIT_COLOUR_RUN, HIT_RUN_ENDS,
    HIT_RUN_END, HIT_RUN_FULL,
)


@dataclass(frozen=True)
class GroupCheck:
    """Whether cards make a group; ``wilds`` says what each wild stands for (empty if invalid)."""

    valid: bool
    reasons: tuple[Reason, ...]
    wilds: tuple[str, ...]


@dataclass(frozen=True)
class MatchedGroup:
    """A laid group and the phase part it was matched to."""

    part: Part
    cards: tuple[Card, ...]
    wilds: tuple[str, ...]


@dataclass(frozen=True)
class LaydownCheck:
    """Whether groups make a phase; ``groups`` in the order they were given."""

    valid: bool
    reasons: tuple[Reason, ...]
    groups: tuple[MatchedGroup, ...]


@dataclass(frozen=True)
class HitCheck:
    """Whether a card may be added to a group on the table; ``where`` names a run's ends."""

    valid: bool
    where: tuple[End, ...]
    reasons: tuple[Reason, ...]


def check_group(edition: Edition, part: Part, cards: Sequence[Card]) -> GroupCheck:
    """Do these cards, as laid, make ``part``?

    A run reads left to right ascending and each wild stands for the number its position
    gives. In the board game wilds may lie beyond the ends of a run that covers all of
    1–12 (they may be added to a full run), so only such a run is longer than 12; they
    stand for no number and are shown as ``+``.

    >>> from .cards import parse_cards
    >>> from companion.editions import get
    >>> check_group(get("original"), Part(PartKind.RUN, 3), parse_cards("W 3r W")).wilds
    ('2', '4')
    >>> [str(r) for r in check_group(get("original"), Part(PartKind.RUN, 3),
    ...                              parse_cards("4r 5b 7g")).reasons]
    ['the run 4 5 7 has a gap at 6']
    """
    reasons, wilds = _check(edition, part, cards)
    reasons = _unique([*reasons, *deck_reasons(edition, cards)])
    return GroupCheck(not reasons, tuple(reasons), wilds if not reasons else ())


def check_laydown(phase: Phase, groups: Sequence[Sequence[Card]]) -> LaydownCheck:
    """Do these groups, in any order, make ``phase``? Over the whole lay-down no card may
    appear more often than the deck holds it.

    When no matching of groups to parts works, the reasons are those of the closest
    matching (fewest failing groups), each failing group named by its place and cards.
    When the number of groups is wrong, that is the reason and no group is matched.

    >>> from .cards import parse_cards
    >>> from .phases import get_phase
    >>> from companion.editions import get
    >>> check = check_laydown(get_phase(get("original"), 2),
    ...                       [parse_cards("8g 9g 10y 11r"), parse_cards("5r 5b W")])
    >>> check.valid, [group.part.describe() for group in check.groups], check.groups[1].wilds
    (True, ['run of 4', 'set of 3'], ('5',))
    """
    laid = [tuple(group) for group in groups]
    deck = deck_reasons(phase.edition, (card for group in laid for card in group))
    if len(laid) != len(phase.parts):
        template = GROUP_COUNT_ONE if len(phase.parts) == 1 else GROUP_COUNT
        count = Reason(template, {"parts": len(phase.parts), "phase": Term(phase.describe()),
                                  "count": len(laid)})
        return LaydownCheck(False, (count, *deck), ())
    checks: dict[tuple[int, Part], Checked] = {}
    for index, cards in enumerate(laid):
        for part in set(phase.parts):
            checks[index, part] = _check(phase.edition, part, cards)
    best: tuple[Part, ...] = phase.parts
    best_score = (len(laid) + 1, 0)
    for parts in dict.fromkeys(permutations(phase.parts)):
        failing = [checks[index, part][0] for index, part in enumerate(parts)
                   if checks[index, part][0]]
        score = (len(failing), sum(map(len, failing)))
        if score < best_score:
            best, best_score = parts, score
    reasons: list[Reason] = []
    for index, part in enumerate(best):
        if checks[index, part][0]:
            reasons.append(Reason(GROUP_FAILS, {"number": index + 1, "part": Term(part.describe()),
                                                "cards": show(part.kind, laid[index])}))
            reasons.extend(checks[index, part][0])
    reasons = _unique([*deck, *reasons])
    matched = tuple(MatchedGroup(part, plain(cards) if part.kind in RUN_KINDS else cards,
                                 checks[index, part][1] if not reasons else ())
                    for index, (part, cards) in enumerate(zip(best, laid, strict=True)))
    return LaydownCheck(not reasons, tuple(reasons), matched)


def check_hit(edition: Edition, kind: PartKind, group: Sequence[Card], card: Card) -> HitCheck:
    """May ``card`` be added to ``group``, a group of ``kind`` on the table, and where?

    ``where`` lists a run's ends ("low", "high") the card may go to; it is empty for sets
    and colour groups. In the board game a wild may still go onto a full set or onto a
    run that covers all of 1–12 (at either end, standing for no number).

    >>> from .cards import WILD, parse_cards
    >>> from companion.editions import get
    >>> check_hit(get("original"), PartKind.RUN, parse_cards("W W 3r"), WILD).where
    ('high',)
    """
    table = tuple(group)
    reasons, _ = _check(edition, Part(kind, 1), table)
    if not reasons and card.is_skip:
        reasons = [Reason(SKIP if edition.skips else NO_SKIPS_ON_BOARD)]
    if not reasons:
        reasons = deck_reasons(edition, (*table, card))
    if reasons:
        return HitCheck(False, (), tuple(_unique(reasons)))
    shown = show(kind, table)
    if kind.is_run:
        where, why = hit_run(edition, kind, table, card, shown)
        return HitCheck(not why, where, why)
    fits = card.is_wild or (card.number == first_natural(table).number if kind is PartKind.SET
                            else card.colour == first_natural(table).colour)
    if fits:
        return HitCheck(True, (), ())
    template = HIT_SET if kind is PartKind.SET else HIT_COLOUR
    return HitCheck(False, (), (Reason(template, {"card": str(card), "cards": shown}),))


def _check(edition: Edition, part: Part, cards: Sequence[Card]) -> Checked:
    shown = show(part.kind, cards) or "–"
    if any(card.is_skip for card in cards):
        return [Reason(SKIP if edition.skips else NO_SKIPS_ON_BOARD)], ()
    reasons = []
    if len(cards) < part.size:
        reasons.append(Reason(TOO_FEW, {"cards": shown, "size": part.size}))
    if not any(card.is_natural for card in cards):
        reasons.append(Reason(NO_NATURAL, {"cards": shown}))
        return reasons, ()
    kind_reasons, wilds = _KIND_CHECKS[part.kind](edition, part.kind, cards, shown)
    return reasons + kind_reasons, wilds


def _check_set(edition: Edition, kind: PartKind, cards: Sequence[Card],
               shown: str) -> Checked:
    numbers = sorted({card.number for card in cards if card.number is not None})
    if len(numbers) > 1:
        return [Reason(SET_MIXED, {"cards": shown, "numbers": _words(numbers)})], ()
    return [], tuple(str(numbers[0]) for card in cards if card.is_wild)


def _colours(cards: Sequence[Card]) -> list[Colour]:
    present = {card.colour for card in cards if card.colour is not None}
    return [colour for colour in Colour if colour in present]


def _check_colour(edition: Edition, kind: PartKind, cards: Sequence[Card],
                  shown: str) -> Checked:
    colours = _colours(cards)
    if len(colours) > 1:
        return [Reason(COLOUR_MIXED, {"cards": shown, "colours": _words(colours)})], ()
    return [], tuple(colours[0].value for card in cards if card.is_wild)


def _check_colour_run(edition: Edition, kind: PartKind, cards: Sequence[Card],
                      shown: str) -> Checked:
    colours = _colours(cards)
    if len(colours) > 1:
        return [Reason(COLOUR_RUN_MIXED, {"cards": shown, "colours": _words(colours)})], ()
    reasons, wilds = check_run(edition, kind, cards, shown)
    return reasons, tuple(f"{wild}{colours[0].value}" if wild != EXTRA else wild
                          for wild in wilds)


RUN_KINDS = (PartKind.RUN, PartKind.COLOUR_RUN)

_KIND_CHECKS = {
    PartKind.SET: _check_set,
    PartKind.RUN: check_run,
    PartKind.COLOUR: _check_colour,
    PartKind.COLOUR_RUN: _check_colour_run,
}


def _words(items: Iterable[int | Colour]) -> str:
    return " ".join(item.value if isinstance(item, Colour) else str(item) for item in items)


def _unique(reasons: Iterable[Reason]) -> list[Reason]:
    unique: list[Reason] = []
    for reason in reasons:
        if reason not in unique:
            unique.append(reason)
    return unique
