"""The text a finished game shares: winner, final standings with places, rounds, length and
the read-only link, in the game's language, right-to-left names kept in their place."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from babel.support import Translations
from bidi import get_display

from companion import editions, scoring
from companion.display.share import END_ISOLATE, ISOLATE, Words, summary
from companion.scoring import Round, Setup
from companion.scoring.length import length_of
from companion.scoring.places import places
from tests.kits.results import laid, missed, out, play

LINK = "https://companion.test/games/read-only"
STARTED = datetime(2026, 5, 1, 20, 0, 0)
#: A game of 1 hr 33 min.
LENGTH = length_of(STARTED, datetime(2026, 5, 1, 21, 33, 0), "finished")
CATALOGS = Path(__file__).resolve().parents[2] / "companion" / "translations"


def card_game(players: tuple[str, ...] = ("Michaela", "Horst", "Petra")) -> scoring.Sheet:
    """The first player goes out every round (10 rounds); the second lays every other round."""
    first, second, third = players
    rounds = [(out(first), laid(second, 10) if number % 2 else missed(second, 65),
               missed(third, 50)) for number in range(10)]
    return play(Setup(editions.get("original"), players), *rounds)


def words_in(language: str) -> Words:
    catalog = Translations.load(str(CATALOGS), [language])

    def gettext(text: str, **variables: Any) -> str:
        return str(catalog.ugettext(text)) % variables if variables else str(
            catalog.ugettext(text))

    def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
        variables.setdefault("num", num)
        return str(catalog.ungettext(singular, plural, num)) % variables

    return Words(gettext, ngettext, language)


def test_a_card_game_names_the_winner_the_standings_rounds_length_and_link() -> None:
    text = summary(card_game(), LENGTH, LINK)
    assert text.splitlines() == [
        "Phase 10 card game: Michaela wins!",
        "1. Michaela · 10 phases · 0 points",
        "2. Horst · 5 phases · 375 points",
        "3. Petra · 0 phases · 500 points",
        "10 rounds · 1\u00a0hr 33\u00a0min",
        LINK,
    ]


def test_the_text_speaks_the_games_language() -> None:
    lines = summary(card_game(), LENGTH, LINK, words_in("de")).splitlines()
    assert lines[0] == "Phase 10 Kartenspiel: Michaela gewinnt!"
    assert lines[2] == "2. Horst · 5 Phasen · 375 Punkte"
    assert lines[4] == "10 Durchgänge · 1\u00a0Std. 33\u00a0Min."


def test_a_board_game_gives_the_markers_positions() -> None:
    players = ("Ann", "Ben", "Cleo")
    # Ann ends every round (+2), Ben lays every round (+1), Cleo never lays.
    rounds = [(out("Ann"), laid("Ben", 0), missed("Cleo", 0))] * 5
    board = [tuple(scoring.Result(r.player, r.laid, went_out=r.went_out) for r in results)
             for results in rounds]
    sheet = play(Setup(editions.get("board"), players), *board)
    assert sheet.winner == "Ann"
    lines = summary(sheet, LENGTH, LINK).splitlines()
    assert lines[:4] == ["Phase 10 board game: Ann wins!", "1. Ann · on the wreath",
                         "2. Ben · on phase 5", "3. Cleo · on phase 1"]
    assert lines[4] == "5 rounds · 1\u00a0hr 33\u00a0min"


def test_a_shared_win_shares_the_first_place() -> None:
    setup = Setup(editions.get("original"), ("Ann", "Ben", "Cleo", "Dan"), ten_rounds=True,
                  phases=(1, 2))
    sheet = play(setup, (out("Ann"), laid("Ben", 10), missed("Cleo", 50), missed("Dan", 50)),
                 (laid("Ann", 10), out("Ben"), missed("Cleo", 60), missed("Dan", 60)))
    assert sheet.winners == ("Ann", "Ben") and sheet.winner is None
    assert [place.place for place in places(sheet)] == [1, 1, 3, 3]
    lines = summary(sheet, LENGTH, LINK).splitlines()
    assert lines[0] == "Phase 10 card game: Shared win: Ann and Ben"
    assert lines[1:5] == ["1. Ann · 2 phases · 10 points", "1. Ben · 2 phases · 10 points",
                          "3. Cleo · 0 phases · 110 points", "3. Dan · 0 phases · 110 points"]


def test_a_win_after_a_tiebreak_round_says_so() -> None:
    rounds = [(out("A"), laid("B", 10), missed("C", 50)) if number % 2 == 0
              else (laid("A", 10), out("B"), missed("C", 50)) for number in range(10)]
    sheet = play(Setup(editions.get("original"), ("A", "B", "C")), *rounds)
    assert sheet.status == "tiebreak"
    sheet = scoring.add_round(sheet, Round((out("A"), laid("B", 25))))
    lines = summary(sheet, LENGTH, LINK).splitlines()
    assert lines[0] == "Phase 10 card game: A wins after a tie-break round!"
    assert lines[-2].startswith("11 rounds")


def test_a_right_to_left_name_keeps_its_place_in_the_line() -> None:
    sheet = card_game(("محمد", "דוד", "Anaïs"))
    lines = summary(sheet, LENGTH, LINK).splitlines()
    assert lines[0] == f"Phase 10 card game: {ISOLATE}محمد{END_ISOLATE} wins!"
    assert lines[2] == f"2. {ISOLATE}דוד{END_ISOLATE} · 5 phases · 375 points"
    assert lines[3] == "3. Anaïs · 0 phases · 500 points"  # a left-to-right name as typed
    # Drawn as a left-to-right line, the isolated name stays between its place and its
    # phases (without the isolates the bidi algorithm moves "5" next to the name).
    shown = get_display(lines[2], base_dir="L")
    assert shown.index("2.") < shown.index("דוד"[::-1]) < shown.index("5 phases")
    bare = lines[2].replace(ISOLATE, "").replace(END_ISOLATE, "")
    assert get_display(bare, base_dir="L") != bare.replace("דוד", "דוד"[::-1])


def test_a_player_who_left_is_listed_last_with_the_round() -> None:
    setup = Setup(editions.get("original"), ("Ann", "Ben", "Cleo"), left=(0, 0, 3))
    rounds = [(out("Ann"), laid("Ben", 10), missed("Cleo", 50))] * 2
    rounds += [(out("Ann"), laid("Ben", 10))] * 8
    sheet = play(setup, *rounds)
    assert sheet.winner == "Ann"
    assert summary(sheet, LENGTH, LINK).splitlines()[3] == (
        "3. Cleo · 0 phases · 100 points (left after round 2)")


def test_an_unknown_length_leaves_out_the_time() -> None:
    unknown = length_of(STARTED, None, "finished")
    assert summary(card_game(), unknown, LINK).splitlines()[-2] == "10 rounds"
