"""BG Stats' formats: its export file (read and written) and its createPlay link.

BG Stats (the play logger) exports JSON with ``players``, ``games`` and ``plays``, each play
with its ``playerScores``; the import reads the Phase 10 plays of such a file
(:func:`read_plays`), the group export writes one (:func:`export_file`), and a finished
game's answer carries the link that opens BG Stats with the play filled in
(:func:`create_play_link`). How places, points and names map: companion.schemas.logged.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any
from urllib.parse import quote
from zoneinfo import ZoneInfo

from pydantic import Field, StrictBool, StrictInt, StrictStr, ValidationError

from companion import player_names, scoring
from companion.editions import Edition
from companion.limits import MAX_GAMES
from companion.numbers import SIGNED
from companion.schemas.answers import SkippedJson
from companion.schemas.base import Says, Schema, first, refusal
from companion.schemas.logged import CARD_GAME_BGG_ID, LoggedPlay, LoggedPlayer, PlayRefused
from companion.scoring.final import points_of
from companion.scoring.places import places

SOURCE = "Phase 10 Companion"
CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
#: How BG Stats writes a play's date: local time, to the second.
PLAY_DATE = "%Y-%m-%d %H:%M:%S"
#: Our own names for uuids made from a game's or a player's identity (stable across exports).
_NAMESPACE = uuid.UUID("5f0c1b5e-7a43-4b8e-9a53-2f7c4c9e1a10")

FILE_SAY = Says("a BG Stats file has “players”, “games” and “plays”")
Number = Annotated[StrictInt | None, Says("“%(key)s” must be a whole number")]


class BgPlayer(Schema):
    SAYS = Says("each of “players” must be an object with an “id”")
    id: Annotated[StrictInt, SAYS]
    name: Annotated[StrictStr, Says("a player's “name” must be text")] = ""
    is_anonymous: Annotated[StrictBool, Field(alias="isAnonymous"),
                            Says("“isAnonymous” must be true or false")] = False


class BgGame(Schema):
    SAYS = Says("each of “games” must be an object with an “id” and a “name”")
    id: Annotated[StrictInt, SAYS]
    name: Annotated[StrictStr, SAYS] = ""
    bgg_id: Annotated[Number, Field(alias="bggId")] = None


class BgScore(Schema):
    SAYS = Says("each of a play's “playerScores” must be an object with a “playerRefId”")
    player: Annotated[StrictInt, Field(alias="playerRefId"), SAYS]
    score: Annotated[StrictStr | StrictInt | None, Says(
        "a “score” must be a number written as text, like \"85\"")] = None
    rank: Annotated[Number, Field(alias="rank")] = None
    winner: Annotated[StrictBool, Says("“winner” must be true or false")] = False
    start: Annotated[StrictBool, Field(alias="startPlayer"),
                     Says("“startPlayer” must be true or false")] = False
    seat: Annotated[Number, Field(alias="seatOrder")] = None


class BgPlay(Schema):
    SAYS = Says("each of “plays” must be an object with a “gameRefId” and “playerScores”")
    game: Annotated[StrictInt, Field(alias="gameRefId"), SAYS]
    play_date: Annotated[StrictStr | None, Field(alias="playDate"), Says(
        "“playDate” must be a date and time like \"2026-03-14 19:30:00\"")] = None
    duration: Annotated[Number, Field(alias="durationMin")] = None
    ignored: Annotated[StrictBool, Says("“ignored” must be true or false")] = False
    scores: Annotated[list[BgScore], Field(alias="playerScores"), SAYS]


class BgStatsFile(Schema):
    """The parts of a BG Stats export the import reads (the rest is ignored)."""

    SAYS = FILE_SAY
    players: Annotated[list[BgPlayer], FILE_SAY]
    games: Annotated[list[BgGame], FILE_SAY]
    plays: Annotated[list[BgPlay], FILE_SAY]


def read_file(data: object) -> BgStatsFile:
    """``data`` as a BG Stats export; PlayRefused naming the play (from 1) a problem is in."""
    try:
        return BgStatsFile.model_validate(data)
    except ValidationError as error:
        found = first(BgStatsFile, error)
        reason = refusal(BgStatsFile, data, found).reason
        loc = found["loc"]
        play = loc[1] + 1 if len(loc) > 1 and loc[0] == "plays" and isinstance(
            loc[1], int) else None
        raise PlayRefused(reason, play=play) from None


def is_bgstats(data: object) -> bool:
    """Whether ``data`` looks like a BG Stats export (rather than this app's own file)."""
    return isinstance(data, dict) and "plays" in data and "format" not in data


def _score(value: str | int | None) -> int | None:
    """A score as BG Stats writes it (text) as a whole number; None for an empty one."""
    if value is None or isinstance(value, int):
        return value
    text = value.strip().replace("\u2212", "-")
    if not text:
        return None
    if not SIGNED.fullmatch(text) or len(text) > 12:
        raise PlayRefused("a “score” must be a whole number written as text, like \"85\", "
                          "not “%(score)s”", score=value[:40])
    return int(text)


def _moment(text: str | None, zone: ZoneInfo) -> datetime | None:
    """``playDate`` (the logger's local time, in ``zone``) as naive UTC."""
    if text is None or not text.strip():
        return None
    try:
        local = datetime.fromisoformat(text.strip())
    except ValueError:
        raise PlayRefused("“playDate” must be a date and time like \"2026-03-14 19:30:00\", "
                          "not “%(value)s”", value=text[:40]) from None
    if local.tzinfo is None:
        local = local.replace(tzinfo=zone)
    return local.astimezone(ZoneInfo("UTC")).replace(tzinfo=None)


@dataclass(frozen=True)
class Skipped:
    """How many plays of a log were left out, and why: plays of other games, plays the log
    marks as ignored (BG Stats) or incomplete (BoardGameGeek), and Phase 10 plays of fewer
    than 2 or more than 6 players."""

    other_games: int = 0
    ignored: int = 0
    incomplete: int = 0
    players: int = 0

    @property
    def total(self) -> int:
        return self.other_games + self.ignored + self.incomplete + self.players

    def as_json(self) -> SkippedJson:
        return SkippedJson(other_games=self.other_games, ignored=self.ignored,
                           incomplete=self.incomplete, players=self.players)


@dataclass(frozen=True)
class Plays:
    """A log's plays: each Phase 10 one with its number in the file (from 1), and those left
    out (:class:`Skipped`)."""

    found: tuple[tuple[int, LoggedPlay], ...]
    skipped: Skipped


def read_plays(file: BgStatsFile, zone: ZoneInfo,
               wanted: Callable[[str, int | None], object]) -> Plays:
    """The plays of ``file`` whose game ``wanted(name, bgg_id)`` takes; PlayRefused (with
    ``play``: its number) for one that cannot be read."""
    people = {player.id: player for player in file.players}
    games = {game.id: game for game in file.games}
    found: list[tuple[int, LoggedPlay]] = []
    other_games = ignored = 0
    for number, play in enumerate(file.plays, 1):
        game = games.get(play.game)
        if game is None or not wanted(game.name, game.bgg_id):
            other_games += 1
            continue
        if play.ignored:
            ignored += 1
            continue
        if len(found) == MAX_GAMES:  # one more than a group holds: no need to read on
            raise PlayRefused("a file holds at most %(max)s games", max=MAX_GAMES)
        try:
            found.append((number, _logged(play, game, people, zone)))
        except PlayRefused as error:
            error.play = number
            raise
    return Plays(tuple(found), Skipped(other_games=other_games, ignored=ignored))


def _logged(play: BgPlay, game: BgGame, people: dict[int, BgPlayer],
            zone: ZoneInfo) -> LoggedPlay:
    players = []
    for score in play.scores:
        person = people.get(score.player)
        if person is None:
            raise PlayRefused("a score names player %(id)s, who is not in “players”",
                              id=score.player)
        players.append(LoggedPlayer(person.name, _score(score.score), score.rank, score.winner,
                                    score.start, score.seat, person.is_anonymous))
    minutes = play.duration if play.duration and play.duration > 0 else None
    return LoggedPlay(game.name, game.bgg_id, _moment(play.play_date, zone),
                      None if minutes is None else minutes * 60, tuple(players))


# Out: the export file and the createPlay link.

def game_name(edition: Edition) -> tuple[str, int | None]:
    """The name and BoardGameGeek id a game of ``edition`` is logged under."""
    if edition.house:
        return f"Phase 10 ({edition.name})", None
    if edition.markers:  # the board game
        return "Phase 10 Board Game", None
    if edition.chooses_phase:  # Masters
        return "Phase 10 Masters", None
    return "Phase 10", CARD_GAME_BGG_ID


@dataclass(frozen=True)
class FinishedGame:
    """What the export and the link need of a finished game."""

    ref: str
    sheet: scoring.Sheet
    started: datetime
    seconds: int | None


def _points(game: FinishedGame, name: str) -> int | None:
    if game.sheet.setup.edition.markers:
        return None
    return points_of(game.sheet, name)


def _places(sheet: scoring.Sheet) -> dict[str, int]:
    return {place.name: place.place for place in places(sheet)}


def _starter(sheet: scoring.Sheet) -> str:
    return sheet.setup.players[sheet.setup.first_dealer]


def create_play_link(game: FinishedGame) -> str:
    """BG Stats' createPlay link that logs ``game`` (every player with ``winner`` and
    ``startPlayer``: its Android app fails without them)."""
    name, bgg_id = game_name(game.sheet.setup.edition)
    places, winners = _places(game.sheet), set(game.sheet.winners)
    players = []
    for line in game.sheet.players:
        player: dict[str, Any] = {"name": line.name}
        points = _points(game, line.name)
        if points is not None:
            player["score"] = points
        player.update(winner=line.name in winners, startPlayer=line.name == _starter(
            game.sheet), rank=places[line.name])
        players.append(player)
    data: dict[str, Any] = {
        "sourceName": SOURCE, "sourcePlayId": game.ref,
        "playDate": game.started.isoformat(timespec="seconds") + "Z",
        "game": {"name": name, **({"bggId": bgg_id} if bgg_id is not None else {})},
        "players": players}
    if game.seconds is not None:
        data["durationMin"] = round(game.seconds / 60)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return CREATE_PLAY + quote(text, safe="")


def _uuid(*parts: str) -> str:
    return str(uuid.uuid5(_NAMESPACE, "\x1f".join(parts)))


def play_id(view_key: str) -> str:
    """A game's id in BG Stats: the same for every export and link of it, and no way back to
    its read-only link."""
    return _uuid("play", view_key)


def export_file(games: Sequence[FinishedGame], zone: ZoneInfo) -> dict[str, Any]:
    """A BG Stats export of ``games`` (finished): players by the names on the sheets, a game
    entry per edition played, a play per game with its scores as text and its local time."""
    people: dict[str, dict[str, Any]] = {}
    kinds: dict[str, dict[str, Any]] = {}
    plays = []
    for game in games:
        edition = game.sheet.setup.edition
        name, bgg_id = game_name(edition)
        entry = kinds.setdefault(name, {
            "id": len(kinds) + 1, "uuid": _uuid("game", name), "name": name,
            **({"bggId": bgg_id} if bgg_id is not None else {}),
            "highestWins": False, "noPoints": edition.markers, "cooperative": False})
        places, winners = _places(game.sheet), set(game.sheet.winners)
        scores = []
        for line in game.sheet.players:
            key = player_names.key(line.name)
            person = people.setdefault(key, {"id": len(people) + 1, "uuid": _uuid("player", key),
                                             "name": line.name, "isAnonymous": False})
            points = _points(game, line.name)
            scores.append({"playerRefId": person["id"],
                           "score": "" if points is None else str(points),
                           "rank": places[line.name], "winner": line.name in winners,
                           "newPlayer": False, "startPlayer": line.name == _starter(game.sheet),
                           "seatOrder": line.seat})
        local = game.started.replace(tzinfo=ZoneInfo("UTC")).astimezone(zone)
        plays.append({"uuid": game.ref, "gameRefId": entry["id"],
                      "playDate": local.strftime(PLAY_DATE),
                      "durationMin": 0 if game.seconds is None else round(game.seconds / 60),
                      "ignored": False, "rounds": len(game.sheet.rounds),
                      "playerScores": scores})
    return {"players": list(people.values()), "games": list(kinds.values()),
            "plays": plays, "locations": []}
