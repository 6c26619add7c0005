"""How long a game took: from its start (the game's ``created_at``) to its latest round's
time, which ends it once the game is finished (docs/decisions.md, "The game's length").

Only what a revision fixes is here: a game in progress tells how long it has run up to its
latest round, never "until now" (pages and answers are kept per revision).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Length:
    started: datetime
    last_round: datetime | None
    """When the latest round was entered (None: no round yet, or not known)."""
    finished: bool

    @property
    def ended(self) -> datetime | None:
        """When the game ended: its last round, once it is finished."""
        return self.last_round if self.finished else None

    @property
    def seconds(self) -> int | None:
        """How long the game took (None while it is played, or when not known)."""
        return _between(self.started, self.ended)

    @property
    def so_far(self) -> int | None:
        """From the start to the latest round, whether or not the game is over."""
        return _between(self.started, self.last_round)


def _between(start: datetime, end: datetime | None) -> int | None:
    """Whole seconds between the two moments as shown (to the second), so that a copy made
    from an export, which keeps moments to the second, tells the same length."""
    if end is None:
        return None
    start, end = start.replace(microsecond=0), end.replace(microsecond=0)
    if end < start:
        return None  # a round stamped before the game (an edited import): not a length
    return int((end - start).total_seconds())


def length_of(started: datetime, last_round: datetime | None, status: str) -> Length:
    return Length(started, last_round, status == "finished")
