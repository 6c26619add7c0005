"""A group as the API's JSON."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import url_for

from companion import models
from companion.schemas.answers import (
    GameRefJson,
    GroupGameJson,
    GroupJson,
    GroupLengthJson,
    HeadToHeadJson,
    PhaseRecordJson,
    PlayerRecordJson,
    RatingJson,
    RatingsJson,
)
from companion.scoring.pairs import PairRecord
from companion.scoring.ratings import BOARD, CARD, Rating
from companion.scoring.records import (
    GameRef,
    GroupRecords,
    Lengths,
    PhaseRecord,
    PlayerRecord,
    hardest,
)


def _stamp(moment: Any) -> str:
    return str(moment.isoformat(timespec="seconds")) + "Z"


def phase_json(phase: PhaseRecord) -> PhaseRecordJson:
    average = phase.average_rounds
    return {"edition": phase.edition.key, "phase": phase.phase, "tried": phase.tried,
            "first_try": phase.first_try, "completed": phase.completed, "rounds": phase.rounds,
            "first_try_rate": round(phase.first_try_rate, 3),
            "average_rounds": None if average is None else round(average, 2)}


def _ref(ref: GameRef | None) -> GameRefJson | None:
    if ref is None:
        return None
    return {"view_id": ref.ref, "created_at": _stamp(ref.played_at), "points": ref.value}


def player_json(player: PlayerRecord) -> PlayerRecordJson:
    average = player.average_points
    nemesis = player.nemesis
    return {
        "name": player.name, "played": player.played, "won": player.won,
        "shared": player.shared, "win_rate": round(player.win_rate, 3),
        "average_points": None if average is None else round(average, 1),
        "best": _ref(player.best), "worst": _ref(player.worst),
        "board": {"played": player.board_played, "won": player.board_won,
                  "wreath_rounds": list(player.wreath_rounds),
                  "fastest_wreath": player.fastest_wreath},
        "nemesis": None if nemesis is None else {"edition": nemesis.edition.key,
                                                 "phase": nemesis.phase},
        "phases": [phase_json(phase) for phase in player.phases],
    }


def length_json(lengths: Lengths) -> GroupLengthJson:
    average, longest = lengths.average, lengths.longest
    return {"games": lengths.games,
            "average_seconds": None if average is None else round(average),
            "longest": None if longest is None else {
                "view_id": longest.ref, "created_at": _stamp(longest.played_at),
                "seconds": longest.value}}


def pair_json(pair: PairRecord) -> HeadToHeadJson:
    average = pair.average_diff
    return {"players": [pair.first, pair.second], "games": pair.games,
            "ahead": [pair.first_ahead, pair.second_ahead], "ties": pair.ties,
            "longest_streak": [pair.first_streak, pair.second_streak],
            "points_games": pair.points_games,
            "average_points_difference": None if average is None else round(average, 2)}


def rating_json(name: str, rating: Rating) -> RatingJson:
    return {"name": name, "mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal,
            "games": rating.games}


def ratings_json(rated: Mapping[str, Sequence[tuple[str, Rating]]]) -> RatingsJson:
    return {"card": [rating_json(*item) for item in rated[CARD]],
            "board": [rating_json(*item) for item in rated[BOARD]]}


def group_json(group: models.Group, edit_keys: Mapping[str, str], records: GroupRecords, *,
               editable: bool, rated: Mapping[str, Sequence[tuple[str, Rating]]],
               roster: Sequence[tuple[str, int | None]] = ()) -> GroupJson:
    """The group; ``id`` and the games' edit links only for those who hold its edit link.
    ``rated``: each kind's ratings by name, highest first (companion.services.ratings)."""
    listed: list[GroupGameJson] = []
    for summary in records.games:
        item: GroupGameJson = {
            "view_id": summary.ref, "created_at": _stamp(summary.played_at),
            "edition": summary.edition.key, "players": list(summary.players),
            "status": summary.status, "winners": list(summary.winners),
            "rounds": summary.rounds,
            # Known by its final result only: no rounds for the per-round statistics.
            "final": summary.status == "finished" and summary.rounds == 0}
        if editable:
            item["id"] = edit_keys[summary.ref]
        listed.append(item)
    nemesis = hardest(records.phases)
    data: GroupJson = {
        "view_id": group.view_key, "name": group.name, "created_at": _stamp(group.created_at),
        "aliases": [{"spelling": alias.alias, "name": alias.name} for alias in group.aliases],
        "roster": [{"name": name, "seat": seat} for name, seat in roster],
        "games": listed,
        "players": [player_json(player) for player in records.players],
        "phases": [phase_json(phase) for phase in records.phases],
        "nemesis": None if nemesis is None else phase_json(nemesis),
        "wins_over_time": [list(winners) for winners in records.wins],
        "length": length_json(records.lengths),
        "head_to_head": [pair_json(pair) for pair in records.pairs],
        "ratings": ratings_json(rated),
        "links": {"view": url_for("groups.page", key=group.view_key, _external=True),
                  "export": url_for("api_groups.export_group", key=group.view_key,
                                    _external=True),
                  "csv": url_for("api_groups.export_group_csv", key=group.view_key,
                                 _external=True)},
    }
    if editable:
        data["id"] = group.edit_key
        data["links"]["edit"] = url_for("groups.page", key=group.edit_key, _external=True)
    return data
