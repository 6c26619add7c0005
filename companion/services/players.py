"""Changing who plays a game already started: rename a player, a late joiner, a player who
leaves. Each change is one locked write (services.lock_game) and bumps the revision once.

Results name their player, so a rename rewrites them in the same write. A late joiner
joins from the next round; a player who leaves keeps their rounds and plays no more (a
player without any round is removed altogether). The rules for the sheet are in
companion.scoring.roster.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion import models, player_names, scoring
from companion.limits import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from companion.refusals import Kind, Reason, ServiceError
from companion.scoring import roster
from companion.services import games


class RosterError(ServiceError):
    """A change to the players that cannot be made; ``reason`` says why, ``kind`` whether the
    change cannot be (INPUT) or the game no longer takes it (CONFLICT: finished, a
    tie-break)."""

    def __init__(self, reason: Reason, *, kind: Kind = Kind.INPUT) -> None:
        super().__init__(reason)
        self.kind = kind


def _player(game: models.Game, name: str) -> models.Player:
    """The player called ``name``: as stored, else the one whose name is the same person's."""
    for player in game.players:
        if player.name == name:
            return player
    for player in game.players:
        if player_names.key(player.name) == player_names.key(name):
            return player
    raise RosterError(Reason("%(player)s is not playing in this game", {"player": name}))


def valid_name(name: str, *, instead_of: str | None = None) -> str:
    """``name`` as stored (companion.player_names.clean), or RosterError saying why it cannot be a
    player's name: ``instead_of`` names the player being renamed."""
    name = player_names.clean(name) if isinstance(name, str) else ""
    if not name and instead_of is not None:
        raise RosterError(Reason("%(player)s needs a name: a name has 1 to %(max)s characters",
                                 {"player": instead_of, "max": MAX_NAME}))
    if not name:
        raise RosterError(Reason("the new player needs a name: a name has 1 to %(max)s "
                                 "characters", {"max": MAX_NAME}))
    refused = player_names.refusal(name, MAX_NAME)
    if refused is not None:
        raise RosterError(refused)
    return name


def _check_name(game: models.Game, name: str, *, instead_of: str | None = None) -> str:
    name = valid_name(name, instead_of=instead_of)
    taken = {player_names.key(player.name) for player in game.players
             if player.name != instead_of}
    if player_names.key(name) in taken:
        raise RosterError(Reason("%(player)s is already in this game: every player needs "
                                 "a different name", {"player": name}))
    return name


def look_alike_warnings(names: Sequence[str], *, only: str | None = None
                        ) -> list[tuple[str, Reason]]:
    """The names of one table (in seating order) that only look like what they seem, each
    with why (companion.player_names.look_alikes): a warning to show, never a refusal. ``only``:
    just the warnings about that name (one just added or renamed) and the one it looks
    like."""
    seat = {name: number for number, name in enumerate(names, 1)}
    found: list[tuple[str, Reason]] = []
    for alike in player_names.look_alikes(names):
        if only is not None and only not in (alike.name, alike.other):
            continue
        if alike.other is not None:
            found.append((alike.name, Reason(
                "“%(name)s” (player %(seat)s) looks like “%(other)s” (player %(other_seat)s) "
                "but is written with other letters: check that they are two different players",
                {"name": alike.name, "seat": seat[alike.name], "other": alike.other,
                 "other_seat": seat[alike.other]})))
        else:
            found.append((alike.name, Reason(
                "“%(name)s” mixes letters of several alphabets (%(scripts)s): check it is "
                "typed as meant", {"name": alike.name, "scripts": ", ".join(alike.scripts)})))
    return found


def _open(game: models.Game) -> scoring.Sheet:
    sheet = games.sheet_of(game)
    if sheet.status == "finished":
        raise RosterError(Reason("this game is finished: its players no longer change"),
                          kind=Kind.CONFLICT)
    if sheet.status == "tiebreak":
        raise RosterError(Reason("only the tied players play the tie-break round: change "
                                 "the players after it"), kind=Kind.CONFLICT)
    return sheet


def rename_player(game: models.Game, old: str, new: str) -> str:
    """Give player ``old`` the name ``new`` on the sheet and in every round; returns it."""
    player = _player(game, old)
    old = player.name
    new = _check_name(game, new, instead_of=old)
    if new == old:
        return new
    player.name = new
    for stored in game.rounds:
        for result in stored.results:
            if result.player == old:
                result.player = new
    games.touch(game)
    return new


def add_player(game: models.Game, name: str) -> models.Player:
    """A late joiner, playing from the next round (scoring.roster gives their points)."""
    sheet = _open(game)
    name = _check_name(game, name)
    if len(game.players) >= MAX_PLAYERS:
        raise RosterError(Reason("a game has at most %(max)s players", {"max": MAX_PLAYERS}))
    seat = max((player.seat for player in game.players), default=-1) + 1
    player = models.Player(seat=seat, name=name, joined_round=sheet.next_round)
    game.players.append(player)
    games.touch(game)
    return player


def remove_player(game: models.Game, name: str) -> bool:
    """Player ``name`` leaves after this round; True when they had no round and are gone
    altogether."""
    sheet = _open(game)
    player = _player(game, name)
    name = player.name
    if name not in sheet.expected:
        raise RosterError(Reason("%(player)s has already left the game", {"player": name}))
    if len(sheet.expected) <= MIN_PLAYERS:
        raise RosterError(Reason("a game needs at least %(min)s players at the table",
                                 {"min": MIN_PLAYERS}))
    played = any(result.player == name for stored in game.rounds for result in stored.results)
    if played:
        player.left_round = sheet.next_round
    else:
        game.first_dealer = roster.dealer_after_leaving(
            game.players.index(player), game.first_dealer, len(game.players))
        game.players.remove(player)
    games._touch(game)
    games.written(game, games.sheet_of(game))  # the sheet still replays (else it raises)
    return not played
