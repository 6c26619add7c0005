"""A group's ratings: who is really best, and how sure that is (issue 45; docs/decisions.md,
"Ratings").

Each group rates its card games and its board games apart with openskill's Plackett-Luce
model and its defaults (μ 25, σ 25/3): one ``rate`` per finished game in the order the games
ended, each player a team of one, ranked by the game's places (the winners first, then the
sheet's own order: phases, then points; the board game by marker; players equal on all of
it share a place). A merged or renamed spelling counts as its person.

Everything here works on a finished game's facts (:func:`companion.scoring.record_tallies.facts`),
so any kind of finished game the records count (played, typed from paper, imported) is rated
the same way. :func:`replay` rates a whole history from scratch and is the reference the kept
ratings (:mod:`companion.services.ratings`) equal.

openskill is pure Python arithmetic, without input, output or state: the core stays free of
the web and of storage.

>>> game = {"at": "2026-01-01T19:00:00.000000", "ref": "g1", "ended": None,
...         "players": [{"name": "Ann", "markers": False, "rank": [0, 0, -2, 0]},
...                     {"name": "Ben", "markers": False, "rank": [1, 0, -1, 60]}]}
>>> seats(game)
[('Ann', 1), ('Ben', 2)]
>>> found = replay([(1, game)])["card"]
>>> found["ann"].mu > 25 > found["ben"].mu, found["ann"].games
(True, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from companion import player_names

#: The two kinds of games a group rates apart, as the API names them.
CARD, BOARD = KINDS = ("card", "board")
#: How many of a player's latest games their trend shows.
TREND = 20
#: A first game's rating and the rating of anybody who has not played yet.
MODEL = PlackettLuce()
#: Fewer games than this: the rating is provisional, whatever σ says.
PROVISIONAL_GAMES = 5
#: σ above this after the provisional games: the rating is still settling.
SETTLING_SIGMA = 6.0


def ordinal_of(mu: float, sigma: float) -> float:
    """The skill a player almost surely has (μ − 3σ): what the ratings are ordered by."""
    return mu - 3 * sigma


#: A newcomer's ordinal (0: μ 25 − 3 × 25/3).
START = ordinal_of(MODEL.mu, MODEL.sigma)


@dataclass(frozen=True)
class Rating:
    """One person's rating in one kind of game of a group."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    """Finished games rated."""
    trend: tuple[float, ...] = ()
    """The ordinal after each of the latest TREND + 1 games, oldest first."""

    @property
    def ordinal(self) -> float:
        return ordinal_of(self.mu, self.sigma)

    @property
    def change(self) -> float | None:
        """What the person's latest game did to their ordinal (None: no game yet)."""
        if not self.trend:
            return None
        before = self.trend[-2] if len(self.trend) > 1 else START
        return self.trend[-1] - before

    @property
    def points(self) -> tuple[float, ...]:
        """The ordinals a trend draws: before the latest TREND games, then after each."""
        if self.games <= TREND:
            return (START, *self.trend)
        return self.trend[-TREND - 1:]

    @property
    def sureness(self) -> str:
        """How sure the rating is: "provisional", "settling" or "settled"."""
        if self.games < PROVISIONAL_GAMES:
            return "provisional"
        return "settling" if self.sigma > SETTLING_SIGMA else "settled"

    def after(self, mu: float, sigma: float) -> Rating:
        """The rating after one more game that left it at (``mu``, ``sigma``)."""
        trend = (*self.trend, ordinal_of(mu, sigma))[-TREND - 1:]
        return Rating(mu, sigma, self.games + 1, trend)

    def as_json(self) -> list[Any]:
        return [self.mu, self.sigma, self.games, list(self.trend)]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Rating:
        mu, sigma, games, trend = data
        return cls(float(mu), float(sigma), int(games), tuple(float(x) for x in trend))


def kind_of(facts: Mapping[str, Any]) -> str:
    """BOARD for a board game's facts (its players have markers), CARD for any other's."""
    return BOARD if any(player["markers"] for player in facts["players"]) else CARD


def order(facts: Mapping[str, Any], number: int, ended: str | None = None) -> str:
    """Where a finished game stands among its group's rated games: when it ended (its last
    round; else ``ended``, else when it started), when it started, both to the second, then
    ``number`` (the game's row: the order games were stored in). Text that sorts as the games
    do; seconds, as an export keeps moments, so a group's copy rates its games in the same
    order."""
    end = facts.get("ended") or ended or facts["at"]
    return f"{end[:19]} {facts['at'][:19]} {number:012d}"


def rated(facts: Mapping[str, Any]) -> bool:
    """Whether the facts say where each player finished (facts kept before head-to-head did
    not: their group derives them again)."""
    return bool(facts["players"]) and all("rank" in player for player in facts["players"])


def seats(facts: Mapping[str, Any]) -> list[tuple[str, int]]:
    """Each player of the game (as typed, in seating order) with their place: 1 for the
    winners, and players equal on everything the standings compare share a place, the next
    one skipping as many as shared it ("1, 1, 3")."""
    ranks = [tuple(player["rank"]) for player in facts["players"]]
    return [(player["name"], 1 + sum(other < rank for other in ranks))
            for player, rank in zip(facts["players"], ranks, strict=True)]


def rate(before: Mapping[str, Rating], seated: Sequence[tuple[str, int]]
         ) -> dict[str, tuple[float, float]]:
    """One game rated: each person's (μ, σ) after it. ``seated``: (person, place) in seating
    order; a person seated twice (two spellings merged although both played) counts once,
    at their first seat. ``before``: the ratings so far (a newcomer is absent)."""
    once: dict[str, int] = {}
    for person, place in seated:
        once.setdefault(person, place)
    if len(once) < 2:
        return {}  # nobody to finish ahead of
    people = list(once)
    teams = [[MODEL.rating(*_values(before.get(person)))] for person in people]
    after = MODEL.rate(teams, ranks=[float(once[person]) for person in people])
    return {person: (team[0].mu, team[0].sigma)
            for person, team in zip(people, after, strict=True)}


def _values(found: Rating | None) -> tuple[float, float]:
    return (MODEL.mu, MODEL.sigma) if found is None else (found.mu, found.sigma)


def chances(ratings: Sequence[Rating | None]) -> list[float]:
    """Each player's chance to win a game of these players (openskill's ``predict_win``);
    None: a newcomer. One player alone wins for sure."""
    if len(ratings) < 2:
        return [1.0] * len(ratings)
    return list(MODEL.predict_win([[MODEL.rating(*_values(found))] for found in ratings]))


def replay(games: Iterable[tuple[int, Mapping[str, Any]]],
           person: Callable[[str], str] = player_names.key) -> dict[str, dict[str, Rating]]:
    """Every person's rating in each kind of game (kind → person → rating), rated from
    scratch from (number, facts) of every finished game (:func:`order`), in the order they
    ended. ``person``: the key a spelling counts under."""
    found: dict[str, dict[str, Rating]] = {kind: {} for kind in KINDS}
    for _number, facts in sorted((game for game in games if rated(game[1])),
                                 key=lambda game: order(game[1], game[0])):
        kept = found[kind_of(facts)]
        after = rate(kept, [(person(name), place) for name, place in seats(facts)])
        for who, (mu, sigma) in after.items():
            kept[who] = kept.get(who, Rating()).after(mu, sigma)
    return found


def ranked(ratings: Mapping[str, Rating]) -> list[tuple[str, Rating]]:
    """(person, rating) with the highest ordinal first (then the most games, then by key)."""
    return sorted(ratings.items(), key=lambda item: (-item[1].ordinal, -item[1].games,
                                                     item[0]))

