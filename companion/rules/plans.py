"""The solver's plans, enumerated once per phase: first numbers of runs, blocks of sets."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product

from companion.rules.cards import MAX_NUMBER
from companion.rules.hand_counts import NUMBERS, window_mask
from companion.rules.phases import Part


@dataclass(frozen=True)
class Runs:
    """One choice of first numbers for the runs, with what the search needs to know of it."""

    starts: tuple[int, ...]
    window: int  # the numbers of the first run (the only one when there are sets)
    levels: tuple[int, ...]  # levels[j]: the numbers that more than j runs ask for
    size: int  # cards in all the runs
    halls: tuple[tuple[tuple[tuple[int, int], ...], int], ...]  # (spans, runs) per subset


@dataclass(frozen=True)
class Layout:
    """Sets grouped into blocks that share a number, and the ranks of numbers to try."""

    blocks: tuple[tuple[int, int, tuple[int, ...]], ...]  # (cards, sets, part indices)
    ranks: tuple[tuple[int, tuple[int, ...]], ...]  # (highest rank, rank per block)


def run_combos(parts: tuple[Part, ...], runs: tuple[int, ...]) -> tuple[Runs, ...]:
    """Every choice of first numbers for the runs (equal runs in non-decreasing order)."""
    sizes = [parts[index].size for index in runs]
    combos = []
    for starts in product(*(range(1, MAX_NUMBER - size + 2) for size in sizes)):
        if any(sizes[i] == sizes[j] and starts[i] > starts[j]
               for i, j in combinations(range(len(sizes)), 2)):
            continue
        windows = [window_mask(start, size)
                   for start, size in zip(starts, sizes, strict=True)]
        levels = tuple(_covered_by(windows, level) for level in range(1, len(windows) + 1))
        halls = tuple((_spans(_covered_by(list(subset), 1)), len(subset))
                      for count in range(1, len(windows) + 1)
                      for subset in combinations(windows, count))
        combos.append(Runs(starts, windows[0] if windows else 0, levels, sum(sizes), halls))
    return tuple(combos)


def _covered_by(windows: list[int], level: int) -> int:
    return sum(1 << number for number in NUMBERS
               if sum(window >> number & 1 for window in windows) >= level)


def _spans(mask: int) -> tuple[tuple[int, int], ...]:
    """The numbers in ``mask`` as (low, high) stretches."""
    spans: list[tuple[int, int]] = []
    for number in NUMBERS:
        if mask >> number & 1:
            if spans and spans[-1][1] == number - 1:
                spans[-1] = (spans[-1][0], number)
            else:
                spans.append((number, number))
    return tuple(spans)


def set_layouts(parts: tuple[Part, ...], sets: list[int], runs: int) -> tuple[Layout, ...]:
    """Every way to group the sets into blocks on distinct numbers, up to equal sets, each
    with the ranks of the candidate numbers its blocks may take."""
    layouts: dict[tuple[tuple[int, ...], ...], Layout] = {}
    for partition in _partitions(sets):
        shapes = [tuple(sorted(parts[index].size for index in block)) for block in partition]
        key = tuple(sorted(shapes))
        if not sets or key in layouts:
            continue
        blocks = tuple((sum(shape), len(shape), tuple(block))
                       for shape, block in zip(shapes, partition, strict=True))
        ranks = sorted((max(ranks), ranks) for ranks in _rankings(shapes, len(blocks) + runs))
        layouts[key] = Layout(blocks, tuple(ranks))
    return tuple(layouts.values())


def _rankings(shapes: list[tuple[int, ...]], places: int) -> list[tuple[int, ...]]:
    """Every way to give each block its own rank below ``places``, blocks of equal shape in
    increasing order (swapping them gives the same plan): chosen a shape at a time from the
    ranks still free, rather than filtered from every permutation (10 equal blocks have one
    ranking, and 3.6 million permutations)."""
    groups: dict[tuple[int, ...], list[int]] = {}
    for index, shape in enumerate(shapes):
        groups.setdefault(shape, []).append(index)
    found: list[tuple[int, ...]] = []
    ranks = [0] * len(shapes)

    def give(remaining: list[list[int]], free: tuple[int, ...]) -> None:
        if not remaining:
            found.append(tuple(ranks))
            return
        indices, rest = remaining[0], remaining[1:]
        for chosen in combinations(free, len(indices)):
            for index, rank in zip(indices, chosen, strict=True):
                ranks[index] = rank
            give(rest, tuple(rank for rank in free if rank not in chosen))

    give(list(groups.values()), tuple(range(places)))
    return found


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
