"""A game known only by its final result: checked, ranked and made into a finished sheet.

A score sheet typed from paper says, for each player, the phases completed and the points
(the board game: where the marker stands); a play logged in another app (BG Stats,
BoardGameGeek) says who won, the places and the points, never the phases. Either becomes a
finished sheet without rounds (docs/decisions.md, "Games known by their final result"):

- typed from paper, the sheet's own rule ranks it (:func:`ranked`): card games most phases
  first, then fewest points (variant 1: fewest points, then most phases); board game the
  marker on the wreath, then the markers further along. Players equal in all of it share a
  place; everybody in first place wins, so a tie for the win is a shared win (no tie-break
  round is left to play);
- logged elsewhere, the log's own places are kept (``logged``): what it does not say stays
  unknown (``None``), never made up.

>>> from companion import editions
>>> setup = Setup(editions.get("original"), ("Ann", "Ben", "Cleo"))
>>> typed = (FinalResult("Ann", 10, 85), FinalResult("Ben", 10, 60), FinalResult("Cleo", 9, 20))
>>> [(line.player, line.place) for line in ranked(setup, typed)]
[('Ann', 2), ('Ben', 1), ('Cleo', 3)]
>>> final_sheet(setup, ranked(setup, typed)).winners
('Ben',)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from companion import player_names
from companion.limits import MAX_FINAL_POINTS
from companion.scoring.checks import normalise_setup
from companion.scoring.model import FinalResult, PlayerLine, Problem, Setup, Sheet

__all__ = ["final_problems", "final_sheet", "phases_completed", "places_of", "points_of",
           "ranked"]


def final_problems(setup: Setup, results: Sequence[FinalResult], *,
                   logged: bool = False) -> tuple[Problem, ...]:
    """Every reason ``results`` cannot be the final result of a game set up as ``setup``, each
    naming its player and field ("player", "phases", "points", "marker"; "final" for the whole).
    ``logged``: a play logged elsewhere, whose phases and points may be unknown and which
    need not show how it ended."""
    problems = list(_roster_problems(setup, results))
    check = _board_problems if setup.edition.markers else _card_problems
    for result in results:
        problems.extend(check(setup, result, logged))
    if not problems and not logged:
        problems.extend(_ending_problems(setup, results))
    return tuple(problems)


def _roster_problems(setup: Setup, results: Sequence[FinalResult]) -> list[Problem]:
    seated = {player_names.key(name) for name in setup.players}
    seen: set[str] = set()
    problems = []
    for result in results:
        key = player_names.key(result.player)
        if key not in seated:
            problems.append(Problem("%(player)s is not one of the players", {
                "player": result.player}, player=result.player, field="player"))
        elif key in seen:
            problems.append(Problem("%(player)s is in the final result twice: one line per "
                                    "player", {"player": result.player},
                                    player=result.player, field="player"))
        seen.add(key)
    for name in setup.players:
        if player_names.key(name) not in seen:
            problems.append(Problem("the final result has no line for %(player)s",
                                    {"player": name}, player=name, field="final"))
    return problems


def _card_problems(setup: Setup, result: FinalResult, logged: bool) -> list[Problem]:
    player, problems = result.player, []
    last = len(setup.phases or setup.edition.phase_numbers)
    if logged and result.place < 1:
        problems.append(Problem("%(player)s has no place", {"player": player},
                                player=player, field="place"))
    if result.marker is not None:
        problems.append(Problem("the card games have no markers: give %(player)s's phases and "
                                "points", {"player": player}, player=player, field="marker"))
    if result.phases is None and not logged:
        problems.append(Problem("phases are missing for %(player)s", {"player": player},
                                player=player, field="phases"))
    elif result.phases is not None and not 0 <= result.phases <= last:
        problems.append(Problem("%(player)s: phases completed must be 0 to %(last)s", {
            "player": player, "last": last}, player=player, field="phases"))
    if result.points is None and not logged:
        problems.append(Problem("points are missing for %(player)s", {"player": player},
                                player=player, field="points"))
    elif result.points is not None and not (0 <= result.points <= MAX_FINAL_POINTS and (
            logged or result.points % 5 == 0)):
        template = ("%(player)s: points must be a whole number from 0 to %(max)s" if logged
                    else "%(player)s: points go in steps of 5, from 0 to %(max)s")
        problems.append(Problem(template, {"player": player, "max": MAX_FINAL_POINTS},
                                player=player, field="points"))
    return problems


def _board_problems(setup: Setup, result: FinalResult, logged: bool) -> list[Problem]:
    player, problems = result.player, []
    wreath = setup.edition.wreath
    if result.points is not None or result.phases is not None:
        field = "points" if result.points is not None else "phases"
        problems.append(Problem("the board game has no points: give %(player)s's marker "
                                "(1 to %(wreath)s)", {"player": player, "wreath": wreath},
                                player=player, field=field))
    if result.marker is None and not logged:
        problems.append(Problem("the marker is missing for %(player)s", {"player": player},
                                player=player, field="marker"))
    elif result.marker is not None and not 1 <= result.marker <= wreath:
        problems.append(Problem("%(player)s: the marker must be on 1 to %(wreath)s "
                                "(%(wreath)s: the laurel wreath)",
                                {"player": player, "wreath": wreath},
                                player=player, field="marker"))
    return problems


def _ending_problems(setup: Setup, results: Sequence[FinalResult]) -> list[Problem]:
    """A typed game must show how it ended: somebody on the wreath (one player only: the game
    ends at once), or somebody with the last phase in play (not in variant 1, which ends
    after its rounds)."""
    edition = setup.edition
    if edition.markers:
        on_wreath = [result for result in results if result.marker == edition.wreath]
        if len(on_wreath) != 1:
            return [Problem("exactly one marker ends on the wreath (%(wreath)s): the first "
                            "to reach it wins and the game ends at once",
                            {"wreath": edition.wreath}, field="marker")]
        return []
    last = len(setup.phases or edition.phase_numbers)
    if setup.ten_rounds or any(result.phases == last for result in results):
        return []
    return [Problem("nobody completed all %(last)s phases: the game ends when a player "
                    "completes the last phase in play", {"last": last}, field="phases")]


def _sort_key(setup: Setup) -> Callable[[FinalResult], tuple[int, ...]]:
    edition = setup.edition
    if edition.markers:
        return lambda result: (int(result.marker != edition.wreath), -(result.marker or 1))
    if setup.ten_rounds:
        return lambda result: (result.points or 0, -(result.phases or 0))
    return lambda result: (-(result.phases or 0), result.points or 0)


def places_of(keys: Sequence[tuple[object, ...]]) -> tuple[int, ...]:
    """Each key's place, lower keys first, equal keys sharing a place ("1, 1, 3").

    >>> places_of([(2,), (1,), (2,), (3,)])
    (2, 1, 2, 4)
    """
    ordered = sorted(keys)
    return tuple(ordered.index(key) + 1 for key in keys)


def ranked(setup: Setup, results: Sequence[FinalResult], *,
           keep_places: bool = False) -> tuple[FinalResult, ...]:
    """``results`` (one per player, checked) in seating order, named as seated, placed by the
    sheet's rule (``keep_places``: as they are, a log's own places)."""
    seats = {player_names.key(name): seat for seat, name in enumerate(setup.players)}
    seated = sorted(results, key=lambda result: seats[player_names.key(result.player)])
    key = _sort_key(setup)
    places = (tuple(result.place for result in seated) if keep_places
              else places_of([key(result) for result in seated]))
    return tuple(replace(result, player=setup.players[seats[player_names.key(result.player)]],
                         place=place) for result, place in zip(seated, places, strict=True))


def final_sheet(setup: Setup, results: Sequence[FinalResult]) -> Sheet:
    """The finished sheet of a game known by its final result (``results`` placed, one per
    player in seating order)."""
    setup = normalise_setup(setup)
    lines = tuple(_line(setup, seat, result) for seat, result in enumerate(results))
    places = {result.player: result.place for result in results}
    standings = tuple(line.name for line in sorted(lines,
                                                   key=lambda line: (places[line.name], line.seat)))
    winners = tuple(line.name for line in lines if places[line.name] == 1)
    return Sheet(setup=setup, rounds=(), players=lines, status="finished",
                 winner=winners[0] if len(winners) == 1 else None, winners=winners,
                 tiebreak=(), dealer=None, starter=None, standings=standings, next_round=1,
                 expected=(), final=tuple(results))


def _line(setup: Setup, seat: int, result: FinalResult) -> PlayerLine:
    """A player's column: the phases completed where the count and their order are known
    (the original in order, the board game up to its marker; Masters players choose their
    order, so which ones stays unknown), the points, the marker."""
    if setup.edition.markers:
        count: int | None = min(result.marker or 1, setup.edition.wreath) - 1
    else:
        count = None if setup.edition.chooses_phase else result.phases
    done = () if count is None else setup.phases[:count]
    following = setup.phases[count] if count is not None and count < len(setup.phases) else None
    return PlayerLine(name=result.player, seat=seat, phases_done=tuple(done),
                      current_phase=None if setup.edition.markers else following,
                      points=result.points or 0, marker=result.marker, round_points=())


def phases_completed(sheet: Sheet, line: PlayerLine) -> int | None:
    """How many phases the player completed (None: not known, a play logged elsewhere)."""
    if sheet.final is not None and not sheet.setup.edition.markers:
        return next(result.phases for result in sheet.final if result.player == line.name)
    return len(line.phases_done)


def points_of(sheet: Sheet, name: str) -> int | None:
    """A card game's total of player ``name`` (None: a play logged elsewhere without points)."""
    if sheet.final is not None:
        return next(result.points for result in sheet.final if result.player == name)
    return sheet.line(name).points
