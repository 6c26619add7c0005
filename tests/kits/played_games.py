"""Played games for the scoring's records and tallies: fixed ones and random ones."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from companion import editions
from companion.editions import Edition
from companion.scoring import Result, Round, RoundRejected, Sheet, add_round, build_sheet
from companion.scoring.record_tallies import Facts, facts
from companion.scoring.records import PlayedGame, replay
from tests.kits.sheet_notation import rnd, setup

SPELLINGS = ("Ann", "ann", "ANN", "Ben", "ben", "Cem", "Dora", "Élodie", "élodie")


def random_round(rng: random.Random, sheet: Sheet) -> Round:
    """A round the rules may take: one player goes out, others lay or not, hold points."""
    board = sheet.setup.edition.markers
    playing = [line.name for line in sheet.players]
    if sheet.tiebreak:
        playing = [name for name in playing if name in sheet.tiebreak]
    out = rng.choice(playing)
    results = []
    for name in playing:
        laid = name == out or rng.random() < 0.5
        points = None if board else (0 if name == out else 5 * rng.randint(1 if not laid else 0,
                                                                           20))
        results.append(Result(name, laid, points, name == out))
    return Round(tuple(results))


def random_game(rng: random.Random, ref: str, moment: datetime) -> PlayedGame:
    edition = editions.get(rng.choice(("original", "original", "board", "masters")))
    players = []
    for name in rng.sample(SPELLINGS, rng.randint(2, 4)):
        if name.casefold() not in {player.casefold() for player in players}:
            players.append(name)
    if len(players) < 2:
        players = ["Ann", "Ben"]
    options: dict[str, object] = {}
    if edition is editions.get("original"):
        options = {"phases": tuple(sorted(rng.sample(range(1, 11), rng.randint(1, 3)))),
                   "ten_rounds": rng.random() < 0.2}
    game_setup = setup(*players, edition=edition, **options)
    sheet = build_sheet(game_setup, [])
    rounds: list[Round] = []
    for _ in range(rng.randint(0, 40)):
        if sheet.status == "finished":
            break
        try:
            pick = masters_round if edition.chooses_phase else random_round
            new = pick(rng, sheet)
            sheet = add_round(sheet, new, confirm=True)
        except (RoundRejected, ValueError):
            continue
        rounds.append(new)
    # Lengths of whole minutes, so that equal lengths (the newer is named) come up; some
    # games' times are not known (an import of an older file).
    ended = None if rng.random() < 0.15 else moment + timedelta(minutes=rng.randint(0, 5) * 30)
    return PlayedGame(ref, moment, game_setup, tuple(rounds), ended)


def masters_round(rng: random.Random, sheet: Sheet) -> Round:
    out = rng.choice(sheet.players).name
    results = []
    for line in sheet.players:
        phase = line.current_phase if (line.name == out or rng.random() < 0.5) else None
        points = 0 if line.name == out else 5 * rng.randint(1, 20)
        results.append(Result(line.name, phase is not None, points, line.name == out, phase))
    return Round(tuple(results))


def facts_of(game: PlayedGame) -> Facts | None:
    return facts(replay(game.setup, game.rounds), game.ref, game.played_at, game.last_round_at)


# Phases 1 and 2 only keep these games short.
SHORT = {"phases": (1, 2)}


def game(ref: str, day: int, players: tuple[str, ...], rounds: list[Round],
         edition: Edition | None = None, **options: object) -> PlayedGame:
    edition = edition or editions.get("original")
    options = {**SHORT, **options} if edition is editions.get("original") else options
    return PlayedGame(ref, datetime(2026, 11, day, 20), setup(*players, edition=edition,
                                                              **options), tuple(rounds))


# Ann completes 1 at the first try and 2 at the second: wins with 60 points.
ANN_WINS = game("g1", 6, ("Ann", "Ben"), [
    rnd(Ann="X 0", Ben="- 60"),
    rnd(Ann="- 60", Ben="X 0"),
    rnd(Ann="X 0", Ben="- 55"),
])


# Ben (spelt "ben" this time) wins; Ann needs three tries at phase 1.
BEN_WINS = game("g2", 13, ("ann", "ben"), [
    rnd(ann="- 50", ben="X 0"),
    rnd(ann="- 50", ben="X 0"),
])


UNFINISHED = game("g3", 20, ("Ann", "Ben", "Cem"), [rnd(Ann="X 0", Ben="- 50", Cem="- 60")])


BOARD = game("b", 2, ("Ann", "Ben"), [
    rnd(Ann="X out", Ben="-"),  # Ann 1 → 3
    rnd(Ann="-", Ben="X out"),  # Ben 1 → 3
    rnd(Ann="X out", Ben="X"),  # Ann 3 → 5, Ben 3 → 4
    rnd(Ann="X out", Ben="-"),  # 5 → 7
    rnd(Ann="X out", Ben="-"),  # 7 → 9
    rnd(Ann="X out", Ben="-"),  # 9 → wreath
], edition=editions.get("board"))
