"""Head-to-head as the group page shows it: a compact table (each row a player's record
against each other player, ahead–behind) and one detail per pair, opened from the table.

Fits a 390 px phone for a table of six: the column heads are the names cut short (the full
name is in the row heads and the details)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.scoring.pairs import Matchup, PairRecord
from companion.scoring.records import PlayerRecord


@dataclass(frozen=True)
class Detail:
    """One pair, its anchor on the page and who had fewer points on average."""

    anchor: str
    pair: PairRecord
    fewer: str | None
    """Who had fewer penalty points per card game (None: equal, or no card game)."""
    more: str | None
    points: float


@dataclass(frozen=True)
class Cell:
    matchup: Matchup
    anchor: str


@dataclass(frozen=True)
class Table:
    names: tuple[str, ...]
    rows: tuple[tuple[Cell | None, ...], ...]
    """``rows[i][j]``: player i against player j (None: itself, or never together)."""
    details: tuple[Detail, ...]
    """The pairs, the most games together first."""


def _detail(index: int, pair: PairRecord) -> Detail:
    average = pair.average_diff
    if not average:
        return Detail(f"h2h-{index}", pair, None, None, 0.0)
    fewer, more = (pair.first, pair.second) if average > 0 else (pair.second, pair.first)
    return Detail(f"h2h-{index}", pair, fewer, more, abs(average))


def table(players: Sequence[PlayerRecord], pairs: Sequence[PairRecord]) -> Table | None:
    """The head-to-head of a group's records (None: no two players finished a game together).
    Players in the records' order (most wins first)."""
    if not pairs:
        return None
    details = tuple(_detail(index, pair) for index, pair in enumerate(pairs))
    by_names: dict[tuple[str, str], Detail] = {}
    for detail in details:
        by_names[(detail.pair.first, detail.pair.second)] = detail
        by_names[(detail.pair.second, detail.pair.first)] = detail
    together = {name for pair in pairs for name in (pair.first, pair.second)}
    names = tuple(player.name for player in players if player.name in together)
    names += tuple(sorted(together - set(names)))  # not expected: every pair's player has a record
    rows = []
    for name in names:
        row = []
        for other in names:
            found = by_names.get((name, other))
            row.append(None if found is None else Cell(found.pair.against(name), found.anchor))
        rows.append(tuple(row))
    ordered = tuple(sorted(details, key=lambda detail: -detail.pair.games))
    return Table(names, tuple(rows), ordered)
