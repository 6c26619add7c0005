"""A group's ratings kept with every write, like its records (companion.scoring.ratings;
docs/decisions.md, "Ratings").

Each finished game of a group is kept as one :class:`companion.models.RatingStep` per player:
where they finished, who they counted as, and their rating after the game. The group's
``ratings`` hold, per kind of game, each person's rating as it stands, the last game rated
(``last``), and, when a change landed before it, the first game to rate again (``stale``).

- :func:`keep` (from :func:`companion.services.group_records.keep`, whenever what a game adds to
  the records changed): a game that ends after every rated game is rated at once, and the
  newest game taken away (an undo of its finish) gives its players their ratings before it
  back: a few indexed statements, whatever the group's size. Any other change (an old game
  edited, a game played earlier joining the group) marks the group's ratings stale from that
  game on;
- :func:`people_changed` (a merge, an unmerge, a rename): stale from the first game of a
  spelling that counts as someone else now;
- :func:`standings` rates the stale games once, from the first one touched, when the ratings
  are next read, and keeps the result: the steps before it stay as they are.

A group stored before the ratings (``ratings`` NULL) is rated once from its games' facts on
its next view.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, literal, select, union_all, update
from sqlalchemy.orm import Session

from companion import models, player_names
from companion.infra import storage
from companion.infra.extensions import db
from companion.limits import MAX_EVENING
from companion.refusals import Kind, Reason, ServiceError
from companion.scoring import ratings
from companion.scoring.ratings import Rating
from companion.scoring.records import Identities
from companion.services import bulk, work

_T = models.RatingStep.__table__
_S = _T.c
_JSON = {"separators": (",", ":"), "ensure_ascii": False}
#: What is stored per kind: each person's rating, the last game rated, the first to rate again.
State = dict[str, Any]


def _states(group: models.Group) -> dict[str, State]:
    kept = json.loads(group.ratings or models.NO_RATINGS)
    return {kind: kept.get(kind) or _unrated() for kind in ratings.KINDS}


def _unrated() -> State:
    return {"people": {}, "last": None, "stale": None}


def _store(group: models.Group, states: Mapping[str, State]) -> None:
    group.ratings = json.dumps({kind: state for kind, state in states.items()
                                if state["people"] or state["last"] or state["stale"]},
                               **_JSON)  # type: ignore[arg-type]


def _identities(group: models.Group) -> Identities:
    return Identities({alias.alias: alias.name for alias in group.aliases})


def _stale_from(state: State, seq: str) -> None:
    state["stale"] = seq if state["stale"] is None else min(state["stale"], seq)


# -- with every write ------------------------------------------------------------------------

def keep(session: Session, game: models.Game, where: int | None,
         facts: Mapping[str, Any] | None) -> None:
    """The game's steps follow its facts (None: it counts in no group's ratings, ``where``:
    the group it counts in). The groups involved are locked by the caller's records."""
    old = session.execute(select(_S.group_id, _S.kind, _S.seq, _S.person, _S.mu)
                          .where(_S.game_id == game.id).order_by(_S.seat)).all()
    if old:
        session.execute(delete(_T).where(_S.game_id == game.id))
        _taken_away(session, old[0].group_id, old[0].kind, old[0].seq,
                    [row.person for row in old if row.mu is not None])
    if where is not None and facts is not None and ratings.rated(facts):
        _added(session, where, game.id, facts)


def _locked(session: Session, group_id: int) -> tuple[models.Group, dict[str, State]] | None:
    group = models.locked_group(session, group_id)
    if group is None or group.ratings is None:
        return None  # gone, or not rated yet: its next view rates every game
    return group, _states(group)


def _added(session: Session, group_id: int, game_id: int, facts: Mapping[str, Any]) -> None:
    """Steps for a game that joined the group's rated games (rated now when it ended after
    all of them, else the ratings are stale from it)."""
    found = _locked(session, group_id)
    if found is None:
        return
    group, states = found
    kind, seq = ratings.kind_of(facts), ratings.order(facts, game_id)
    state = states[kind]
    seated = ratings.seats(facts)
    rows = [{"group_id": group_id, "game_id": game_id, "kind": kind, "seq": seq, "seat": seat,
             "spelling": spelling, "place": place, "person": None, "mu": None, "sigma": None}
            for seat, (spelling, place) in enumerate(seated)]
    if state["stale"] is None and (state["last"] is None or seq > state["last"]):
        people = {person: Rating.from_json(kept) for person, kept in state["people"].items()}
        _rate_rows(rows, people, _identities(group))
        state["people"].update((row["person"], people[row["person"]].as_json())
                               for row in rows if row["mu"] is not None)
        state["last"] = seq
    else:
        _stale_from(state, seq)  # it ended before games rated already
    session.execute(insert(_T), rows)
    _store(group, states)
    session.flush()


def _rate_rows(rows: Sequence[dict[str, Any]], people: dict[str, Rating],
               ids: Identities) -> list[dict[str, Any]]:
    """Rate one game's rows (in seating order) on ``people`` (changed in place): each row gets
    its person and, at a person's first seat, the rating after the game. The rows changed."""
    changed = []
    for row in rows:
        person = ids.of(row["spelling"])
        if row["person"] != person:
            row["person"] = person
            changed.append(row)
    after = ratings.rate(people, [(row["person"], row["place"]) for row in rows])
    counted: set[str] = set()
    for row in rows:
        person = row["person"]
        mu, sigma = after.get(person, (None, None)) if person not in counted else (None, None)
        counted.add(person)
        if (row["mu"], row["sigma"]) != (mu, sigma):
            row["mu"], row["sigma"] = mu, sigma
            if row not in changed:
                changed.append(row)
    for person, (mu, sigma) in after.items():
        people[person] = people.get(person, Rating()).after(mu, sigma)
    return changed


def _taken_away(session: Session, group_id: int, kind: str, seq: str,
                persons: Sequence[str | None]) -> None:
    found = _locked(session, group_id)
    if found is None:
        return
    group, states = found
    state = states[kind]
    if state["stale"] is not None or seq != state["last"]:
        _stale_from(state, seq)  # games rated after it are to be rated again
    else:  # the newest game: its players' ratings before it come back
        _before(session, group_id, kind, seq, [person for person in persons if person],
                state["people"])
        state["last"] = session.scalar(select(func.max(_S.seq)).where(
            _S.group_id == group_id, _S.kind == kind))
    _store(group, states)
    session.flush()


def _before(session: Session, group_id: int, kind: str, seq: str, persons: Sequence[str],
            people: dict[str, Any]) -> None:
    """Each of ``persons``' rating before the game at ``seq`` (their newest games before it),
    read in one statement."""
    if not persons:
        return
    parts = [select(literal(index).label("who"), _S.seq, _S.mu, _S.sigma)
             .where(_S.group_id == group_id, _S.kind == kind, _S.person == person,
                    _S.seq < seq, _S.mu.is_not(None))
             .order_by(_S.seq.desc()).limit(ratings.TREND + 1).subquery()
             for index, person in enumerate(persons)]
    steps: dict[str, list[tuple[float, float]]] = {person: [] for person in persons}
    for row in session.execute(union_all(*(select(part) for part in parts))
                               .order_by("who", "seq")):
        steps[persons[row.who]].append((row.mu, row.sigma))
    for person, found in steps.items():
        if not found or person not in people:
            people.pop(person, None)
            continue
        games = Rating.from_json(people[person]).games - 1
        trend = tuple(ratings.ordinal_of(mu, sigma) for mu, sigma in found)
        people[person] = Rating(found[-1][0], found[-1][1], games, trend).as_json()


def people_changed(session: Session, group: models.Group) -> None:
    """After a merge, an unmerge or a rename: the games from the first one of a spelling that
    counts as another person now are to be rated again (one grouped read of the steps)."""
    session.flush()
    found_group = _locked(session, group.id)
    if found_group is None:
        return
    group, states = found_group
    ids = _identities(group)
    found = session.execute(
        select(_S.kind, _S.spelling, _S.person, func.min(_S.seq))
        .where(_S.group_id == group.id, _S.person.is_not(None))
        .group_by(_S.kind, _S.spelling, _S.person)).all()
    for kind, spelling, person, first in found:
        if ids.of(spelling) != person:
            _stale_from(states[kind], first)
    _store(group, states)
    session.flush()


_STEP = ("group_id", "game_id", "kind", "seq", "seat", "spelling", "place", "person", "mu",
         "sigma")


def rate_new(group: models.Group,
             games: Iterable[tuple[int, Mapping[str, Any], datetime | None]]) -> None:
    """A new group's ratings from all its games at once (an import: each game's id, facts and
    when it ended): every step rated in order in memory, then written in one statement, as
    :func:`standings` would rate them when first read."""
    ids = _identities(group)
    found: dict[str, list[tuple[str, list[dict[str, Any]]]]] = {kind: [] for kind in
                                                                ratings.KINDS}
    for game_id, facts, last_round_at in games:
        if not ratings.rated(facts):
            continue
        ended = None if last_round_at is None else last_round_at.isoformat(
            timespec="microseconds")
        kind, seq = ratings.kind_of(facts), ratings.order(facts, game_id, ended)
        found[kind].append((seq, [
            {"group_id": group.id, "game_id": game_id, "kind": kind, "seq": seq, "seat": seat,
             "spelling": spelling, "place": place, "person": None, "mu": None, "sigma": None}
            for seat, (spelling, place) in enumerate(ratings.seats(facts))]))
    states, rows = {kind: _unrated() for kind in ratings.KINDS}, []
    for kind, steps in found.items():
        people: dict[str, Rating] = {}
        for _seq, game in sorted(steps, key=lambda step: step[0]):
            _rate_rows(game, people, ids)
            rows += game
        if steps:
            states[kind].update(last=max(seq for seq, _game in steps), people={
                person: rating.as_json() for person, rating in people.items()})
    bulk.insert_rows(_T, _STEP, [tuple(row[column] for column in _STEP) for row in rows])
    _store(group, states)


# -- when read ---------------------------------------------------------------------------------

def _settle(session: Session, group: models.Group) -> None:
    """Rate what is stale (every game for a group not rated yet), from its first game on."""
    if group.ratings is None:
        _rate_everything(session, group)
    states = _states(group)
    ids = _identities(group)
    for kind, state in states.items():
        if state["stale"] is not None:
            _rate_from(session, group.id, kind, state, ids)
    _store(group, states)
    session.flush()


def _rate_everything(session: Session, group: models.Group) -> None:
    """Steps for every finished game of a group stored before the ratings."""
    session.execute(delete(_T).where(_S.group_id == group.id))
    counted = session.execute(select(models.Game.id, models.Game.facts,
                                     models.Game.last_round_at).where(
        models.Game.counted_in == group.id, models.Game.facts.is_not(None))).all()
    rows: list[dict[str, Any]] = []
    states = {kind: _unrated() for kind in ratings.KINDS}
    for game_id, text, last_round_at in counted:
        facts = json.loads(text or "null")
        if not facts or not ratings.rated(facts):
            continue
        ended = None if last_round_at is None else last_round_at.isoformat(
            timespec="microseconds")
        kind, seq = ratings.kind_of(facts), ratings.order(facts, game_id, ended)
        _stale_from(states[kind], seq)
        rows += [{"group_id": group.id, "game_id": game_id, "kind": kind, "seq": seq,
                  "seat": seat, "spelling": spelling, "place": place, "person": None,
                  "mu": None, "sigma": None}
                 for seat, (spelling, place) in enumerate(ratings.seats(facts))]
    if rows:
        session.execute(insert(_T), rows)
    _store(group, states)


_UPDATE = (update(_T).where(_S.id == bindparam("row"))
           .values(person=bindparam("who"), mu=bindparam("m"), sigma=bindparam("s")))


def _rate_from(session: Session, group_id: int, kind: str, state: State,
               ids: Identities) -> None:
    """Every step of the kind read in order: those before ``stale`` as they are, the rest
    rated again; the people's ratings as they stand after the last."""
    stale = state["stale"]
    found = session.execute(
        select(_S.id, _S.seq, _S.spelling, _S.place, _S.person, _S.mu, _S.sigma)
        .where(_S.group_id == group_id, _S.kind == kind).order_by(_S.seq, _S.seat)).all()
    people: dict[str, Rating] = {}
    changed: list[dict[str, Any]] = []
    game: list[dict[str, Any]] = []
    for index, row in enumerate(found):
        game.append(dict(row._mapping))
        if index + 1 < len(found) and found[index + 1].seq == row.seq:
            continue
        if row.seq < stale:
            for step in game:
                if step["mu"] is not None:
                    people[step["person"]] = people.get(step["person"], Rating()).after(
                        step["mu"], step["sigma"])
        else:
            changed += _rate_rows(game, people, ids)
        game = []
    if changed:
        session.execute(_UPDATE, [{"row": row["id"], "who": row["person"], "m": row["mu"],
                                   "s": row["sigma"]} for row in changed])
    state.update(stale=None, last=found[-1].seq if found else None,
                 people={person: rating.as_json() for person, rating in people.items()})


# -- reading -----------------------------------------------------------------------------------

def _current(group: models.Group) -> dict[str, State]:
    """The group's ratings, rated first where they are stale: in the write under way, or in a
    write of its own (a view), once. Read after the group's records
    (:func:`companion.services.groups.derived`), which derive its games' facts first for a
    group stored before them: until then it has no ratings."""
    if group.tallies is None:
        return {kind: _unrated() for kind in ratings.KINDS}
    states = _states(group) if group.ratings is not None else None
    if states is not None and all(state["stale"] is None for state in states.values()):
        return states
    if work.is_open():
        _settle(db.session(), group)
        return _states(group)
    group_id = group.id
    with work.unit():
        storage.begin_write()
        locked = models.locked_group(db.session(), group_id)
        if locked is not None:
            _settle(db.session(), locked)
    return _states(db.session.get_one(models.Group, group_id))


def standings(group: models.Group) -> dict[str, list[tuple[str, Rating]]]:
    """Each kind's ratings, highest ordinal first, as (person's name key, rating)."""
    return {kind: ratings.ranked({person: Rating.from_json(kept)
                                  for person, kept in state["people"].items()})
            for kind, state in _current(group).items()}


def ordinals(group: models.Group, kind: str) -> dict[str, float]:
    """Each rated player's ordinal (μ − 3σ) in ``kind`` games (one of
    companion.scoring.ratings.KINDS), by the name the group shows for them (its records'
    names); a name the group never rated is absent."""
    return {name: rating.ordinal for name, rating in named(group)[kind]}


def changes_over(group: models.Group, games: Sequence[str]) -> dict[str, float]:
    """How far the games behind read-only links ``games`` (an evening's) moved each of their
    players' ordinal, by the name the group shows for them: in each kind of game, after their
    last of them minus before their first (a first game ever: from the starting rating),
    added up over the kinds. Two indexed reads, whatever the kinds and the group's history."""
    standings(group)  # rated where stale first
    # The games' steps found from the games (by their links, then rating_step_game): a
    # condition on the steps' group_id would have SQLite walk every step of the group
    # (10 ms at 800 games against 0.05 ms). A game's steps are those of the group it counts in.
    evening = (select(models.Game.id)
               .where(models.Game.view_key.in_(list(games)), models.Game.counted_in == group.id))
    rows = db.session.execute(
        select(_S.kind, _S.person, _S.seq, _S.mu, _S.sigma)
        .where(_S.game_id.in_(evening), _S.mu.is_not(None)).order_by(_S.seq)).all()
    first: dict[tuple[str, str], str] = {}
    after: dict[tuple[str, str], float] = {}
    for kind, person, seq, mu, sigma in rows:
        first.setdefault((kind, person), seq)
        after[(kind, person)] = ratings.ordinal_of(mu, sigma)
    asked = list(first)
    parts = [select(literal(index).label("who"), _S.mu, _S.sigma)
             .where(_S.group_id == group.id, _S.kind == kind, _S.person == person,
                    _S.mu.is_not(None), _S.seq < first[(kind, person)])
             .order_by(_S.seq.desc()).limit(1).subquery()
             for index, (kind, person) in enumerate(asked)]
    before: dict[tuple[str, str], float] = {}
    if parts:
        for row in db.session.execute(union_all(*(select(part) for part in parts))):
            before[asked[row.who]] = ratings.ordinal_of(row.mu, row.sigma)
    shown = _shown(group)
    found: dict[str, float] = {}
    for (kind, person), value in after.items():
        name = shown.get(person, person)
        found[name] = found.get(name, 0.0) + value - before.get((kind, person), ratings.START)
    return found


def _shown(group: models.Group) -> dict[str, str]:
    """Person's name key → the name the group shows for them: as its records name them
    (:func:`companion.scoring.record_tallies.records_from`), the name merged into, else the
    spelling seen first."""
    tallies = json.loads(group.tallies or models.NO_TALLIES)["players"]
    ids = _identities(group)
    for key in sorted(tallies, key=lambda key: tallies[key]["first"][0]):
        ids.see(tallies[key]["first"][1])
    return ids.shown


def named(group: models.Group) -> dict[str, list[tuple[str, Rating]]]:
    """:func:`standings` with each person by the name the group shows for them."""
    shown = _shown(group)
    return {kind: [(shown.get(person, person), rating) for person, rating in found]
            for kind, found in standings(group).items()}


# -- the odds before a game ------------------------------------------------------------------

class PlayersRefused(ServiceError):
    """Players the odds cannot be given for (none, too many, a name twice): ``field`` is
    the request's field at fault."""

    kind = Kind.REFUSED

    def __init__(self, reason: Reason, field: str = "players") -> None:
        super().__init__(reason)
        self.field = field


def table(players: Sequence[str]) -> list[str]:
    """The names as they sit down (cleaned, companion.player_names.clean): PlayersRefused for none,
    more than MAX_EVENING, an empty one, or one name twice."""
    cleaned = [player_names.clean(name) for name in players]
    if not cleaned:
        raise PlayersRefused(Reason("name at least one player"))
    if len(cleaned) > MAX_EVENING:
        raise PlayersRefused(Reason("at most %(max)s players at once", {"max": MAX_EVENING}))
    seen: dict[str, str] = {}
    for name in cleaned:
        if not name:
            raise PlayersRefused(Reason("every player needs a name"))
        if player_names.key(name) in seen:
            raise PlayersRefused(Reason("%(name)s is named twice", {"name": name}))
        seen[player_names.key(name)] = name
    return cleaned


def odds(group: models.Group, players: Sequence[str], kind: str) -> list[tuple[str, float]]:
    """Each player's chance to win a game of ``kind`` of these players (openskill's
    ``predict_win``), in their order, by the names given (cleaned); a name the group never
    rated plays at the default rating. PlayersRefused as :func:`table` says, and for two
    names that are one person in the group (merged)."""
    seated = table(players)
    ids = _identities(group)
    people: dict[str, str] = {}
    for name in seated:
        other = people.setdefault(ids.of(name), name)
        if other != name:
            raise PlayersRefused(Reason("%(name)s and %(other)s are one player in this group",
                                        {"name": other, "other": name}))
    kept = dict(standings(group)[kind])
    return list(zip(seated, ratings.chances([kept.get(ids.of(name)) for name in seated]),
                    strict=True))
