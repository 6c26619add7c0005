"""The game after a game at the same table (issue 46): a finished game's rematch, and a
group's "Next game". One per game, whoever asks for it.

The first request starts it under the game's row lock (services.games.lock_game) and links
it (``game.rematch_id``, unique); a request that waited for that lock, and every one after,
finds it and goes there. Linking grows the game's revision, so every phone on its sheet hears
of it live (companion.infra.live) and is offered the way to the new game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import aliased

from companion import models
from companion.infra.extensions import db
from companion.refusals import Kind, Reason
from companion.services import groups, work
from companion.services.games import KEY, create_game, link_next, lock_game, sheet_of, touch


@dataclass(frozen=True)
class Next:
    """The game after another one, and whether this request started it (else it found it)."""

    game: models.Game
    started: bool


def rematch(key: str, group_keys: Sequence[str] = ()) -> Next | None:
    """The rematch of the finished game behind edit link ``key``: the one already started,
    or a new game with the same players, edition and options, the deal passed on one seat.
    None when ``key`` is no game's edit link.

    The rematch joins the game's group only when ``group_keys`` holds the group's edit link:
    a game's edit link alone cannot add games to a group (docs/decisions.md)."""
    with work.unit():
        game = lock_game(key)
        if game is None:
            return None
        group = groups.group_of(game)
        joins = group if group is not None and group.edit_key in group_keys else None
        known = following(game)
        if known is not None:
            if joins is not None:
                _join(known, joins)
            return Next(known, started=False)
        if sheet_of(game).status != "finished":
            raise groups.GroupProblem(Kind.CONFLICT, Reason(
                "finish this game before you start a rematch"))
        if game.group_id is not None:
            groups.make_room(game.group_id)
        return Next(_start(game, joins), started=True)


def next_game(group: models.Group, after: str | None = None) -> Next | None:
    """Group page, "Next game": the game after the group's last one (``after``: the view link
    of the game the page showed as the last, so a page left open sends the table to the game
    another phone started meanwhile). None when the group has no game yet."""
    with work.unit():
        last = _named(group, after) or groups.last_game(group)
        if last is None:
            return None
        game = lock_game(last.edit_key)
        if game is None:  # deleted meanwhile
            return None
        known = following(game)
        if known is not None:
            _join(known, group)
            if known.group_id == group.id:
                return Next(known, started=False)
        groups.make_room(group.id)
        return Next(_start(game, group, link=known is None), started=True)


def following(game: models.Game) -> models.Game | None:
    """The game started after ``game`` at its table, if any."""
    if game.rematch_id is None:
        return None
    return db.session.get(models.Game, game.rematch_id)


def following_id(game_id: int) -> models.Game | None:
    """The game started after the game ``game_id`` (from its row alone), if any."""
    after = aliased(models.Game)
    return db.session.execute(select(models.Game).join(
        after, after.rematch_id == models.Game.id).where(after.id == game_id)
    ).scalar_one_or_none()


def _start(game: models.Game, group: models.Group | None, *, link: bool = True) -> models.Game:
    """A new game at ``game``'s table (in ``group``, if any), linked as the game after it."""
    new = create_game(groups.next_spec(game, group))
    if group is not None:
        new.group_id = group.id
    if link:
        link_next(game, new)
    db.session.flush()
    return new


def _join(game: models.Game, group: models.Group) -> None:
    """A rematch started outside ``group`` joins it, when it is in no group and there is room
    (asked by someone holding the group's edit link)."""
    if game.group_id is None and groups.has_room(group.id):
        game.group_id = group.id
        touch(game)


def _named(group: models.Group, view_key: str | None) -> models.Game | None:
    """The group's game behind read-only link ``view_key`` (None for none or another's)."""
    if not view_key or not KEY.fullmatch(view_key):
        return None
    return db.session.execute(select(models.Game).where(
        models.Game.view_key == view_key, models.Game.group_id == group.id)).scalar_one_or_none()
