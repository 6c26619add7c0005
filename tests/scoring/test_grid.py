"""The sheet's grid (companion.scoring.grid): the rows and cells the page and the PDF draw."""

from __future__ import annotations

from companion import editions
from companion.editions import Edition
from companion.scoring import Result, Round, Setup, add_round
from companion.scoring.grid import (
    Grid,
    PhaseMark,
    RowKind,
    blank_grid,
    sheet_grid,
)
from tests.kits.results import laid, missed, out, play

ORIGINAL, MASTERS, BOARD = (editions.get(key) for key in ("original", "masters", "board"))


def marks(grid: Grid, player: int) -> dict[int, PhaseMark]:
    return {row.number: row.cells[player].mark for row in grid.phases}


def test_a_card_game_has_header_phases_rounds_and_totals_in_that_order() -> None:
    sheet = play(Setup(ORIGINAL, ("Ann", "Ben", "Cy")),
                 (out("Ann"), laid("Ben", 25), missed("Cy", 70)))
    grid = sheet_grid(sheet, spare_rows=2)
    assert grid.kinds == (RowKind.HEADER, *[RowKind.PHASE] * 10, RowKind.ROUND,
                          RowKind.SPARE, RowKind.SPARE, RowKind.TOTAL)
    assert [cell.name for cell in grid.header] == ["Ann", "Ben", "Cy"]
    assert [cell.seat for cell in grid.header] == [1, 2, 3]
    assert [cell.leads for cell in grid.header] == [False, True, False]  # Ben deals round 2
    assert [row.number for row in grid.rounds] == [1, 2, 3]
    assert grid.rounds[1].cells == () and grid.played == grid.rounds[:1]
    assert [cell.points for cell in grid.total] == [0, 25, 70]
    assert all(cell.marker is None for cell in grid.total)


def test_phases_are_crossed_current_or_open() -> None:
    sheet = play(Setup(ORIGINAL, ("Ann", "Ben")), (out("Ann"), missed("Ben", 50)),
                 (out("Ann"), missed("Ben", 40)))
    grid = sheet_grid(sheet)
    ann, ben = marks(grid, 0), marks(grid, 1)
    assert ann[1] is ann[2] is PhaseMark.DONE and ann[3] is PhaseMark.CURRENT
    assert ben[1] is PhaseMark.CURRENT
    assert {ann[n] for n in range(4, 11)} == {ben[n] for n in range(2, 11)} == {PhaseMark.OPEN}


def test_round_cells_carry_points_who_went_out_and_who_dealt() -> None:
    sheet = play(Setup(ORIGINAL, ("Ann", "Ben"), first_dealer=1),
                 (out("Ann"), laid("Ben", 15)))
    [row] = grid_rounds = sheet_grid(sheet).played
    assert len(grid_rounds) == 1 and row.kind is RowKind.ROUND and not row.tiebreak
    ann, ben = row.cells
    assert (ann.points_text, ann.went_out, ann.laid, ann.leads) == ("0", True, True, False)
    assert (ben.points_text, ben.went_out, ben.laid, ben.leads) == ("15", False, True, True)
    assert ann.flags == ("out", "laid") and ben.flags == ("laid",)


def test_a_player_who_left_is_absent_from_later_rounds() -> None:
    setup = Setup(ORIGINAL, ("Ann", "Ben", "Cy"), left=(0, 0, 2))
    sheet = play(setup, (out("Ann"), missed("Ben", 50), missed("Cy", 60)),
                 (out("Ben"), missed("Ann", 20)))
    grid = sheet_grid(sheet)
    assert [cell.gone for cell in grid.header] == [False, False, True]
    cy = grid.played[1].cells[2]
    assert not cy.played and cy.points_text == "–" and cy.flags == ("absent",)
    assert grid.total[2].points == 60


def test_the_variant_keeps_every_phase_row_and_says_which_are_in_play() -> None:
    sheet = play(Setup(ORIGINAL, ("Kim", "Lou"), phases=(6, 2, 4)), (out("Kim"), missed("Lou", 60)))
    grid = sheet_grid(sheet)
    assert [row.number for row in grid.phases] == list(range(1, 11))
    assert [row.number for row in grid.phases_in_play] == [6, 2, 4]  # the order played
    kim = marks(grid, 0)
    assert kim[6] is PhaseMark.DONE and kim[2] is PhaseMark.CURRENT
    assert kim[1] is kim[10] is PhaseMark.OUT_OF_PLAY and kim[4] is PhaseMark.OPEN


def test_masters_marks_no_current_phase_and_keeps_the_phase_laid() -> None:
    sheet = play(Setup(MASTERS, ("Lena", "Jörg")), (out("Lena", 4), laid("Jörg", 15, 9)))
    grid = sheet_grid(sheet)
    assert marks(grid, 0)[4] is PhaseMark.DONE and marks(grid, 1)[9] is PhaseMark.DONE
    assert PhaseMark.CURRENT not in {*marks(grid, 0).values(), *marks(grid, 1).values()}
    assert [cell.phase for cell in grid.played[0].cells] == [4, 9]


def test_a_tiebreak_round_is_marked_and_nobody_has_a_current_phase() -> None:
    rounds = [(out("A"), laid("B", 10), missed("C", 50)) if number % 2 == 0
              else (laid("A", 10), out("B"), missed("C", 50)) for number in range(10)]
    sheet = play(Setup(ORIGINAL, ("A", "B", "C")), *rounds)
    assert sheet.status == "tiebreak"
    assert PhaseMark.CURRENT not in {row.cells[2].mark for row in sheet_grid(sheet).phases}
    sheet = add_round(sheet, Round((out("A"), laid("B", 25))))
    last = sheet_grid(sheet).played[-1]
    assert last.tiebreak and last.number == 11
    assert not last.cells[2].played


def test_the_board_game_has_moves_markers_and_the_wreath() -> None:
    players = ("Anna", "Ben", "Cleo")
    rounds = [(Result("Anna", True, went_out=True), Result("Ben", True), Result("Cleo", False))
              for _ in range(5)]
    grid = sheet_grid(play(Setup(BOARD, players), *rounds))
    assert grid.markers and grid.wreath == 11
    first = grid.played[0].cells
    assert first[0].move is not None and (first[0].move.start, first[0].move.end) == (1, 3)
    assert first[0].went_out and first[0].leads  # Anna started and ended round 1
    assert first[2].move is None and first[2].marker == 1
    assert first[1].played and first[1].points_text == ""  # no points in the board game
    last = grid.played[-1].cells
    assert last[0].move is not None and last[0].move.end == grid.wreath
    assert last[1].stopped and last[1].move is None and last[1].marker == 5
    assert [cell.marker for cell in grid.total] == [11, 5, 1]
    assert all(cell.points is None for cell in grid.total)


def test_an_edition_of_eight_phases_has_eight_phase_rows(eight_phases: Edition) -> None:
    sheet = play(Setup(eight_phases, ("Ann", "Ben")), (out("Ann"), missed("Ben", 50)))
    grid = sheet_grid(sheet)
    assert [row.number for row in grid.phases] == list(range(1, 9))
    assert grid.phases_in_play == grid.phases
    assert grid.kinds.count(RowKind.PHASE) == 8
    blank = blank_grid(eight_phases, ("", ""), 3)
    assert [row.number for row in blank.phases] == list(range(1, 9))


def test_a_shorter_board_games_wreath_follows_its_last_phase(short_board: Edition) -> None:
    players = ("Ann", "Ben")
    rounds = [(Result("Ann", True, went_out=True), Result("Ben", False)) for _ in range(4)]
    grid = sheet_grid(play(Setup(short_board, players), *rounds))
    assert grid.wreath == 9 and len(grid.phases) == 8
    assert grid.total[0].marker == 9
    assert grid.played[-1].cells[0].move is not None
    assert grid.played[-1].cells[0].move.end == 9


def test_a_blank_grid_has_name_lines_open_phases_and_empty_rounds() -> None:
    grid = blank_grid(ORIGINAL, ("Anna", "", ""), 12)
    assert grid.blank
    assert [(cell.name, cell.seat) for cell in grid.header] == [("Anna", 1), ("", 2), ("", 3)]
    assert {cell.mark for row in grid.phases for cell in row.cells} == {PhaseMark.OPEN}
    assert all(len(row.cells) == 3 for row in grid.phases)
    assert [row.number for row in grid.rounds] == list(range(1, 13))
    assert {row.kind for row in grid.rounds} == {RowKind.SPARE}
    assert grid.kinds[0] is RowKind.HEADER and grid.kinds[-1] is RowKind.TOTAL
    assert all(cell.points is None and cell.marker is None for cell in grid.total)


def test_a_player_who_left_has_no_current_phase_only_open_ones() -> None:
    sheet = play(Setup(ORIGINAL, ("Ann", "Ben", "Cy"), left=(0, 0, 2)),
                 (out("Ann"), laid("Ben", 15), missed("Cy", 70)))
    grid = sheet_grid(sheet)
    assert grid.header[2].gone and sheet.line("Cy").current_phase == 1
    assert set(marks(grid, 2).values()) == {PhaseMark.OPEN}
    assert marks(grid, 1)[2] is PhaseMark.CURRENT
