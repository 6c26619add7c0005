"""The reads phones repeat: a link's revision in one indexed lookup, and the sheet of a revision.

Every open sheet asks "has this game changed?" again and again, and after every change each
phone of the table reads the game once. So:

- :func:`head` answers the first question from the game's row alone (the unique index on
  ``edit_key`` or ``view_key``): no players, rounds or results.
- :func:`sheet` replays the rounds into the sheet once per revision and process. A revision
  names one state of a game for good (every stored change adds one, in the same transaction),
  and ``edit_key`` is unique across databases, so the pair is a safe cache key: nothing is kept
  that another worker or machine could contradict.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from sqlalchemy import bindparam, or_, select

from . import scoring, services
from .editions import Edition
from .extensions import db
from .models import Game
from .services import KEY

#: Sheets kept per process (a 6-player game of 20 rounds takes about 60 kB).
CACHED_SHEETS = 1024


@dataclass(frozen=True)
class GameHead:
    """A game's own row: its links and revision, and whether ``key`` may edit it."""

    id: int
    edit_key: str
    view_key: str
    edition: Edition
    revision: int
    created_at: datetime
    editable: bool

    @property
    def etag(self) -> str:
        """The game's entity tag for this link (its revision, and edit or view)."""
        return f"r{self.revision}{'e' if self.editable else 'v'}"


_GAME = Game.__table__.c
#: Built once: a poll runs this and nothing else.
_HEAD = select(_GAME.id, _GAME.edit_key, _GAME.view_key, _GAME.edition, _GAME.revision,
               _GAME.created_at).where(or_(_GAME.edit_key == bindparam("key"),
                                           _GAME.view_key == bindparam("key")))
_REVISION = select(_GAME.revision).where(_GAME.id == bindparam("id"))


def head(key: str) -> GameHead | None:
    """The game behind edit or view link ``key``, from its row alone (None: no such game)."""
    if not KEY.fullmatch(key):
        return None
    row = db.session.connection().execute(_HEAD, {"key": key}).first()
    if row is None:
        return None
    return GameHead(*row, editable=row.edit_key == key)


_ROW = select(Game).where(or_(Game.edit_key == bindparam("key"), Game.view_key == bindparam("key")))


def game_row(key: str) -> tuple[Game, bool] | None:
    """The game's own row for a page (no players, rounds or results), and whether ``key``
    may edit it."""
    if not KEY.fullmatch(key):
        return None
    game = db.session.execute(_ROW, {"key": key}).scalar_one_or_none()
    return None if game is None else (game, game.edit_key == key)


def revision_of(game_id: int) -> int | None:
    """The game's current revision (None once it is gone)."""
    found: int | None = db.session.connection().execute(_REVISION, {"id": game_id}).scalar()
    return found


class _Sheets:
    """A small LRU of derived sheets keyed by (edit_key, revision); safe across threads."""

    def __init__(self, size: int) -> None:
        self.size, self.items = size, OrderedDict[tuple[str, int], scoring.Sheet]()
        self.lock = threading.Lock()

    def get(self, key: tuple[str, int]) -> scoring.Sheet | None:
        with self.lock:
            found = self.items.get(key)
            if found is not None:
                self.items.move_to_end(key)
            return found

    def put(self, key: tuple[str, int], value: scoring.Sheet) -> None:
        with self.lock:
            self.items[key] = value
            while len(self.items) > self.size:
                self.items.popitem(last=False)


_sheets = _Sheets(CACHED_SHEETS)


class GameKeys(Protocol):
    """What finding a game's sheet needs of its row: a GameHead or a models.Game."""

    @property
    def id(self) -> int: ...

    @property
    def edit_key(self) -> str: ...

    @property
    def revision(self) -> int: ...


def sheet(game: GameKeys) -> scoring.Sheet:
    """The sheet of ``game`` at its revision, replayed once per process and kept."""
    key = (game.edit_key, game.revision)
    found = _sheets.get(key)
    if found is not None:
        return found
    loaded = services.find_game(game.edit_key)
    if loaded is None:  # deleted meanwhile: there is nothing to show but what the row said
        raise LookupError(game.edit_key)
    whole = loaded[0]
    built = services.sheet_of(whole)
    # Without a snapshot (PostgreSQL reads committed data per statement) a write may have
    # landed between the queries: keep the sheet only when the revision did not move.
    if revision_of(game.id) == whole.revision:
        _sheets.put((game.edit_key, whole.revision), built)
    return built
