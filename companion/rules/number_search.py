"""The solver's search for phases of sets and runs, and the lay-down it finds."""

from __future__ import annotations

from companion.rules.cards import MAX_NUMBER, WILD, Card
from companion.rules.hand_counts import (
    NUMBER_BITS,
    NUMBERS,
    UNSOLVED,
    Laydown,
    Strategy,
    Tally,
    present_mask,
)
from companion.rules.phases import Part, PartKind
from companion.rules.plans import Layout, Runs, run_combos, set_layouts

Found = tuple[Runs, Layout | None, tuple[int, ...]]  # run starts, set layout, set numbers


class Numbers(Strategy):
    """Sets and runs: any number of sets with at most one run, or runs only."""

    def __init__(self, parts: tuple[Part, ...]) -> None:
        self.parts = parts
        self.runs = tuple(index for index, part in enumerate(parts) if part.kind.is_run)
        sets = [index for index, part in enumerate(parts) if part.kind is PartKind.SET]
        self.combos = run_combos(parts, self.runs)
        self.layouts = set_layouts(parts, sets, len(self.runs))
        # The most naturals of one number a lay-down can use: every set on it, every run.
        self.most_asked = sum(parts[index].size for index in sets) + len(self.runs)

    def find(self, tally: Tally) -> tuple[int, Laydown | None]:
        best, found = self._search(tally.supply, UNSOLVED)
        if found is None or best > tally.wilds:
            return best, None
        return best, self._lay(tally, *found)

    def fewest(self, tally: Tally, below: int = UNSOLVED) -> int:
        return self._search(tally.supply, below)[0]

    def improvers(self, tally: Tally, need: int) -> int:
        """Colours play no part here, so each number is tried once; a number the hand holds
        as often as all the parts together could ask for cannot help, and when all parts
        are sets, numbers held equally often are interchangeable."""
        supply = tally.supply
        helps: dict[int, bool] = {}
        found = 0
        for number in NUMBERS:
            if supply[number] >= self.most_asked:
                continue
            key = supply[number] if not self.runs else number
            if key not in helps:
                supply[number] += 1
                helps[key] = self._search(supply, need, first=True)[0] < need
                supply[number] -= 1
            if helps[key]:
                found |= NUMBER_BITS[number]
        return found

    def _search(self, supply: list[int], below: int, *, first: bool = False
                ) -> tuple[int, Found | None]:
        """The fewest wilds (below ``below``) and the plan that needs them; with ``first``,
        the first plan found below ``below``."""
        levels = [present_mask(supply, level) for level in range(1, len(self.runs) + 1)]
        prefix = [0] * (MAX_NUMBER + 1)
        for number in NUMBERS:
            prefix[number] = prefix[number - 1] + supply[number]
        present = [number for number in NUMBERS if supply[number]]
        best = below
        found: Found | None = None
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
            if not best or first:
                break
        return best, found

    def _place_sets(self, combo: Runs, need: int, best: int, supply: list[int],
                    present: list[int], prefix: list[int]
                    ) -> tuple[int, Layout, tuple[int, ...]] | None:
        """The numbers for the sets that need the fewest wilds with these runs, when they
        need fewer than ``best``, as (wilds, layout, numbers)."""
        window, left, room = combo.window, supply, UNSOLVED
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

    def _lay(self, tally: Tally, combo: Runs, layout: Layout | None,
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
