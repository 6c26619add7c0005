"""Head-to-head kept game by game (companion.scoring.pairs) equals head-to-head derived from
scratch, whatever order games come and go in (a finish, an undo that takes it back, a corrected
round that changes who finished ahead, a game deleted or added later, in the middle of the
group's history); and "finished ahead" is the sheet's own ranking."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion import editions
from companion.scoring import pairs
from companion.scoring.record_tallies import Facts
from companion.scoring.records import Identities, group_records
from tests.kits.played_games import facts_of, random_game
from tests.kits.sheet_notation import play, rnd, setup

PEOPLE = ("ann", "ben", "cem", "dora")


class ListRuns:
    """A :class:`companion.scoring.pairs.Runs` store in a list: what the database's
    ``pair_game`` rows are to companion.services.head_to_head."""

    def __init__(self) -> None:
        self.rows: list[pairs.Row] = []

    def _index(self, seq: str) -> int:
        return next((i for i, row in enumerate(self.rows) if row.seq >= seq), len(self.rows))

    def before(self, seq: str) -> pairs.Row | None:
        index = self._index(seq)
        return self.rows[index - 1] if index else None

    def after(self, seq: str) -> pairs.Row | None:
        return next((row for row in self.rows if row.seq > seq), None)

    def shift(self, start: str, ahead: int, delta: int) -> None:
        end = next((row.seq for row in self.rows if row.seq > start and row.ahead != ahead),
                   None)
        self.rows = [row._replace(run=row.run + delta)
                     if row.seq >= start and (end is None or row.seq < end) else row
                     for row in self.rows]

    def put(self, row: pairs.Row) -> None:
        self.rows.insert(self._index(row.seq), row)

    def drop(self, seq: str) -> pairs.Row | None:
        found = next((row for row in self.rows if row.seq == seq), None)
        if found is not None:
            self.rows.remove(found)
        return found

    def longest(self, ahead: int) -> int:
        return max((row.run for row in self.rows if row.ahead == ahead), default=0)


def kept_runs(stores: dict[str, ListRuns]) -> dict[str, list[tuple[str, int, int]]]:
    return {pair: [tuple(row) for row in store.rows] for pair, store in stores.items()
            if store.rows}


def runs_from_scratch(games: dict[str, list[pairs.Outcome]]
                      ) -> dict[str, list[tuple[str, int, int]]]:
    """Each pair's games in order with the run of games in a row that went the same way."""
    found: dict[str, list[tuple[str, int, int]]] = {}
    for seq in sorted(games):
        for outcome in games[seq]:
            rows = found.setdefault(outcome.first + pairs.SEP + outcome.second, [])
            run = rows[-1][2] + 1 if rows and rows[-1][1] == outcome.ahead else 1
            rows.append((seq, outcome.ahead, run))
    return found


def a_game(rng: random.Random) -> list[pairs.Outcome]:
    """Two to four people, ranks with ties, points or none (a board game)."""
    people = rng.sample(PEOPLE, rng.randint(2, 4))
    board = rng.random() < 0.3
    return pairs.outcomes((person, (rng.randint(0, 2),), None if board else rng.randint(0, 40) * 5)
                          for person in people)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32))
def test_pairs_kept_game_by_game_equal_pairs_derived_from_scratch(seed: int) -> None:
    rng = random.Random(seed)
    entries: dict[str, dict[str, Any]] = {}
    stores: dict[str, ListRuns] = {}
    present: dict[str, list[pairs.Outcome]] = {}

    def change(seq: str, found: list[pairs.Outcome], sign: int) -> None:
        for outcome in found:
            pair = outcome.first + pairs.SEP + outcome.second
            entry = entries.setdefault(pair, pairs.new_entry())
            store = stores.setdefault(pair, ListRuns())
            for way in pairs.apply(entry, store, seq, outcome, sign):
                entry["streak"][int(way < 0)] = store.longest(way)
            if entry["games"] == 0:
                del entries[pair]

    for _step in range(rng.randint(1, 40)):
        roll = rng.random()
        if present and roll < 0.3:  # an undo, or a game deleted: anywhere in the history
            seq = rng.choice(sorted(present))
            change(seq, present.pop(seq), -1)
        elif present and roll < 0.45:  # a corrected round: the same game, another outcome
            seq = rng.choice(sorted(present))
            change(seq, present.pop(seq), -1)
            present[seq] = a_game(rng)
            change(seq, present[seq], 1)
        else:  # a game finished, often the newest, sometimes one started long ago
            seq = f"{rng.randint(0, 60):03d}"
            if seq in present:
                continue
            present[seq] = a_game(rng)
            change(seq, present[seq], 1)
        assert entries == pairs.head_to_head(present.items())
        assert kept_runs(stores) == runs_from_scratch(present)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_pairs_of_real_games_kept_in_any_order_equal_the_records_replayed(
        seed: int, merge: bool) -> None:
    rng = random.Random(seed)
    start = datetime(2026, 1, 1, 20)
    games = [random_game(rng, f"g{n}", start + timedelta(days=n, seconds=rng.randint(0, 9)))
             for n in range(rng.randint(1, 12))]
    aliases = {"dora": "Cem"} if merge else {}
    ids = Identities(aliases)
    entries: dict[str, dict[str, Any]] = {}
    stores: dict[str, ListRuns] = {}
    order = games[:]
    rng.shuffle(order)
    for game in order:
        found: Facts | None = facts_of(game)
        if found is None:
            continue
        pairs.apply_game(entries, lambda pair: stores.setdefault(pair, ListRuns()),
                         found, ids.of, 1)
        if rng.random() < 0.3:  # taken back and finished again
            pairs.apply_game(entries, stores.__getitem__, found, ids.of, -1)
            pairs.apply_game(entries, stores.__getitem__, found, ids.of, 1)
    reference = group_records(games, aliases)
    shown = {ids.of(name): name for record in reference.players for name in [record.name]}
    assert pairs.records(entries, shown.__getitem__) == reference.pairs


def test_a_small_group_by_hand() -> None:
    # Four games of Ann, Ben and Cem, in this order (Cem sits out game 3):
    #   1: Ann first, Ben second, Cem third          (Ann 0, Ben 40, Cem 90 points)
    #   2: Ann first, Cem second, Ben third          (Ann 10, Cem 20, Ben 30)
    #   3: Ben first, Ann second                      (Ben 5, Ann 60)
    #   4: Ann and Cem tied behind Ben                (Ben 0, Ann 50, Cem 50)
    # Ann v Ben: 4 games, Ann ahead in 1, 2 (streak 2), Ben in 3, 4 (streak 2);
    #   Ben − Ann points: 40 + 20 − 55 − 50 = −45, over 4 games: −11.25.
    # Ann v Cem: 3 games, Ann ahead in 1, 2 (streak 2), game 4 a tie; Cem − Ann: 90 + 10 + 0.
    # Ben v Cem: 3 games, Ben ahead in 1 and 4, Cem in 2; streaks 1 and 1; Cem − Ben:
    #   50 − 10 + 50 = 90.
    games = {
        "1": [("ann", (0,), 0), ("ben", (1,), 40), ("cem", (2,), 90)],
        "2": [("ann", (0,), 10), ("cem", (1,), 20), ("ben", (2,), 30)],
        "3": [("ben", (0,), 5), ("ann", (1,), 60)],
        "4": [("ben", (0,), 0), ("ann", (1,), 50), ("cem", (1,), 50)],
    }
    entries = pairs.head_to_head((seq, pairs.outcomes(players)) for seq, players in games.items())
    found = {(record.first, record.second): record
             for record in pairs.records(entries, str.title)}
    assert found[("Ann", "Ben")] == pairs.PairRecord("Ann", "Ben", 4, 2, 2, 4, -45, 2, 2)
    assert found[("Ann", "Ben")].average_diff == -11.25
    assert found[("Ann", "Cem")] == pairs.PairRecord("Ann", "Cem", 3, 2, 0, 3, 100, 2, 0)
    assert found[("Ann", "Cem")].ties == 1
    assert found[("Ben", "Cem")] == pairs.PairRecord("Ben", "Cem", 3, 2, 1, 3, 90, 1, 1)
    cem = found[("Ben", "Cem")].against("Cem")
    assert (cem.other, cem.ahead, cem.behind, cem.points_diff, cem.streak) == (
        "Ben", 1, 2, -90, 1)


def test_finished_ahead_is_the_sheets_ranking_and_a_tie_is_ahead_for_neither() -> None:
    # Phase 1 only: Ann goes out and wins; Ben and Cem both laid it with 20 points: a tie
    # (the standings list Ben first only by seat).
    sheet = play(setup("Ann", "Ben", "Cem", phases=(1,)),
                 [rnd(Ann="X 0 out", Ben="- 20", Cem="- 20")], confirm=True)
    assert sheet.status == "finished" and sheet.standings == ("Ann", "Ben", "Cem")
    places = pairs.places(sheet)
    assert places["Ben"] == places["Cem"] and places["Ann"] < places["Ben"]
    found = {(o.first, o.second): o for o in pairs.outcomes(
        (name, rank, 0) for name, rank in places.items())}
    assert found[("Ann", "Ben")].ahead == 1 and found[("Ben", "Cem")].ahead == 0


def test_on_the_board_the_marker_ranks() -> None:
    board = editions.get("board")
    sheet = play(setup("Ann", "Ben", "Cem", edition=board),
                 [rnd(Ann="X out", Ben="X", Cem="-")] * 4 + [rnd(Ann="X out", Ben="-", Cem="X")],
                 confirm=True)
    assert sheet.status == "finished"
    places = pairs.places(sheet)
    markers = {line.name: line.marker for line in sheet.players}
    assert markers["Ann"] == 11 and markers["Ben"] > markers["Cem"]
    assert places["Ann"] < places["Ben"] < places["Cem"]
