"""Use cases: a group's history in and out of the play loggers, BG Stats and BoardGameGeek.

In: every Phase 10 play of a log becomes a finished game known by its final result
(companion.services.finals) in a new group: each play checked and placed first, then all of
them written at once in one unit of work, as the app's own file is (services.exchange); the
first play that cannot be a game refuses the whole file, naming it, and nothing is stored.
Out: the group's
finished games as a BG Stats export file. How the formats map: companion.schemas.logged and
docs/decisions.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from companion import models, scoring
from companion.infra import green
from companion.limits import MAX_GAMES
from companion.refusals import InputError, Reason
from companion.schemas import bgg, bgstats
from companion.schemas.logged import PlayRefused, edition_of, paper_game
from companion.scoring.length import length_of
from companion.services import exchange, finals, games
from companion.services.exchange import ImportRefused

#: A log's play of fewer or more players than a game has is left out (a solo play).
_SEATS = range(2, 7)


def zone_of(name: str | None) -> ZoneInfo:
    """The time zone a log's local times are in (``?tz=Europe/Berlin``; by default UTC)."""
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        raise InputError("“tz” must be a time zone like Europe/Berlin, not “%(name)s”",
                         name=(name or "")[:60]) from None


@dataclass(frozen=True)
class ImportedLog:
    """The group a log became, and how many of its plays were left out."""

    group: models.Group
    games: int
    skipped: bgstats.Skipped


def import_bgstats(data: object, zone: ZoneInfo) -> ImportedLog:
    """Store the Phase 10 plays of a BG Stats export as a new group."""
    file = bgstats.read_file(data)
    return _store("BG Stats", bgstats.read_plays(file, zone, edition_of))


def import_bgg(data: bytes, zone: ZoneInfo) -> ImportedLog:
    """Store the Phase 10 plays of BoardGameGeek's plays XML as a new group."""
    return _store("BoardGameGeek", bgg.read_plays(bgg.parse(data), zone, edition_of))


def _store(name: str, plays: bgstats.Plays) -> ImportedLog:
    """Every play checked and placed first, without the database (the worker's other requests
    served between plays); then, all of them known to be good, the group written at once as
    an import of the app's own file is (companion.services.exchange.store_group)."""
    found = [(number, play) for number, play in plays.found
             if len(play.players) in _SEATS]
    skipped = replace(plays.skipped, players=len(plays.found) - len(found))
    if not found:
        raise ImportRefused(Reason("the file holds no Phase 10 play of 2 to 6 players "
                                   "(%(skipped)s other plays)", {"skipped": skipped.total}))
    if len(found) > MAX_GAMES:
        raise ImportRefused(Reason("a file holds at most %(max)s games", {"max": MAX_GAMES}))
    turn = green.Turns()
    now = datetime.now(UTC).replace(tzinfo=None, microsecond=0)
    plans = []
    for number, play in found:
        edition = edition_of(play.game, play.bgg_id)
        assert edition is not None  # only Phase 10 plays were found
        try:
            game = paper_game(play, edition)
            planned = finals.plan(
                scoring.GameSpec(edition, game.players, first=game.first), game.results,
                played_at=game.played_at, duration_s=game.duration_s, logged=True, now=now)
        except PlayRefused as error:
            error.play = number
            raise
        except games.SetupError as error:
            raise PlayRefused(error.problems[0][1], play=number) from error
        plans.append(exchange.plan_final(planned))
        turn()
    return ImportedLog(exchange.store_group(name, plans), len(plans), skipped)


def export_bgstats(group_games: Sequence[models.Game], zone: ZoneInfo) -> dict[str, Any]:
    """The group's finished games as a BG Stats export, local times in ``zone``."""
    finished = []
    for game in group_games:
        sheet = games.sheet_of(game)
        if sheet.status != "finished":
            continue
        length = length_of(game.created_at, game.last_round_at, sheet.status)
        finished.append(bgstats.FinishedGame(bgstats.play_id(game.view_key), sheet,
                                             game.created_at, length.seconds))
    return bgstats.export_file(finished, zone)
