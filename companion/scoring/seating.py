"""Seats for an evening of more than one table (issue 45; docs/decisions.md, "Seating").

Players are numbers, 0 to n - 1 in the order they were given, each with a strength (a
number: the higher, the stronger); ``met`` holds the pairs of them who sat at one table
earlier tonight. :func:`seat` proposes the tables:

- **sizes** (:func:`table_sizes`): as few tables as 6 seats a table allow, as equal as they
  can be (7: 4 + 3; 13: 5 + 4 + 4; 18: 6 + 6 + 6), never fewer than 2 at a table;
- **the objective** (:func:`cost`), compared in order: the fewest pairs seated together
  again, then the smallest *spread* (the strongest table's mean strength minus the weakest
  table's), then the smallest sum of squared distances of the tables' means from their
  average, which only tells apart seatings of equal spread;
- **the search**: every seating for up to :data:`EXACT_UP_TO` players (5,775 at most: 12 as
  4 + 4 + 4), else a local search: a greedy start, then the best swap of two players (or move
  of one between tables whose sizes differ by one) until none is better, restarted from
  :data:`RESTARTS` shuffled seatings drawn from a generator with a fixed seed.

Both are deterministic: the same strengths and pairs in the same order get the same tables.
Standard library only.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator, Sequence
from itertools import combinations

from companion.limits import MAX_PLAYERS, MAX_SEATED, MIN_PLAYERS
from companion.refusals import Kind, Reason, ScoringError

#: Every seating is compared up to this many players; a local search above.
EXACT_UP_TO = 12
#: Shuffled starts of the local search besides the greedy one.
RESTARTS = 6
#: Differences of strength smaller than this are no difference (sums of floats).
EPSILON = 1e-9

Tables = tuple[tuple[int, ...], ...]
#: Pairs seated together again, the spread of the tables' means, the means' sum of squares.
Cost = tuple[int, float, float]


class SeatingRefused(ScoringError):
    """Players that cannot be seated: ``field`` names the request's field at fault."""

    kind = Kind.REFUSED

    def __init__(self, field: str, reason: Reason) -> None:
        super().__init__(reason)
        self.field = field


def table_sizes(count: int) -> tuple[int, ...]:
    """The sizes of the tables ``count`` players sit at, largest first.

    >>> table_sizes(6), table_sizes(7), table_sizes(13), table_sizes(18)
    ((6,), (4, 3), (5, 4, 4), (6, 6, 6))
    """
    if count == 0:
        raise SeatingRefused("players", Reason("nobody to seat: name the players who are here"))
    if count < MIN_PLAYERS:
        raise SeatingRefused("players", Reason(
            "a table needs at least %(min)s players: one person cannot play alone",
            {"min": MIN_PLAYERS}))
    if count > MAX_SEATED:
        raise SeatingRefused("players", Reason(
            "at most %(max)s people can be seated at once (six tables of six), not %(count)s",
            {"max": MAX_SEATED, "count": count}))
    tables = -(-count // MAX_PLAYERS)
    size, larger = divmod(count, tables)
    return (size + 1,) * larger + (size,) * (tables - larger)


def seat(strengths: Sequence[float], met: Collection[tuple[int, int]] = (), *,
         exact_up_to: int = EXACT_UP_TO) -> Tables:
    """The proposed tables of players ``0 .. len(strengths) - 1``: larger tables first, each
    table and the tables of one size in the order of their players' numbers."""
    sizes = table_sizes(len(strengths))
    meets = _meetings(len(strengths), met)
    if len(strengths) <= exact_up_to:
        found = _best_of_all(strengths, meets, sizes)
    else:
        found = _local_search(strengths, meets, sizes)
    return tuple(sorted((tuple(sorted(table)) for table in found),
                        key=lambda table: (-len(table), table)))


def cost(tables: Sequence[Sequence[int]], strengths: Sequence[float],
         met: Collection[tuple[int, int]] = ()) -> Cost:
    """How good a seating is (smaller is better; see the module's objective)."""
    meets = _meetings(len(strengths), met)
    again = sum(meets[a][b] for table in tables for a, b in combinations(table, 2))
    return again, *_balance([_mean(table, strengths) for table in tables])


def greedy(strengths: Sequence[float], met: Collection[tuple[int, int]] = ()) -> Tables:
    """The local search's first start (the strongest first, each where they meet the fewest
    again): what the search improves on."""
    found = _greedy(strengths, _meetings(len(strengths), met), table_sizes(len(strengths)))
    return tuple(tuple(table) for table in found)


def _meetings(count: int, met: Collection[tuple[int, int]]) -> list[list[int]]:
    meets = [[0] * count for _ in range(count)]
    for a, b in met:
        if a != b:
            meets[a][b] = meets[b][a] = 1
    return meets


def _mean(table: Sequence[int], strengths: Sequence[float]) -> float:
    return sum(strengths[player] for player in sorted(table)) / len(table)


def _balance(means: Sequence[float]) -> tuple[float, float]:
    average = sum(means) / len(means)
    return max(means) - min(means), sum((mean - average) ** 2 for mean in means)


def _better(one: Cost, other: Cost) -> bool:
    """``one`` is better than ``other`` by more than the noise of adding floats."""
    if one[0] != other[0]:
        return one[0] < other[0]
    if abs(one[1] - other[1]) > EPSILON:
        return one[1] < other[1]
    return one[2] < other[2] - EPSILON


# Every seating: the lowest player not yet seated opens the next table, of each size still
# to fill, with every choice of its other players; so each seating comes up exactly once.

def _best_of_all(strengths: Sequence[float], meets: list[list[int]],
                 sizes: tuple[int, ...]) -> list[tuple[int, ...]]:
    best: tuple[Cost, list[tuple[int, ...]]] | None = None
    for tables, again, means in _every_seating(list(range(len(strengths))), sizes,
                                               strengths, meets, 0, ()):
        found = (again, *_balance(means))
        if best is None or _better(found, best[0]):
            best = (found, tables)
    assert best is not None
    return best[1]


def _every_seating(players: list[int], sizes: tuple[int, ...], strengths: Sequence[float],
                   meets: list[list[int]], again: int, means: tuple[float, ...]
                   ) -> Iterator[tuple[list[tuple[int, ...]], int, tuple[float, ...]]]:
    if not players:
        yield [], again, means
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes), reverse=True):
        left = list(sizes)
        left.remove(size)
        for others in combinations(rest, size - 1):
            table = (first, *others)
            table_again = sum(meets[a][b] for a, b in combinations(table, 2))
            remaining = [player for player in rest if player not in others]
            for tables, total, all_means in _every_seating(
                    remaining, tuple(left), strengths, meets, again + table_again,
                    (*means, _mean(table, strengths))):
                yield [table, *tables], total, all_means


# The local search keeps each table's players, strength sum and pairs seated again.

class _Seating:
    def __init__(self, tables: Sequence[Sequence[int]], strengths: Sequence[float],
                 meets: list[list[int]]) -> None:
        self.strengths, self.meets = strengths, meets
        self.tables = [list(table) for table in tables]
        self.sums = [sum(strengths[player] for player in table) for table in tables]
        self.again = sum(meets[a][b] for table in tables for a, b in combinations(table, 2))

    def met_at(self, player: int, table: int) -> int:
        row = self.meets[player]
        return sum(row[other] for other in self.tables[table])

    def cost(self, sums: Sequence[float] | None = None, again: int | None = None,
             sizes: Sequence[int] | None = None) -> Cost:
        sums = self.sums if sums is None else sums
        sizes = [len(table) for table in self.tables] if sizes is None else sizes
        means = [total / size for total, size in zip(sums, sizes, strict=True)]
        return (self.again if again is None else again), *_balance(means)

    def best_step(self) -> tuple[Cost, tuple[int, int, int | None, int]] | None:
        """The best swap (or move) better than the seating as it is, or None."""
        best_cost = self.cost()
        best: tuple[int, int, int | None, int] | None = None
        tables, strengths, meets = self.tables, self.strengths, self.meets
        sizes = [len(table) for table in tables]
        means = [total / size for total, size in zip(self.sums, sizes, strict=True)]
        # How many of each table every player met: read, not summed again, per candidate.
        met = [[sum(row[other] for other in table) for table in tables] for row in meets]
        for a, b in combinations(range(len(tables)), 2):
            rest = [mean for index, mean in enumerate(means) if index not in (a, b)]
            for p in tables[a]:
                for q in tables[b]:
                    again = (self.again - met[p][a] - met[q][b] + met[p][b] + met[q][a]
                             - 2 * meets[p][q])
                    if again > best_cost[0]:
                        continue
                    shift = strengths[q] - strengths[p]
                    found = (again, *_balance([*rest, means[a] + shift / sizes[a],
                                               means[b] - shift / sizes[b]]))
                    if _better(found, best_cost):
                        best_cost, best = found, (a, p, q, b)
            for source, target in ((a, b), (b, a)):
                if sizes[source] != sizes[target] + 1:
                    continue
                for p in tables[source]:
                    again = self.again - met[p][source] + met[p][target]
                    if again > best_cost[0]:
                        continue
                    moved = [*rest, (self.sums[source] - strengths[p]) / (sizes[source] - 1),
                             (self.sums[target] + strengths[p]) / (sizes[target] + 1)]
                    found = (again, *_balance(moved))
                    if _better(found, best_cost):
                        best_cost, best = found, (source, p, None, target)
        return None if best is None else (best_cost, best)

    def take(self, step: tuple[int, int, int | None, int]) -> None:
        a, p, q, b = step
        strengths = self.strengths
        self.again += self.met_at(p, b) - self.met_at(p, a)
        if q is not None:
            self.again += self.met_at(q, a) - self.met_at(q, b) - 2 * self.meets[p][q]
            self.tables[b].remove(q)
            self.tables[a].append(q)
            self.sums[a] += strengths[q]
            self.sums[b] -= strengths[q]
        self.tables[a].remove(p)
        self.tables[b].append(p)
        self.sums[a] -= strengths[p]
        self.sums[b] += strengths[p]


def _local_search(strengths: Sequence[float], meets: list[list[int]],
                  sizes: tuple[int, ...]) -> list[tuple[int, ...]]:
    shuffler = random.Random(len(strengths))
    starts = [_greedy(strengths, meets, sizes)]
    for _ in range(RESTARTS):
        order = list(range(len(strengths)))
        shuffler.shuffle(order)
        starts.append(_deal(order, sizes))
    best: tuple[Cost, list[tuple[int, ...]]] | None = None
    for start in starts:
        seating = _Seating(start, strengths, meets)
        while (step := seating.best_step()) is not None:
            seating.take(step[1])
        found = seating.cost()
        if best is None or _better(found, best[0]):
            best = (found, [tuple(table) for table in seating.tables])
    assert best is not None
    return best[1]


def _deal(order: Sequence[int], sizes: tuple[int, ...]) -> list[list[int]]:
    """``order`` dealt round the tables, back and forth (a snake draft), each to its size."""
    tables: list[list[int]] = [[] for _ in sizes]
    turn = [index for lap in range(max(sizes))
            for index in (range(len(sizes)) if lap % 2 == 0 else reversed(range(len(sizes))))
            if lap < sizes[index]]
    for player, index in zip(order, turn, strict=True):
        tables[index].append(player)
    return tables


def _greedy(strengths: Sequence[float], meets: list[list[int]],
            sizes: tuple[int, ...]) -> list[list[int]]:
    """The strongest first, each at the table with room where they meet the fewest people
    again, of those the table whose strength is lowest so far."""
    tables: list[list[int]] = [[] for _ in sizes]
    sums = [0.0 for _ in sizes]
    for player in sorted(range(len(strengths)), key=lambda p: (-strengths[p], p)):
        open_tables = [index for index, size in enumerate(sizes) if len(tables[index]) < size]
        index = min(open_tables, key=lambda i: (
            sum(meets[player][other] for other in tables[i]), sums[i], i))
        tables[index].append(player)
        sums[index] += strengths[player]
    return tables
