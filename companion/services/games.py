"""Use cases: create a game, record, undo and edit rounds, load the sheet.

Services change state and flush; each use case commits once, through its unit of work
(companion.services.work), and every write to a game ends with :func:`written`. The rules live in
companion.scoring; this module only moves data between it and the database.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import Select, bindparam, inspect, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload
from sqlalchemy.orm.exc import StaleDataError

from companion import models, player_names, scoring
from companion.cache import sheets
from companion.infra import live, storage
from companion.infra.extensions import db
from companion.limits import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from companion.refusals import Kind, Reason, ServiceError
from companion.scoring import GameSpec, Problem
from companion.services import kept, work

# The refusals of a stale write, where the callers of these services find the others.
from companion.services.seen import Seen, judge
from companion.services.seen import StaleRevision as StaleRevision
from companion.services.seen import StaleRound as StaleRound


class SetupError(ServiceError):
    """A game that cannot be started; ``problems`` pairs a field with a reason (``reason``:
    the first)."""

    def __init__(self, problems: Sequence[tuple[str, Reason]]) -> None:
        self.problems = tuple(problems)
        super().__init__(self.problems[0][1])
        self.args = ("; ".join(str(reason) for _, reason in self.problems),)


class NoSuchRound(ServiceError, LookupError):
    """The round to undo or correct is not (or no longer) in the game: a round to correct
    that is not there is unknown; a round to undo that is not there is a conflict (another
    device undid it: ``kind``)."""

    kind = Kind.UNKNOWN

    def __init__(self, number: int | None = None, *, kind: Kind = Kind.UNKNOWN) -> None:
        super().__init__("there is no such round in this game")
        self.number, self.kind = number, kind


#: What a game link can look like (``secrets.token_urlsafe``); anything else is no game.
KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")


def validate_spec(spec: GameSpec) -> GameSpec:
    """Check a new game's settings; returns them normalised (names stripped, phases sorted)."""
    problems: list[tuple[str, Reason]] = []
    names = tuple(player_names.clean(name) for name in spec.players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        problems.append(("players", Reason("a game has %(min)s to %(max)s players",
                                            {"min": MIN_PLAYERS, "max": MAX_PLAYERS})))
    problems.extend(("players", problem) for problem in _name_problems(names))
    every = spec.edition.phase_numbers
    phases = (every if not spec.edition.variants or spec.phases is None
              else tuple(sorted(spec.phases)))
    if not phases or len(set(phases)) != len(phases) or not set(phases) <= set(every):
        problems.append(("phases", Reason("choose one or more different phases from 1 to "
                                           "%(last)s", {"last": len(every)})))
    if spec.ten_rounds and not spec.edition.variants:
        problems.append(("ten_rounds", Reason(
            "the 10-rounds variant is played with the original edition")))
    first = None if spec.first is None else next(
        (name for name in names
         if player_names.key(name) == player_names.key(spec.first)), None)
    if spec.first is not None and first is None:
        problems.append(("first", Reason("the first dealer or starter must be one of the players")))
    if problems:
        raise SetupError(problems)
    return GameSpec(spec.edition, names, phases, spec.ten_rounds, spec.knocking, first or None)


def _name_problems(names: Sequence[str]) -> list[Problem]:
    """Every name that cannot be, each as a problem naming its player (``player``: the name
    as typed, "" for a missing one, so that a form can mark that one field): all at once, so
    that a table fixes its names in one go. Two names are one player when their
    :func:`companion.player_names.key` is the same ("Anna" and " anna"); the second is at fault."""
    seen: set[str] = set()
    problems = []
    for seat, name in enumerate(names, start=1):
        if not player_names.clean(name):
            problems.append(Problem("player %(n)s has no name: a name has 1 to %(max)s "
                                    "characters", {"n": seat, "max": MAX_NAME}, player=name))
        elif (refused := player_names.refusal(name, MAX_NAME)) is not None:
            problems.append(Problem(refused.template, refused.params, player=name))
        elif player_names.key(name) in seen:
            problems.append(Problem("“%(name)s” is in this game twice: every player needs a "
                                    "different name", {"name": name}, player=name))
        seen.add(player_names.key(name))
    return problems


def create_game(spec: GameSpec) -> models.Game:
    spec = validate_spec(spec)
    game = models.Game(
        edition=spec.edition,
        phases=",".join(str(number) for number in spec.phases or ()),
        ten_rounds=spec.ten_rounds,
        knocking=spec.knocking,
        first_dealer=spec.players.index(spec.first) if spec.first else 0,
        players=[models.Player(seat=seat, name=name) for seat, name in enumerate(spec.players)],
    )
    db.session.add(game)
    db.session.flush()
    written(game, scoring.build_sheet(setup_of(game), []))
    return game


def whole_game() -> Select[models.Game]:
    # Every round of every game (exports): three queries, not one per round.
    return select(models.Game).options(
        selectinload(models.Game.players),
        selectinload(models.Game.rounds).selectinload(models.Round.results))


def _game_row() -> Select[models.Game]:
    # The game and its players; its rounds are read when needed, as plain rows (rounds_of).
    return select(models.Game).options(selectinload(models.Game.players))


def find_game(key: str) -> tuple[models.Game, bool] | None:
    """The game whose edit or view link ``key`` is, and whether it may be edited."""
    if not KEY.fullmatch(key):
        return None
    game = db.session.execute(
        _game_row().where((models.Game.edit_key == key) | (models.Game.view_key == key))
    ).scalar_one_or_none()
    if game is None:
        return None
    return game, game.edit_key == key


def lock_game(key: str, *, revision: int | None = None) -> models.Game | None:
    """The game behind edit link ``key``, locked for this transaction's write (or None).

    Writes to one game happen one at a time: a second writer waits here until the first has
    committed, then reads its rounds. ``revision`` is the one the phone last saw; when the game
    has moved on since, nothing may be written (StaleRevision: services.seen's rule).
    """
    if not KEY.fullmatch(key):
        return None
    storage.begin_write()
    game = db.session.execute(
        _game_row().where(models.Game.edit_key == key).with_for_update(of=models.Game)
    ).scalar_one_or_none()
    if game is not None and revision is not None:
        judge(game, Seen(revision))
    return game


def setup_of(game: models.Game) -> scoring.Setup:
    return scoring.Setup(
        edition=game.edition,
        players=tuple(player.name for player in game.players),
        phases=game.phase_numbers,
        ten_rounds=game.ten_rounds,
        first_dealer=game.first_dealer,
        knocking=game.knocking,
        joined=tuple(player.joined_round for player in game.players),
        left=tuple(player.left_round or 0 for player in game.players),
    )


def _round_of(stored: models.Round) -> scoring.Round:
    return scoring.Round(tuple(
        scoring.Result(player=result.player, laid=result.laid, points=result.points,
                       went_out=result.went_out, phase=result.phase)
        for result in stored.results
    ))


_R, _S = models.Round.__table__.c, models.Result.__table__.c
#: A game's rounds as plain rows, in order: a replay of 2,000 rounds reads them in one query
#: and builds no object per round and result.
_ROUNDS = (select(_R.number, _S.player, _S.laid, _S.points, _S.went_out, _S.phase)
           .join(models.Result.__table__, _S.round_id == _R.id)
           .where(_R.game_id == bindparam("game"), _R.number > bindparam("after"))
           .order_by(_R.number, _S.position))


def rounds_loaded(game: models.Game) -> bool:
    """Whether ``game.rounds`` is in memory (else reading it would load every round)."""
    return "rounds" not in inspect(game).unloaded


def rounds_of(game: models.Game, *, after: int = 0) -> list[scoring.Round]:
    """The game's rounds in order (those after round ``after``)."""
    if rounds_loaded(game):
        return [_round_of(stored) for stored in game.rounds[after:]]
    rounds: list[scoring.Round] = []
    number, results = None, list[scoring.Result]()
    for row in db.session.execute(_ROUNDS, {"game": game.id, "after": after}):
        if row.number != number and results:
            rounds.append(scoring.Round(tuple(results)))
            results = []
        number = row.number
        results.append(scoring.Result(player=row.player, laid=row.laid, points=row.points,
                                      went_out=row.went_out, phase=row.phase))
    if results:
        rounds.append(scoring.Round(tuple(results)))
    return rounds


def final_of(game: models.Game) -> tuple[scoring.FinalResult, ...] | None:
    """The final result of a game known by it alone (typed from paper, logged elsewhere),
    in seating order; None for a game played round by round."""
    if not game.players or game.players[0].place is None:
        return None
    return tuple(scoring.FinalResult(player.name, player.final_phases, player.final_points,
                                     player.final_marker, player.place or 0)
                 for player in game.players)


def sheet_of(game: models.Game) -> scoring.Sheet:
    """The game's sheet as it stands (:func:`sheet_at`)."""
    return sheet_at(game)[0]


def sheet_at(game: models.Game) -> tuple[scoring.Sheet, bool]:
    """The game's sheet as it stands, and whether it is exactly the sheet of
    ``game.revision``: the one way to a sheet, cheapest first.

    1. the sheet a write of this transaction left it with (companion.cache.sheets.pending);
    2. the committed sheet of its revision, kept by this process (sheets.kept);
    3. the kept sheet of an earlier revision, with the rounds added since (when every write
       since added a round, :func:`_continued`);
    4. else replayed from round 1.

    A sheet of 3. or 4. is kept for the revision when it is committed state (the game not
    changed in this transaction, outside a write: a write keeps what it makes itself,
    :func:`written`) and the revision did not move while its rounds were read (PostgreSQL
    reads committed data per statement: a write may land between the queries; the sheet is
    then newer than the revision, and not exact).
    """
    session, setup = db.session(), setup_of(game)
    final = final_of(game)
    if final is not None:  # a game known by its final result alone: made from it
        return scoring.final_sheet(setup, final), True
    found = sheets.pending(session, game, setup)
    changed = game in session.new or session.is_modified(game)
    if found is None and not changed:
        found = sheets.kept(game.edit_key, game.revision, game)
    if found is not None:
        return found, True
    built = None if changed or rounds_loaded(game) else _continued(game, setup)
    if built is None:
        built = scoring.build_sheet(setup, rounds_of(game))
    if changed or work.is_open():
        return built, not changed
    exact = db.session.scalar(select(models.Game.revision).where(
        models.Game.id == game.id)) == game.revision
    if exact:
        sheets.keep(game.edit_key, game.revision, built)
    return built, exact


def _continued(game: models.Game, setup: scoring.Setup) -> scoring.Sheet | None:
    """The kept sheet of an earlier revision with the rounds added since, when every write
    since added a round: every write adds one revision and at most one round, so as many new
    rounds as revisions mean the earlier rounds are as they were (an undo, a correction or a
    player change since would leave fewer)."""
    behind = sheets.earlier(game)
    if behind is None:
        return None
    revision, sheet = behind
    added = rounds_of(game, after=len(sheet.rounds))
    if len(added) != game.revision - revision:
        return None
    return scoring.continue_sheet(sheet, setup, added)


def written(game: models.Game, sheet: scoring.Sheet | None = None) -> None:
    """The end of every write to ``game``; ``sheet``: the game's sheet as the write leaves it
    (else read now). The sheet is kept for the next read (the process's once the unit of
    work commits: companion.cache.sheets), and what a write also keeps (its group's records:
    companion.services.kept) is kept when the unit ends."""
    if sheet is None:
        try:
            sheet = sheet_of(game)
        except (ValueError, LookupError) as error:  # stored rounds that cannot be read
            kept.after_write(game, error)
            return
    session = db.session()
    sheets.remember(session, game, setup_of(game), sheet)
    # What the committing transaction keeps is taken when the unit ends, and published once
    # it has committed.
    work.before_commit(sheets.published, lambda: work.after_commit(
        sheets.published, sheets.published(session)))
    kept.after_write(game, sheet)


def _store(game: models.Game, number: int, view: scoring.RoundView,
           at: datetime | None = None) -> models.Round:
    at = at or datetime.now(UTC).replace(tzinfo=None)
    game.last_round_at = at
    stored = models.Round(number=number, created_at=at, results=[
        models.Result(position=position, player=result.player, laid=result.laid,
                      phase=result.phase, points=result.points, went_out=result.went_out)
        for position, result in enumerate(view.results)
    ])
    if rounds_loaded(game):
        game.rounds.append(stored)
    else:  # added beside the rounds, which stay unread
        stored.game_id = game.id
        db.session.add(stored)
    return stored


def record_round(game: models.Game, new: scoring.Round, *, number: int | None = None,
                 confirm: bool = False, at: datetime | None = None,
                 seen: Seen | None = None) -> scoring.Sheet:
    """Add the next round; ``number`` guards against a round another device already added,
    ``seen`` against a change made since (services.seen). ``at``: when it was played (an
    import; else now)."""
    sheet = sheet_of(game)
    taken = sheet.rounds[number - 1].results if number and number <= len(sheet.rounds) else ()
    judge(game, seen, taken)
    if number is not None and number != sheet.next_round:
        raise StaleRound(sheet.next_round, number)
    updated = scoring.add_round(sheet, new, confirm=confirm)
    _store(game, sheet.next_round, updated.rounds[-1], at)
    _touch(game)
    written(game, updated)
    return updated


def _stored_round(game: models.Game, number: int | None = None) -> models.Round | None:
    """Round ``number`` of the game as stored (None: the last), with its results."""
    query = select(models.Round).where(models.Round.game_id == game.id)
    if number is None:
        query = query.order_by(models.Round.number.desc()).limit(1)
    else:
        query = query.where(models.Round.number == number)
    return db.session.execute(query).scalar_one_or_none()


def undo_last(game: models.Game, *, number: int | None = None,
              seen: Seen | None = None) -> scoring.Sheet:
    """Remove the last round; ``number`` guards against undoing a round twice, ``seen``
    against a change made since (services.seen)."""
    last = _stored_round(game)
    judge(game, seen, _round_of(last).results if last is not None else ())
    if last is None:
        raise NoSuchRound(kind=Kind.CONFLICT)
    if number is not None and number != last.number:
        raise StaleRound(last.number, number, undoing=True)
    # The round before becomes the latest (one indexed lookup: undo is rare).
    game.last_round_at = db.session.execute(
        select(models.Round.created_at).where(models.Round.game_id == game.id,
                                              models.Round.number == last.number - 1)
    ).scalar_one_or_none()
    if rounds_loaded(game):
        game.rounds.remove(last)
    else:
        db.session.delete(last)
    _touch(game)
    sheet = sheet_of(game)
    written(game, sheet)
    return sheet


def edit_round(game: models.Game, number: int, new: scoring.Round, *,
               confirm: bool = False, seen: Seen | None = None) -> scoring.Sheet:
    """Replace round ``number`` and recompute everything after it; ``seen`` guards against a
    change made since (services.seen)."""
    rounds = rounds_of(game)
    judge(game, seen, rounds[number - 1].results if 1 <= number <= len(rounds) else ())
    if not 1 <= number <= len(rounds):
        raise NoSuchRound(number)
    sheet = scoring.replace_round(setup_of(game), rounds, number, new, confirm=confirm)
    stored = _stored_round(game, number)
    assert stored is not None
    stored.results.clear()
    db.session.flush()
    for position, result in enumerate(sheet.rounds[number - 1].results):
        stored.results.append(models.Result(
            position=position, player=result.player, laid=result.laid, phase=result.phase,
            points=result.points, went_out=result.went_out))
    _touch(game)
    written(game, sheet)
    return sheet


def _touch(game: models.Game) -> None:
    game.revision += 1
    try:
        db.session.flush()
    except (IntegrityError, StaleDataError) as error:
        # Another request stored or removed the same round in the meantime (the unit of
        # work rolls back what this one began).
        raise StaleRound() from error
    if db.session.get_bind().dialect.name == "postgresql":
        # Every process's live watcher hears of it when (and only if) the write commits.
        db.session.execute(text("SELECT pg_notify(:channel, :payload)"),
                           {"channel": live.CHANNEL, "payload": f"{game.id} {game.revision}"})


def touch(game: models.Game) -> None:
    """``game`` changed outside its rounds (its group, the game after it): its revision grows,
    every phone on it hears so, and what a write keeps is kept (:func:`written`)."""
    _touch(game)
    written(game)


def link_next(game: models.Game, new: models.Game) -> None:
    """``new`` is the game after ``game`` at its table (services.rematches): every phone on
    ``game``'s sheet hears of it with the revision."""
    game.rematch_id = new.id
    touch(game)
