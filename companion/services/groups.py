"""Use cases for groups: start one, gather games in it, merge spellings, records, the next
game's table (the rematch itself: services.rematches).

Like :mod:`companion.services.games`, these change state and flush; the request commits once. The
records are kept as running tallies by :mod:`companion.services.group_records` with every write, and
read here; :mod:`companion.scoring.records` derives the same from every round (the reference).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import Select, bindparam, func, or_, select, union_all
from sqlalchemy.orm import selectinload

from companion import models, player_names
from companion.cache import stores
from companion.infra import storage
from companion.infra.extensions import db
from companion.limits import MAX_GROUP_GAMES, MAX_GROUP_NAME
from companion.refusals import Kind, Reason, ServiceError
from companion.scoring import GameSpec, record_tallies, records
from companion.scoring.ratings import Rating
from companion.services import group_records, kept, players, ratings, reading, work
from companion.services.games import (
    KEY,
    final_of,
    lock_game,
    rounds_of,
    setup_of,
    sheet_of,
    touch,
    whole_game,
)


class GroupProblem(ServiceError):
    """A group request that cannot be done: what sort of refusal (``kind``: a link or
    player that is not there, a game that is someone else's, a group that is full) and a
    reason a person understands."""

    def __init__(self, kind: Kind, reason: Reason) -> None:
        super().__init__(reason)
        self.kind = kind


def clean_name(name: str) -> str:
    """A group's name as stored (companion.player_names.clean): none, or a name by the rule of
    every name (companion.player_names.refusal) of at most MAX_GROUP_NAME characters, the
    column's size."""
    name = player_names.clean(name)
    if player_names.length(name) > MAX_GROUP_NAME:
        raise GroupProblem(Kind.INPUT, Reason("a group's name has at most %(max)s characters",
                                              {"max": MAX_GROUP_NAME}))
    refused = player_names.refusal(name, MAX_GROUP_NAME, MAX_GROUP_NAME) if name else None
    if refused is not None:
        raise GroupProblem(Kind.INPUT, refused)
    return name


def create_group(name: str = "") -> models.Group:
    group = models.Group(name=clean_name(name))
    db.session.add(group)
    db.session.flush()
    return group


def find_group(key: str) -> tuple[models.Group, bool] | None:
    """The group whose edit or view link ``key`` is, and whether it may be changed."""
    if not KEY.fullmatch(key):
        return None
    group = db.session.execute(
        db.select(models.Group).options(selectinload(models.Group.aliases))
        .where((models.Group.edit_key == key) | (models.Group.view_key == key))
    ).scalar_one_or_none()
    if group is None:
        return None
    return group, group.edit_key == key


def games_of(group: models.Group) -> list[models.Game]:
    """Every game of the group with its players, rounds and results: four queries in all
    (exports, and the one derivation of a group stored before its tallies were kept)."""
    return list(db.session.execute(
        whole_game().where(models.Game.group_id == group.id)
        .order_by(models.Game.created_at, models.Game.id)).scalars())


def played(game: models.Game) -> records.PlayedGame:
    """A game as companion.scoring.records replays it (the reference the kept tallies equal:
    tests and benchmarks)."""
    return records.PlayedGame(game.view_key, game.created_at, setup_of(game),
                              tuple(rounds_of(game)), game.last_round_at,
                              final_of(game))


def aliases_of(group: models.Group) -> dict[str, str]:
    return {player_names.key(alias.alias): alias.name for alias in group.aliases}


#: Finished games the page's "wins over time" draws (the newest; the lines start where the
#: players stood before them).
WINS_DRAWN = 100


def fingerprint(group: models.Group) -> str:
    """Names what the group's page shows: its revision grows with every stored change to its
    games and spellings (companion.services.group_records.bump), and its links never change."""
    return _digest(group.view_key, group.revision)


def _digest(view_key: str, revision: int) -> str:
    # Random links, not row ids: another database's group 1 can never look the same.
    return f"{view_key}:{revision}"


_GROUP = models.Group.__table__.c
_BY_KEY = or_(_GROUP.edit_key == bindparam("key"), _GROUP.view_key == bindparam("key"))
#: The group behind a link and its revision: one row from a unique index.
_FINGERPRINTED = select(_GROUP.edit_key, _GROUP.view_key, _GROUP.revision).where(_BY_KEY)


def find_fingerprint(key: str) -> tuple[str, bool] | None:
    """The fingerprint of the group behind edit or view link ``key`` (as :func:`fingerprint`
    gives it) and whether ``key`` may change the group, in one indexed lookup: what a view of
    the group page needs to find the page it kept."""
    if not KEY.fullmatch(key):
        return None
    rows = reading.rows(_FINGERPRINTED, {"key": key})
    if not rows:
        return None
    edit_key, view_key, revision = rows[0]
    return _digest(view_key, revision), edit_key == key


def tallies_of(group: models.Group) -> str:
    """The group's kept tallies (JSON); derived here once from every game for a group stored
    before they were kept (its first view after the upgrade), in a write of its own."""
    if group.tallies is not None:
        return group.tallies
    group_id = group.id
    with work.unit():
        storage.begin_write()
        locked = models.locked_group(db.session(), group_id)
        if locked is not None and locked.tallies is None:
            games = games_of(locked)
            group_records.derive(db.session(), locked,
                                 [(game, sheet_of(game)) for game in games])
    return tallies_of(db.session.get_one(models.Group, group_id))


_G, _P = models.Game.__table__.c, models.Player.__table__.c
_NEWEST = (_G.created_at.desc(), _G.id.desc())


def derived(group: models.Group, known: str | None = None, *,
            listed: int | None = None) -> records.Derived:
    """The group's records from its kept tallies, with its newest ``listed`` games and the
    winners of its newest WINS_DRAWN finished games (None: all games, every winner, as the
    API gives them). No game is replayed: a view costs the same at 10 and at 1,000 games,
    but for the lists when all of them are asked for.

    Each process keeps the last few results by fingerprint, and the records by what they
    are made of, so nothing stale is ever shown. ``known``: the fingerprint the caller has
    just read (what is read is that state or a newer one).
    """
    kept = tallies_of(group)
    key = known if known is not None else fingerprint(group)
    aliases = aliases_of(group)
    shown = records.Identities(aliases).named
    records_key = hashlib.blake2b(
        f"{group.view_key}|{listed is None}|{sorted(aliases.items())}|{kept}".encode(),
        digest_size=16).hexdigest()

    def derive_records() -> records.GroupRecords:
        wins = [row[0] for row in db.session.execute(
            select(_G.winners).where(_G.group_id == group.id, _G.status == "finished")
            .order_by(*_NEWEST).limit(WINS_DRAWN if listed is not None else None))]
        wins.reverse()
        tallies = json.loads(kept)
        return record_tallies.records_from(
            tallies["players"], aliases, (),
            [tuple(json.loads(winners or "[]")) for winners in wins],
            tallies["finished"] - len(wins), tallies.get("length"), tallies.get("pairs"))

    def derive() -> records.Derived:
        newest = (select(_G.id, _G.view_key, _G.edit_key, _G.created_at, _G.edition, _G.status,
                         _G.winners, _G.played_rounds,
                         _count(group.id).scalar_subquery().label("total"))
                  .where(_G.group_id == group.id).order_by(*_NEWEST).limit(listed).subquery())
        rows = db.session.execute(
            select(newest, _P.name).join(models.Player.__table__, _P.game_id == newest.c.id)
            .order_by(newest.c.created_at.desc(), newest.c.id.desc(), _P.seat)).all()
        games: dict[int, Any] = {}
        for row in rows:
            games.setdefault(row.id, (row, []))[1].append(row.name)
        # The group's names for its people (renamed, merged); the sheets keep what was typed.
        summaries = tuple(records.GameSummary(
            row.view_key, row.created_at, row.edition, tuple(map(shown, names)),
            row.status or "playing", tuple(map(shown, json.loads(row.winners or "[]"))),
            row.played_rounds or 0)
            for row, names in games.values())
        found = replace(stores.group_records.get(records_key, derive_records), games=summaries)
        edit_keys = {row.view_key: row.edit_key for row, _ in games.values()}
        return records.Derived(key, found, edit_keys, int(rows[0].total) if rows else 0,
                               records_key)

    return stores.groups.get((key, listed), derive)


def rated(group: models.Group) -> dict[str, list[tuple[str, Rating]]]:
    """Each kind's ratings by the names the group shows, highest first
    (companion.services.ratings), its records derived first for a group stored before them."""
    tallies_of(group)
    return ratings.named(group)


def odds(group: models.Group, players: Sequence[str], kind: str) -> list[tuple[str, float]]:
    """Each player's chance to win a game of ``kind`` of these players
    (companion.services.ratings.odds), its records derived first for a group stored before
    them."""
    tallies_of(group)
    return ratings.odds(group, players, kind)


def roster(group: models.Group) -> list[tuple[str, int | None]]:
    """The group's players as its new game offers them (:func:`roster_of`), from the kept
    records and the newest game's players: no game's rounds are read."""
    return roster_of(derived(group, listed=1).records)


def roster_of(known: records.GroupRecords) -> list[tuple[str, int | None]]:
    """The players of ``known`` (games newest first), each with their seat in the last game
    (None: not at that table): the last game's table in seating order, then everybody else
    who finished a game in the group, most games first; by the names the group shows."""
    last = list(known.games[0].players) if known.games else []
    regulars = [player.name for player in sorted(known.players, key=lambda p: -p.played)]
    seated = {player_names.key(name) for name in last}
    return [(name, seat) for seat, name in enumerate(last)] + [
        (name, None) for name in regulars if player_names.key(name) not in seated]


def people(group: models.Group, listed: records.GroupRecords) -> list[str]:
    """Every person of the group by the name it shows for them (what a rename offers): the
    players of its records and of the games ``listed``."""
    found = {player_names.key(player.name): player.name for player in listed.players}
    for game in listed.games:
        for name in game.players:
            found.setdefault(player_names.key(name), name)
    return sorted(found.values(), key=player_names.key)


def names_to_merge(group: models.Group, listed: records.GroupRecords) -> list[str]:
    """The spellings a merge offers: one per player of the group's finished games (from its
    tallies) and the players of the games ``listed``; no query, whatever the group's size."""
    names = {player_names.key(entry["first"][1]): entry["first"][1]
             for entry in json.loads(tallies_of(group))["players"].values()}
    for game in listed.games:
        for name in game.players:
            names.setdefault(player_names.key(name), name)
    return sorted(names.values(), key=player_names.key)


def _count(group_id: int) -> Select[Any]:
    return select(func.count()).select_from(models.Game).where(models.Game.group_id == group_id)


def count_games(group_id: int) -> int:
    """How many games the group has (one count over an index)."""
    return int(db.session.scalar(_count(group_id)) or 0)


def has_room(group_id: int) -> bool:
    """Whether the group holds fewer than MAX_GROUP_GAMES games."""
    return count_games(group_id) < MAX_GROUP_GAMES


def make_room(group_id: int) -> None:
    """GroupProblem (TOO_LARGE) when the group is full: nothing is stored."""
    if not has_room(group_id):
        raise GroupProblem(Kind.TOO_LARGE, Reason(
            "a group holds at most %(max)s games: start a new group for the next ones",
            {"max": MAX_GROUP_GAMES}))


def add_game(group: models.Group, key: str, *, revision: int | None = None) -> models.Game:
    """Put the game behind edit link ``key`` into ``group`` (a write to the game: locked)."""
    game = lock_game(key, revision=revision)
    if game is None and KEY.fullmatch(key) and db.session.execute(
            select(models.Game.id).where(models.Game.view_key == key)).first() is not None:
        raise GroupProblem(Kind.UNKNOWN, Reason(
            "that is the game's read-only link, which cannot add it to a group: paste its "
            "edit link instead, the address of the game's page on the phone that keeps score"))
    if game is None:
        raise GroupProblem(Kind.UNKNOWN, Reason("there is no game with that edit link"))
    if game.group_id == group.id:
        return game
    if game.group_id is not None:
        raise GroupProblem(Kind.CONFLICT, Reason("that game belongs to another group already"))
    make_room(group.id)
    game.group_id = group.id
    touch(game)
    return game


def typed_spellings(group: models.Group) -> dict[str, str]:
    """Every spelling typed in the group's games, by key (companion.player_names.key) → as first
    typed: the players of its finished games (from its tallies) and of its games not
    finished. One row of tallies and the players of the games not finished: no finished
    game is read, so it costs the same at 10 and 1,000 games."""
    names = {key: entry["first"][1]
             for key, entry in json.loads(tallies_of(group))["players"].items()}
    # Two index ranges (group, status), not an OR the index cannot follow: a status is NULL
    # only until the game's first write is kept (companion.services.group_records).
    playing = select(_G.created_at, _G.id, _P.seat, _P.name).join(
        models.Game.__table__, _G.id == _P.game_id).where(_G.group_id == group.id)
    rows = db.session.execute(union_all(
        playing.where(_G.status.in_(("playing", "tiebreak"))),
        playing.where(_G.status.is_(None)))).all()
    open_games = [row.name for row in sorted(rows, key=lambda row: row[:3])]
    for name in open_games:
        names.setdefault(player_names.key(name), name)
    return names


def _people(group: models.Group) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """The spellings typed in the group, its aliases (spelling → name), and both with the
    names the aliases give (a player renamed before anybody typed the new name)."""
    typed, current = typed_spellings(group), aliases_of(group)
    known = typed | {player_names.key(name): name for name in current.values()} | {
        spelling: typed.get(spelling, spelling) for spelling in current}
    return typed, current, known


def merge(group: models.Group, spelling: str, into: str) -> None:
    """Count ``spelling`` as player ``into`` in the records; games keep their names."""
    _typed, current, known = _people(group)
    spelling, into = player_names.clean(spelling), player_names.clean(into)
    key = player_names.key
    for name in (spelling, into):
        if key(name) not in known:
            raise GroupProblem(Kind.INPUT, Reason("nobody called %(name)s played in this group",
                                                  {"name": name}))
    target = current.get(key(into), known.get(key(into), into))
    if key(spelling) == key(target):
        raise GroupProblem(Kind.INPUT, Reason("choose two different players to merge"))
    for alias in group.aliases:
        if key(alias.name) == key(spelling):
            alias.name = target  # who was merged into the spelling follows it
    _count_as(group, spelling, target)
    _spellings_changed(group)


def _count_as(group: models.Group, spelling: str, name: str) -> None:
    """The group's alias of ``spelling`` (by its key) says ``name``, made or changed."""
    existing = next((a for a in group.aliases
                     if player_names.key(a.alias) == player_names.key(spelling)), None)
    if existing is None:
        group.aliases.append(models.Alias(alias=player_names.key(spelling), name=name))
    else:
        existing.name = name


def rename(group: models.Group, old: str, new: str) -> str:
    """Player ``old`` is called ``new`` in the group from now on: its records, its list of
    games, its roster and the next games. Every spelling that counted as them counts as
    ``new``, so their history stays theirs; the games keep what was written on the night.
    Returns the new name; refuses a name that another player of the group has (merge them
    instead) and a name the new-game form would refuse, with the same words.

    Reads what a merge reads (:func:`typed_spellings`): no game's rounds, whatever the
    group's history."""
    key = player_names.key
    typed, current, known = _people(group)
    if key(old) not in known:
        raise GroupProblem(Kind.UNKNOWN, Reason("nobody called %(name)s played in this group",
                                                {"name": player_names.clean(old)}))
    person = key(current.get(key(old), known[key(old)]))
    shown = current.get(person, known.get(person, old))
    new = players.valid_name(new, instead_of=shown)
    if key(new) in known and key(current.get(key(new), known[key(new)])) != person:
        raise GroupProblem(Kind.INPUT, Reason(
            "%(name)s is another player of this group: to count %(old)s and %(name)s as one "
            "person, merge them instead", {"name": known[key(new)], "old": shown}))
    if new == shown:
        return new
    changed = False
    for alias in group.aliases:
        if key(alias.name) == person:
            alias.name, changed = new, True  # every spelling that counted as them follows
    if person in typed or person in current:  # only a spelling typed in a game needs one
        _count_as(group, person, new)
        changed = True
    if changed:
        _spellings_changed(group)
    else:
        group_records.bump(db.session(), group.id)
        db.session.flush()
    return new


def unmerge(group: models.Group, spelling: str) -> None:
    """Count ``spelling`` as a player of its own again."""
    alias = next((a for a in group.aliases
                  if player_names.key(a.alias) == player_names.key(spelling)), None)
    if alias is None:
        raise GroupProblem(Kind.UNKNOWN, Reason("%(name)s is not merged into anybody",
                                                {"name": spelling}))
    group.aliases.remove(alias)
    _spellings_changed(group)


def _spellings_changed(group: models.Group) -> None:
    """The group's merges changed: its page changes (its revision grows), and its pairs are
    derived again when the unit of work ends (companion.services.kept)."""
    group_records.bump(db.session(), group.id)
    ratings.people_changed(db.session(), group)  # who counts as whom changed
    db.session.flush()
    kept.spellings_changed(group)


def link_key(link: str) -> str:
    """The key in a pasted link (the whole address, or only its key)."""
    return link.strip().rstrip("/").rsplit("/", 1)[-1]


def next_spec(game: models.Game, group: models.Group | None) -> GameSpec:
    """The game after ``game`` at the same table: its players still seated, its edition and
    variants, the deal passed to the next of them clockwise. Named as ``group`` (when the new
    game joins it) knows its people now (a player renamed since), unless two of the table
    are one person to the group (merged): then the names as typed."""
    seats = game.players
    names = tuple(player.name for player in seats if player.left_round is None)
    after = (seats[(game.first_dealer + step) % len(seats)] for step in range(1, len(seats) + 1))
    first = next(player.name for player in after if player.left_round is None)
    if group is not None:
        named = records.Identities(aliases_of(group)).named
        if len({player_names.key(named(name)) for name in names}) == len(names):
            names, first = tuple(map(named, names)), named(first)
    return GameSpec(game.edition, names, game.phase_numbers, game.ten_rounds, game.knocking,
                    first)


def last_game(group: models.Group) -> models.Game | None:
    """The group's newest game (its table: players, seats and variants)."""
    return db.session.execute(
        select(models.Game).options(selectinload(models.Game.players))
        .where(models.Game.group_id == group.id)
        .order_by(models.Game.created_at.desc(), models.Game.id.desc()).limit(1)
    ).scalar_one_or_none()


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
