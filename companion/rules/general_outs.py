"""The outs of any phase in one search: the hand with one natural more of no kind yet.

A natural ``x`` is an out when the hand with it needs fewer wilds than ``need``, the fewest
the hand needs now. Then ``x`` is in every such lay-down (without it the hand would need
fewer already), in a place of some part's template: so the outs are exactly the kinds of
natural that the places left free in the lay-downs needing fewer than ``need`` wilds take,
when one such place is kept for the natural. The search of ``general_search`` does this with
one more choice per part: keep a place for the natural here, or leave it to a later part;
instead of the fewest wilds it keeps, per number of wilds, the kinds the kept place takes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from companion.rules.phases import Part

Slot = tuple[int, tuple[int, ...]]  # (cards it takes at most, the kinds of natural it takes)
# (the numbers laid in order, its slots, every kind of natural it takes)
Template = tuple[tuple[int, ...], tuple[Slot, ...], tuple[int, ...]]
Pick = tuple[tuple[int, int], ...]  # (kind of natural, how many) a part takes


class _Shape(Protocol):
    """What this search reads of ``general_search.General`` (described here, so that the
    search imports this module and not the other way round)."""

    sizes: list[int]
    templates: list[list[Template]]
    slot_masks: list[tuple[tuple[int, ...], ...]]

    def picks(self, position: int, index: int, counts: tuple[int, ...], more: int = 0
              ) -> tuple[tuple[int, Pick], ...]: ...


class _Search(Protocol):
    """What this search reads of ``general_search._Search``."""

    @property
    def strategy(self) -> _Shape: ...

    counts: tuple[int, ...]

    @property
    def parts(self) -> Sequence[Part]: ...

    def alone(self, position: int, counts: tuple[int, ...], extra: bool = False) -> int: ...

    def finish(self, position: int, counts: tuple[int, ...], floor: int, budget: int
               ) -> int: ...


Costs = dict[int, int]  # wilds needed -> the kinds of natural the kept place may be (mask)


def improving(search: _Search, need: int) -> int:
    """The kinds (a mask over the strategy's kinds) that make ``search``'s hand need fewer
    than ``need`` wilds."""
    memo: dict[tuple[int, tuple[int, ...], int], tuple[int, Costs]] = {}
    found = 0
    for mask in _costs(search, memo, 0, search.counts, 0, need).values():
        found |= mask
    return found


def _costs(search: _Search, memo: dict[tuple[int, tuple[int, ...], int], tuple[int, Costs]],
           position: int, counts: tuple[int, ...], floor: int, budget: int) -> Costs:
    """Per number of wilds below ``budget``: the kinds the kept place may be, finishing the
    parts from ``position`` with ``counts`` and the kept place."""
    parts = search.parts
    if position == len(parts) or budget <= 0:
        return {}
    key = (position, counts, floor)
    known = memo.get(key)
    if known is not None and known[0] >= budget:
        return {wilds: mask for wilds, mask in known[1].items() if wilds < budget}
    strategy = search.strategy
    held = sum(counts) + 1
    least = max(strategy.sizes[position] - held, search.alone(position, counts, extra=True))
    found: Costs = {}
    if least < budget:
        part = parts[position]
        equal = position + 1 < len(parts) and parts[position + 1] == part
        for index, (_, slots, _) in enumerate(strategy.templates[position]):
            if index < floor:
                continue
            after = index if equal else 0
            for taken, pick in strategy.picks(position, index, counts, 1):
                left = list(counts)
                for kind, count in pick:
                    left[kind] -= count
                rest = tuple(left)
                free = _free(slots, pick, strategy.slot_masks[position][index])
                wilds = part.size - taken - 1
                if free and wilds >= 0:  # the kept place here
                    finish = search.finish(position + 1, rest, after, budget - wilds)
                    if wilds + finish < budget:
                        found[wilds + finish] = found.get(wilds + finish, 0) | free
                if taken:  # the kept place in a later part
                    for more, mask in _costs(search, memo, position + 1, rest, after,
                                             budget - wilds - 1).items():
                        found[wilds + 1 + more] = found.get(wilds + 1 + more, 0) | mask
    memo[key] = (budget, found)
    return found


def _free(slots: tuple[tuple[int, tuple[int, ...]], ...], pick: tuple[tuple[int, int], ...],
          masks: tuple[int, ...]) -> int:
    """The kinds the places a pick leaves free take (a mask)."""
    taken = dict(pick)
    free = 0
    for (room, kinds), mask in zip(slots, masks, strict=True):
        if sum(taken.get(kind, 0) for kind in kinds) < room:
            free |= mask
    return free

