"""A group's records kept as running tallies, so a change to one game costs the same at the
group's 10th game and at its 1,000th.

:func:`companion.scoring.records.group_records` derives the records from every round of every
game; it stays the reference. Here the same numbers are kept incrementally:

- :func:`facts` is what one finished game adds to the records (plain JSON: it is stored with
  the game, so that what it added can be taken away again when the game changes);
- :func:`apply` adds or takes away one game's facts from a group's tallies (plain JSON kept
  with the group, one entry per player (:func:`companion.player_names.key`), so a merge of two
  spellings is a matter of reading);
- :func:`records_from` reads the tallies into :class:`GroupRecords` with the group's merged
  spellings, as the reference would give them.

The games' lengths are kept beside the players (:func:`apply_length`): how many finished
games have a known length, their seconds, and the longest.

Sums and counts come and go exactly. A minimum over games (the best and worst game, the first
spelling seen, the longest game) cannot be taken away: when the game that held it goes,
:func:`apply` names the spelling (:func:`apply_length` says so), and the caller looks the new
one up among the remaining games (an indexed query in the database; :func:`extremes` and
:func:`longest` over a list in the tests).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from companion import editions, player_names
from companion.scoring import pairs
from companion.scoring.final import points_of
from companion.scoring.length import length_of
from companion.scoring.model import Sheet
from companion.scoring.records import (
    GameRef,
    GameSummary,
    GroupRecords,
    Identities,
    Lengths,
    PhaseRecord,
    PlayerRecord,
    phase_attempts,
)

Facts = dict[str, Any]
Tallies = dict[str, dict[str, Any]]
_SUMS = ("played", "won", "shared", "card_rounds", "card_points", "board_played", "board_won")


def stamp(moment: datetime) -> str:
    """A moment as text that sorts as the moment does (microseconds kept)."""
    return moment.isoformat(timespec="microseconds")


def facts(result_sheet: Sheet, ref: str, played_at: datetime,
          last_round_at: datetime | None = None) -> Facts | None:
    """What a game adds to its group's records: None unless it is finished. ``last_round_at``:
    when its last round was entered (None: not known, the game counts for no length)."""
    if result_sheet.status != "finished":
        return None
    edition = result_sheet.setup.edition
    winners = set(result_sheet.winners)
    attempts = phase_attempts(result_sheet)
    places = pairs.places(result_sheet)
    players = []
    for line in result_sheet.players:
        won = line.name in winners
        played = [points for points in line.round_points if points is not None]
        players.append({
            "name": line.name, "won": won, "shared": won and len(winners) > 1,
            "markers": edition.markers,
            "card_rounds": 0 if edition.markers else len(played),
            "card_points": 0 if edition.markers else sum(played),
            "points": None if edition.markers else points_of(result_sheet, line.name),
            "rank": list(places[line.name]),
            # A game known by its final result: how many rounds it took is not known.
            "wreath": (len(result_sheet.rounds) if edition.markers and won
                       and result_sheet.final is None else None),
            "phases": sorted([edition.key, phase, tries, laid]
                             for (name, phase), (tries, laid) in attempts.items()
                             if name == line.name),
        })
    seconds = length_of(played_at, last_round_at, result_sheet.status).seconds
    # When it ended, for the ratings' order (companion.scoring.ratings); None: not known.
    ended = None if last_round_at is None else stamp(last_round_at)
    return {"ref": ref, "at": stamp(played_at), "winners": list(result_sheet.winners),
            "players": players, "seconds": seconds, "ended": ended}


def _entry() -> dict[str, Any]:
    entry: dict[str, Any] = dict.fromkeys(_SUMS, 0)
    entry.update(wreath={}, phases={}, best=None, worst=None, first=None)
    return entry


def apply(tallies: Tallies, game: Facts, sign: int) -> set[str]:
    """Add (``sign`` 1) or take away (-1) one game's facts; the spellings whose best or worst
    game or first appearance was that game are returned, to be looked up again."""
    lost: set[str] = set()
    for player in game["players"]:
        key = player_names.key(player["name"])
        entry = tallies.setdefault(key, _entry())
        entry["played"] += sign
        entry["won"] += sign * player["won"]
        entry["shared"] += sign * player["shared"]
        entry["card_rounds"] += sign * player["card_rounds"]
        entry["card_points"] += sign * player["card_points"]
        entry["board_played"] += sign * player["markers"]
        entry["board_won"] += sign * (player["markers"] and player["won"])
        if player["wreath"] is not None:
            count = entry["wreath"].get(str(player["wreath"]), 0) + sign
            _set(entry["wreath"], str(player["wreath"]), count)
        for edition, phase, tries, laid in player["phases"]:
            name = f"{edition}:{phase}"
            known = entry["phases"].get(name, [0, 0, 0, 0])
            change = (1, tries == 1 and laid, laid, tries)
            counts = [have + sign * int(delta) for have, delta in zip(known, change, strict=True)]
            _set(entry["phases"], name, counts if counts[0] else 0)
        if sign > 0:
            _widen(entry, player, game)
        elif game["ref"] in _refs(entry) or (entry["first"] or [None])[0] == game["at"]:
            lost.add(key)
        if entry["played"] == 0:
            del tallies[key]
            lost.discard(key)
    return lost


def no_length() -> dict[str, Any]:
    """The lengths of a group without finished games."""
    return {"games": 0, "seconds": 0, "longest": None}


def apply_length(length: dict[str, Any], game: Facts, sign: int) -> bool:
    """Add (``sign`` 1) or take away (-1) one game's length; True when that game was the
    longest, which is then to be looked up again."""
    seconds = game.get("seconds")
    if seconds is None:
        return False
    length["games"] += sign
    length["seconds"] += sign * seconds
    ref = [seconds, game["at"], game["ref"]]
    if sign > 0:
        held = length["longest"]
        # Of equal games the newer one is named, as for the best and worst game.
        if held is None or (seconds, game["at"]) > (held[0], held[1]):
            length["longest"] = ref
        return False
    if length["longest"] is not None and length["longest"][2] == game["ref"]:
        length["longest"] = None
        return bool(length["games"] > 0)
    return False


def longest(games: Iterable[Facts]) -> list[Any] | None:
    """The longest of ``games`` (the reference for the database's lookup after the longest
    game was taken away)."""
    length = no_length()
    for game in games:
        apply_length(length, game, 1)
    found: list[Any] | None = length["longest"]
    return found


def _set(counts: dict[str, Any], name: str, value: Any) -> None:
    if value:
        counts[name] = value
    else:
        counts.pop(name, None)


def _refs(entry: Mapping[str, Any]) -> set[str]:
    return {ref[2] for ref in (entry["best"], entry["worst"]) if ref is not None}


def _widen(entry: dict[str, Any], player: Mapping[str, Any], game: Facts) -> None:
    """Take in a game's points and spelling as candidates for the extremes."""
    at = game["at"]
    if entry["first"] is None or at < entry["first"][0]:
        entry["first"] = [at, player["name"]]
    value = player["points"]
    if value is None:
        return
    ref = [value, at, game["ref"]]
    best, worst = entry["best"], entry["worst"]
    # Of equal games the newer one is named, as the reference does.
    if best is None or value < best[0] or (value == best[0] and at > best[1]):
        entry["best"] = ref
    if worst is None or value > worst[0] or (value == worst[0] and at > worst[1]):
        entry["worst"] = ref


def extremes(key: str, games: Iterable[Facts]) -> dict[str, Any]:
    """The best and worst game and the first spelling of ``key`` among ``games`` (the
    reference for the database's lookup after a game was taken away)."""
    entry = _entry()
    for game in games:
        for player in game["players"]:
            if player_names.key(player["name"]) == key:
                _widen(entry, player, game)
    return {"best": entry["best"], "worst": entry["worst"], "first": entry["first"]}


def records_from(tallies: Mapping[str, Mapping[str, Any]], aliases: Mapping[str, str],
                 games: Sequence[GameSummary], wins: Sequence[Sequence[str]],
                 wins_from: int = 0, length: Mapping[str, Any] | None = None,
                 kept_pairs: Mapping[str, Mapping[str, Any]] | None = None) -> GroupRecords:
    """The records the tallies hold, with ``aliases`` (spelling → name) merged.

    ``games``: the list to show (newest first); ``wins``: the winners of the finished games
    to draw (oldest first), the first being finished game number ``wins_from`` + 1;
    ``length``: the games' lengths as :func:`apply_length` keeps them; ``kept_pairs``: the
    head-to-head entries (:mod:`companion.scoring.pairs`), kept per person.
    """
    ids = Identities(aliases)
    merged: dict[str, list[Mapping[str, Any]]] = {}
    for key in sorted(tallies, key=lambda key: tallies[key]["first"][0]):
        merged.setdefault(ids.of(key), []).append(tallies[key])
        ids.see(tallies[key]["first"][1])
    players = sorted(
        (_player(ids.shown[key], parts) for key, parts in merged.items()),
        key=lambda record: (-record.won, -record.win_rate, record.name.casefold()))
    phases = _phases(part for parts in merged.values() for part in parts)
    shown_wins = tuple(tuple(ids.shown.get(ids.of(name), name) for name in winners)
                       for winners in wins)
    length = length or no_length()
    lengths = Lengths(length["games"], length["seconds"], _game_ref(length["longest"]))
    together = pairs.records(kept_pairs or {}, lambda key: ids.shown.get(key, key))
    return GroupRecords(tuple(games), tuple(players), phases, shown_wins, wins_from, lengths,
                        together)


def _player(name: str, parts: Sequence[Mapping[str, Any]]) -> PlayerRecord:
    sums = {field: sum(part[field] for part in parts) for field in _SUMS}
    bests = [part["best"] for part in parts if part["best"] is not None]
    worsts = [part["worst"] for part in parts if part["worst"] is not None]
    low = min((ref[0] for ref in bests), default=None)
    best = max((ref for ref in bests if ref[0] == low), key=lambda ref: ref[1], default=None)
    worst = max(worsts, key=lambda ref: (ref[0], ref[1]), default=None)
    wreaths: Counter[int] = Counter()
    for part in parts:
        wreaths.update({int(rounds): count for rounds, count in part["wreath"].items()})
    return PlayerRecord(
        name=name, played=sums["played"], won=sums["won"], shared=sums["shared"],
        card_rounds=sums["card_rounds"], card_points=sums["card_points"],
        best=_game_ref(best), worst=_game_ref(worst),
        board_played=sums["board_played"], board_won=sums["board_won"],
        wreath_rounds=tuple(sorted(wreaths.elements())), phases=_phases(parts))


def _game_ref(ref: Sequence[Any] | None) -> GameRef | None:
    if ref is None:
        return None
    return GameRef(ref[2], datetime.fromisoformat(ref[1]), ref[0])


def _phases(parts: Iterable[Mapping[str, Any]]) -> tuple[PhaseRecord, ...]:
    counts: dict[str, list[int]] = {}
    for part in parts:
        for name, values in part["phases"].items():
            have = counts.setdefault(name, [0, 0, 0, 0])
            for index, value in enumerate(values):
                have[index] += value
    records = []
    for name, (tried, first_try, completed, rounds) in counts.items():
        edition_key, phase = name.rsplit(":", 1)
        records.append(PhaseRecord(editions.get(edition_key), int(phase), tried=tried,
                                   first_try=first_try, completed=completed, rounds=rounds))
    return tuple(sorted(records, key=lambda record: (record.edition.order, record.phase)))
