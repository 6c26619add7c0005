"""The sheet page and the game's PDF draw the grid of any edition: one of eight phases too."""

from __future__ import annotations

import re
from io import BytesIO

from pypdf import PdfReader

from companion import editions
from companion.display.sheet import track
from companion.editions import Edition
from companion.scoring import Result, Round, Setup, add_round, build_sheet


def phase_rows(page: str) -> list[str]:
    body = page[page.index('<tbody class="phases">'):page.index('<tbody class="rounds">')]
    return re.findall(r'<th scope="row"[^>]*>(\d+)</th>', body)


def test_the_sheet_page_has_a_row_per_phase_of_the_edition(client, api, eight_phases):
    game = api.new_game(["Ann", "Ben"], edition="eight")
    stored = api.round(game, [{"player": "Ann", "phase": True, "points": 0},
                              {"player": "Ben", "phase": False, "points": 65}])
    assert stored.status_code == 201
    page = client.get(f"/games/{game['id']}", headers={"Accept-Language": "en"})
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert phase_rows(html) == [str(number) for number in range(1, 9)]
    assert html.count('<td class="done">') == 1 and html.count('<td class="current">') == 2
    [pdf] = [PdfReader(BytesIO(client.get(f"/games/{game['view_id']}/sheet.pdf").get_data()))]
    text = re.sub(r"\s+", " ", pdf.pages[0].extract_text())
    assert "Phases 1 X 2 3 4 1 2 3 4 5 6 7 8 5 6 7 8" in text and "Total 0 65" in text


def test_the_card_games_page_shows_only_the_phases_in_play(client, api):
    game = api.new_game(["Kim", "Lou"], phases=[2, 4, 6])
    html = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert phase_rows(html) == ["2", "4", "6"]


def test_the_board_track_ends_at_the_editions_wreath(app):
    board = editions.get("board")
    short = editions.register(Edition(
        key="shortboard", order=91, name="Short board", title="Short board", tag="Short",
        table=board.table[:8], deck=board.deck, markers=True, turned_jokers=True))
    try:
        sheet = build_sheet(Setup(short, ("Ann", "Ben")), [])
        sheet = add_round(sheet, Round((Result("Ann", True, went_out=True),
                                        Result("Ben", False))))
        with app.test_request_context():
            spaces = track(sheet)
    finally:
        editions.unregister(short)
    assert [space for space, _tokens in spaces] == list(range(9, 0, -1))
    assert [token.name for token in dict(spaces)[3]] == ["Ann"]
    assert [token.name for token in dict(spaces)[1]] == ["Ben"]


def test_the_board_page_says_who_ended_each_round(client, api):
    game = api.new_game(["Anna", "Björn", "Carla"], edition="board")
    stored = api.round(game, [{"player": "Anna", "phase": True},
                              {"player": "Björn", "phase": True, "went_out": True},
                              {"player": "Carla", "phase": False}])
    assert stored.status_code == 201
    html = client.get(f"/games/{game['view_id']}", headers={"Accept-Language": "en"})
    entries = re.findall(r"<li>([^<]*)(?: <span class=\"muted\">\(([^)]*)\)</span>)?</li>",
                         html.get_data(as_text=True))
    assert ("Björn: phase 1 → phase 3", "ended the round, +2") in entries
    assert ("Anna: phase 1 → phase 2", "") in entries
