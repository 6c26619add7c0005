"""Properties of whole games of random (but legal) rounds."""

from __future__ import annotations

from collections.abc import Callable
from itertools import accumulate

from hypothesis import given, settings
from hypothesis import strategies as st

from companion import editions
from companion.scoring import Move, Result, Round, Setup, Sheet, add_round, build_sheet

NAMES = ("Ann", "Ben", "Cem", "Dan", "Eve", "Fay")
MAX_ROUNDS = 40


@st.composite
def card_setups(draw: st.DrawFn) -> Setup:
    players = NAMES[:draw(st.integers(2, 6))]
    edition = draw(st.sampled_from([editions.get("original"), editions.get("masters")]))
    phases = tuple(sorted(draw(st.sets(st.integers(1, 10), min_size=1, max_size=10))))
    return Setup(edition, players, phases, draw(st.booleans()),
                 draw(st.integers(0, len(players) - 1)))


def masters_phase(data: st.DataObject, sheet: Sheet, name: str) -> int:
    done = sheet.line(name).phases_done
    if sheet.status == "tiebreak":
        return done[-1]
    return data.draw(st.sampled_from([p for p in range(1, 11) if p not in done]))


def card_round(data: st.DataObject, sheet: Sheet) -> Round:
    out = data.draw(st.sampled_from(sheet.expected))
    mark = data.draw(st.booleans())  # or leave it to the only 0 on the sheet
    results = []
    for name in sheet.expected:
        laid = name == out or data.draw(st.booleans())
        phase = None
        if laid and sheet.setup.edition is editions.get("masters"):
            phase = masters_phase(data, sheet, name)
        points = 0 if name == out else 5 * data.draw(st.integers(1, 40))
        results.append(Result(name, laid, points, mark and name == out, phase))
    return Round(tuple(results))


def play_out(data: st.DataObject, setup: Setup,
             round_of: Callable[[st.DataObject, Sheet], Round]) -> tuple[Sheet, list[Round]]:
    """A game of random legal rounds, warnings confirmed, until it ends or runs long."""
    sheet, rounds = build_sheet(setup, []), list[Round]()
    while sheet.status != "finished" and len(rounds) < MAX_ROUNDS:
        rounds.append(round_of(data, sheet))
        sheet = add_round(sheet, rounds[-1], confirm=True)
    return sheet, rounds


@settings(max_examples=60, deadline=None)
@given(setup=card_setups(), data=st.data())
def test_card_totals_are_the_sums_of_the_round_points(setup: Setup,
                                                      data: st.DataObject) -> None:
    sheet, rounds = play_out(data, setup, card_round)
    for line in sheet.players:
        played = [points or 0 for points in line.round_points]
        assert line.points == sum(played)
        assert [view.totals[line.name] for view in sheet.rounds] == list(accumulate(played))
        assert len(set(line.phases_done)) == len(line.phases_done)
        assert set(line.phases_done) <= set(sheet.setup.phases)
    assert build_sheet(setup, rounds) == sheet


@settings(max_examples=60, deadline=None)
@given(setup=card_setups(), data=st.data())
def test_card_games_end_with_a_winner_first_and_the_dealer_rotates(setup: Setup,
                                                                   data: st.DataObject) -> None:
    sheet, _ = play_out(data, setup, card_round)
    seats = len(setup.players)
    assert [view.dealer for view in sheet.rounds] == [
        setup.players[(setup.first_dealer + number - 1) % seats]
        for number in range(1, len(sheet.rounds) + 1)]
    if sheet.status == "finished":
        assert sheet.winners and set(sheet.winners) == set(sheet.standings[:len(sheet.winners)])
        assert sheet.expected == () and sheet.dealer is None
    if setup.ten_rounds and setup.edition is editions.get("original"):
        assert len(sheet.rounds) == len(setup.phases) and sheet.status == "finished"


@st.composite
def board_setups(draw: st.DrawFn) -> Setup:
    players = NAMES[:draw(st.integers(2, 6))]
    first = draw(st.integers(0, len(players) - 1))
    return Setup(editions.get("board"), players, first_dealer=first)


def board_round(data: st.DataObject, sheet: Sheet) -> Round:
    out = data.draw(st.sampled_from(sheet.expected))
    return Round(tuple(Result(name, name == out or data.draw(st.booleans()), went_out=name == out)
                       for name in sheet.expected))


@settings(max_examples=60, deadline=None)
@given(setup=board_setups(), data=st.data())
def test_markers_never_go_back_nor_past_the_wreath(setup: Setup, data: st.DataObject) -> None:
    sheet, rounds = play_out(data, setup, board_round)
    previous = {name: 1 for name in setup.players}
    for view in sheet.rounds:
        assert all(previous[name] <= marker <= 11 for name, marker in view.markers.items())
        ender = next(result.player for result in view.results if result.went_out)
        assert view.moves[0] == Move(ender, previous[ender], min(previous[ender] + 2, 11))
        previous = dict(view.markers)
    on_wreath = [name for name, marker in previous.items() if marker == 11]
    assert on_wreath == ([sheet.winner] if sheet.winner else [])
    assert build_sheet(setup, rounds) == sheet
