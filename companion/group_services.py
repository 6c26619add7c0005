"""Use cases for groups: start one, gather games in it, merge spellings, records, rematch.

Like :mod:`companion.services`, these change state and flush; the request commits once. The
records are derived by :mod:`companion.scoring.records` from the stored rounds.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import bindparam, column, func, literal_column, null, or_, select, union_all
from sqlalchemy.orm import selectinload

from . import models, reading, services
from .errors_base import Reason, ServiceError
from .extensions import db
from .kept import Kept
from .limits import MAX_GROUP_GAMES, MAX_GROUP_NAME
from .scoring import records


class GroupProblem(ServiceError):
    """A group request that cannot be done: an HTTP status and a reason a person understands."""

    def __init__(self, status: int, reason: Reason) -> None:
        super().__init__(reason)
        self.status = status


def clean_name(name: str) -> str:
    """A group's name, stripped; 0 to MAX_GROUP_NAME printable characters."""
    name = name.strip()
    if len(name) > MAX_GROUP_NAME:
        raise GroupProblem(400, Reason("a group's name has at most %(max)s characters",
                                        {"max": MAX_GROUP_NAME}))
    if not name.isprintable():
        raise GroupProblem(400, Reason("a name cannot hold control characters"))
    return name


def create_group(name: str = "") -> models.Group:
    group = models.Group(name=clean_name(name))
    db.session.add(group)
    db.session.flush()
    return group


def find_group(key: str) -> tuple[models.Group, bool] | None:
    """The group whose edit or view link ``key`` is, and whether it may be changed."""
    if not services.KEY.fullmatch(key):
        return None
    group = db.session.execute(
        db.select(models.Group).options(selectinload(models.Group.aliases))
        .where((models.Group.edit_key == key) | (models.Group.view_key == key))
    ).scalar_one_or_none()
    if group is None:
        return None
    return group, group.edit_key == key


def games_of(group: models.Group) -> list[models.Game]:
    """Every game of the group with its players, rounds and results: four queries in all."""
    return list(db.session.execute(
        services._whole_game().where(models.Game.group_id == group.id)
        .order_by(models.Game.created_at, models.Game.id)).scalars())


def played(game: models.Game) -> records.PlayedGame:
    return records.PlayedGame(game.view_key, game.created_at, services.setup_of(game),
                              tuple(services.rounds_of(game)))


def aliases_of(group: models.Group) -> dict[str, str]:
    return {alias.alias: alias.name for alias in group.aliases}


def records_of(group: models.Group, games: Sequence[models.Game]) -> records.GroupRecords:
    return records.group_records([played(game) for game in games], aliases_of(group))


@dataclass(frozen=True)
class Derived:
    """A group's records and its games' edit links (by read-only link), as last derived."""

    fingerprint: str
    records: records.GroupRecords
    edit_keys: Mapping[str, str]


_DERIVED: Kept[Derived] = Kept(32)


def fingerprint(group: models.Group) -> str:
    """Changes with every stored change to the group's games and spellings (one query).

    Every write to a game bumps its revision, and a game joining or leaving changes the
    list, so what is derived for one fingerprint holds until the next change.
    """
    rows = db.session.execute(
        db.select(models.Game.view_key, models.Game.revision)
        .where(models.Game.group_id == group.id).order_by(models.Game.id)).all()
    return _digest(group.view_key, [(key, revision) for key, revision in rows],
                   [(alias.alias, alias.name) for alias in group.aliases])


def _digest(view_key: str, games: Sequence[tuple[str, int]],
            aliases: Sequence[tuple[str, str]]) -> str:
    # Random links, not row ids: another database's group 1 can never look the same.
    text = view_key + "|" + ";".join(f"{key}:{revision}" for key, revision in games)
    text += "|" + ";".join(f"{alias}={name}" for alias, name in aliases)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


_GROUP, _GAME, _ALIAS = (model.__table__.c for model in (models.Group, models.Game, models.Alias))
_BY_KEY = or_(_GROUP.edit_key == bindparam("key"), _GROUP.view_key == bindparam("key"))
#: The group behind a link, then its games' links and revisions (part 0, by game) and its
#: merged spellings (part 1, by spelling): everything its fingerprint says, in one query.
_FINGERPRINTED = union_all(
    select(_GROUP.id, _GROUP.edit_key, _GROUP.view_key, literal_column("0").label("part"),
           _GAME.id.label("position"), _GAME.view_key.label("text"),
           _GAME.revision.label("revision"), null().label("name"))
    .select_from(models.Group.__table__.outerjoin(
        models.Game.__table__, _GAME.group_id == _GROUP.id)).where(_BY_KEY),
    select(_GROUP.id, _GROUP.edit_key, _GROUP.view_key, literal_column("1"), literal_column("0"),
           _ALIAS.alias, null(), _ALIAS.name)
    .select_from(models.Group.__table__.join(
        models.Alias.__table__, _ALIAS.group_id == _GROUP.id)).where(_BY_KEY),
).order_by(column("part"), column("position"), column("text"))


def find_fingerprint(key: str) -> tuple[str, bool] | None:
    """The fingerprint of the group behind edit or view link ``key`` (as :func:`fingerprint`
    gives it) and whether ``key`` may change the group, in one query of plain rows: what a
    view of the group page needs to find the page it kept."""
    if not services.KEY.fullmatch(key):
        return None
    rows = reading.rows(_FINGERPRINTED, {"key": key})
    if not rows:
        return None
    edit_key, view_key = rows[0][1], rows[0][2]
    games = [(row[5], row[6]) for row in rows if row[3] == 0 and row[5] is not None]
    aliases = [(row[5], row[7]) for row in rows if row[3] == 1]
    return _digest(view_key, games, aliases), edit_key == key


def derived(group: models.Group, known: str | None = None) -> Derived:
    """The group's records, replayed from its rounds only when something changed.

    The page of a group with hundreds of games would otherwise load and replay every round
    on every view. Each process keeps the last few groups' results in memory, keyed by the
    fingerprint, so nothing stale is ever shown and nothing derived is stored. ``known``: the
    fingerprint the caller has just read (what is then derived is that state or a newer one).
    """
    key = known if known is not None else fingerprint(group)

    def derive() -> Derived:
        games = games_of(group)
        return Derived(key, records_of(group, games),
                       {game.view_key: game.edit_key for game in games})

    return _DERIVED.get(key, derive)


def forget_derived() -> None:
    """Drop every kept result (benchmarks measure the first view after a change with it)."""
    _DERIVED.clear()


def has_room(group_id: int) -> bool:
    """Whether the group holds fewer than MAX_GROUP_GAMES games (one indexed count)."""
    count = db.session.scalar(select(func.count()).select_from(models.Game)
                              .where(models.Game.group_id == group_id))
    return int(count or 0) < MAX_GROUP_GAMES


def make_room(group_id: int) -> None:
    """GroupProblem (413) when the group is full: nothing is stored."""
    if not has_room(group_id):
        raise GroupProblem(413, Reason(
            "a group holds at most %(max)s games: start a new group for the next ones",
            {"max": MAX_GROUP_GAMES}))


def add_game(group: models.Group, key: str, *, revision: int | None = None) -> models.Game:
    """Put the game behind edit link ``key`` into ``group`` (a write to the game: locked)."""
    game = services.lock_game(key, revision=revision)
    if game is None and services.KEY.fullmatch(key) and db.session.execute(
            select(models.Game.id).where(models.Game.view_key == key)).first() is not None:
        raise GroupProblem(404, Reason(
            "that is the game's read-only link, which cannot add it to a group: paste its "
            "edit link instead, the address of the game's page on the phone that keeps score"))
    if game is None:
        raise GroupProblem(404, Reason("there is no game with that edit link"))
    if game.group_id == group.id:
        return game
    if game.group_id is not None:
        raise GroupProblem(409, Reason("that game belongs to another group already"))
    make_room(group.id)
    game.group_id = group.id
    services._touch(game)
    return game


def _spellings(games: Sequence[models.Game]) -> dict[str, str]:
    """Every player name in the games, casefolded → as first typed."""
    names: dict[str, str] = {}
    for game in games:
        for player in game.players:
            names.setdefault(player.name.casefold(), player.name)
    return names


def merge(group: models.Group, games: Sequence[models.Game], spelling: str, into: str) -> None:
    """Count ``spelling`` as player ``into`` in the records; games keep their names."""
    names = _spellings(games)
    current = aliases_of(group)
    spelling, into = spelling.strip(), into.strip()
    for name in (spelling, into):
        if name.casefold() not in names and name.casefold() not in current:
            raise GroupProblem(400, Reason("nobody called %(name)s played in this group",
                                                {"name": name}))
    target = current.get(into.casefold(), names.get(into.casefold(), into))
    if spelling.casefold() == target.casefold():
        raise GroupProblem(400, Reason("choose two different players to merge"))
    for alias in group.aliases:
        if alias.name.casefold() == spelling.casefold():
            alias.name = target  # who was merged into the spelling follows it
    existing = next((a for a in group.aliases if a.alias == spelling.casefold()), None)
    if existing is None:
        group.aliases.append(models.Alias(alias=spelling.casefold(), name=target))
    else:
        existing.name = target
    db.session.flush()


def unmerge(group: models.Group, spelling: str) -> None:
    """Count ``spelling`` as a player of its own again."""
    alias = next((a for a in group.aliases if a.alias == spelling.strip().casefold()), None)
    if alias is None:
        raise GroupProblem(404, Reason("%(name)s is not merged into anybody",
                                         {"name": spelling}))
    group.aliases.remove(alias)
    db.session.flush()


def link_key(link: str) -> str:
    """The key in a pasted link (the whole address, or only its key)."""
    return link.strip().rstrip("/").rsplit("/", 1)[-1]


def rematch(key: str, group_keys: Sequence[str] = ()) -> models.Game | None:
    """A new game with the same players, edition and options; the deal passes on one seat.
    None when ``key`` is no game's edit link.

    The new game joins the old one's group only when ``group_keys`` holds the group's edit
    link: a game's edit link alone cannot add games to a group (docs/decisions.md).
    """
    found = services.find_game(key)
    if found is None or not found[1]:
        return None
    game = found[0]
    if services.sheet_of(game).status != "finished":
        raise GroupProblem(409, Reason("finish this game before you start a rematch"))
    if game.group_id is not None:
        make_room(game.group_id)
    seats = game.players
    names = tuple(player.name for player in seats if player.left_round is None)
    # The deal passes to the next player clockwise who is still at the table.
    after = (seats[(game.first_dealer + step) % len(seats)] for step in range(1, len(seats) + 1))
    first = next(player.name for player in after if player.left_round is None)
    spec = services.GameSpec(game.edition, names, game.phase_numbers, game.ten_rounds,
                             game.knocking, first)
    new = services.create_game(spec)
    group = group_of(game)
    if group is not None and group.edit_key in group_keys:
        new.group_id = group.id
    db.session.flush()
    return new


def join(game: models.Game, key: str | None) -> None:
    """A new game joins the group behind edit link ``key`` (nothing for no or another key, or
    a full group: the game is started all the same)."""
    found = find_group(key.strip()) if key else None
    if found is not None and found[1] and has_room(found[0].id):
        game.group_id = found[0].id
        db.session.flush()


def group_of(game: models.Game) -> models.Group | None:
    """The group a game belongs to, if any."""
    if game.group_id is None:
        return None
    return db.session.get(models.Group, game.group_id)
