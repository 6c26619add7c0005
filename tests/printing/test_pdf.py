"""The printable sheets as pure functions: data in, PDF bytes out, read back with pypdf."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion import editions, scoring
from companion.editions import Edition
from companion.pdf import BlankOptions, blank_sheet, game_sheet, qr_modules
from companion.pdf.flowables import CrossedPhase
from companion.scoring import Result, Round, Setup
from tests.kits.pdf import INFO, URL, pages, text
from tests.kits.results import laid, missed, out, play

GERMAN = {
    "Phase 10 score sheet": "Phase 10 Wertungsblatt",
    "Player %(n)s:": "Spieler %(n)s:",
    "Total": "Gesamt",
    "2 sets of 3": "2 Drillinge",
    "Winner: %(name)s": "Sieger: %(name)s",
}


def german(text: str) -> str:
    return GERMAN.get(text, text)


# Blank sheets ---------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("edition", list(editions.all_editions()))
def test_a_blank_sheet_is_one_page(edition: Edition, players: int, paper: str) -> None:
    data = blank_sheet(BlankOptions(names=("",) * players, edition=edition, paper=paper))
    assert len(pages(data)) == 1


def test_six_long_names_still_fit_one_page() -> None:
    names = tuple(f"{seat} Maximiliane Mustermann-Lüdenscheid"[:30] for seat in range(6))
    assert len(pages(blank_sheet(BlankOptions(names=names)))) == 1


def test_the_blank_sheet_follows_the_kopiervorlage() -> None:
    page = text(blank_sheet(BlankOptions(names=("",) * 6)))
    assert "Phase 10 score sheet" in page
    assert all(f"Player {seat}:" in page for seat in range(1, 7))
    assert "Player 7:" not in page
    assert "Total" in page and page.count("=") == 6
    assert " ".join(str(n) for n in range(1, 6)) in page
    assert " ".join(str(n) for n in range(6, 11)) in page
    rows = re.search(r"Phases(?: \d+)+ (?P<rows>(?:\d+ )+)Total", page)
    assert rows is not None
    assert int(rows["rows"].split()[-1]) >= 12


def test_the_blank_sheet_has_a_column_per_player() -> None:
    page = text(blank_sheet(BlankOptions(names=("",) * 2)))
    assert "Player 2:" in page and "Player 3:" not in page


@pytest.mark.parametrize("edition", list(editions.all_editions()))
def test_the_legend_lists_the_editions_phases(edition: Edition) -> None:
    page = text(blank_sheet(BlankOptions(edition=edition)))
    for phase in edition.phases:
        assert f"Phase {phase.number}: {phase.describe()}" in page


def test_german_comes_from_the_translator() -> None:
    page = text(blank_sheet(BlankOptions(names=("",) * 3), german))
    assert "Phase 10 Wertungsblatt" in page
    assert "Spieler 1:" in page and "Spieler 3:" in page
    assert "Phase 1: 2 Drillinge" in page
    assert "Gesamt" in page
    assert "score sheet" not in page and "Player" not in page


def test_names_print_literally_in_any_script() -> None:
    names = ("<b>&amp;", "Jörg", "Łukasz", "Ωmega")
    page = text(blank_sheet(BlankOptions(names=names)))
    for name in names:
        assert name in page
    assert "Player 1:" not in page


# Filled sheets --------------------------------------------------------------------------

def michaelas_game() -> scoring.Sheet:
    """Michaela lays a phase every round and goes out; Horst lays every other round."""
    players = ("Michaela", "Horst", "Petra")
    rounds = [(out("Michaela"), laid("Horst", 10) if number % 2 else missed("Horst", 65),
               missed("Petra", 50)) for number in range(10)]
    return play(Setup(editions.get("original"), players, first_dealer=1), *rounds)


def test_a_finished_game_fills_in_names_crosses_points_and_totals() -> None:
    sheet = michaelas_game()
    assert sheet.winner == "Michaela"
    data = game_sheet(sheet, INFO)
    page = text(data)
    assert len(pages(data)) == 1
    for name in ("Michaela", "Horst", "Petra"):
        assert name in page
    assert page.count("X") == 10 + 5
    assert "Winner: Michaela" in page
    assert "375" in page and "500" in page  # Horst 5×65 + 5×10, Petra 10×50
    assert "Dealer order: Horst, Petra, Michaela" in page
    assert "2025-05-01" in page
    assert URL in page


def test_the_filled_sheet_speaks_the_translators_language() -> None:
    page = text(game_sheet(michaelas_game(), INFO, german))
    assert "Phase 10 Wertungsblatt" in page and "Sieger: Michaela" in page
    assert "Phase 1: 2 Drillinge" in page


def test_a_game_in_progress_leaves_rows_to_continue_by_hand() -> None:
    sheet = play(Setup(editions.get("original"), ("Ann", "Ben")), (out("Ann"), missed("Ben", 80)))
    page = text(game_sheet(sheet, INFO))
    assert "Game in progress: round 2 is next." in page
    assert re.search(r"\b12 Total 0 80\b", page)


def test_a_thirty_round_game_continues_with_the_header_repeated() -> None:
    players = ("Anna", "Ben", "Cleo", "Dan", "Eva", "Finn")
    rounds = [tuple(out(name) if seat == number % 6 else missed(name, 50)
                    for seat, name in enumerate(players)) for number in range(30)]
    sheet = play(Setup(editions.get("original"), players), *rounds)
    assert len(sheet.rounds) == 30
    texts = pages(game_sheet(sheet, INFO))
    assert len(texts) >= 2
    for page in texts:
        assert "Anna Ben Cleo Dan Eva Finn" in page
    assert "30 50 50 50 50 50 0 ◆ Total 1250 1250 1250 1250 1250 1250" in texts[-1]


def test_a_tiebreak_round_is_labelled() -> None:
    rounds = [(out("A"), laid("B", 10), missed("C", 50)) if number % 2 == 0
              else (laid("A", 10), out("B"), missed("C", 50)) for number in range(10)]
    sheet = play(Setup(editions.get("original"), ("A", "B", "C")), *rounds)
    assert sheet.status == "tiebreak"
    assert "Tie: A, B play a tie-break round." in text(game_sheet(sheet, INFO))
    sheet = scoring.add_round(sheet, Round((out("A"), laid("B", 25))))
    page = text(game_sheet(sheet, INFO))
    assert "11 tie-break 0" in page and "Winner: A" in page


def test_masters_shows_which_phase_each_player_laid() -> None:
    sheet = play(Setup(editions.get("masters"), ("Lena", "Jörg")),
                 (out("Lena", 4), laid("Jörg", 15, 9)))
    page = text(game_sheet(sheet, INFO))
    assert "0 · Ph. 4" in page and "15 · Ph. 9" in page
    assert page.count("X") == 2
    assert "Phase 8: colour run of 5" in page


def test_variants_are_named() -> None:
    setup = Setup(editions.get("original"), ("Kim", "Lou"), phases=(2, 4, 6, 8, 10), knocking=True)
    page = text(game_sheet(play(setup, (out("Kim"), missed("Lou", 60))), INFO))
    assert "Phases in play: 2, 4, 6, 8, 10" in page
    assert "knocking" in page
    assert "Phase 2: set of 3 + run of 4" in page and "Phase 1:" not in page


def test_the_board_game_shows_markers_moves_and_who_stopped() -> None:
    players = ("Anna", "Ben", "Cleo")
    rounds = [(Result("Anna", True, went_out=True), Result("Ben", True), Result("Cleo", False))
              for _ in range(5)]
    sheet = play(Setup(editions.get("board"), players), *rounds)
    assert sheet.winner == "Anna"
    page = text(game_sheet(sheet, INFO))
    assert "1 → 3" in page and "9 → wreath" in page and "5 (game over)" in page
    assert "Ben did not move because the game had ended" in page
    assert re.search(r"Marker wreath 5 1\b", page)
    assert "Winner: Anna" in page


def test_the_qr_code_encodes_the_read_only_link() -> None:
    modules = qr_modules(URL)
    size = len(modules)
    assert size >= 21 and (size - 17) % 4 == 0 and all(len(row) == size for row in modules)
    assert modules != qr_modules(URL + "x")
    finder = (True,) * 7  # the top-left finder pattern's first row
    assert modules[0][:7] == finder and modules[6][:7] == finder


# Editions beyond the three: the sheets follow the edition's phases -----------------------

def test_a_blank_sheet_of_eight_phases_has_two_rows_of_four_boxes(eight_phases: Edition) -> None:
    data = blank_sheet(BlankOptions(names=("",) * 3, edition=eight_phases))
    [page] = pages(data)
    assert "Phase 10 score sheet Phase 8 card game" in page
    assert "Phases 1 2 3 4 1 2 3 4 1 2 3 4 5 6 7 8 5 6 7 8 5 6 7 8" in page
    assert "Phase 8: 7 cards of one colour" in page and "Phase 9:" not in page


def test_a_filled_sheet_of_eight_phases(eight_phases: Edition) -> None:
    sheet = play(Setup(eight_phases, ("Ann", "Ben")), (out("Ann"), missed("Ben", 80)))
    page = text(game_sheet(sheet, INFO))
    assert "Phases 1 X 2 3 4 1 2 3 4 5 6 7 8 5 6 7 8" in page  # phase 1 crossed off
    assert "Phases in play" not in page  # all eight are
    assert re.search(r"\b12 Total 0 80\b", page)


def test_a_shorter_board_game_reaches_its_wreath_after_eight_phases(short_board: Edition) -> None:
    rounds = [(Result("Ann", True, went_out=True), Result("Ben", False)) for _ in range(4)]
    sheet = play(Setup(short_board, ("Ann", "Ben")), *rounds)
    page = text(game_sheet(sheet, INFO))
    assert "7 → wreath" in page and re.search(r"Marker wreath 1\b", page)
    assert "Phase 8: 4 sets of 2" not in page and "Phase 8: 2 sets of 4" in page


def test_the_pdf_and_the_page_share_one_qr_encoder() -> None:
    """segno encodes the link for both; reportlab's own QR encoder is never loaded."""
    code = ("import sys, datetime; from companion import editions, scoring; "
            "from companion.pdf import GameInfo, game_sheet; "
            "sheet = scoring.build_sheet(scoring.Setup(editions.get('original'), ('A', 'B')), []); "
            "game_sheet(sheet, GameInfo(datetime.date(2025, 5, 1), 'https://x.test/games/k')); "
            "print(sorted(m for m in sys.modules if 'qrencoder' in m or m == 'segno'))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, cwd=Path(__file__).resolve().parents[2])
    assert result.stdout.strip() == "['segno']"


@pytest.mark.parametrize("number", range(1, 11))
def test_the_x_over_a_phase_covers_every_digit_of_its_number(number: int) -> None:
    crossed = CrossedPhase(number)
    crossed.wrap(30, 20)
    left, bottom, right, top = crossed.number_box()
    x_left, x_bottom, x_right, x_top = crossed.cross_box()
    assert x_left < left and right < x_right and x_bottom <= bottom and top <= x_top
    if number < 10:  # one digit: the X (nearly) as the font draws it
        assert crossed.stretch() == pytest.approx(1, abs=0.01)
