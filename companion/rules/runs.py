"""Runs as laid: what each wild stands for by its position, gaps, order, ends to add to."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Literal

from companion.rules.cards import MAX_NUMBER, MIN_NUMBER, WILD, Card
from companion.rules.errors import Reason
from companion.rules.phases import Edition, PartKind

RUN_TWICE = "the run %(cards)s holds %(number)s twice"
RUN_ORDER = "the run %(cards)s is not in ascending order: lay it as %(order)s"
RUN_ORDER_UNFIXABLE = "the run %(cards)s is not in ascending order"
RUN_GAP = "the run %(cards)s has a gap at %(missing)s"
RUN_WIDE_GAP = "the run %(cards)s has a gap from %(low)s to %(high)s"
RUN_GAP_FIX = "the run %(cards)s has a gap at %(missing)s: lay it as %(order)s"
RUN_WIDE_GAP_FIX = "the run %(cards)s has a gap from %(low)s to %(high)s: lay it as %(order)s"
RUN_CROWDED = "the run %(cards)s has too many wilds between %(low)s and %(high)s"
RUN_BELOW_ONE = "the run %(cards)s would go below 1"
RUN_PAST_TWELVE = "the run %(cards)s would go past 12"
RUN_BELOW_ONE_FIX = "the run %(cards)s would go below 1: lay it as %(order)s"
RUN_PAST_TWELVE_FIX = "the run %(cards)s would go past 12: lay it as %(order)s"
RUN_NO_WRAP = "the run %(cards)s goes from 12 to 1, but 12 and 1 are not neighbours"
HIT_COLOUR_RUN = "%(card)s has the wrong colour for the colour run %(cards)s"
HIT_RUN_ENDS = "%(card)s does not fit the run %(cards)s: only %(low)s or %(high)s does"
HIT_RUN_END = "%(card)s does not fit the run %(cards)s: only %(number)s does"
HIT_RUN_FULL = "the run %(cards)s is full"

Checked = tuple[list[Reason], tuple[str, ...]]
End = Literal["low", "high"]  # a run's ends, as the API names them
Hit = tuple[tuple[End, ...], tuple[Reason, ...]]  # (the ends a card may go to, why not)

#: What a wild stands for when it lies beyond the ends of a full 1–12 board-game run.
EXTRA = "+"


def show(kind: PartKind, cards: Iterable[Card]) -> str:
    """Cards as a reason names them: a plain run by its numbers only (``4 5 W 7``)."""
    if kind is PartKind.RUN:
        return " ".join(str(card.number) if card.is_natural else str(card) for card in cards)
    return " ".join(str(card) for card in cards)


def plain(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A run without wilds in ascending order (a run is defined by its numbers only); any
    other cards as laid."""
    if any(card.number is None for card in cards):
        return tuple(cards)
    return tuple(sorted(cards, key=lambda card: card.number or 0))


def _wraps(naturals: Sequence[tuple[int, int]], wilds: bool) -> bool:
    """Whether the cards would only make a run if 12 and 1 were neighbours."""
    numbers = {number for _, number in naturals}
    if not wilds:
        missing = [n for n in range(MIN_NUMBER, MAX_NUMBER + 1) if n not in numbers]
        return (MIN_NUMBER in numbers and MAX_NUMBER in numbers and bool(missing)
                and missing[-1] - missing[0] == len(missing) - 1)
    return any(a > b and b + MAX_NUMBER - a == j - i
               for (i, a), (j, b) in pairwise(naturals))


def check_run(edition: Edition, kind: PartKind, cards: Sequence[Card],
              shown: str) -> Checked:
    naturals = [(index, card.number) for index, card in enumerate(cards)
                if card.number is not None]
    numbers = [number for _, number in naturals]
    twice = sorted({number for number in numbers if numbers.count(number) > 1})
    if twice:
        return [Reason(RUN_TWICE, {"cards": shown, "number": twice[0]})], ()
    wilds = len(naturals) < len(cards)
    if _wraps(naturals, wilds):
        return [Reason(RUN_NO_WRAP, {"cards": shown})], ()
    if not wilds:  # without wilds the order as laid does not matter: name it ascending
        shown = show(kind, plain(cards))
        naturals = [(index, number) for index, number in enumerate(sorted(numbers))]
        numbers = sorted(numbers)
    if any(a > b for a, b in pairwise(numbers)):
        fixed = ascending(edition, cards)
        if fixed is None:
            return [Reason(RUN_ORDER_UNFIXABLE, {"cards": shown})], ()
        return [Reason(RUN_ORDER, {"cards": shown, "order": show(kind, fixed)})], ()
    reasons = [reason for (i, a), (j, b) in pairwise(naturals)
               if (reason := _between(shown, i, a, j, b)) is not None]
    if reasons:
        return _gaps_fixed(edition, kind, cards, reasons) if wilds else reasons, ()
    start = naturals[0][1] - naturals[0][0]
    end = start + len(cards) - 1
    if not (edition.turned_jokers and start <= MIN_NUMBER and end >= MAX_NUMBER):
        fixed = ascending(edition, cards) if start < MIN_NUMBER or end > MAX_NUMBER else None
        order = {"order": show(kind, fixed)} if fixed is not None else {}
        if start < MIN_NUMBER:
            reasons.append(Reason(RUN_BELOW_ONE_FIX if order else RUN_BELOW_ONE,
                                  {"cards": shown, **order}))
        if end > MAX_NUMBER:
            reasons.append(Reason(RUN_PAST_TWELVE_FIX if order else RUN_PAST_TWELVE,
                                  {"cards": shown, **order}))
    if reasons:
        return reasons, ()
    return [], tuple(str(start + index) if MIN_NUMBER <= start + index <= MAX_NUMBER else EXTRA
                     for index, card in enumerate(cards) if card.is_wild)


def first_natural(cards: Sequence[Card]) -> Card:
    return next(card for card in cards if card.is_natural)


def hit_run(edition: Edition, kind: PartKind, table: tuple[Card, ...], card: Card,
            shown: str) -> Hit:
    """Which ends of the run ``table``, as laid, ``card`` may go to, or why it fits neither."""
    table = plain(table)
    natural = first_natural(table)
    assert natural.number is not None
    start = natural.number - table.index(natural)
    ends: dict[End, int] = {"low": start - 1, "high": start + len(table)}
    open_ends = {end: number for end, number in ends.items()
                 if MIN_NUMBER <= number <= MAX_NUMBER}
    if card.is_wild:
        if open_ends:
            return tuple(open_ends), ()
        if edition.turned_jokers:
            return tuple(ends), ()
        return (), (Reason(HIT_RUN_FULL, {"cards": shown}),)
    if kind is PartKind.COLOUR_RUN and card.colour != natural.colour:
        return (), (Reason(HIT_COLOUR_RUN, {"card": str(card), "cards": shown}),)
    where = tuple(end for end, number in open_ends.items() if number == card.number)
    if where:
        return where, ()
    if not open_ends:
        return (), (Reason(HIT_RUN_FULL, {"cards": shown}),)
    if len(open_ends) == 1:
        params: dict[str, str | int] = {"number": next(iter(open_ends.values()))}
        template = HIT_RUN_END
    else:
        params, template = {"low": ends["low"], "high": ends["high"]}, HIT_RUN_ENDS
    return (), (Reason(template, {"card": str(card), "cards": shown, **params}),)


_GAP_FIXES = {RUN_GAP: RUN_GAP_FIX, RUN_WIDE_GAP: RUN_WIDE_GAP_FIX}


def _gaps_fixed(edition: Edition, kind: PartKind, cards: Sequence[Card],
                reasons: list[Reason]) -> list[Reason]:
    """Gaps a wild laid elsewhere could fill ("8 9 11 W"): each gap names the order that makes
    the run ("lay it as 8 9 W 11"), when the same cards in that order are one."""
    fixed = ascending(edition, cards)
    if fixed is None or check_run(edition, kind, fixed, show(kind, fixed))[0]:
        return reasons
    order = show(kind, fixed)
    return [Reason(_GAP_FIXES[reason.template], {**(reason.params or {}), "order": order})
            if reason.template in _GAP_FIXES else reason for reason in reasons]


def _between(shown: str, i: int, a: int, j: int, b: int) -> Reason | None:
    """What is wrong between the naturals ``a`` at position ``i`` and ``b`` at ``j``."""
    if b - a < j - i:
        return Reason(RUN_CROWDED, {"cards": shown, "low": a, "high": b})
    if b - a == j - i:
        return None
    low, high = a + (j - i), b - 1
    if low == high:
        return Reason(RUN_GAP, {"cards": shown, "missing": low})
    return Reason(RUN_WIDE_GAP, {"cards": shown, "low": low, "high": high})


def ascending(edition: Edition, cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """The same cards laid as an ascending run (naturals sorted, wilds filling the gaps,
    spare wilds at the high end, then the low end), or None when no order makes a run."""
    naturals = sorted((card for card in cards if card.number is not None),
                      key=lambda card: (card.number, card.colour and card.colour.value))
    spare = len(cards) - len(naturals)
    laid: list[Card] = []
    for card in naturals:
        assert card.number is not None
        if laid:
            previous = laid[-1]
            assert previous.number is not None
            gap = card.number - previous.number - 1
            if gap < 0 or gap > spare:
                return None
            laid.extend([WILD] * gap)
            spare -= gap
        laid.append(card)
    if not laid:
        return None
    first, last = laid[0].number, laid[-1].number
    assert first is not None and last is not None
    high = min(spare, MAX_NUMBER - last)
    low = spare - high
    if low > first - MIN_NUMBER and not edition.turned_jokers:
        return None
    return tuple([WILD] * low + laid + [WILD] * high)
