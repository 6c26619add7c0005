"""Use case: store a game known only by its final result (typed from a paper sheet, or read
from another app's log), finished at once and without rounds.

The rules of such a result are in :mod:`companion.scoring.final`; this module checks the
game's settings as any new game's and places the players (:func:`plan`, nothing stored).
:func:`record_final` then stores one game: each player's line with the player and the game's
time and length, the rest left to what every write keeps (the group's records, at the commit
of the unit of work). An import stores many planned games at once instead
(companion.services.exchange.plan_final).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from companion import models, player_names, schemas, scoring
from companion.infra.extensions import db
from companion.refusals import Kind
from companion.scoring.length import length_of
from companion.services import games, work


class FinalRefused(games.SetupError):
    """A final result the rules refuse: ``problems`` pairs each field at fault
    ("final.<line>.<field>", lines counted from 0 as sent) with its reason."""

    kind = Kind.REFUSED


def _field(problem: scoring.Problem, results: Sequence[scoring.FinalResult]) -> str:
    """Where in the request a problem is: the line of its player, and the field."""
    if problem.player is None or problem.field in (None, "final"):
        return "final"
    wanted = player_names.key(problem.player)
    lines = [index for index, result in enumerate(results)
             if player_names.key(result.player) == wanted]
    line = lines[-1] if problem.field == "player" else lines[0] if lines else None
    return "final" if line is None else f"final.{line}.{problem.field}"


def check(spec: scoring.GameSpec, results: Sequence[scoring.FinalResult], *,
          logged: bool = False) -> tuple[scoring.GameSpec, scoring.Setup]:
    """The game's settings normalised and its setup, once ``results`` may be its final
    result; else SetupError (the settings) or FinalRefused (the result)."""
    spec = games.validate_spec(spec)
    setup = scoring.Setup(spec.edition, spec.players, spec.phases or (), spec.ten_rounds,
                          spec.players.index(spec.first) if spec.first else 0, spec.knocking)
    problems = scoring.final_problems(setup, results, logged=logged)
    if problems:
        raise FinalRefused([(_field(problem, results), problem) for problem in problems])
    return spec, setup


@dataclass(frozen=True)
class Planned:
    """A game known by its final result, checked and placed, before anything is stored: its
    settings, setup, each player's line (placed, in seating order), when it began and when
    it ended (None: its length is unknown)."""

    spec: scoring.GameSpec
    setup: scoring.Setup
    placed: tuple[scoring.FinalResult, ...]
    created_at: datetime
    last_round_at: datetime | None

    def sheet(self) -> scoring.Sheet:
        return scoring.final_sheet(self.setup, self.placed)


def plan(spec: scoring.GameSpec, results: Sequence[scoring.FinalResult], *,
         played_at: datetime | None = None, duration_s: int | None = None,
         logged: bool = False, now: datetime | None = None) -> Planned:
    """The game whose final result ``results`` is, checked and placed, nothing stored.

    Typed from paper, the sheet's rule places the players; ``logged`` (another app's log),
    the places given are kept. ``played_at``: when the game began (by default it ended at
    ``now``, ``duration_s`` ago); the game ends ``duration_s`` later (None: its length is
    unknown)."""
    spec, setup = check(spec, results, logged=logged)
    placed = scoring.ranked(setup, results, keep_places=logged)
    now = now or datetime.now(UTC).replace(tzinfo=None, microsecond=0)
    length = None if duration_s is None else timedelta(seconds=duration_s)
    created_at = played_at or now - (length or timedelta())
    return Planned(spec, setup, placed, created_at,
                   None if length is None else created_at + length)


def record_final(spec: scoring.GameSpec, results: Sequence[scoring.FinalResult], *,
                 played_at: datetime | None = None, duration_s: int | None = None,
                 logged: bool = False) -> models.Game:
    """Start and finish the game whose final result ``results`` is (:func:`plan`), in one
    unit of work."""
    planned = plan(spec, results, played_at=played_at, duration_s=duration_s, logged=logged)
    with work.unit():
        game = games.create_game(planned.spec)
        for player, result in zip(game.players, planned.placed, strict=True):
            player.place, player.final_phases = result.place, result.phases
            player.final_points, player.final_marker = result.points, result.marker
        game.created_at = planned.created_at
        game.last_round_at = planned.last_round_at
        db.session.flush()
        games.written(game)  # finished now: its group's records count the final result
    return game


def file_part(game: models.Game, final: Sequence[scoring.FinalResult]) -> dict[str, Any]:
    """What an export file holds of a game known by its final result: each player's line
    with the place, and how long the game took (None: not known)."""
    seconds = length_of(game.created_at, game.last_round_at, "finished").seconds
    return {"final": [{"player": line.player, "phases": line.phases, "points": line.points,
                       "marker": line.marker, "place": line.place} for line in final],
            "duration_s": seconds}


def plan_import(item: schemas.GameFile, now: datetime | None = None) -> Planned:
    """The game an export file's ``item`` with a final result describes (:func:`plan`): its
    places kept when every line has one, else placed by the sheet's rule."""
    placed = item.placed()
    final = item.to_final(placed=placed)
    assert final is not None
    return plan(item.to_spec(), final, played_at=item.created_at or item.played_at,
                duration_s=item.duration_s, logged=placed, now=now)
