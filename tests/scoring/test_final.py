"""A game known by its final result: the sheet's rule places typed lines, and a finished sheet
written as a BG Stats play and read back keeps its places, winners and points."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from companion import editions
from companion.schemas import bgstats
from companion.schemas.logged import edition_of, paper_game
from companion.scoring import FinalResult, Setup, final_problems, final_sheet, ranked

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Fay")


@st.composite
def card_finals(draw: st.DrawFn) -> tuple[Setup, tuple[FinalResult, ...]]:
    count = draw(st.integers(2, 6))
    ten = draw(st.booleans())
    lines = [FinalResult(name, draw(st.integers(0, 10)), 5 * draw(st.integers(0, 60)))
             for name in NAMES[:count]]
    if not ten and all(line.phases != 10 for line in lines):  # somebody ended the game
        done = draw(st.integers(0, count - 1))
        lines[done] = FinalResult(lines[done].player, 10, lines[done].points)
    setup = Setup(editions.get("original"), tuple(line.player for line in lines),
                  ten_rounds=ten)
    return setup, tuple(lines)


def key(setup: Setup, line: FinalResult) -> tuple[int, int]:
    assert line.phases is not None and line.points is not None
    return (line.points, -line.phases) if setup.ten_rounds else (-line.phases, line.points)


@given(card_finals())
def test_places_follow_the_sheets_rule(game: tuple[Setup, tuple[FinalResult, ...]]) -> None:
    setup, lines = game
    assert final_problems(setup, lines) == ()
    placed = ranked(setup, lines)
    for first in placed:
        ahead = sum(key(setup, other) < key(setup, first) for other in placed)
        assert first.place == ahead + 1  # equal lines share a place, the next one skips
    sheet = final_sheet(setup, placed)
    assert set(sheet.winners) == {line.player for line in placed if line.place == 1}
    assert sheet.status == "finished" and sheet.rounds == () and sheet.tiebreak == ()
    assert [line.place for line in sorted(placed, key=lambda line: sheet.standings.index(
        line.player))] == sorted(line.place for line in placed)


@given(card_finals(), st.integers(0, 600))
def test_a_bgstats_play_reads_back_to_the_same_game(game: tuple[Setup, tuple[FinalResult, ...]],
                                                     minutes: int) -> None:
    setup, lines = game
    sheet = final_sheet(setup, ranked(setup, lines))
    started = datetime(2026, 3, 14, 18, 30)
    file = bgstats.export_file([bgstats.FinishedGame("play", sheet, started, minutes * 60)],
                               ZoneInfo("Europe/Berlin"))
    plays = bgstats.read_plays(bgstats.read_file(file), ZoneInfo("Europe/Berlin"), edition_of)
    assert plays.skipped.total == 0 and len(plays.found) == 1
    back = paper_game(plays.found[0][1], editions.get("original"))
    assert back.players == setup.players and back.played_at == started
    assert back.duration_s == (minutes * 60 if minutes else None)
    assert back.first == setup.players[0]
    assert [(line.player, line.points, line.place) for line in back.results] == [
        (line.player, line.points, line.place) for line in sheet.final or ()]
