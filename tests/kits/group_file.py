"""A game-night group's export file made up by the scoring core: as many games as asked,
3 to 6 players each (two spellings of one person, a late joiner, a player who leaves), every
edition, rounds played by the rules (some needing confirmation), times on every round.

The benchmarks import it (benchmarks.import_cost, benchmarks.import_load); the tests compare
what an import stores with what the same rounds entered one by one store.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from typing import Any

from companion import editions
from companion.limits import MAX_ROUNDS
from companion.scoring import (
    GameFinished,
    NeedsConfirmation,
    Result,
    Round,
    RoundRejected,
    Setup,
    Sheet,
    add_round,
    build_sheet,
    check_round,
)

PEOPLE = ("Michaela", "Horst", "Petra", "Thomas", "Alexandra", "Jo", "Micha", "Élodie",
          "Søren", "Zoë")


def _round(rng: random.Random, sheet: Sheet) -> Round:
    """A round the rules may take: one of the players at the table goes out, the others lay
    or not and hold points."""
    edition = sheet.setup.edition
    playing = list(sheet.expected)
    out = rng.choice(playing)
    results = []
    for name in playing:
        laid = name == out or rng.random() < 0.4
        if edition.markers:
            results.append(Result(name, laid, None, name == out))
            continue
        phase = None
        if edition.chooses_phase and laid:
            phase = sheet.line(name).current_phase
        points = 0 if name == out else 5 * rng.randint(1 if laid else 2, 24)
        results.append(Result(name, laid, points, name == out, phase))
    return Round(tuple(results))


def _result(result: Result, chooses: bool) -> dict[str, Any]:
    phase: bool | int = result.laid
    if chooses and result.laid and result.phase is not None:
        phase = result.phase
    return {"player": result.player, "phase": phase, "points": result.points,
            "went_out": result.went_out}


def _game(rng: random.Random, number: int, start: datetime, largest: int) -> dict[str, Any]:
    kind = rng.random()
    edition = editions.get("board" if kind < 0.12 else "masters" if kind < 0.2 else "original")
    count = rng.randint(3, largest)
    names = rng.sample(PEOPLE, count)
    if "Micha" in names and "Michaela" in names:
        names.remove("Micha")
    players = tuple(names)
    data: dict[str, Any] = {"edition": edition.key, "players": list(players)}
    setup_options: dict[str, Any] = {}
    if edition.variants:
        phases = tuple(sorted(rng.sample(range(1, 11), rng.randint(5, 10))))
        ten_rounds = rng.random() < 0.15
        data.update(phases=list(phases), ten_rounds=ten_rounds)
        setup_options.update(phases=phases, ten_rounds=ten_rounds)
    first = rng.randrange(len(players))
    data["starter" if edition.markers else "dealer"] = players[first]
    setup = Setup(edition, players, first_dealer=first, **setup_options)
    sheet = build_sheet(setup, [])
    rounds: list[dict[str, Any]] = []
    changes: list[dict[str, Any]] = []
    joined, left = [1] * len(players), [0] * len(players)
    moment = start
    data["created_at"] = moment.isoformat(timespec="seconds")
    played: list[Round] = []
    while sheet.status != "finished" and len(rounds) < 60:
        if (rounds and sheet.status == "playing" and not edition.markers
                and not setup.ten_rounds and rng.random() < 0.03
                and (not changes or changes[-1]["round"] != sheet.next_round)):
            sheet, setup = _change(rng, sheet, setup, joined, left, changes, played)
        new = _round(rng, sheet)
        try:
            errors, warnings = check_round(sheet, new)
        except GameFinished:
            break
        if errors:
            continue
        try:
            sheet = add_round(sheet, new, confirm=True)
        except (RoundRejected, NeedsConfirmation):
            continue
        played.append(new)
        moment += timedelta(seconds=rng.randint(90, 400))
        rounds.append({"results": [_result(result, edition.chooses_phase)
                                   for result in sheet.rounds[-1].results],
                       "confirm": bool(warnings), "at": moment.isoformat(timespec="seconds")})
    data["rounds"] = rounds
    if changes:
        data["changes"] = changes
    return data


def _change(rng: random.Random, sheet: Sheet, setup: Setup, joined: list[int],
            left: list[int], changes: list[dict[str, Any]], played: list[Round]
            ) -> tuple[Sheet, Setup]:
    """A late joiner, or a player who leaves, before the next round (when the table allows)."""
    number = sheet.next_round
    players = list(setup.players)
    if len(players) < 6 and rng.random() < 0.5:
        keys = {name.casefold() for name in players}
        name = next((person for person in PEOPLE if person.casefold() not in keys
                     and person != "Micha"), None)
        if name is None:
            return sheet, setup
        players.append(name)
        joined.append(number)
        left.append(0)
        changes.append({"round": number, "join": name})
    elif len(sheet.expected) > 2:
        name = rng.choice(sheet.expected)
        left[players.index(name)] = number
        changes.append({"round": number, "leave": name})
    else:
        return sheet, setup
    setup = Setup(setup.edition, tuple(players), setup.phases, setup.ten_rounds,
                  setup.first_dealer, setup.knocking, tuple(joined), tuple(left))
    return build_sheet(setup, played), setup


def group_file(games: int = 200, *, seed: int = 1, largest: int = 6,
               name: str = "Friday") -> dict[str, Any]:
    """An export file of a group of ``games`` games of 3 to ``largest`` players."""
    rng = random.Random(seed)
    start = datetime(2024, 1, 5, 19, 30)
    played = []
    for number in range(games):
        played.append(_game(rng, number, start, largest))
        start += timedelta(days=rng.randint(1, 4), minutes=rng.randint(0, 90))
    aliases = []
    typed = {player for game in played for player in game["players"]}
    if {"Micha", "Michaela"} <= typed:
        aliases.append({"spelling": "micha", "name": "Michaela"})
    return {"format": "phase10-companion", "version": 1, "kind": "group",
            "group": {"name": name, "created_at": "2024-01-01T12:00:00",
                      "aliases": aliases, "games": played}}


SIX = ("Ann", "Ben", "Cem", "Dora", "Eva", "Finn")


def longest_game(number: int) -> dict[str, Any]:
    """The longest game a file may hold: six players lay every phase with 0 points (each such
    round confirmed), so they tie on phase 10 and in every tie-break until round 2,000."""
    start = datetime(2025, 1, 1, 19) + timedelta(days=number)
    rounds = [{"results": [{"player": name, "phase": True, "points": 0,
                            "went_out": seat == turn % len(SIX)}
                           for seat, name in enumerate(SIX)],
               "confirm": True, "at": (start + timedelta(seconds=20 * (turn + 1))).isoformat()}
              for turn in range(MAX_ROUNDS)]
    return {"players": list(SIX), "created_at": start.isoformat(), "rounds": rounds}


def longest_games(most: int) -> dict[str, Any]:
    """A group file of as many of the longest games as fit in ``most`` bytes (compact JSON)."""
    one = len(json.dumps(longest_game(0), separators=(",", ":")))
    count = max(1, (most - 200) // (one + 1))
    return {"format": "phase10-companion", "version": 1, "kind": "group",
            "group": {"name": "Marathon", "games": [longest_game(n) for n in range(count)]}}
