"""What a writer last saw of a game, and the one rule for a write made from an older revision.

Every write to a game's rounds (record, edit, undo, restore) and to its players may say the
revision it was made from, and a write to one round what that round held when the writer saw
it (``before``: its results, none for a round that was not there yet). The rule, in one place
for the page, the API and the import (docs/decisions.md, "One stale rule"; the offline queue's
``reconcile`` in static/offline-sync.js mirrors it):

- no revision, or the game's own: the write goes ahead (its other guards still apply);
- an older revision: the write goes ahead only when it said what it saw of the one round it
  changes and that round is still so (a new round: still absent); otherwise nothing is
  written (:class:`StaleRevision`, with the game as it is now).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion import models, scoring
from companion.refusals import Kind, ServiceError


class StaleRound(ServiceError):
    """Another device changed the rounds first (the client's round number is out of date);
    ``undoing``: the round was to be undone (given past the last: one this game has not
    reached, nobody's change)."""

    kind = Kind.CONFLICT

    def __init__(self, expected: int | None = None, given: int | None = None, *,
                 undoing: bool = False) -> None:
        self.expected, self.given, self.undoing = expected, given, undoing
        super().__init__("another device changed the rounds first")


class StaleRevision(StaleRound):
    """The phone's revision is older than the game's, and what it changes changed since."""

    def __init__(self, game: models.Game, given: int) -> None:
        super().__init__(game.revision, given)
        self.game = game


@dataclass(frozen=True)
class Seen:
    """The game's revision the writer last saw (None: no guard), and the round it changes as
    it saw it (None: not said; an empty tuple: that round was not there)."""

    revision: int | None = None
    before: tuple[scoring.Result, ...] | None = None


def judge(game: models.Game, seen: Seen | None, now: Sequence[scoring.Result] = ()) -> None:
    """Raise :class:`StaleRevision` unless a write made from ``seen`` may change ``game``,
    whose round it changes holds ``now`` (empty: no such round)."""
    if seen is None or seen.revision is None or seen.revision == game.revision:
        return
    if seen.before is None or not same_round(seen.before, now):
        raise StaleRevision(game, seen.revision)


def _shown(results: Sequence[scoring.Result]) -> list[tuple[object, ...]]:
    """Each result as a round's JSON shows it, by player; who went out counts only when
    somebody did on both sides (a form may leave it empty, the server then names them)."""
    anyone_out = any(result.went_out for result in results)
    return sorted((result.player, ("phase", result.phase) if result.phase else
                   ("laid", result.laid), result.points,
                   result.went_out if anyone_out else None) for result in results)


def same_round(seen: Sequence[scoring.Result], now: Sequence[scoring.Result]) -> bool:
    """Whether two versions of a round hold the same results (the offline queue's
    ``sameRound``)."""
    mine, theirs = _shown(seen), _shown(now)
    return len(mine) == len(theirs) and all(
        left[:3] == right[:3] and (left[3] is None or right[3] is None or left[3] == right[3])
        for left, right in zip(mine, theirs, strict=True))
