"""Persistence only: games, their players, rounds and results. No rules live here."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    CheckConstraint,
    Double,
    ForeignKey,
    Index,
    String,
    Text,
    UniqueConstraint,
    select,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import Mapped, Session, mapped_column, relationship, validates
from sqlalchemy.types import TypeDecorator

from companion import editions
from companion.editions import Edition
from companion.infra.extensions import db
from companion.limits import MAX_GROUP_NAME, MAX_NAME_STORED

#: The tallies of a group without finished games (companion.services.group_records).
NO_TALLIES = '{"finished":0,"players":{}}'
#: The ratings of a group without rated games (companion.services.ratings).
NO_RATINGS = "{}"


def new_key() -> str:
    """A long unguessable capability for a game link (256 bits)."""
    return secrets.token_urlsafe(32)


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class EditionType(TypeDecorator[Edition]):
    """An edition stored as its key in the same VARCHAR(16) as ever, loaded as the registry's
    :class:`Edition` object. The registry is the enumeration: a key it does not know is refused
    on the way in and on the way out (a closed ``Enum`` could not take an edition a test
    registers)."""

    impl = String(16)
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> str | None:
        return None if value is None else editions.get(value).key

    def process_result_value(self, value: Any, dialect: Dialect) -> Edition | None:
        return None if value is None else editions.get(value)


class Game(db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "game"
    __table_args__ = (Index("game_group_listed", "group_id", "created_at", "id"),
                      # A group's games not finished, without passing over the finished ones.
                      Index("game_group_status", "group_id", "status"))

    id: Mapped[int] = mapped_column(primary_key=True)
    edit_key: Mapped[str] = mapped_column(String(64), unique=True, default=new_key)
    view_key: Mapped[str] = mapped_column(String(64), unique=True, default=new_key)
    edition: Mapped[Edition] = mapped_column(EditionType())
    phases: Mapped[str] = mapped_column(String(40), default="1,2,3,4,5,6,7,8,9,10")
    ten_rounds: Mapped[bool] = mapped_column(default=False)
    knocking: Mapped[bool] = mapped_column(default=False)
    first_dealer: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    updated_at: Mapped[datetime] = mapped_column(default=_now, onupdate=_now)
    # Grows by one with every stored change; phones send it back to guard their writes.
    revision: Mapped[int] = mapped_column(default=1)
    group_id: Mapped[int | None] = mapped_column(
        ForeignKey("game_group.id", ondelete="SET NULL", name="game_group_fk"), index=True)
    # Kept with every write (companion.services.group_records), derived from the rounds: the
    # game's line in its group's list, and what it added to the group's records (JSON) and where.
    status: Mapped[str | None] = mapped_column(String(16))
    winners: Mapped[str | None] = mapped_column(Text)
    played_rounds: Mapped[int | None]
    facts: Mapped[str | None] = mapped_column(Text)
    counted_in: Mapped[int | None]
    # When the game's latest round was entered (None: no round, or an import that did not say):
    # with the game finished, when it ended. Read with the revision, so no page needs the rounds.
    last_round_at: Mapped[datetime | None]
    # The game after this one at the same table (a rematch, or its group's "Next game"): set
    # once, under the game's row lock, so every phone that asks for it reaches the same game.
    rematch_id: Mapped[int | None] = mapped_column(
        ForeignKey("game.id", ondelete="SET NULL", name="game_rematch_fk"), unique=True)

    players: Mapped[list[Player]] = relationship(
        back_populates="game", order_by="Player.seat", cascade="all, delete-orphan"
    )
    rounds: Mapped[list[Round]] = relationship(
        back_populates="game", order_by="Round.number", cascade="all, delete-orphan"
    )

    @validates("edition")
    def _known_edition(self, _key: str, value: object) -> Edition:
        """A key becomes its edition at once; an unknown one is refused (PhaseError)."""
        return editions.get(value)

    @property
    def phase_numbers(self) -> tuple[int, ...]:
        return tuple(int(number) for number in self.phases.split(","))


class Player(db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("game_id", "seat"), UniqueConstraint("game_id", "name"))

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int]
    name: Mapped[str] = mapped_column(String(MAX_NAME_STORED))
    # A late joiner's first round, and the first round a player who left no longer plays.
    joined_round: Mapped[int] = mapped_column(default=1, server_default="1")
    left_round: Mapped[int | None]
    # A game known by its final result (typed from paper, logged in another app) has no
    # rounds: each player's line of it is here. ``place`` is set for every player of such a
    # game and for no other; the rest is None where unknown (companion.scoring.final).
    place: Mapped[int | None]
    final_phases: Mapped[int | None]
    final_points: Mapped[int | None]
    final_marker: Mapped[int | None]

    game: Mapped[Game] = relationship(back_populates="players")


class Round(db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "round"
    # The unique number per game is what makes two phones submitting the same round store it once.
    __table_args__ = (UniqueConstraint("game_id", "number"),
                      CheckConstraint("number >= 1", name="round_number_positive"))

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    created_at: Mapped[datetime] = mapped_column(default=_now)

    game: Mapped[Game] = relationship(back_populates="rounds")
    # Loaded with their round (one query for all rounds loaded at once): a game's rounds are
    # read without them only through companion.services.games.rounds_of.
    results: Mapped[list[Result]] = relationship(
        back_populates="round", order_by="Result.position", cascade="all, delete-orphan",
        lazy="selectin"
    )


class Result(db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "result"
    # The database itself refuses a round with a player's result twice, whatever the app does.
    __table_args__ = (UniqueConstraint("round_id", "player", name="result_one_per_player"),
                      UniqueConstraint("round_id", "position", name="result_one_per_position"))

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"), index=True)
    position: Mapped[int]
    player: Mapped[str] = mapped_column(String(MAX_NAME_STORED))
    laid: Mapped[bool]
    phase: Mapped[int | None]
    points: Mapped[int | None]
    went_out: Mapped[bool] = mapped_column(default=False)

    round: Mapped[Round] = relationship(back_populates="results")


class Group(db.Model):  # type: ignore[name-defined,misc]
    """A game night's group: the games a group of friends plays, behind two capability links."""

    __tablename__ = "game_group"

    id: Mapped[int] = mapped_column(primary_key=True)
    edit_key: Mapped[str] = mapped_column(String(64), unique=True, default=new_key)
    view_key: Mapped[str] = mapped_column(String(64), unique=True, default=new_key)
    name: Mapped[str] = mapped_column(String(MAX_GROUP_NAME))
    created_at: Mapped[datetime] = mapped_column(default=_now)
    # Grows with every change to the group's games or spellings: names what its page shows.
    revision: Mapped[int] = mapped_column(default=1, server_default="1")
    # The records as running tallies (JSON, companion.scoring.record_tallies); None: not
    # derived yet.
    tallies: Mapped[str | None] = mapped_column(Text, default=NO_TALLIES)
    # The ratings as they stand (JSON, companion.services.ratings): per kind of game, each
    # person's rating and from which game on the kept steps are to be rated again; None: not
    # derived yet.
    ratings: Mapped[str | None] = mapped_column(Text, default=NO_RATINGS)

    aliases: Mapped[list[Alias]] = relationship(
        back_populates="group", order_by="Alias.alias", cascade="all, delete-orphan")


def locked_group(session: Session, group_id: int) -> Group | None:
    """The group's row as it is now (None: gone), locked until the commit against other
    writes to its tallies; key share, so its games may still point at it meanwhile."""
    found: Group | None = session.execute(
        select(Group).where(Group.id == group_id)
        .with_for_update(key_share=True)
        .execution_options(populate_existing=True)).scalar_one_or_none()
    return found


class Alias(db.Model):  # type: ignore[name-defined,misc]
    """A spelling (stored as its companion.player_names.key) that counts as player ``name`` in the
    group's records."""

    __tablename__ = "group_alias"
    __table_args__ = (UniqueConstraint("group_id", "alias", name="group_alias_one_per_spelling"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(
        ForeignKey("game_group.id", ondelete="CASCADE", name="group_alias_group_fk"), index=True)
    alias: Mapped[str] = mapped_column(String(MAX_NAME_STORED))
    name: Mapped[str] = mapped_column(String(MAX_NAME_STORED))

    group: Mapped[Group] = relationship(back_populates="aliases")


class Standing(db.Model):  # type: ignore[name-defined,misc]
    """One player of a finished game of a group: where a player's best and worst game and
    first spelling are looked up again once the game that held them changed."""

    __tablename__ = "standing"
    __table_args__ = (Index("standing_points", "group_id", "spelling", "points"),
                      Index("standing_first", "group_id", "spelling", "played_at"),
                      Index("standing_game", "game_id"),
                      Index("standing_length", "group_id", "seconds"))

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(
        ForeignKey("game_group.id", ondelete="CASCADE", name="standing_group_fk"))
    game_id: Mapped[int] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE", name="standing_game_fk"))
    spelling: Mapped[str] = mapped_column(Text)
    """The name's :func:`companion.player_names.key`: the key of the group's tallies."""
    name: Mapped[str] = mapped_column(Text)
    points: Mapped[int | None]
    """The game's penalty points (None: a board game)."""
    played_at: Mapped[str] = mapped_column(Text)
    """When the game was started, as :func:`companion.scoring.record_tallies.stamp` writes it."""
    view_key: Mapped[str] = mapped_column(String(64))
    seconds: Mapped[int | None]
    """How long the game took (None: not known); where the group's longest game is looked
    up again."""


class HouseEdition(db.Model):  # type: ignore[name-defined,misc]
    """House rules a table made (issue 25), behind two capability links like a game. What
    they are is their newest revision; every save adds one, and a game keeps its own."""

    __tablename__ = "house_edition"

    id: Mapped[int] = mapped_column(primary_key=True)
    edit_key: Mapped[str] = mapped_column(String(64), unique=True, default=new_key)
    view_key: Mapped[str] = mapped_column(String(64), unique=True, default=new_key)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    current: Mapped[str] = mapped_column(String(16))
    """The key of the newest revision: what a new game with these rules is played by."""


class HouseRevision(db.Model):  # type: ignore[name-defined,misc]
    """One saved state of house rules, never changed: a game stores its key as its edition."""

    __tablename__ = "house_revision"
    __table_args__ = (UniqueConstraint("edition_id", "number", name="house_revision_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(16), unique=True)
    edition_id: Mapped[int] = mapped_column(
        ForeignKey("house_edition.id", ondelete="CASCADE", name="house_revision_edition_fk"),
        index=True)
    number: Mapped[int]
    """1 for the rules as first saved, then one more with every save."""
    definition: Mapped[str] = mapped_column(Text)
    """The rules as JSON (``companion.editions.house.HouseRules.as_json``)."""
    created_at: Mapped[datetime] = mapped_column(default=_now)


SEQ_TEXT = Text().with_variant(Text(collation="C"), "postgresql")


class PairGame(db.Model):  # type: ignore[name-defined,misc]
    """One finished game of two players of a group (head-to-head, companion.scoring.pairs):
    who finished ahead and the run of games in a row that went the same way up to it, where
    the longest streak is read and mended when a game comes or goes."""

    __tablename__ = "pair_game"
    __table_args__ = (Index("pair_game_order", "group_id", "first", "second", "seq"),
                      Index("pair_game_runs", "group_id", "first", "second", "ahead", "run"),
                      Index("pair_game_game", "game_id"))

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(
        ForeignKey("game_group.id", ondelete="CASCADE", name="pair_game_group_fk"))
    game_id: Mapped[int] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE", name="pair_game_game_fk"))
    first: Mapped[str] = mapped_column(Text)
    """The person's name key (merged spellings counted as the name merged into)."""
    second: Mapped[str] = mapped_column(Text)
    seq: Mapped[str] = mapped_column(SEQ_TEXT)
    """The game's place in the group's order (companion.scoring.pairs.sequence), compared
    byte by byte as Python does (PostgreSQL: the "C" collation, whatever the database's)."""
    ahead: Mapped[int]
    """1: ``first`` finished ahead, -1: ``second`` did, 0: a tie."""
    run: Mapped[int]


class RatingStep(db.Model):  # type: ignore[name-defined,misc]
    """One player of a finished game of a group, as the group's ratings take it in
    (companion.services.ratings): where they finished, and their rating after the game. The
    rating is kept per game, so that a change to an old game rates again only from it on."""

    __tablename__ = "rating_step"
    __table_args__ = (Index("rating_step_order", "group_id", "kind", "seq"),
                      Index("rating_step_person", "group_id", "kind", "person", "seq"),
                      Index("rating_step_game", "game_id"))

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(
        ForeignKey("game_group.id", ondelete="CASCADE", name="rating_step_group_fk"))
    game_id: Mapped[int] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE", name="rating_step_game_fk"))
    kind: Mapped[str] = mapped_column(String(8))
    """The kind of game (companion.scoring.ratings.KINDS): each is rated apart."""
    seq: Mapped[str] = mapped_column(SEQ_TEXT)
    """The game's place in the order of rating (companion.scoring.ratings.order)."""
    seat: Mapped[int]
    spelling: Mapped[str] = mapped_column(Text)
    """The name as typed in the game."""
    place: Mapped[int]
    """1 for the winners; players equal on everything share a place."""
    person: Mapped[str | None] = mapped_column(Text)
    """Who the spelling counted as when the game was rated (their name key); None: not
    rated yet (the group's ratings say from which game on)."""
    mu: Mapped[float | None] = mapped_column(Double)
    """The rating after the game (None: not rated yet, or the person's second seat); double
    precision, so a rating read back is the very number openskill gave."""
    sigma: Mapped[float | None] = mapped_column(Double)
