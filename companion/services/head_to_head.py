"""Head-to-head kept with every write (companion.scoring.pairs), beside the other records.

:func:`change` is called by :mod:`companion.services.group_records` for each game whose facts come
into or go out of a group's records, under the group row's lock: the pairs' sums go into the
group's tallies (``"pairs"``, keyed by person), and each pair's games into ``pair_game``,
where a game added or taken away mends only the runs of the streak after it (a few indexed
statements, whatever the group's size; a game added at the end, the usual case, two).

People are counted as the group's merged spellings say. When a use case changes a group's
merges (:class:`companion.models.Alias`), its pairs are derived again before its unit of work
commits, from the facts its games keep (:func:`rebuild_merged`, called by
companion.services.kept: once per merge, no game replayed).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from sqlalchemy import (
    bindparam,
    delete,
    insert,
    literal,
    or_,
    select,
    tuple_,
    union_all,
    update,
)
from sqlalchemy.orm import Session

from companion import models
from companion.scoring import pairs
from companion.scoring.records import Identities
from companion.services import bulk

_T = models.PairGame.__table__.c
_JSON = {"separators": (",", ":"), "ensure_ascii": False}


def _shift() -> Any:
    """Add ``delta`` to the runs of a pair's streak that starts at ``start`` (its games
    going ``way``'s way up to the first that does not): one statement, run for many pairs."""
    table, later = models.PairGame.__table__, models.PairGame.__table__.alias("later")
    mine = (table.c.group_id == bindparam("g"), table.c.first == bindparam("f"),
            table.c.second == bindparam("s"))
    turn = (select(later.c.seq)
            .where(later.c.group_id == bindparam("g"), later.c.first == bindparam("f"),
                   later.c.second == bindparam("s"), later.c.seq > bindparam("start"),
                   later.c.ahead != bindparam("way"))
            .order_by(later.c.seq).limit(1).scalar_subquery())
    return (update(table)
            .where(*mine, table.c.seq >= bindparam("start"),
                   or_(turn.is_(None), table.c.seq < turn))
            .values(run=table.c.run + bindparam("delta")))


_SHIFT = _shift()


class _Game:
    """The work on one game's pairs in a group: what every pair needs to know at the game's
    place (the game before, the game after, the game itself) read in one statement, and its
    rows written and deleted in one statement each; a pair whose streaks go on after the game
    asks the rest one lookup at a time (:class:`_Rows`)."""

    def __init__(self, session: Session, group_id: int, game_id: int, seq: str,
                 keys: list[str], sign: int) -> None:
        self.session, self.group_id, self.game_id, self.seq = session, group_id, game_id, seq
        self.adding: list[dict[str, Any]] = []
        self.dropping: list[tuple[str, str]] = []
        self.shifting: list[dict[str, Any]] = []
        self.known: dict[tuple[str, str], pairs.Row | None] = {}
        if keys:
            self._read(keys, ("before", "after") if sign > 0 else ("before", "at", "after"))

    def _read(self, keys: list[str], kinds: tuple[str, ...]) -> None:
        where = {"before": (_T.seq < self.seq, _T.seq.desc()),
                 "after": (_T.seq > self.seq, _T.seq), "at": (_T.seq == self.seq, _T.seq)}
        parts = []
        for index, pair in enumerate(keys):
            first, second = pair.split(pairs.SEP)
            for kind in kinds:
                self.known[(pair, kind)] = None
                condition, order = where[kind]
                parts.append(select(
                    literal(index).label("pair"), literal(kind).label("kind"),
                    _T.seq, _T.ahead, _T.run)
                    .where(_T.group_id == self.group_id, _T.first == first,
                           _T.second == second, condition)
                    .order_by(order).limit(1).subquery())
        rows = self.session.execute(union_all(*(select(part) for part in parts))).all()
        for row in rows:
            self.known[(keys[row.pair], row.kind)] = pairs.Row(row.seq, row.ahead, row.run)

    def write(self) -> None:
        """Store what the pairs put and took away so far."""
        table = models.PairGame.__table__
        if self.dropping:
            self.session.execute(delete(table).where(
                _T.group_id == self.group_id, _T.seq == self.seq,
                tuple_(_T.first, _T.second).in_(self.dropping)))
            self.dropping = []
        if self.adding:
            self.session.execute(insert(table), self.adding)
            self.adding = []
        if self.shifting:
            self.session.execute(_SHIFT, self.shifting)
            self.shifting = []

    def longest(self, wanted: list[tuple[str, int]]) -> dict[tuple[str, int], int]:
        """The longest streak of each (pair, way), in one statement (after every write)."""
        self.write()
        if not wanted:
            return {}
        parts = []
        for index, (pair, way) in enumerate(wanted):
            first, second = pair.split(pairs.SEP)
            parts.append(select(literal(index).label("asked"), _T.run)
                         .where(_T.group_id == self.group_id, _T.first == first,
                                _T.second == second, _T.ahead == way)
                         .order_by(_T.run.desc()).limit(1).subquery())
        found = dict.fromkeys(wanted, 0)
        for row in self.session.execute(union_all(*(select(part) for part in parts))):
            found[wanted[row.asked]] = row.run
        return found


class _Rows:
    """One pair's games in ``pair_game`` as a :class:`companion.scoring.pairs.Runs` store:
    at the game's place from what :class:`_Game` read, elsewhere one indexed lookup each
    (after writing what is pending, so that every lookup sees it)."""

    def __init__(self, game: _Game, pair: str) -> None:
        self.game, self.pair = game, pair
        first, second = pair.split(pairs.SEP)
        self.people = (first, second)
        self.values: dict[str, Any] = {"group_id": game.group_id, "first": first,
                                       "second": second}
        self.mine = (_T.group_id == game.group_id, _T.first == first, _T.second == second)

    def _one(self, *where: Any, order: Any) -> pairs.Row | None:
        self.game.write()
        found = self.game.session.execute(
            select(_T.seq, _T.ahead, _T.run).where(*self.mine, *where)
            .order_by(order).limit(1)).first()
        return None if found is None else pairs.Row(*found)

    def _known(self, seq: str, kind: str) -> tuple[bool, pairs.Row | None]:
        key = (self.pair, kind)
        if seq == self.game.seq and key in self.game.known:
            return True, self.game.known.pop(key)
        return False, None

    def before(self, seq: str) -> pairs.Row | None:
        known, row = self._known(seq, "before")
        return row if known else self._one(_T.seq < seq, order=_T.seq.desc())

    def after(self, seq: str) -> pairs.Row | None:
        known, row = self._known(seq, "after")
        return row if known else self._one(_T.seq > seq, order=_T.seq)

    def shift(self, start: str, ahead: int, delta: int) -> None:
        first, second = self.people
        self.game.shifting.append({"g": self.game.group_id, "f": first, "s": second,
                                   "start": start, "way": ahead, "delta": delta})

    def put(self, row: pairs.Row) -> None:
        self.game.adding.append({**self.values, "game_id": self.game.game_id, "seq": row.seq,
                                 "ahead": row.ahead, "run": row.run})

    def drop(self, seq: str) -> pairs.Row | None:
        known, row = self._known(seq, "at")
        if not known:
            self.game.write()
            row = self._one(_T.seq == seq, order=_T.seq)
        if row is not None:
            self.game.dropping.append(self.people)
        return row

    def longest(self, ahead: int) -> int:
        found = self._one(_T.ahead == ahead, order=_T.run.desc())
        return 0 if found is None else found.run


def _people(group: models.Group) -> Identities:
    return Identities({alias.alias: alias.name for alias in group.aliases})


def change(session: Session, group: models.Group, kept: dict[str, Any], game_id: int,
           facts: dict[str, Any], sign: int) -> None:
    """Add (``sign`` 1) or take away (-1) one game's pairs: ``kept`` is the group's tallies
    (changed in place), ``group`` locked by the caller."""
    entries = kept.setdefault("pairs", {})
    ids = _people(group)
    found = pairs.game_outcomes(facts, ids.of)
    keys = [outcome.first + pairs.SEP + outcome.second for outcome in found]
    game = _Game(session, group.id, game_id, pairs.sequence(facts), keys, sign)
    pairs.apply_game(entries, lambda pair: _Rows(game, pair), facts, ids.of, sign,
                     game.longest)
    game.write()


def rebuild(session: Session, group: models.Group, kept: dict[str, Any],
            games: Iterable[tuple[int, dict[str, Any]]]) -> None:
    """Derive a group's pairs again from its counted games' facts (id, facts), with the
    group's merges as they are now."""
    session.execute(delete(models.PairGame.__table__).where(_T.group_id == group.id))
    ids = _people(group)
    ordered = sorted(games, key=lambda item: pairs.sequence(item[1]))
    kept["pairs"] = pairs.head_to_head(
        (pairs.sequence(facts), pairs.game_outcomes(facts, ids.of)) for _id, facts in ordered)
    rows: list[tuple[Any, ...]] = []
    current: dict[tuple[str, str], tuple[int, int]] = {}
    for game_id, facts in ordered:
        seq = pairs.sequence(facts)
        for outcome in pairs.game_outcomes(facts, ids.of):
            pair = (outcome.first, outcome.second)
            way, run = current.get(pair, (0, 0))
            run = run + 1 if way == outcome.ahead else 1
            current[pair] = (outcome.ahead, run)
            rows.append((group.id, game_id, outcome.first, outcome.second, seq,
                         outcome.ahead, run))
    bulk.insert_rows(models.PairGame.__table__,
                     ("group_id", "game_id", "first", "second", "seq", "ahead", "run"), rows)


def rebuild_merged(session: Session, group_id: int) -> None:
    """Derive the pairs of a group whose merges changed again (companion.services.kept)."""
    group = models.locked_group(session, group_id)
    if group is None or group.tallies is None:
        return  # gone, or not derived yet: its first view derives everything
    kept = json.loads(group.tallies)
    games = session.execute(select(models.Game.id, models.Game.facts).where(
        models.Game.counted_in == group_id, models.Game.facts.is_not(None))).all()
    rebuild(session, group, kept,
            ((game_id, json.loads(facts)) for game_id, facts in games if facts))
    group.tallies = json.dumps(kept, **_JSON)  # type: ignore[arg-type]
    session.flush()
