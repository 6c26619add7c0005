"""Extra cards that fit: once a hand's phase is laid, which of the cards left in hand can go
onto the new groups right away (the rule book's "extra cards that fit"), as many as can.

Sets take every card of their number, colour groups every card of their colour; runs grow
at either end, one number at a time, a wild standing for a number that is missing. A wild
fits any set or colour group, and in the board game any run, even a full one. The search
tries every way to extend the runs (at most three runs, a few dozen ways each) and lays a
natural on each number that has one, which is never worse than a wild there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import Literal

from companion.rules.cards import MAX_NUMBER, MIN_NUMBER, WILD, Card, Colour
from companion.rules.hand_counts import NATURALS, Laydown, natural_index, window_mask
from companion.rules.phases import PartKind, Phase
from companion.rules.runs import End


@dataclass(frozen=True)
class Extra:
    """One card laid onto group ``group`` (its index in the lay-down); ``where`` is the end
    of a run it goes to ("low" or "high"), empty for sets and colour groups."""

    card: Card
    group: int
    where: Literal["", "low", "high"] = ""


Run = tuple[int, int, int, Colour | None]  # group index, lowest number, highest, colour
Others = tuple[tuple[int, PartKind, int | Colour | None], ...]  # index, kind, number or colour


def extras(phase: Phase, laydown: Laydown, hand: Sequence[Card]) -> tuple[Extra, ...]:
    """As many of the cards ``hand`` keeps after ``laydown`` as fit its groups, with where.

    >>> from .cards import parse_cards
    >>> from .phases import get_phase
    >>> laid = (tuple(parse_cards("8r 8g 8b")), tuple(parse_cards("3y 4y 5r 6b")))
    >>> hand = parse_cards("8r 8g 8b 8y 3y 4y 5r 6b W 8b 12g 2r S")
    >>> from companion.editions import get
    >>> [(str(extra.card), extra.group, extra.where)
    ...  for extra in extras(get_phase(get("original"), 2), laid, hand)]
    [('2r', 1, 'low'), ('8b', 0, ''), ('8y', 0, ''), ('W', 0, '')]
    """
    left = Counter(card for card in hand if not card.is_skip)
    left.subtract(card for group in laydown for card in group)
    pool = [0] * len(NATURALS)
    for card, count in left.items():
        if card.is_natural and count > 0:
            assert card.number is not None and card.colour is not None
            pool[natural_index(card.number, card.colour)] = count
    runs, others = _groups(phase, laydown)
    sink = bool(others) or phase.edition.turned_jokers  # somewhere a wild always fits
    plan = _grow(tuple(runs), tuple(pool), max(0, left[WILD]), others, sink)
    placed = list(plan)
    used = Counter(extra.card for extra in plan)
    for card in sorted(natural for natural, count in left.items() if natural.is_natural
                       for _ in range(count - used[natural])):
        group = next((index for index, kind, key in others
                      if key in (card.number, card.colour)), None)
        if group is not None:
            placed.append(Extra(card, group))
    placed += _spare_wilds(runs, others, plan, left[WILD] - used[WILD],
                           phase.edition.turned_jokers)
    return tuple(placed)


def _spare_wilds(runs: list[Run], others: Others, plan: Sequence[Extra], wilds: int,
                 board: bool) -> list[Extra]:
    """Where the wilds the runs did not take go: onto a set or colour group, else onto a
    run's open end, else (board game) past the end of a full run."""
    if others:
        return [Extra(WILD, others[0][0])] * max(0, wilds)
    ends = {index: [low, high] for index, low, high, _ in runs}
    for extra in plan:
        ends[extra.group][extra.where == "high"] += 1 if extra.where == "high" else -1
    placed = []
    for _ in range(wilds):
        index, (low, high) = next(((index, bounds) for index, bounds in ends.items()
                                   if bounds[0] > MIN_NUMBER or bounds[1] < MAX_NUMBER),
                                  (runs[0][0], ends[runs[0][0]]))
        if not board and low <= MIN_NUMBER and high >= MAX_NUMBER:
            break  # every run is full
        where: End = "low" if low > MIN_NUMBER and high >= MAX_NUMBER else "high"
        ends[index][where == "high"] += 1 if where == "high" else -1
        placed.append(Extra(WILD, index, where))
    return placed


def _groups(phase: Phase, laydown: Laydown) -> tuple[list[Run], Others]:
    """The lay-down's runs, and its sets (by number) and colour groups (by colour)."""
    runs: list[Run] = []
    others: list[tuple[int, PartKind, int | Colour | None]] = []
    for index, (part, group) in enumerate(zip(phase.parts, laydown, strict=True)):
        natural = next(card for card in group if card.is_natural)
        assert natural.number is not None
        if part.kind.is_run:
            low = natural.number - group.index(natural)
            colour = natural.colour if part.kind is PartKind.COLOUR_RUN else None
            runs.append((index, low, low + len(group) - 1, colour))
        else:
            key = natural.number if part.kind is PartKind.SET else natural.colour
            others.append((index, part.kind, key))
    return runs, tuple(others)


def _grow(runs: tuple[Run, ...], pool: tuple[int, ...], wilds: int, others: Others,
          sink: bool) -> tuple[Extra, ...]:
    """The cards the runs take from ``pool`` and ``wilds``, in order, so that the most cards
    can be laid. Each run may grow to any natural beyond its ends (numbers as bit masks),
    with a natural on every number that has one and a wild on the others; whatever the runs
    leave counts where it fits. With somewhere else for wilds, a run's gain is the naturals
    nothing else takes; without, every card it takes, the wilds left growing the runs."""
    keys = {key for _, _, key in others}
    spare = [0 if card.number in keys or card.colour in keys else count
             for card, count in zip(NATURALS, pool, strict=True)]
    best: tuple[tuple[int, int, int], tuple[int, ...]] | None = None
    # held[j]: the numbers with more than j naturals (of the run's colour when the runs share
    # one, or there is one); free[j] the same of the naturals nothing else takes.
    colours = {colour for _, _, _, colour in runs}
    colour = next(iter(colours)) if len(colours) == 1 else None
    held = [_held(pool, colour, least) for least in range(1, len(runs) + 1)]
    free = [_held(spare, colour, least) for least in range(1, len(runs) + 1)]
    room = sum(MAX_NUMBER - high + low - 1 for _, low, high, _ in runs)
    for grown in product(*(_extensions(low, high, _held(pool, own, 1))
                           for _, low, high, own in runs)):
        cards = sum(mask.bit_count() for mask in grown)
        if len(colours) == 1:
            # A number that k runs grow to takes min(k, naturals) naturals: one per level.
            levels = _levels(grown)
            naturals = sum((level & mask).bit_count() for level, mask in zip(levels, held,
                                                                             strict=True))
            gain = sum((level & mask).bit_count() for level, mask in zip(levels, free,
                                                                         strict=True))
        else:
            naturals, gain = _taken(runs, grown, pool), _taken(runs, grown, spare)
        bridges = cards - naturals
        if bridges <= wilds:
            value = gain if sink else cards + min(wilds - bridges, room - cards)
            score = (value, -bridges, -cards)
            if best is None or score > best[0]:
                best = (score, grown)
    return _lay_runs(runs, list(pool), spare, best[1] if best else ())


def _taken(runs: tuple[Run, ...], grown: Sequence[int], pool: Sequence[int]) -> int:
    """The naturals of ``pool`` that runs of several colours take when they grow by
    ``grown``: per number, each colour run takes one of its colour if there is one, then
    each plain run one of whatever is left (in that order none is ever worse)."""
    taken = 0
    for number in range(MIN_NUMBER, MAX_NUMBER + 1):
        asking = [own for (_, _, _, own), mask in zip(runs, grown, strict=True)
                  if mask >> number & 1]
        if not asking:
            continue
        first = natural_index(number, Colour.RED)
        held = list(pool[first:first + len(Colour)])
        plain = 0
        for own in asking:
            if own is None:
                plain += 1
            elif held[list(Colour).index(own)]:
                held[list(Colour).index(own)] -= 1
                taken += 1
        taken += min(plain, sum(held))
    return taken


def _levels(masks: Sequence[int]) -> list[int]:
    """``levels[j]``: the numbers in more than ``j`` of ``masks``.

    >>> [bin(level) for level in _levels([0b0110, 0b0011, 0b0010])]
    ['0b111', '0b10', '0b10']
    """
    levels = [0] * len(masks)
    for mask in masks:
        for level in range(len(masks) - 1, 0, -1):
            levels[level] |= levels[level - 1] & mask
        levels[0] |= mask
    return levels


def _held(counts: Sequence[int], colour: Colour | None, least: int) -> int:
    """The numbers with at least ``least`` naturals (of ``colour``) in ``counts``."""
    mask = 0
    for number in range(MIN_NUMBER, MAX_NUMBER + 1):
        first = natural_index(number, Colour.RED)
        held = counts[first:first + len(Colour)]
        if (sum(held) if colour is None else held[list(Colour).index(colour)]) >= least:
            mask |= 1 << number
    return mask


def _extensions(low: int, high: int, held: int) -> list[int]:
    """Every way to extend the run ``low``–``high`` to a number in ``held`` (or not) at
    either end: the numbers added, as a bit mask. (Growing further holds only wilds, which
    the caller adds where they are worth it.)"""
    firsts = [low] + [number for number in range(MIN_NUMBER, low) if held >> number & 1]
    lasts = [high] + [number for number in range(high + 1, MAX_NUMBER + 1)
                      if held >> number & 1]
    return [window_mask(first, low - first) | window_mask(high + 1, last - high)
            for first in firsts for last in lasts]


def _lay_runs(runs: tuple[Run, ...], pool: list[int], spare: list[int],
              grown: Sequence[int]) -> tuple[Extra, ...]:
    """The cards for the chosen extensions, outwards from each run's ends: a natural nothing
    else takes if there is one, else any natural of the number, else a wild."""
    plan = []
    # Colour runs first: a plain run takes a natural of any colour, a colour run only its own.
    chosen = sorted(zip(runs, grown, strict=True), key=lambda run: run[0][3] is None)
    for (group, low, high, colour), mask in chosen:
        below = [number for number in range(low - 1, MIN_NUMBER - 1, -1) if mask >> number & 1]
        above = [number for number in range(high + 1, MAX_NUMBER + 1) if mask >> number & 1]
        ends: tuple[tuple[End, list[int]], ...] = (("low", below), ("high", above))
        for where, numbers in ends:
            for number in numbers:
                index = _natural(spare, number, colour)
                if index is None:
                    index = _natural(pool, number, colour)
                card = WILD
                if index is not None:
                    pool[index] -= 1
                    spare[index] = min(spare[index], pool[index])
                    card = NATURALS[index]
                plan.append(Extra(card, group, where))
    return tuple(plan)


def _natural(pool: Sequence[int], number: int, colour: Colour | None) -> int | None:
    """Where in NATURALS a natural of ``number`` (and ``colour``) is still in the pool."""
    first = natural_index(number, Colour.RED)
    for index in range(first, first + len(Colour)):
        if pool[index] > 0 and (colour is None or NATURALS[index].colour is colour):
            return index
    return None
