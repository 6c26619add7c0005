"""Logs as BG Stats and BoardGameGeek write them, small enough to read in a test."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def bgstats(plays: list[dict[str, Any]], players: list[str] | None = None,
            anonymous: tuple[int, ...] = ()) -> dict[str, Any]:
    """A BG Stats export: players 1.. by ``players``, Phase 10 (game 1), Uno (game 2)."""
    names = players or ["Ann", "Ben", "Cleo", "Dan"]
    return {
        "userInfo": {"meRefId": 1},
        "players": [{"id": number, "uuid": f"p{number}", "name": name,
                     "isAnonymous": number in anonymous}
                    for number, name in enumerate(names, 1)],
        "locations": [],
        "games": [{"id": 1, "uuid": "g1", "name": "Phase 10", "bggId": 1258,
                   "highestWins": False, "noPoints": False},
                  {"id": 2, "uuid": "g2", "name": "UNO", "bggId": 2223, "highestWins": False},
                  {"id": 3, "uuid": "g3", "name": "Phase 10 Masters Edition", "bggId": 0,
                   "highestWins": False}],
        "plays": plays,
    }


def play(scores: list[tuple[int, str, int | None, bool]], *, game: int = 1,
         date: str = "2026-03-14 19:30:00", minutes: int = 75, ignored: bool = False,
         ) -> dict[str, Any]:
    """A play: (player id, score as text, rank or None, winner) per player, in seat order."""
    entries = []
    for seat, (player, score, rank, won) in enumerate(scores):
        entry: dict[str, Any] = {"playerRefId": player, "score": score, "winner": won,
                                 "newPlayer": False, "startPlayer": seat == 0,
                                 "seatOrder": seat}
        if rank is not None:
            entry["rank"] = rank
        entries.append(entry)
    return {"uuid": f"play-{date}-{game}", "gameRefId": game, "playDate": date,
            "durationMin": minutes, "ignored": ignored, "playerScores": entries}


#: BoardGameGeek's plays XML as its API writes it: a card game play, one of quantity 2, an
#: incomplete one and another game's.
BGG_XML = (Path(__file__).parent / "bgg_plays.xml").read_bytes()
