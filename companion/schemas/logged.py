"""Plays logged in another app (BG Stats, BoardGameGeek), read into one shape, and what they
become here: games known by their final result (companion.scoring.final).

How the formats map (docs/decisions.md, "Plays logged elsewhere"):

- a play is of Phase 10 when its game is BoardGameGeek's 1258 (the card game) or its name
  begins with "Phase 10"; "Masters" in the name makes it the Masters edition, "board game"
  or "Brettspiel" the board game, anything else the card game;
- the winners are the players the log marks as winners; where it marks none, those in first
  place. Places: the winners first, then the log's ranks where every player has one, else
  fewer points first; equal players share a place;
- points come from the score; phases and the board game's markers are not in a log and
  stay unknown; a player without a name is "Anonymous" (numbered when several are).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from companion import editions, player_names
from companion.editions import Edition
from companion.refusals import InputError, Kind, Reason
from companion.scoring import FinalResult
from companion.scoring.final import places_of

#: BoardGameGeek's id of the Phase 10 card game.
CARD_GAME_BGG_ID = 1258
#: The name a player without one gets (BG Stats' anonymous player, a nameless BGG player).
ANONYMOUS = "Anonymous"


@dataclass(frozen=True)
class LoggedPlayer:
    """One player of a logged play, as the log says it (None: it does not say)."""

    name: str
    score: int | None = None
    rank: int | None = None
    winner: bool = False
    start: bool = False
    seat: int | None = None
    anonymous: bool = False


@dataclass(frozen=True)
class LoggedPlay:
    """One logged play: which game (its name and BGG id), when (UTC), how long, who."""

    game: str
    bgg_id: int | None
    played_at: datetime | None
    duration_s: int | None
    players: tuple[LoggedPlayer, ...]


@dataclass(frozen=True)
class PaperGame:
    """A logged play as a game known by its final result: what companion.services.finals
    stores (``first``: who started, when the log says)."""

    edition: Edition
    players: tuple[str, ...]
    results: tuple[FinalResult, ...]
    played_at: datetime | None
    duration_s: int | None
    first: str | None


def edition_of(game: str, bgg_id: int | None) -> Edition | None:
    """The edition a logged game is (None: not Phase 10).

    >>> [edition_of(name, None) for name in ("Phase 10", "Phase 10 Masters", "Uno")]
    [<Edition original>, <Edition masters>, None]
    >>> edition_of("Phase 10: Das Brettspiel", None), edition_of("Phase Ten", 1258)
    (<Edition board>, <Edition original>)
    """
    name = " ".join(game.split()).casefold()
    if bgg_id != CARD_GAME_BGG_ID and not name.startswith("phase 10"):
        return None
    if "masters" in name:
        return _builtin(lambda edition: edition.chooses_phase)
    if "board game" in name or "brettspiel" in name or "boardgame" in name:
        return _builtin(lambda edition: edition.markers)
    return editions.default()


def _builtin(trait: Callable[[Edition], bool]) -> Edition:
    """The built-in edition with ``trait`` (Masters chooses phases, the board game has
    markers): found by what it can do, not by its key."""
    return next(edition for edition in editions.all_editions()
                if not edition.house and trait(edition))


def _named(players: Sequence[LoggedPlayer]) -> list[str]:
    """Each player's name: a nameless one is "Anonymous", numbered when several are."""
    nameless = [player.anonymous or not player_names.clean(player.name) for player in players]
    count, found = sum(nameless), list[str]()
    for player, without in zip(players, nameless, strict=True):
        if without:
            number = sum(found_name.startswith(ANONYMOUS) for found_name in found) + 1
            found.append(ANONYMOUS if count == 1 else f"{ANONYMOUS} {number}")
        else:
            found.append(player_names.clean(player.name))
    return found


class PlayRefused(InputError):
    """A Phase 10 play of a log that cannot be a game (a name twice, a score that is no
    number): why, and which play (``play``: its number in the file, from 1)."""

    kind = Kind.REFUSED

    def __init__(self, reason: Reason | str, /, play: int | None = None, **params: object
                 ) -> None:
        super().__init__(reason, **params)
        self.play = play


def paper_game(play: LoggedPlay, edition: Edition) -> PaperGame:
    """The game ``play`` is, placed as the module says; PlayRefused when it cannot be one."""
    seated = sorted(enumerate(play.players),
                    key=lambda item: (item[1].seat is None, item[1].seat or 0, item[0]))
    players = [player for _index, player in seated]
    shown = _named(players)
    keys = [player_names.key(name) for name in shown]
    twice = next((name for name, key in zip(shown, keys, strict=True)
                  if keys.count(key) > 1), None)
    if twice is not None:
        raise PlayRefused("%(name)s plays twice in this play: every player needs a different "
                          "name", name=twice)
    winners = {index for index, player in enumerate(players) if player.winner}
    ranked = all(player.rank is not None for player in players)

    def order(index: int) -> tuple[int, ...]:
        player = players[index]
        after = player.rank if ranked else player.score
        return (int(index not in winners), after if after is not None else 1 << 30)

    places = places_of([order(index) for index in range(len(players))])
    results = tuple(FinalResult(name, None, None if edition.markers else player.score,
                                None, place)
                    for name, player, place in zip(shown, players, places, strict=True))
    first = next((name for name, player in zip(shown, players, strict=True) if player.start),
                 None)
    return PaperGame(edition, tuple(shown), results, play.played_at, play.duration_s, first)
