"""Logs as BG Stats and BoardGameGeek write them, small enough to read in a test."""

from __future__ import annotations

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


BGG_XML = b"""<?xml version="1.0" encoding="utf-8"?>
<plays username="ann" userid="1" total="4" page="1" termsofuse="https://boardgamegeek.com/xmlapi/termsofuse">
  <play id="101" date="2026-03-14" quantity="1" length="60" incomplete="0" nowinstats="0" location="Home">
    <item name="Phase 10" objecttype="thing" objectid="1258"><subtypes><subtype value="boardgame"/></subtypes></item>
    <players>
      <player username="ann" userid="1" name="Ann" startposition="1" color="" score="85" new="0" rating="0" win="0"/>
      <player username="" userid="0" name="Ben" startposition="2" color="" score="40" new="0" rating="0" win="1"/>
      <player username="" userid="0" name="Cleo" startposition="3" color="" score="20" new="0" rating="0" win="0"/>
    </players>
  </play>
  <play id="102" date="2026-03-15" quantity="2" length="0" incomplete="0" nowinstats="0" location="">
    <item name="Phase 10" objecttype="thing" objectid="1258"/>
    <players>
      <player name="Ann" score="50" win="1" startposition="1"/>
      <player name="Ben" score="50" win="1" startposition="2"/>
    </players>
  </play>
  <play id="103" date="2026-03-16" quantity="1" length="30" incomplete="1">
    <item name="Phase 10" objecttype="thing" objectid="1258"/>
    <players><player name="Ann" score="5" win="1"/><player name="Ben" score="90" win="0"/></players>
  </play>
  <play id="104" date="2026-03-16" quantity="3" length="30" incomplete="0">
    <item name="Carcassonne" objecttype="thing" objectid="822"/>
    <players><player name="Ann" score="5" win="1"/><player name="Ben" score="90" win="0"/></players>
  </play>
</plays>
"""
