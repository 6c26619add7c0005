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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations, product

from .cards import MAX_NUMBER, WILD, Card, Colour
from .deck import deck_reasons
from .errors import PhaseError, Reason
from .phases import DECKS, PHASES, Edition, Part, PartKind, Phase

NO_LAYDOWN = "no lay-down of %(phase)s in these %(count)s cards"
SHORT_ONE = "the closest one is one card short"
SHORT = "the closest one is %(missing)s cards short"
FEW_NATURALS = "too few natural cards: every group needs at least one"
UNSUPPORTED = "the solver does not know phases like %(phase)s"
TEMPLATES = (NO_LAYDOWN, SHORT_ONE, SHORT, FEW_NATURALS)

_NUMBERS = range(1, MAX_NUMBER + 1)
_COLOURS = tuple(Colour)
_UNSOLVED = 1 << 30

Laydown = tuple[tuple[Card, ...], ...]


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
    >>> from .phases import get_phase
    >>> found = solve(get_phase(Edition.ORIGINAL, 1), parse_cards("7r 7g 7b W W W"))
    >>> [" ".join(map(str, group)) for group in found.laydown], found.wilds
    (['7r 7b W', '7g W W'], (('7',), ('7', '7')))
    """
    tally = _Tally(hand)
    if not tally.fits(phase.edition):
        return Solution(False, None, (), tuple(deck_reasons(phase.edition, hand)))
    need, laydown = _strategy(phase.parts).find(tally)
    if laydown is not None:
        wilds = tuple(_meanings(part, group)
                      for part, group in zip(phase.parts, laydown, strict=True))
        return Solution(True, laydown, wilds, ())
    reasons = [Reason(NO_LAYDOWN, {"phase": phase.describe(), "count": len(hand)})]
    if need == _UNSOLVED:
        reasons.append(Reason(FEW_NATURALS))
    elif need - tally.wilds == 1:
        reasons.append(Reason(SHORT_ONE))
    else:
        reasons.append(Reason(SHORT, {"missing": need - tally.wilds}))
    return Solution(False, None, (), tuple(reasons))


class _Tally:
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
        deck = DECKS[edition]
        for cards in self.cards:
            if len(cards) > deck.copies_per_card:
                colours = [card.colour for card in cards]
                if any(colours.count(colour) > deck.copies_per_card for colour in _COLOURS):
                    return False
        if edition is Edition.BOARD:
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


def _mask(first: int, size: int) -> int:
    return ((1 << size) - 1) << first


def _present(counts: Sequence[int], at_least: int = 1) -> int:
    return sum(1 << number for number in _NUMBERS if counts[number] >= at_least)


class _Strategy:
    def find(self, tally: _Tally) -> tuple[int, Laydown | None]:
        """The fewest wilds any lay-down needs (``_UNSOLVED`` if none gives every part a
        natural) and, when the hand's wilds suffice, one such lay-down."""
        raise NotImplementedError


@cache
def _strategy(parts: tuple[Part, ...]) -> _Strategy:
    colour = [part for part in parts if part.kind.needs_one_colour]
    numbers = [part for part in parts if not part.kind.needs_one_colour]
    runs = sum(part.kind is PartKind.RUN for part in numbers)
    if not colour and (runs <= 1 or runs == len(numbers)):
        return _Numbers(parts)
    if len(parts) == 1 and colour[0].kind is PartKind.COLOUR:
        return _OneColour(parts[0].size)
    if len(parts) == 1:
        return _ColourRun(parts[0].size)
    if len(parts) == 2 and len(colour) == 1 and colour[0].kind is PartKind.COLOUR:
        return _ColourAndNumber(parts)
    phase = " + ".join(part.describe() for part in parts)
    raise PhaseError(UNSUPPORTED, phase=phase)


@dataclass(frozen=True)
class _Runs:
    """One choice of first numbers for the runs, with what the search needs to know of it."""

    starts: tuple[int, ...]
    window: int  # the numbers of the first run (the only one when there are sets)
    levels: tuple[int, ...]  # levels[j]: the numbers that more than j runs ask for
    size: int  # cards in all the runs
    halls: tuple[tuple[tuple[tuple[int, int], ...], int], ...]  # (spans, runs) per subset


@dataclass(frozen=True)
class _Layout:
    """Sets grouped into blocks that share a number, and the ranks of numbers to try."""

    blocks: tuple[tuple[int, int, tuple[int, ...]], ...]  # (cards, sets, part indices)
    ranks: tuple[tuple[int, tuple[int, ...]], ...]  # (highest rank, rank per block)


class _Numbers(_Strategy):
    """Sets and runs: any number of sets with at most one run, or runs only."""

    def __init__(self, parts: tuple[Part, ...]) -> None:
        self.parts = parts
        self.runs = tuple(index for index, part in enumerate(parts) if part.kind.is_run)
        sets = [index for index, part in enumerate(parts) if part.kind is PartKind.SET]
        self.combos = _run_combos(parts, self.runs)
        self.layouts = _layouts(parts, sets, len(self.runs))

    def find(self, tally: _Tally) -> tuple[int, Laydown | None]:
        supply = tally.supply
        levels = [_present(supply, level) for level in range(1, len(self.runs) + 1)]
        prefix = [0] * (MAX_NUMBER + 1)
        for number in _NUMBERS:
            prefix[number] = prefix[number - 1] + supply[number]
        present = [number for number in _NUMBERS if supply[number]]
        best = _UNSOLVED
        found: tuple[_Runs, _Layout | None, tuple[int, ...]] | None = None
        for combo in self.combos:
            need = combo.size
            for level, covered in zip(levels, combo.levels, strict=True):
                need -= (level & covered).bit_count()
            if need >= best or any(sum(prefix[high] - prefix[low - 1] for low, high in spans)
                                   < runs for spans, runs in combo.halls):
                continue
            if self.layouts:
                placed = self._place_sets(combo, need, best, supply, present, prefix)
                if placed is None:
                    continue
                need, layout, numbers = placed
                found = combo, layout, numbers
            else:
                found = combo, None, ()
            best = need
            if not best:
                break
        if found is None or best > tally.wilds:
            return best, None
        return best, self._lay(tally, *found)

    def _place_sets(self, combo: _Runs, need: int, best: int, supply: list[int],
                    present: list[int], prefix: list[int]
                    ) -> tuple[int, _Layout, tuple[int, ...]] | None:
        """The numbers for the sets that need the fewest wilds with these runs, when they
        need fewer than ``best``, as (wilds, layout, numbers)."""
        window, left, room = combo.window, supply, _UNSOLVED
        if window:
            left = [count - 1 if count and window >> number & 1 else count
                    for number, count in enumerate(supply)]
            first, last = combo.starts[0], combo.starts[0] + combo.size - 1
            room = prefix[last] - prefix[first - 1] - 1  # naturals the run can spare
        ranked = sorted((left[number] << 8 | supply[number] << 4 | number
                         for number in present), reverse=True)
        candidates = [key & 15 for key in ranked]
        found = None
        for layout in self.layouts:
            for top, ranks in layout.ranks:
                if top >= len(candidates):
                    break
                total, inside = need, 0
                for (cards, sets, _), rank in zip(layout.blocks, ranks, strict=True):
                    number = candidates[rank]
                    if sets > supply[number]:
                        break
                    if cards > left[number]:
                        total += cards - left[number]
                    if window >> number & 1:
                        inside += sets
                else:
                    if total < best and inside <= room:
                        best = total
                        found = total, layout, tuple(candidates[rank] for rank in ranks)
                        if not total:
                            return found
        return found

    def _lay(self, tally: _Tally, combo: _Runs, layout: _Layout | None,
             numbers: tuple[int, ...]) -> Laydown:
        groups: list[list[Card]] = [[] for _ in self.parts]
        blocks = layout.blocks if layout else ()
        for (_, _, indices), number in zip(blocks, numbers, strict=True):
            for index in indices:  # every set's first natural
                groups[index].append(tally.take(number))
        windows = [range(start, start + self.parts[index].size)
                   for index, start in zip(self.runs, combo.starts, strict=True)]
        spare = [len(cards) for cards in tally.cards]
        anchors = _anchors(windows, spare)
        assert anchors is not None, "Hall's condition promised every run a natural"
        runs: list[dict[int, Card]] = [{anchor: tally.take(anchor)} for anchor in anchors]
        for window, run in zip(windows, runs, strict=True):
            for number in window:
                if number not in run and tally.cards[number]:
                    run[number] = tally.take(number)
        for (_, _, indices), number in zip(blocks, numbers, strict=True):
            for index in indices:
                while len(groups[index]) < self.parts[index].size and tally.cards[number]:
                    groups[index].append(tally.take(number))
        for index, window, run in zip(self.runs, windows, runs, strict=True):
            groups[index] = [run.get(number, WILD) for number in window]
        return tuple(tuple(group) + (WILD,) * (part.size - len(group))
                     for group, part in zip(groups, self.parts, strict=True))


def _anchors(windows: list[range], spare: list[int]) -> list[int] | None:
    """One number with a spare natural per run window, no natural used twice."""
    if not windows:
        return []
    for number in windows[0]:
        if spare[number]:
            spare[number] -= 1
            rest = _anchors(windows[1:], spare)
            spare[number] += 1
            if rest is not None:
                return [number, *rest]
    return None


def _run_combos(parts: tuple[Part, ...], runs: tuple[int, ...]) -> tuple[_Runs, ...]:
    sizes = [parts[index].size for index in runs]
    combos = []
    for starts in product(*(range(1, MAX_NUMBER - size + 2) for size in sizes)):
        if any(sizes[i] == sizes[j] and starts[i] > starts[j]
               for i, j in combinations(range(len(sizes)), 2)):
            continue
        windows = [_mask(start, size) for start, size in zip(starts, sizes, strict=True)]
        levels = tuple(_covered_by(windows, level) for level in range(1, len(windows) + 1))
        halls = tuple((_spans(_covered_by(list(subset), 1)), len(subset))
                      for count in range(1, len(windows) + 1)
                      for subset in combinations(windows, count))
        combos.append(_Runs(starts, windows[0] if windows else 0, levels, sum(sizes), halls))
    return tuple(combos)


def _covered_by(windows: list[int], level: int) -> int:
    return sum(1 << number for number in _NUMBERS
               if sum(window >> number & 1 for window in windows) >= level)


def _spans(mask: int) -> tuple[tuple[int, int], ...]:
    """The numbers in ``mask`` as (low, high) stretches."""
    spans: list[tuple[int, int]] = []
    for number in _NUMBERS:
        if mask >> number & 1:
            if spans and spans[-1][1] == number - 1:
                spans[-1] = (spans[-1][0], number)
            else:
                spans.append((number, number))
    return tuple(spans)


def _layouts(parts: tuple[Part, ...], sets: list[int], runs: int) -> tuple[_Layout, ...]:
    """Every way to group the sets into blocks on distinct numbers, up to equal sets, each
    with the ranks of the candidate numbers its blocks may take."""
    layouts: dict[tuple[tuple[int, ...], ...], _Layout] = {}
    for partition in _partitions(sets):
        shapes = [tuple(sorted(parts[index].size for index in block)) for block in partition]
        key = tuple(sorted(shapes))
        if not sets or key in layouts:
            continue
        blocks = tuple((sum(shape), len(shape), tuple(block))
                       for shape, block in zip(shapes, partition, strict=True))
        ranks = sorted((max(ranks), ranks)
                       for ranks in permutations(range(len(blocks) + runs), len(blocks))
                       if all(ranks[i] < ranks[j] for i, j in combinations(range(len(blocks)), 2)
                              if shapes[i] == shapes[j]))
        layouts[key] = _Layout(blocks, tuple(ranks))
    return tuple(layouts.values())


def _partitions(items: list[int]) -> list[list[list[int]]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    result = []
    for partition in _partitions(rest):
        result.append([[first], *partition])
        for index in range(len(partition)):
            result.append([*partition[:index], [first, *partition[index]], *partition[index + 1:]])
    return result


class _OneColour(_Strategy):
    """A colour group alone: the colour with the most naturals."""

    def __init__(self, size: int) -> None:
        self.size = size

    def find(self, tally: _Tally) -> tuple[int, Laydown | None]:
        counts = {colour: sum(tally.of_colour(colour)) for colour in Colour}
        colour = max(Colour, key=counts.__getitem__)
        if not counts[colour]:
            return _UNSOLVED, None
        need = max(0, self.size - counts[colour])
        if need > tally.wilds:
            return need, None
        cards = [card for number in _NUMBERS for card in tally.cards[number]
                 if card.colour is colour][:self.size]
        return need, ((*cards, *[WILD] * need),)


class _ColourRun(_Strategy):
    """A colour run alone: every colour and first number."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.windows = [(start, _mask(start, size)) for start in range(1, MAX_NUMBER - size + 2)]

    def find(self, tally: _Tally) -> tuple[int, Laydown | None]:
        best, found = _UNSOLVED, None
        for colour in Colour:
            present = _present(tally.of_colour(colour))
            for start, window in self.windows:
                naturals = (present & window).bit_count()
                if naturals and self.size - naturals < best:
                    best, found = self.size - naturals, (colour, start)
        if found is None or best > tally.wilds:
            return best, None
        colour, start = found
        return best, (tuple(tally.take(number, colour) if tally.has(number, colour) else WILD
                            for number in range(start, start + self.size)),)


class _ColourAndNumber(_Strategy):
    """One colour group with one set or run."""

    def __init__(self, parts: tuple[Part, ...]) -> None:
        self.parts = parts
        self.colour_index = next(i for i, part in enumerate(parts) if part.kind.needs_one_colour)
        number = parts[1 - self.colour_index]
        self.kind, self.size = number.kind, number.size
        if number.kind is PartKind.RUN:
            self.templates = [(range(start, start + number.size), _mask(start, number.size))
                              for start in range(1, MAX_NUMBER - number.size + 2)]
        else:
            self.templates = [(range(value, value + 1), _mask(value, 1)) for value in _NUMBERS]

    def find(self, tally: _Tally) -> tuple[int, Laydown | None]:
        best = _UNSOLVED
        found: tuple[Colour, range, int] | None = None
        colour_size = self.parts[self.colour_index].size
        for colour in Colour:
            mine = tally.of_colour(colour)
            total = sum(mine)
            if not total:
                continue
            others = [count - own for count, own in zip(tally.supply, mine, strict=True)]
            for template, window in self._shares(mine, others):
                other, kept = window  # naturals of other colours, and of this colour
                kept = min(kept, total - 1)
                if other + kept == 0:
                    continue
                need = self.size - other - kept + max(0, colour_size - total + kept)
                if need < best:
                    best, found = need, (colour, template, kept)
        if found is None or best > tally.wilds:
            return best, None
        return best, self._lay(tally, *found)

    def _shares(self, mine: list[int], others: list[int]
                ) -> list[tuple[range, tuple[int, int]]]:
        """Per number template: naturals of other colours the number part can take, and
        naturals of this colour it can take after them."""
        if self.kind is PartKind.RUN:
            other, own = _present(others), _present(mine)
            return [(template, ((other & mask).bit_count(), (own & mask & ~other).bit_count()))
                    for template, mask in self.templates]
        shares = []
        for template, _ in self.templates:
            taken = min(self.size, others[template.start])
            shares.append((template, (taken, min(self.size - taken, mine[template.start]))))
        return shares

    def _lay(self, tally: _Tally, colour: Colour, template: range, kept: int) -> Laydown:
        per_number = 1 if self.kind is PartKind.RUN else self.size
        number_part: list[Card] = []
        for number in template:
            taken: list[Card] = []
            while len(taken) < per_number and tally.has(number, colour, other=True):
                taken.append(tally.take(number, colour, other=True))
            while len(taken) < per_number and kept and tally.has(number, colour):
                taken.append(tally.take(number, colour))
                kept -= 1
            number_part.extend(taken + [WILD] * (per_number - len(taken)))
        colour_size = self.parts[self.colour_index].size
        cards = [card for number in _NUMBERS for card in tally.cards[number]
                 if card.colour is colour][:colour_size]
        colour_part = (*cards, *[WILD] * (colour_size - len(cards)))
        if self.kind is PartKind.SET:
            number_part.sort(key=lambda card: card.is_wild)
        groups = [tuple(number_part), colour_part]
        return tuple(groups) if self.colour_index == 1 else tuple(reversed(groups))


for _phases in PHASES.values():  # plan every edition's phases once, at import
    for _phase in _phases:
        _strategy(_phase.parts)
