"""Head-to-head: how two players of a group fared in the finished games they played together
(issue 24; docs/decisions.md, "Head-to-head").

- *Finished ahead*: ranked higher in the game's final standings by the sheet's own ranking
  (:func:`companion.scoring.sheet.rank`, :func:`companion.scoring.board.rank`); an equal rank is
  a tie, ahead for neither.
- *Points*: card games only, where both have a total: the mean of the second player's total
  minus the first's (positive: the first player had fewer penalty points).
- *Longest streak*: the longest run of consecutive games together (in the order they were
  started) that one of the two finished ahead; a tie or the other's game ends it.

Pairs are kept per group as running sums (:func:`apply`) plus, per pair, one row per game with
its outcome and ``run``: how many games in a row up to it went the same way. The longest
streak is then the largest ``run`` of a side, and a game added or taken away anywhere changes
only the runs of the games that follow it in the same streak (:func:`insert`, :func:`remove`,
over a :class:`Runs` store: a list in the tests, indexed rows in the database).
:func:`head_to_head` derives everything from scratch and is the reference.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from companion.scoring import board, sheet
from companion.scoring.model import Sheet

#: A pair's key in the kept tallies: the two people's name keys, in order, joined by a tab
#: (a name cannot hold one).
SEP = "\t"


@dataclass(frozen=True)
class PairRecord:
    """Two players (``first`` before ``second`` by name key) over their games together."""

    first: str
    second: str
    games: int
    first_ahead: int
    second_ahead: int
    points_games: int = 0
    """Card games together in which both had a total."""
    points_diff: int = 0
    """The sum over those games of the second player's total minus the first's."""
    first_streak: int = 0
    second_streak: int = 0

    @property
    def ties(self) -> int:
        return self.games - self.first_ahead - self.second_ahead

    @property
    def average_diff(self) -> float | None:
        """Points the first player had fewer than the second, per card game (None: none)."""
        return self.points_diff / self.points_games if self.points_games else None

    def against(self, name: str) -> Matchup:
        """The pair as seen by ``name`` (one of the two)."""
        if name == self.first:
            return Matchup(self.second, self.games, self.first_ahead, self.second_ahead,
                           self.points_games, self.points_diff, self.first_streak,
                           self.second_streak)
        return Matchup(self.first, self.games, self.second_ahead, self.first_ahead,
                       self.points_games, -self.points_diff, self.second_streak,
                       self.first_streak)


@dataclass(frozen=True)
class Matchup:
    """One player's record against ``other``."""

    other: str
    games: int
    ahead: int
    behind: int
    points_games: int
    points_diff: int
    """The other's totals minus this player's, summed (positive: fewer points than them)."""
    streak: int
    other_streak: int

    @property
    def ties(self) -> int:
        return self.games - self.ahead - self.behind

    @property
    def average_diff(self) -> float | None:
        return self.points_diff / self.points_games if self.points_games else None


def places(result_sheet: Sheet) -> dict[str, tuple[int, ...]]:
    """Each player's rank in a game's final standings (lower is ahead; equal is a tie)."""
    setup = result_sheet.setup
    if result_sheet.final is not None:  # known by its final result: its places
        return {result.player: (result.place,) for result in result_sheet.final}
    if setup.edition.markers:
        return {line.name: board.rank(setup, line, result_sheet.winner)
                for line in result_sheet.players}
    return {line.name: sheet.rank(setup, line, result_sheet.winners)
            for line in result_sheet.players}


class Outcome(NamedTuple):
    """One game of a pair: who finished ahead (1 the first, -1 the second, 0 a tie) and the
    second's total minus the first's (None: no points)."""

    first: str
    second: str
    ahead: int
    diff: int | None


def outcomes(players: Iterable[tuple[str, Sequence[int], int | None]]) -> list[Outcome]:
    """Every pair of one game, from (person's key, rank, total points or None) per player in
    seating order. Two seats that count as one person (spellings merged although both
    played the game) count once, as the first of them."""
    once: dict[str, tuple[str, Sequence[int], int | None]] = {}
    for player in players:
        once.setdefault(player[0], player)
    seated = sorted(once.values(), key=lambda player: player[0])
    found = []
    for index, (first, first_rank, first_points) in enumerate(seated):
        for second, second_rank, second_points in seated[index + 1:]:
            ahead = (tuple(first_rank) < tuple(second_rank)) - (
                tuple(first_rank) > tuple(second_rank))
            diff = (None if first_points is None or second_points is None
                    else second_points - first_points)
            found.append(Outcome(first, second, ahead, diff))
    return found


def game_outcomes(game: Mapping[str, Any], person: Callable[[str], str]) -> list[Outcome]:
    """The pairs of one game's facts (:func:`companion.scoring.record_tallies.facts`), people by
    ``person`` (a spelling → the key it counts under)."""
    if any("rank" not in player for player in game["players"]):
        return []  # facts kept before head-to-head (their group derives them again)
    return outcomes((person(player["name"]), player["rank"], player["points"])
                    for player in game["players"])


def sequence(game: Mapping[str, Any]) -> str:
    """Where a game stands in the order of a group's games: when it started, then its link
    (text that sorts as the games do)."""
    return f"{game['at']} {game['ref']}"


# -- the kept sums -------------------------------------------------------------------------

def new_entry() -> dict[str, Any]:
    return {"games": 0, "ahead": [0, 0], "diff": [0, 0], "streak": [0, 0]}


class Row(NamedTuple):
    """One game of a pair in a :class:`Runs` store."""

    seq: str
    ahead: int
    run: int
    """Games in a row, up to this one, that went the same way (a tie counts as a way)."""


class Runs(Protocol):
    """One pair's games in order, with their runs (a list here, rows in the database)."""

    def before(self, seq: str) -> Row | None:
        """The last game before ``seq``."""

    def after(self, seq: str) -> Row | None:
        """The first game after ``seq``."""

    def shift(self, start: str, ahead: int, delta: int) -> None:
        """Add ``delta`` to the runs of the games from ``start`` on that go ``ahead``'s way,
        up to the first that does not (the streak that starts at ``start``)."""

    def put(self, row: Row) -> None: ...

    def drop(self, seq: str) -> Row | None:
        """Take the game at ``seq`` away (None: it was not there)."""

    def longest(self, ahead: int) -> int:
        """The largest run of the games that went ``ahead``'s way (0: none)."""


def insert(runs: Runs, seq: str, ahead: int) -> tuple[int, bool, int | None]:
    """Put a game in its place: its run, whether games follow it, and which way the streak
    after it went whose runs changed (None: none changed)."""
    before = runs.before(seq)
    run = before.run + 1 if before is not None and before.ahead == ahead else 1
    runs.put(Row(seq, ahead, run))
    followed, shifted = _mend(runs, seq, Row(seq, ahead, run))
    return run, followed, shifted


def remove(runs: Runs, seq: str) -> tuple[Row | None, bool, int | None]:
    """Take a game away: the game (None: it was not there), whether games followed it, and
    which way the streak after it went whose runs changed (None: none changed)."""
    before = runs.before(seq)
    gone = runs.drop(seq)
    if gone is None:
        return None, False, None
    followed, shifted = _mend(runs, seq, before)
    return gone, followed, shifted


def _mend(runs: Runs, seq: str, before: Row | None) -> tuple[bool, int | None]:
    """The games after ``seq`` that go the same way as the first of them get their runs
    counted again from ``before``, the game now before them; later streaks are untouched.
    Whether a game follows ``seq``, and which way the streak whose runs changed went."""
    after = runs.after(seq)
    if after is None:
        return False, None
    run = before.run + 1 if before is not None and before.ahead == after.ahead else 1
    if run == after.run:
        return True, None
    runs.shift(after.seq, after.ahead, run - after.run)
    return True, after.ahead


def apply(entry: dict[str, Any], runs: Runs, seq: str, outcome: Outcome, sign: int
          ) -> set[int]:
    """Add (``sign`` 1) or take away (-1) one game of a pair: its sums in ``entry``, its row
    in ``runs``, and the longest streaks. Only the game's own run and the streak after it
    change: the ways (1, -1) whose longest streak is to be read again from the runs are
    returned, those whose streak after the game changed, or whose longest the game taken
    away held (a game at the end of the pair's games, the usual change, needs at most
    one)."""
    ahead = outcome.ahead
    side = int(ahead < 0)
    again: set[int] = set()
    if sign > 0:
        run, _followed, shifted = insert(runs, seq, ahead)
        if ahead:
            entry["streak"][side] = max(entry["streak"][side], run)
    else:
        gone, _followed, shifted = remove(runs, seq)
        if gone is None:
            return again
        if ahead and gone.run >= entry["streak"][side]:
            again.add(ahead)
    if shifted:
        again.add(shifted)
    entry["games"] += sign
    if ahead:
        entry["ahead"][side] += sign
    if outcome.diff is not None:
        entry["diff"][0] += sign * outcome.diff
        entry["diff"][1] += sign
    return again


def longest_each(runs_of: Callable[[str], Runs], wanted: Iterable[tuple[str, int]]
                 ) -> dict[tuple[str, int], int]:
    """The longest streak of each (pair, way), one store at a time."""
    return {(pair, way): runs_of(pair).longest(way) for pair, way in wanted}


# -- from scratch (the reference) -----------------------------------------------------------

def head_to_head(games: Iterable[tuple[str, Iterable[Outcome]]]) -> dict[str, dict[str, Any]]:
    """Every pair's kept entry derived from (sequence, outcomes) of every finished game, the
    streaks counted by walking each pair's games in order."""
    entries: dict[str, dict[str, Any]] = {}
    current: dict[str, tuple[int, int]] = {}
    for _seq, found in sorted(games, key=lambda game: game[0]):
        for outcome in found:
            pair = outcome.first + SEP + outcome.second
            entry = entries.setdefault(pair, new_entry())
            entry["games"] += 1
            if outcome.ahead:
                entry["ahead"][outcome.ahead < 0] += 1
            if outcome.diff is not None:
                entry["diff"][0] += outcome.diff
                entry["diff"][1] += 1
            way, run = current.get(pair, (0, 0))
            run = run + 1 if way == outcome.ahead else 1
            current[pair] = (outcome.ahead, run)
            if outcome.ahead:
                side = int(outcome.ahead < 0)
                entry["streak"][side] = max(entry["streak"][side], run)
    return entries


def records(entries: Mapping[str, Mapping[str, Any]], shown: Callable[[str], str]
            ) -> tuple[PairRecord, ...]:
    """The kept entries as records, people shown by ``shown`` (key → name), ordered by the
    first player's name then the second's."""
    found = []
    for pair, entry in entries.items():
        first, second = pair.split(SEP)
        found.append(PairRecord(
            shown(first), shown(second), entry["games"], entry["ahead"][0], entry["ahead"][1],
            entry["diff"][1], entry["diff"][0], entry["streak"][0], entry["streak"][1]))
    return tuple(sorted(found, key=lambda record: (record.first.casefold(),
                                                   record.second.casefold())))


def apply_game(entries: dict[str, dict[str, Any]], runs_of: Callable[[str], Runs],
               game: Mapping[str, Any], person: Callable[[str], str], sign: int,
               longest: Callable[[list[tuple[str, int]]], Mapping[tuple[str, int], int]]
               | None = None) -> None:
    """Add (``sign`` 1) or take away (-1) every pair of one game's facts; ``runs_of`` gives a
    pair's store by its key, ``person`` the key a spelling counts under; ``longest`` reads
    the longest streaks asked for all at once, after every pair is changed (default: one
    store at a time)."""
    seq = sequence(game)
    wanted: list[tuple[str, int]] = []
    for outcome in game_outcomes(game, person):
        pair = outcome.first + SEP + outcome.second
        entry = entries.setdefault(pair, new_entry())
        wanted += [(pair, way) for way in sorted(apply(entry, runs_of(pair), seq, outcome,
                                                       sign))]
    found = (longest or (lambda asked: longest_each(runs_of, asked)))(wanted)
    for (pair, way), run in found.items():
        entries[pair]["streak"][int(way < 0)] = run
    for pair in {outcome.first + SEP + outcome.second
                 for outcome in game_outcomes(game, person)}:
        if pair in entries and entries[pair]["games"] == 0:
            del entries[pair]
