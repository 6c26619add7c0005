"""Who sits at the table in which round: players who join late and players who leave.

``Setup.joined`` holds, per seat, the first round a player plays (1 for everyone who was
there from the start); ``Setup.left`` the first round they no longer play (0: still here).
As decided for the companion (docs/decisions.md):

- A late joiner starts on the first phase in play (board game: on space 1) with the highest
  total any player had when they joined, so joining never puts them ahead on points.
- A player who leaves keeps their rounds and total on the sheet; they play no further
  round, cannot win, and are listed after the players still at the table.
- The dealer (board game: the starter) moves on to the next player at the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.scoring.model import Setup


def first_round(setup: Setup, seat: int) -> int:
    """The first round the player in ``seat`` plays."""
    return setup.joined[seat] if setup.joined else 1


def last_round(setup: Setup, seat: int) -> int | None:
    """The last round the player in ``seat`` plays (None: they are still at the table)."""
    left = setup.left[seat] if setup.left else 0
    return left - 1 if left else None


def plays(setup: Setup, seat: int, number: int) -> bool:
    """Whether the player in ``seat`` plays round ``number``."""
    last = last_round(setup, seat)
    return first_round(setup, seat) <= number and (last is None or number <= last)


def present(setup: Setup, number: int) -> tuple[str, ...]:
    """The players of round ``number``, in seating order."""
    return tuple(name for seat, name in enumerate(setup.players) if plays(setup, seat, number))


def next_at_table(setup: Setup, seat: int, number: int) -> str:
    """The player in ``seat``, or the next one clockwise who plays round ``number``."""
    count = len(setup.players)
    for step in range(count):
        candidate = (seat + step) % count
        if plays(setup, candidate, number):
            return setup.players[candidate]
    return setup.players[seat % count]


def joiners(setup: Setup, number: int) -> tuple[str, ...]:
    """Who joins the game in round ``number`` (after round 1)."""
    if number <= 1:
        return ()
    return tuple(name for seat, name in enumerate(setup.players)
                 if first_round(setup, seat) == number)


def starting_points(totals: Sequence[int]) -> int:
    """A late joiner's points: the highest total at the table when they join (0 if none)."""
    return max(totals, default=0)


def check_roster(setup: Setup) -> str | None:
    """What is wrong with ``joined``/``left`` (a message template), or None."""
    count = len(setup.players)
    if setup.joined and len(setup.joined) != count or setup.left and len(setup.left) != count:
        return "every seat needs a first round and a last round"
    for seat in range(count):
        last = last_round(setup, seat)
        first = first_round(setup, seat)
        if first < 1 or (last is not None and last < first - 1):
            return "a player leaves before they join"
    return None



def dealer_after_leaving(seat: int, first_dealer: int, seats: int) -> int:
    """The first dealer's seat once the player at ``seat`` of ``seats`` leaves before playing
    a round (their seat is taken away): the seats after it move up one, and the last seat,
    dealing first, passes the deal on clockwise, to the first seat.

    >>> dealer_after_leaving(0, 2, 4), dealer_after_leaving(3, 3, 4), dealer_after_leaving(3, 1, 4)
    (1, 0, 1)
    """
    if seat < first_dealer:
        return first_dealer - 1
    if seat == first_dealer == seats - 1:
        return 0
    return first_dealer
