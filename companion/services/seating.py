"""Seats for an evening of more than one table: propose tables, start their games, and the
evening as one (issue 45; docs/decisions.md, "Seating").

A proposal stores nothing: :func:`ask` reads who is present, how strong each is and who met
whom tonight; the caller hands that to :func:`companion.scoring.seating.seat`, a pure search
(36 ms of CPU for 36 players), off the event loop (companion.infra.planning), and names its tables
with :meth:`Asked.named`. :func:`start_tables` is a use case of its own, one unit of work: a
game per table. The evening (:func:`evening`) is the group's newest game and every game
started in the :data:`EVENING_HOURS` before it.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from companion import editions, models, player_names
from companion.infra import storage
from companion.infra.extensions import db
from companion.limits import MAX_NAME, MAX_PLAYERS, MAX_SEATED, MAX_TONIGHT_TABLES
from companion.refusals import Reason
from companion.scoring import GameSpec, records
from companion.scoring import seating as scoring_seating
from companion.scoring.ratings import START
from companion.scoring.seating import SeatingRefused
from companion.services import games, groups, ratings, work

#: An evening: the group's newest game and the games started this many hours before it.
EVENING_HOURS = 12
#: ... at most this many of them, the newest (as many tables as a proposal's ``tonight``
#: takes): an evening's view costs the same whatever the group's history, even when a whole
#: history was typed in or imported in one evening.
EVENING_GAMES = MAX_TONIGHT_TABLES


# The one place the seating learns how strong a player is: their rating's ordinal in the
# group's card games (companion.services.ratings; μ − 3σ), a name the group never rated at
# the starting rating. The seating itself takes any numbers.

#: What a name the group has never rated counts as (μ − 3σ at openskill's defaults: 0).
NEW_PLAYER = START


def _strengths(group: models.Group, names: Sequence[str]) -> dict[str, float]:
    """How strong each of ``names`` (as the group shows them) is, known or new."""
    known = {player_names.key(name): rating.ordinal
             for name, rating in groups.rated(group)["card"]}
    return {name: known.get(player_names.key(name), NEW_PLAYER) for name in names}


def _changes(group: models.Group, tonight: Sequence[records.GameSummary]) -> dict[str, float]:
    """How far tonight's finished games moved each person's rating (by name key): in each
    kind of game they finished tonight, the ordinal after their last such game minus before
    their first, added up (companion.services.ratings.changes_over)."""
    refs = [game.ref for game in tonight if game.status == "finished"]
    if not refs:
        return {}
    return {player_names.key(name): change
            for name, change in ratings.changes_over(group, refs).items()}


# -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Asked:
    """Who is to be seated, as the pure search takes them: ``names`` as typed (cleaned), in
    the order given, their ``strengths`` in that order, and the pairs of them (by number)
    who ``met`` at one table tonight."""

    names: tuple[str, ...]
    strengths: tuple[float, ...]
    met: tuple[tuple[int, int], ...]

    def named(self, tables: scoring_seating.Tables) -> list[list[str]]:
        return [[self.names[number] for number in table] for table in tables]


def ask(group: models.Group, players: Sequence[str],
        tonight: Sequence[Sequence[str]] = ()) -> Asked:
    """``players`` (names as typed, each once) and the ``tonight`` tables they sat at, read
    for :func:`companion.scoring.seating.seat`. SeatingRefused (naming the field) for a name
    twice or one no game takes, nobody, one person alone or more than MAX_SEATED."""
    present = _present(group, players)
    people = [person for person, _name in present]
    strengths = _strengths(group, people)
    index = {player_names.key(person): number for number, person in enumerate(people)}
    return Asked(tuple(name for _person, name in present),
                 tuple(strengths[person] for person in people),
                 tuple(_met(group, tonight, index)))


def _present(group: models.Group, players: Sequence[str]) -> list[tuple[str, str]]:
    """Each name as (the person it is to the group, the name as typed and cleaned)."""
    if len(players) > MAX_SEATED:
        scoring_seating.table_sizes(len(players))  # refuses, naming the field
    identities = records.Identities(groups.aliases_of(group))
    seen: dict[str, str] = {}
    present = []
    for typed in players:
        name = player_names.clean(typed)
        refused = (Reason("a player has no name: a name has 1 to %(max)s characters",
                          {"max": MAX_NAME}) if not name
                   else player_names.refusal(name, MAX_NAME))
        if refused is not None:
            raise SeatingRefused("players", refused)
        person = identities.named(name)
        key = player_names.key(person)
        if key in seen:
            twice = name if player_names.key(seen[key]) == player_names.key(name) \
                else " / ".join((seen[key], name))  # two spellings of one person
            raise SeatingRefused("players", Reason(
                "%(name)s is named twice: everybody is seated once", {"name": twice}))
        seen[key] = name
        present.append((person, name))
    scoring_seating.table_sizes(len(present))
    return present


def _met(group: models.Group, tonight: Sequence[Sequence[str]],
         index: dict[str, int]) -> list[tuple[int, int]]:
    """The pairs of players present who sat at one of ``tonight``'s tables together."""
    if len(tonight) > MAX_TONIGHT_TABLES:
        raise SeatingRefused("tonight", Reason(
            "name at most %(max)s tables played tonight", {"max": MAX_TONIGHT_TABLES}))
    identities = records.Identities(groups.aliases_of(group))
    met: set[tuple[int, int]] = set()
    for table in tonight:
        if len(table) > MAX_PLAYERS:
            raise SeatingRefused("tonight", Reason(
                "a table tonight had at most %(max)s players", {"max": MAX_PLAYERS}))
        seated = sorted({index[key] for name in table
                         if (key := player_names.key(identities.named(name))) in index})
        met.update((a, b) for number, a in enumerate(seated) for b in seated[number + 1:])
    return sorted(met)


@dataclass(frozen=True)
class Table:
    """One table's game of an evening, as started."""

    game: models.Game
    players: tuple[str, ...]
    first: str
    new: bool = True
    """False: the game was started already for these tables (a second tap)."""


def start_tables(group: models.Group, tables: Sequence[Sequence[str]],
                 like: GameSpec, after: str | None = None) -> list[Table]:
    """One game per table in ``group``, in one unit of work (all or nothing), each with
    ``like``'s edition and variants and a first dealer (or starter) drawn at random.

    ``after``: the read-only link of the group's newest game when the tables were proposed
    ("" when it had none; None: not known). When the group's games since then are these
    tables' games, started by a second tap on the proposal (or by another phone showing
    it), they are the answer and nothing is started again."""
    if not tables:
        raise SeatingRefused("tables", Reason("nobody to seat: name the players who are here"))
    if len(tables) > MAX_SEATED // MAX_PLAYERS:
        raise SeatingRefused("tables", Reason("at most %(max)s tables start at once",
                                              {"max": MAX_SEATED // MAX_PLAYERS}))
    _present(group, [name for table in tables for name in table])  # each person once
    started = []
    with work.unit():
        if after is not None:
            storage.begin_write()  # SQLite: one of two taps at once waits for the other
            models.locked_group(db.session(), group.id)  # PostgreSQL: the same
            again = _started_already(group, tables, after)
            if again:
                return again
        for table in tables:
            groups.make_room(group.id)
            game = games.create_game(GameSpec(like.edition, tuple(table), like.phases,
                                              like.ten_rounds, like.knocking,
                                              secrets.choice(tuple(table))))
            game.group_id = group.id
            db.session.flush()
            seated = tuple(player.name for player in game.players)
            started.append(Table(game, seated, seated[game.first_dealer]))
    return started


def _started_already(group: models.Group, tables: Sequence[Sequence[str]],
                     after: str) -> list[Table]:
    """The games of ``tables`` (in their order, each seated as its table) when they are
    exactly the group's games newer than the one behind ``after``; else none."""
    newest = db.session.execute(
        select(models.Game).options(selectinload(models.Game.players))
        .where(models.Game.group_id == group.id)
        .order_by(models.Game.created_at.desc(), models.Game.id.desc())
        .limit(len(tables) + 1)).scalars().all()
    since = []
    for game in newest:
        if game.view_key == after:
            break
        since.append(game)
    since.reverse()  # the order the tables were started in
    key = player_names.key
    if [[key(player.name) for player in game.players] for game in since] != [
            [key(name) for name in table] for table in tables]:
        return []
    found = []
    for game in since:
        seated = tuple(player.name for player in game.players)
        found.append(Table(game, seated, seated[game.first_dealer], new=False))
    return found


def settings_for(group: models.Group, edition_key: str | None) -> GameSpec:
    """The edition and variants an evening's games start with: the group's last game's, or
    ``edition_key``'s defaults when another edition is chosen (no players yet)."""
    last = groups.last_game(group)
    edition = editions.get(edition_key) if edition_key else (
        last.edition if last is not None else editions.default())
    if last is not None and last.edition == edition:
        return GameSpec(edition, (), last.phase_numbers, last.ten_rounds, last.knocking)
    return GameSpec(edition, ())


# The evening as one ---------------------------------------------------------------------


@dataclass(frozen=True)
class EveningLine:
    """One person's evening: games sat at, wins, and how their strength moved."""

    name: str
    games: int
    wins: int
    change: float | None
    """How far tonight's finished games moved their rating (None: none finished)."""


@dataclass(frozen=True)
class Evening:
    """The group's newest game and the games started up to EVENING_HOURS before it, oldest
    first, by the names the group shows; and the people's evening, most wins first."""

    games: tuple[records.GameSummary, ...]
    lines: tuple[EveningLine, ...]

    @property
    def tables(self) -> list[list[str]]:
        """Who sat together tonight, as a proposal's ``tonight`` takes it."""
        return [list(game.players) for game in self.games]


def evening(group: models.Group, derived: records.Derived) -> Evening:
    """The evening of the group's games ``derived`` lists (newest first): no query unless
    all of them are in it and the group has more (then its newest EVENING_GAMES are read)."""
    listed = derived.records.games
    if not listed:
        return Evening((), ())
    since = listed[0].played_at - timedelta(hours=EVENING_HOURS)
    if len(listed) < min(derived.total, EVENING_GAMES) and listed[-1].played_at >= since:
        return evening(group, groups.derived(group, derived.fingerprint, listed=EVENING_GAMES))
    tonight = tuple(reversed([game for game in listed[:EVENING_GAMES]
                              if game.played_at >= since]))
    return Evening(tonight, _lines(tonight, _changes(group, tonight)))


def _lines(tonight: Sequence[records.GameSummary],
           changes: dict[str, float]) -> tuple[EveningLine, ...]:
    key = player_names.key
    shown: dict[str, str] = {}
    sat: dict[str, int] = {}
    won: dict[str, int] = {}
    for game in tonight:
        for name in game.players:
            person = key(name)
            shown.setdefault(person, name)
            sat[person] = sat.get(person, 0) + 1
        for name in game.winners:
            won[key(name)] = won.get(key(name), 0) + 1
    lines = [EveningLine(name, sat[person], won.get(person, 0), changes.get(person))
             for person, name in shown.items()]
    return tuple(sorted(lines, key=lambda line: (-line.wins, -(line.change or 0), key(line.name))))


def recent(found: Evening, now: datetime | None = None) -> bool:
    """Whether the evening is still on (its newest game started under EVENING_HOURS ago):
    a proposal then mixes its tables."""
    if not found.games:
        return False
    now = now or datetime.now(UTC).replace(tzinfo=None)
    return now - found.games[-1].played_at < timedelta(hours=EVENING_HOURS)
