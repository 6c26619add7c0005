"""Games known by their final result: typed from paper through the API, and logs as BG Stats
and BoardGameGeek write them, small enough to read in a test (tests/exchange)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import func, select

from companion import models
from companion.infra.extensions import db


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


#: A card game's final result as typed from the paper sheet.
CARD = [{"player": "Ann", "phases": 10, "points": 85},
        {"player": "Ben", "phases": 10, "points": 60},
        {"player": "Cleo", "phases": 9, "points": 20}]


def typed(api: Any, final: list[dict[str, Any]], path: str = "/api/games",
          **options: Any) -> Any:
    """The answer to a game typed from paper."""
    return api.post(path, {"final": final, **options})


def stored(app: Flask) -> int:
    """Games and players in the database."""
    with app.app_context():
        return sum(db.session.execute(select(func.count()).select_from(table)).scalar_one()
                   for table in (models.Game, models.Player))


def games_of(api: Any, group: dict[str, Any]) -> list[dict[str, Any]]:
    """The group's games, oldest first, each as its own answer."""
    listed = api.client.get(f"/api/groups/{group['id']}").get_json()["games"]
    return [api.client.get(f"/api/games/{game['id']}").get_json() for game in reversed(listed)]


# Logs of any size (benchmarks/log_import.py, the bulk write's tests).

#: The players of :func:`bgstats_file`.
NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


def bgstats_file(plays: int) -> dict[str, Any]:
    """``plays`` Phase 10 plays, each followed by a play of another game (UNO)."""
    rng = random.Random(44)
    found = []
    for number in range(plays * 2):
        seated = rng.sample(range(1, len(NAMES) + 1), rng.randint(3, 6))
        scores = [(player, str(5 * rng.randint(0, 60)), None, seat == 0)
                  for seat, player in enumerate(seated)]
        day = 1 + number % 28
        found.append(play(scores, game=1 if number % 2 == 0 else 2,
                          date=f"2026-02-{day:02d} 19:{number % 60:02d}:00"))
    return bgstats(found, players=NAMES)


def bgg_file(log: dict[str, Any]) -> bytes:
    """The Phase 10 plays of the BG Stats ``log`` as BoardGameGeek writes them."""
    rows = []
    for number, entry in enumerate(log["plays"]):
        if entry["gameRefId"] != 1:
            continue
        players = "".join(
            f'<player name="{NAMES[score["playerRefId"] - 1]}" score="{score["score"]}" '
            f'win="{int(score["winner"])}" startposition="{score["seatOrder"] + 1}"/>'
            for score in entry["playerScores"])
        rows.append(f'<play id="{number}" date="{entry["playDate"][:10]}" quantity="1" '
                    f'length="{entry["durationMin"]}" incomplete="0">'
                    f'<item name="Phase 10" objecttype="thing" objectid="1258"/>'
                    f'<players>{players}</players></play>')
    return f'<?xml version="1.0" encoding="utf-8"?><plays>{"".join(rows)}</plays>'.encode()
