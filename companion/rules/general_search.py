"""The solver's search for any phase of sets, runs, colour groups and colour runs.

The specialised searches (``number_search``, ``colour_search``) know shortcuts for the shapes
of the built-in editions; this one knows none and is exact for every shape a hand can hold.

A part laid on a *template* (a set's number, a run's first number, a colour group's colour, a
colour run's colour and first number) has *slots*: a set or a colour group one slot of its
size that takes any natural of its number or colour, a run or a colour run one slot of one
card per number of its window. The search gives the parts their templates and naturals one
part at a time, remembering the best finish for each (part, naturals left) it meets, so a hand
of ``n`` distinct naturals is seen in at most ``2**n`` ways per part. The last part needs no
choice: its slots are disjoint, so it takes every natural its best template can. Equal parts
take templates in non-decreasing order, as they may swap. Colours play no part in a phase
without colour groups or colour runs: then a natural is just its number.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from companion.rules.cards import MAX_NUMBER, WILD, Card, Colour
from companion.rules.general_outs import Pick, Slot, Template, improving
from companion.rules.hand_counts import (
    COLOURS,
    NUMBER_BITS,
    NUMBERS,
    UNSOLVED,
    Laydown,
    Strategy,
    Tally,
)
from companion.rules.phases import Part, PartKind

#: Picks kept per phase shape, for the templates and counts met (a few bytes each).
PICKS_KEPT = 20_000


class General(Strategy):
    """Any phase: a search over templates and the naturals each part takes."""

    def __init__(self, parts: tuple[Part, ...]) -> None:
        self.parts = parts
        # Narrow parts first, a colour group (the widest) last; equal parts side by side.
        rank = {PartKind.COLOUR_RUN: 0, PartKind.RUN: 1, PartKind.SET: 2, PartKind.COLOUR: 3}
        self.order = sorted(range(len(parts)), key=lambda i: (rank[parts[i].kind],
                                                              parts[i].size, i))
        self.colours = any(part.kind.needs_one_colour for part in parts)
        self.kinds: list[tuple[int, Colour | None]] = (
            [(number, colour) for number in NUMBERS for colour in COLOURS] if self.colours
            else [(number, None) for number in NUMBERS])
        self.laid = [parts[index] for index in self.order]
        self.templates = [_templates(part, self.kinds) for part in self.laid]
        # Per run and colour run, each template's places as a mask: of numbers for a run,
        # of kinds of natural for a colour run.
        self.windows = [tuple(sum(1 << number for number in numbers) if part.kind is PartKind.RUN
                              else sum(1 << kind for kind in kinds)
                              for numbers, _, kinds in templates)
                        for part, templates in zip(self.laid, self.templates, strict=True)]
        # Per template, each slot's kinds as a mask.
        self.slot_masks = [tuple(tuple(sum(1 << kind for kind in kinds) for _, kinds in slots)
                                 for _, slots, _ in templates) for templates in self.templates]
        # sizes[i]: the cards of the parts from the i-th on
        self.sizes = [sum(part.size for part in self.laid[index:])
                      for index in range(len(parts) + 1)]
        self.picked: dict[tuple[int, int, tuple[int, ...], int], tuple[tuple[int, Pick], ...]] = {}
        self.bounds: dict[tuple[int, tuple[int, ...], bool], int] = {}

    def find(self, tally: Tally) -> tuple[int, Laydown | None]:
        search = _Search(self, tally)
        need = search.best()
        if need >= UNSOLVED or need > tally.wilds:
            return need, None
        return need, search.lay(tally)

    def fewest(self, tally: Tally, below: int = UNSOLVED) -> int:
        return _Search(self, tally).best(below)

    def improvers(self, tally: Tally, need: int) -> int:
        """One search with one natural more of no kind yet, that says which kinds it may
        be in the lay-downs that need fewer than ``need`` wilds (``general_outs``)."""
        kinds = improving(_Search(self, tally), need)
        if self.colours:
            return kinds  # the kinds are the naturals, in the same order
        return sum(NUMBER_BITS[number] for number in NUMBERS if kinds >> (number - 1) & 1)

    def picks(self, position: int, index: int, counts: tuple[int, ...], more: int = 0
              ) -> tuple[tuple[int, Pick], ...]:
        """The picks worth trying for a part on a template, most naturals first, with how
        many naturals each takes; kept per template and the counts of its kinds. With
        ``more``, the part may leave that many naturals more, and take none."""
        kinds = self.templates[position][index][2]
        key = (position, index, tuple(counts[kind] for kind in kinds), more)
        found = self.picked.get(key)
        if found is None:
            if len(self.picked) > PICKS_KEPT:
                self.picked.clear()
            spare = len(self.laid) - position - 1 + more
            found = tuple(sorted(((sum(count for _, count in pick), pick) for pick in _picks(
                self.templates[position][index][1], counts, self.laid[position].size, spare)
                if pick or more), key=lambda item: -item[0]))
            self.picked[key] = found
        return found


class _Search:
    """One hand's search: the counts of its naturals, and the best finishes met."""

    def __init__(self, strategy: General, tally: Tally) -> None:
        self.strategy = strategy
        self.parts = strategy.laid
        self.counts = tuple(
            tally.supply[number] if colour is None
            else sum(card.colour is colour for card in tally.cards[number])
            for number, colour in strategy.kinds)
        self.memo: dict[tuple[int, tuple[int, ...], int], tuple[int, int, Pick]] = {}

    def best(self, budget: int = UNSOLVED) -> int:
        """The fewest wilds for the whole phase when fewer than ``budget``, else ``budget``."""
        return min(budget, self._best(0, self.counts, 0, budget)[0])

    def _best(self, position: int, counts: tuple[int, ...], floor: int, budget: int
              ) -> tuple[int, int, Pick]:
        """(wilds, template index, pick) of the best finish from ``position`` when it needs
        fewer than ``budget`` wilds; else (at least ``budget``, -1, ())."""
        if position == len(self.parts):
            return 0, 0, ()
        key = (position, counts, floor)
        known = self.memo.get(key)
        if known is not None and (known[1] >= 0 or known[0] >= budget):
            return known
        strategy = self.strategy
        part = self.parts[position]
        held = sum(counts)
        least = max(strategy.sizes[position] - held, self.alone(position, counts))
        if least >= budget:  # even each part on its own needs that many
            self.memo[key] = (least, -1, ())
            return self.memo[key]
        after = strategy.sizes[position + 1]
        equal = position + 1 < len(self.parts) and self.parts[position + 1] == part
        best: tuple[int, int, Pick] = (budget, -1, ())
        for index, (_, _, kinds) in enumerate(strategy.templates[position]):
            if index < floor or not any(counts[kind] for kind in kinds):
                continue
            for taken, pick in strategy.picks(position, index, counts):
                wilds = part.size - taken
                if wilds + max(0, after - held + taken) >= best[0]:
                    break  # the picks that follow take fewer naturals
                left = list(counts)
                for kind, count in pick:
                    left[kind] -= count
                rest = self._best(position + 1, tuple(left), index if equal else 0,
                                  best[0] - wilds)
                if rest[1] >= 0 and wilds + rest[0] < best[0]:
                    best = (wilds + rest[0], index, pick)
            if best[0] <= least:
                break
        self.memo[key] = best
        return best

    def finish(self, position: int, counts: tuple[int, ...], floor: int, budget: int) -> int:
        """The fewest wilds for the parts from ``position`` on (at least ``budget`` when
        not fewer)."""
        return self._best(position, counts, floor, budget)[0]

    def alone(self, position: int, counts: tuple[int, ...], extra: bool = False) -> int:
        """The wilds the parts from ``position`` on need at least, each on its own taking
        every natural its best template can (UNSOLVED when one can take none); with
        ``extra``, one natural more of any kind. Kept per phase shape: the searches of one
        hand's outs and of their lay-downs meet the same counts again and again."""
        strategy = self.strategy
        key = (position, counts, extra)
        known = strategy.bounds.get(key)
        if known is None:
            if len(strategy.bounds) > PICKS_KEPT:
                strategy.bounds.clear()
            known = strategy.bounds[key] = self._alone(position, counts, extra)
        return known

    def _alone(self, position: int, counts: tuple[int, ...], extra: bool) -> int:
        strategy = self.strategy
        per_number = [0] * (MAX_NUMBER + 1)
        per_colour = dict.fromkeys(COLOURS, 0)
        present = 0
        for kind, count in enumerate(counts):
            if count:
                number, colour = strategy.kinds[kind]
                per_number[number] += count
                if colour is not None:
                    per_colour[colour] += count
                present |= 1 << kind
        numbers = sum(1 << number for number in NUMBERS if per_number[number])
        need = 0
        for part, masks in zip(self.parts[position:], strategy.windows[position:],
                               strict=True):
            if part.kind is PartKind.SET:
                most = max(per_number)
            elif part.kind is PartKind.COLOUR:
                most = max(per_colour.values())
            else:
                held = numbers if part.kind is PartKind.RUN else present
                most = max((held & mask).bit_count() for mask in masks)
            if not most and not extra:
                return UNSOLVED
            if not most:
                extra, most = False, 1
            need += max(0, part.size - most)
        return max(0, need - 1) if extra else need

    def lay(self, tally: Tally) -> Laydown:
        """The cards of the best lay-down, in the phase's part order."""
        groups: list[tuple[Card, ...]] = [() for _ in self.parts]
        counts, floor = self.counts, 0
        for position, part in enumerate(self.parts):
            _, index, pick = self._best(position, counts, floor, UNSOLVED)
            numbers = self.strategy.templates[position][index][0]
            groups[self.strategy.order[position]] = self._cards(tally, part, numbers, pick)
            left = list(counts)
            for kind, count in pick:
                left[kind] -= count
            counts = tuple(left)
            equal = position + 1 < len(self.parts) and self.parts[position + 1] == part
            floor = index if equal else 0
        return tuple(groups)

    def _cards(self, tally: Tally, part: Part, numbers: tuple[int, ...], pick: Pick
               ) -> tuple[Card, ...]:
        kinds = self.strategy.kinds
        taken = [tally.take(*kinds[kind]) for kind, count in pick for _ in range(count)]
        if not part.kind.is_run:
            return (*taken, *[WILD] * (part.size - len(taken)))
        by_number = {card.number: card for card in taken}
        return tuple(by_number.get(number, WILD) for number in numbers)


def _templates(part: Part, kinds: list[tuple[int, Colour | None]]) -> list[Template]:
    """The templates of ``part`` that take at least one of the hand's naturals."""
    def where(number: int | None, colour: Colour | None) -> tuple[int, ...]:
        return tuple(index for index, (held, own) in enumerate(kinds)
                     if number in (None, held) and colour in (None, own))

    found: list[tuple[tuple[int, ...], tuple[Slot, ...]]] = []
    size = part.size
    if part.kind is PartKind.SET:
        found = [((), ((size, where(number, None)),)) for number in NUMBERS]
    elif part.kind is PartKind.COLOUR:
        found = [((), ((size, where(None, colour)),)) for colour in COLOURS]
    else:
        colours: tuple[Colour | None, ...] = (
            COLOURS if part.kind is PartKind.COLOUR_RUN else (None,))
        for colour, start in product(colours, range(1, MAX_NUMBER - size + 2)):
            window = tuple(range(start, start + size))
            found.append((window, tuple((1, where(number, colour)) for number in window)))
    return [(numbers, tuple(slot for slot in slots if slot[1]),
             tuple(kind for _, kinds in slots for kind in kinds))
            for numbers, slots in found if any(slot[1] for slot in slots)]


def _picks(slots: tuple[Slot, ...], counts: tuple[int, ...], room: int, spare: int
           ) -> Iterator[Pick]:
    """The ways the slots can take naturals from ``counts``, ``room`` cards in all, leaving
    at most ``spare`` naturals they could take to later parts.

    Leaving more is never needed: a natural the part could take but leaves is worth keeping
    only as the one natural of a later part (one each); any other that a later part holds
    can swap with the wild this part would hold in its place."""
    if not slots or not room:
        yield ()
        return
    (most, kinds), rest = slots[0], slots[1:]
    room_here = min(most, room)
    held = min(room_here, sum(counts[kind] for kind in kinds))
    for taken in _fill(kinds, counts, room_here, held - spare):
        used = sum(count for _, count in taken)
        for more in _picks(rest, counts, room - used, spare - (held - used)):
            yield taken + more


def _fill(kinds: tuple[int, ...], counts: tuple[int, ...], room: int, least: int
          ) -> Iterator[Pick]:
    """Every multiset of ``least`` to ``room`` naturals of ``kinds`` (or none, when
    ``least`` is 0 or none is held)."""
    if least <= 0 or not kinds:
        yield ()
    if not kinds or not room:
        return
    first, rest = kinds[0], kinds[1:]
    for count in range(min(room, counts[first]), 0, -1):
        for more in _fill(rest, counts, room - count, least - count):
            yield ((first, count), *more)
    yield from (more for more in _fill(rest, counts, room, least) if more)
