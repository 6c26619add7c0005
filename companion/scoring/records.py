"""A group's records, derived from its games' stored rounds; as in docs/decisions.md:

- Players are the same person across games when their names have one key
  (:func:`companion.player_names.key`: case, surrounding spaces and NFC/NFD aside), or
  when the group merged one spelling into another (``aliases``: spelling → name).
- Only finished games count; unfinished ones are listed but left out of every record.
- Every co-winner of a shared win (variant 1's tie) gets a win; ``shared`` counts those.
- A phase is *completed at the first try* when laid in the first round a player tries it in
  a game; its *rounds* are every round spent trying it, laid in the end or not, and its
  average is rounds per completion, so a phase people stay stuck on counts as hard.
  Tie-break rounds are no attempts. Masters records no phase for a round without a
  lay-down, so it counts for wins and points only. Board phases are kept apart.
- Points per round: card games only. Best and worst game: the card game with the fewest
  and the most points (the newer of equals). Board: wins and rounds to the wreath.
- Length: the average over the finished games whose length is known, and the longest game
  (the newer of equals), from each game's start to its last round.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from companion import player_names
from companion.editions import Edition
from companion.scoring import board, pairs, sheet
from companion.scoring.checks import normalise_setup
from companion.scoring.final import final_sheet, points_of
from companion.scoring.length import length_of
from companion.scoring.model import FinalResult, Problem, Round, RoundRejected, Setup, Sheet, Status


@dataclass(frozen=True)
class PlayedGame:
    """A stored game as the records read it: ``ref`` names it (its read-only link)."""

    ref: str
    played_at: datetime
    setup: Setup
    rounds: tuple[Round, ...]
    last_round_at: datetime | None = None
    """When its latest round was entered (None: not known)."""
    final: tuple[FinalResult, ...] | None = None
    """A game known by its final result (no rounds): each player's line, placed."""


@dataclass(frozen=True)
class GameSummary:
    """One line of the group's list of games."""

    ref: str
    played_at: datetime
    edition: Edition
    players: tuple[str, ...]
    status: Status
    winners: tuple[str, ...]
    rounds: int


@dataclass(frozen=True)
class GameRef:
    """A player's game worth pointing at: which one, and how many points or rounds."""

    ref: str
    played_at: datetime
    value: int


@dataclass(frozen=True)
class PhaseRecord:
    """How one phase went: (player, game) pairs that tried it, and how they fared."""

    edition: Edition
    phase: int
    tried: int = 0
    first_try: int = 0
    completed: int = 0
    rounds: int = 0

    @property
    def first_try_rate(self) -> float:
        return self.first_try / self.tried if self.tried else 0.0

    @property
    def average_rounds(self) -> float | None:
        """Rounds spent on it per completion (None: nobody completed it yet)."""
        return self.rounds / self.completed if self.completed else None


@dataclass(frozen=True)
class PlayerRecord:
    """One player's records over the group's finished games."""

    name: str
    played: int
    won: int
    shared: int
    card_rounds: int
    card_points: int
    best: GameRef | None
    worst: GameRef | None
    board_played: int
    board_won: int
    wreath_rounds: tuple[int, ...]
    phases: tuple[PhaseRecord, ...]

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def average_points(self) -> float | None:
        return self.card_points / self.card_rounds if self.card_rounds else None

    @property
    def fastest_wreath(self) -> int | None:
        return min(self.wreath_rounds, default=None)

    @property
    def nemesis(self) -> PhaseRecord | None:
        """The phase that took this player the most rounds on average (ties: lowest number)."""
        return hardest(self.phases)


@dataclass(frozen=True)
class Lengths:
    """How long the group's finished games took (those whose length is known)."""

    games: int = 0
    seconds: int = 0
    longest: GameRef | None = None
    """The longest game; ``value``: its seconds."""

    @property
    def average(self) -> float | None:
        """Seconds per game (None: no finished game of known length)."""
        return self.seconds / self.games if self.games else None


@dataclass(frozen=True)
class GroupRecords:
    """Everything the group page shows, newest game first."""

    games: tuple[GameSummary, ...]
    players: tuple[PlayerRecord, ...]
    phases: tuple[PhaseRecord, ...]
    wins: tuple[tuple[str, ...], ...]
    """The winners of each finished game, oldest first (for wins over time)."""
    wins_from: int = 0
    """How many finished games came before the first of ``wins`` (a long group's chart
    draws its latest games only)."""
    lengths: Lengths = Lengths()
    pairs: tuple[pairs.PairRecord, ...] = ()
    """Head-to-head: every two players who finished a game together."""


@dataclass(frozen=True)
class Derived:
    """A group's records and its listed games' edit links (by read-only link), as its page
    and JSON show them (companion.services.groups.derived)."""

    fingerprint: str
    records: GroupRecords
    edit_keys: Mapping[str, str]
    total: int
    """How many games the group has (``records.games`` may list the newest only)."""
    records_key: str
    """Names the records (all but the list of games): they change only when a game's
    finish, points or names change, not with every round of a game in progress."""


def hardest(phases: Iterable[PhaseRecord]) -> PhaseRecord | None:
    """The phase with the most rounds per completion, then the fewest first tries.

    Phases nobody completed count as the hardest of all once tried. A phase always completed
    at the first try is nobody's nemesis: with only such phases there is none (None).
    """
    tried = [phase for phase in phases if phase.first_try < phase.tried]
    if not tried:
        return None

    def difficulty(phase: PhaseRecord) -> tuple[float, float, int]:
        average = phase.average_rounds
        return (-(average if average is not None else float("inf")), phase.first_try_rate,
                phase.phase)

    return min(tried, key=difficulty)


def replay(setup: Setup, rounds: Sequence[Round]) -> Sheet:
    """The sheet of stored rounds, which were checked when they were entered."""
    setup = normalise_setup(setup)
    board_game = setup.edition.markers
    current = board.start(setup) if board_game else sheet.start(setup)
    for round in rounds:
        if current.status == "finished":
            raise RoundRejected(current.next_round, (Problem(
                "the game was already over after round %(number)s",
                {"number": current.next_round - 1}),))
        current = board.advance(current, round) if board_game else sheet.advance(current, round)
    return current


class Identities:
    """Who is who across games: names by :func:`companion.player_names.key` (case, spaces and
    Unicode forms aside), merged spellings, the name to show."""

    def __init__(self, aliases: Mapping[str, str]) -> None:
        self.aliases = {player_names.key(alias): name for alias, name in aliases.items()}
        self.shown: dict[str, str] = {player_names.key(name): name
                                      for name in self.aliases.values()}

    def of(self, name: str) -> str:
        """The key a spelling counts under."""
        return player_names.key(self.aliases.get(player_names.key(name), name))

    def named(self, name: str) -> str:
        """The name a spelling is listed as: a merged or renamed spelling as its name, any
        other as typed (the games' lines of the group's list)."""
        return self.aliases.get(player_names.key(name), name)

    def see(self, name: str) -> str:
        """Note a spelling (the first one seen is shown, unless merged into another)."""
        key = self.of(name)
        self.shown.setdefault(key, name)
        return key


@dataclass
class _Tally:
    played: int = 0
    won: int = 0
    shared: int = 0
    card_rounds: int = 0
    card_points: int = 0
    card_games: list[GameRef] = field(default_factory=list)
    board_played: int = 0
    board_won: int = 0
    wreath_rounds: list[int] = field(default_factory=list)
    phases: dict[tuple[Edition, int], list[tuple[int, bool]]] = field(default_factory=dict)


def phase_attempts(result_sheet: Sheet) -> dict[tuple[str, int], tuple[int, bool]]:
    """(player, phase) → (rounds spent trying it, laid in the end) in one game."""
    if result_sheet.setup.edition.chooses_phase:
        return {}
    tries: Counter[tuple[str, int]] = Counter()
    laid: set[tuple[str, int]] = set()
    for view in result_sheet.rounds:
        if view.tiebreak:
            continue
        for result in view.results:
            phase = view.attempted.get(result.player)
            if phase is None or phase > result_sheet.setup.edition.phase_count:
                continue
            key = (result.player, phase)
            if key in laid:
                continue
            tries[key] += 1
            if result.laid:
                laid.add(key)
    return {key: (count, key in laid) for key, count in tries.items()}


def _count_game(tallies: dict[str, _Tally], ids: Identities, game: PlayedGame,
                result_sheet: Sheet) -> None:
    edition = result_sheet.setup.edition
    winners = set(result_sheet.winners)
    attempts = phase_attempts(result_sheet)
    for line in result_sheet.players:
        tally = tallies[ids.see(line.name)]
        tally.played += 1
        if line.name in winners:
            tally.won += 1
            tally.shared += len(winners) > 1
        if edition.markers:
            tally.board_played += 1
            if line.name in winners:
                tally.board_won += 1
                if result_sheet.final is None:  # else how many rounds is not known
                    tally.wreath_rounds.append(len(result_sheet.rounds))
        else:
            played = [points for points in line.round_points if points is not None]
            tally.card_rounds += len(played)
            tally.card_points += sum(played)
            total = points_of(result_sheet, line.name)
            if total is not None:
                tally.card_games.append(GameRef(game.ref, game.played_at, total))
    for (name, phase), attempt in attempts.items():
        key = (edition, phase)
        tallies[ids.of(name)].phases.setdefault(key, []).append(attempt)


def _phase_records(attempts: Iterable[tuple[tuple[Edition, int], list[tuple[int, bool]]]]
                   ) -> tuple[PhaseRecord, ...]:
    merged: dict[tuple[Edition, int], list[tuple[int, bool]]] = defaultdict(list)
    for key, tries in attempts:
        merged[key].extend(tries)
    return tuple(
        PhaseRecord(edition, phase, tried=len(tries),
                    first_try=tries.count((1, True)),
                    completed=sum(1 for _rounds, laid in tries if laid),
                    rounds=sum(rounds for rounds, _laid in tries))
        for (edition, phase), tries in sorted(merged.items(), key=lambda item: (
            item[0][0].order, item[0][1])))


def _player_record(name: str, tally: _Tally) -> PlayerRecord:
    # Newest first, so that of equal games the newer one is named.
    games = sorted(tally.card_games, key=lambda ref: ref.played_at, reverse=True)
    return PlayerRecord(
        name=name, played=tally.played, won=tally.won, shared=tally.shared,
        card_rounds=tally.card_rounds, card_points=tally.card_points,
        best=min(games, key=lambda ref: ref.value, default=None),
        worst=max(games, key=lambda ref: ref.value, default=None),
        board_played=tally.board_played, board_won=tally.board_won,
        wreath_rounds=tuple(tally.wreath_rounds),
        phases=_phase_records(tally.phases.items()))


def summarise(game: PlayedGame) -> tuple[GameSummary, Sheet | None]:
    """The game's line in the list, and its sheet (None when the rounds cannot be read)."""
    try:
        result_sheet: Sheet | None = (replay(game.setup, game.rounds) if game.final is None
                                      else final_sheet(game.setup, game.final))
    except (ValueError, LookupError, StopIteration):
        result_sheet = None
    status: Status = result_sheet.status if result_sheet else "playing"
    winners = result_sheet.winners if result_sheet else ()
    return GameSummary(game.ref, game.played_at, game.setup.edition, game.setup.players,
                       status, winners, len(game.rounds)), result_sheet


def group_records(games: Iterable[PlayedGame], aliases: Mapping[str, str]) -> GroupRecords:
    """Records of ``games`` with ``aliases`` (spelling → name) merged, ranked by wins."""
    ids = Identities(aliases)
    tallies: dict[str, _Tally] = defaultdict(_Tally)
    summaries: list[GameSummary] = []
    wins: list[tuple[str, ...]] = []
    lengths: list[GameRef] = []
    together: list[tuple[str, list[pairs.Outcome]]] = []
    for game in sorted(games, key=lambda game: game.played_at):
        summary, result_sheet = summarise(game)
        summaries.append(replace(summary, players=tuple(map(ids.named, summary.players)),
                                 winners=tuple(map(ids.named, summary.winners))))
        if result_sheet is None or result_sheet.status != "finished":
            continue
        _count_game(tallies, ids, game, result_sheet)
        together.append(_together(game, result_sheet, ids))
        wins.append(tuple(ids.shown[ids.of(name)] for name in result_sheet.winners))
        seconds = length_of(game.played_at, game.last_round_at, result_sheet.status).seconds
        if seconds is not None:
            lengths.append(GameRef(game.ref, game.played_at, seconds))
    players = sorted(
        (_player_record(ids.shown[key], tally) for key, tally in tallies.items()),
        key=lambda record: (-record.won, -record.win_rate, record.name.casefold()))
    phases = _phase_records(
        item for tally in tallies.values() for item in tally.phases.items())
    longest = max(lengths, key=lambda ref: (ref.value, ref.played_at), default=None)
    return GroupRecords(tuple(reversed(summaries)), tuple(players), phases, tuple(wins),
                        lengths=Lengths(len(lengths), sum(ref.value for ref in lengths),
                                        longest),
                        pairs=pairs.records(pairs.head_to_head(together),
                                            lambda key: ids.shown.get(key, key)))


def _together(game: PlayedGame, result_sheet: Sheet, ids: Identities
              ) -> tuple[str, list[pairs.Outcome]]:
    """Where a finished game stands in the group's order, and its pairs."""
    places = pairs.places(result_sheet)
    points = not result_sheet.setup.edition.markers
    seq = pairs.sequence({"at": game.played_at.isoformat(timespec="microseconds"),
                          "ref": game.ref})
    return seq, pairs.outcomes((ids.of(line.name), places[line.name],
                                points_of(result_sheet, line.name) if points
                                else None)
                               for line in result_sheet.players)
