"""The running tallies give exactly the records the reference derives from every round, for
random groups whose games finish, are taken back (an undone last round) and finish again."""

from __future__ import annotations

import dataclasses
import random
from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.scoring.record_tallies import (
    Facts,
    Tallies,
    apply,
    apply_length,
    extremes,
    facts,
    longest,
    no_length,
    records_from,
)
from companion.scoring.records import Identities, group_records, replay, summarise
from tests.kits.played_games import ANN_WINS, BEN_WINS, BOARD, UNFINISHED, facts_of, random_game


def refill(tallies: Tallies, lost: set[str], counted: list[Facts]) -> None:
    """What the database's indexed lookup does after a game was taken away."""
    for key in lost:
        if key in tallies:
            tallies[key].update(extremes(key, counted))


def comparable(records):  # type: ignore[no-untyped-def]
    """The reference lists the wreath's rounds in the order won; the tallies in order."""
    players = tuple(player.__class__(**{**player.__dict__,
                                        "wreath_rounds": tuple(sorted(player.wreath_rounds))})
                    for player in records.players)
    return records.__class__(records.games, players, records.phases, records.wins)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_tallies_kept_game_by_game_equal_the_records_replayed_from_every_round(
        seed: int, merge: bool) -> None:
    rng = random.Random(seed)
    start = datetime(2026, 1, 1, 20)
    games = [random_game(rng, f"g{n}", start + timedelta(days=n, seconds=rng.randint(0, 9)))
             for n in range(rng.randint(1, 12))]
    aliases = {"dora": "Cem"} if merge else {}
    tallies: Tallies = {}
    length = no_length()
    counted: dict[str, Facts] = {}
    # Games are counted in the order they change, not the order they were played; some are
    # taken back and counted again, as an undone and re-entered last round does.
    order = games[:]
    rng.shuffle(order)
    for game in order:
        found = facts_of(game)
        if found is None:
            continue
        apply(tallies, found, 1)
        apply_length(length, found, 1)
        counted[game.ref] = found
        if rng.random() < 0.3:
            del counted[game.ref]
            refill(tallies, apply(tallies, found, -1), list(counted.values()))
            if apply_length(length, found, -1):
                length["longest"] = longest(counted.values())
            apply(tallies, found, 1)
            apply_length(length, found, 1)
            counted[game.ref] = found
    reference = group_records(games, aliases)
    finished = sorted(counted.values(), key=lambda game: game["at"])
    named = Identities(aliases).named  # the list shows the group's names, as the service does
    listed = [summarise(game)[0] for game in sorted(games, key=lambda g: g.played_at,
                                                    reverse=True)]
    kept = records_from(tallies, aliases, [
        dataclasses.replace(summary, players=tuple(map(named, summary.players)),
                            winners=tuple(map(named, summary.winners))) for summary in listed],
                        [tuple(game["winners"]) for game in finished], length=length)
    assert comparable(kept) == comparable(reference)
    assert kept.lengths == reference.lengths


def test_a_game_taken_away_leaves_nothing_behind() -> None:
    tallies: Tallies = {}
    for game in (ANN_WINS, BEN_WINS, BOARD):
        found = facts_of(game)
        assert found is not None
        apply(tallies, found, 1)
        apply(tallies, found, -1)
    assert tallies == {}
    assert facts_of(UNFINISHED) is None


def test_taking_away_the_best_game_names_the_spelling_to_look_up_again() -> None:
    tallies: Tallies = {}
    first, second = facts_of(ANN_WINS), facts_of(BEN_WINS)
    assert first is not None and second is not None
    apply(tallies, first, 1)
    apply(tallies, second, 1)
    assert tallies["ann"]["best"][2] == "g1" and tallies["ann"]["worst"][2] == "g2"
    assert apply(tallies, first, -1) == {"ann", "ben"}
    refill(tallies, {"ann", "ben"}, [second])
    assert tallies["ann"]["best"][2] == tallies["ann"]["worst"][2] == "g2"
    assert tallies["ann"]["first"][1] == "ann"


def test_the_lengths_add_up_and_the_longest_is_looked_up_again_when_it_goes() -> None:
    start = datetime(2026, 3, 6, 19, 42)
    games = [facts(replay(ANN_WINS.setup, ANN_WINS.rounds), f"g{n}", start + timedelta(days=n),
                   start + timedelta(days=n, minutes=minutes))
             for n, minutes in enumerate([93, 30, 153, 30])]
    length = no_length()
    for game in games:
        assert game is not None
        assert apply_length(length, game, 1) is False
    assert (length["games"], length["seconds"]) == (4, (93 + 30 + 153 + 30) * 60)
    assert length["longest"][2] == "g2"
    assert apply_length(length, games[1], -1) is False  # not the longest: nothing to look up
    assert apply_length(length, games[2], -1) is True
    assert longest([games[0], games[3]]) == [93 * 60, games[0]["at"], "g0"]
    # Of two equal lengths the newer game is the longest.
    assert longest([games[1], games[3]])[2] == "g3"
