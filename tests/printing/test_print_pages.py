"""The printable sheets through the site: the options page, blank sheets, game sheets, errors."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask_babel import get_locale

from companion import editions, pdf
from tests.kits.pdf import pdf_pages, seed_game


def test_the_english_pages_say_score_sheet_and_the_german_ones_wertungsblatt(client):
    for path in ("/", "/print"):
        english = client.get(path, headers={"Accept-Language": "en"}).get_data(as_text=True)
        german = client.get(path, headers={"Accept-Language": "de"}).get_data(as_text=True)
        assert "Wertungsblatt" not in english and "lank score sheet" in english
        assert "Leeres Wertungsblatt" in german or "leeres Wertungsblatt" in german


def test_the_print_page_offers_every_option(client):
    page = client.get("/print").get_data(as_text=True)
    assert 'action="/print/blank.pdf"' in page and 'method="get"' in page
    for name in ("edition", "players", "name", "paper", "lang"):
        assert f'name="{name}"' in page
    for value in ("original", "masters", "board", "a4", "letter", "en", "de", "fr", "it", "nl"):
        assert f'value="{value}"' in page
    ids = re.findall(r'<(?:input|select)[^>]*\bid="([^"]+)"', page)
    unlabelled = [i for i in ids if f'for="{i}"' not in page]
    radios = re.findall(r'<label class="check"[^>]*><input type="radio"', page)
    assert not unlabelled and len(radios) == 10


def test_the_home_page_leads_to_it(client):
    assert 'href="/print"' in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize("query", [
    "",
    "edition=original&players=6&paper=a4&lang=de",
    "edition=masters&players=2&paper=letter&lang=en",
    "edition=board&players=4&paper=A4&lang=en",
    "name=Anna&name=Ben&name=Cleo",
    "players=4&name=Anna&name=&name=%20&name=",
])
def test_blank_sheets_are_one_page_pdfs(client, query):
    assert len(pdf_pages(client.get(f"/print/blank.pdf?{query}"))) == 1


def test_the_blank_sheet_has_the_chosen_columns_and_names(client):
    [page] = pdf_pages(client.get("/print/blank.pdf?players=3&name=Anna&name=<b>%26&lang=en"))
    assert "Anna" in page and "<b>&" in page and "Player 3:" in page
    assert "Player 4:" not in page
    assert "Phase 1: 2 sets of 3" in page


@pytest.mark.parametrize(("lang", "header"), [("de", "en"), ("en", "de")])
def test_the_blank_sheet_is_drawn_in_the_chosen_language(client, monkeypatch, lang, header):
    seen = {}

    def spy(options: pdf.BlankOptions, _: Any) -> bytes:
        seen["locale"], seen["options"] = str(get_locale()), options
        return b"%PDF-1.4 spy"

    monkeypatch.setattr(pdf, "blank_sheet", spy)
    # A spy lives in this process: draw here rather than in the pool (companion.infra.drawing).
    monkeypatch.setitem(client.application.config, "DRAWING_PROCESSES", 0)
    response = client.get(f"/print/blank.pdf?lang={lang}&edition=masters&paper=letter",
                          headers={"Accept-Language": header})
    assert response.status_code == 200
    assert seen["locale"] == lang
    assert seen["options"] == pdf.BlankOptions(editions.get("masters"), ("",) * 6, "letter")


BAD_QUERIES = [
    ("players=9", "The number of players must be a whole number from 2 to 6, not “9”."),
    ("players=1", "not “1”"),
    ("players=zwei", "not “zwei”"),
    ("players=2.5", "not “2.5”"),
    ("edition=deluxe", "There is no edition “deluxe”: choose original, masters or board."),
    ("paper=a3", "There is no paper size “a3”: choose a4 or letter."),
    ("lang=es", "There is no language “es”: choose one of en (English), de (Deutsch), "
                "fr (Français), it (Italiano), nl (Nederlands)."),
    ("name=" + "x" * 31 + "&name=Ben", "A name has at most 30 characters"),
    ("&".join(f"name=P{seat}" for seat in range(7)), "A sheet has at most 6 players"),
    ("players=2&name=A&name=B&name=C", "There are more names (3) than players (2)."),
    ("name=Solo", "A sheet has 2 to 6 players"),
    ("name=Tab%09Tab&name=Ben", "A name cannot hold control characters."),
]


@pytest.mark.parametrize(("query", "message"), BAD_QUERIES)
def test_bad_options_get_400_with_the_reason(client, query, message):
    response = client.get(f"/print/blank.pdf?{query}", headers={"Accept-Language": "en"})
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    assert message in response.get_data(as_text=True)


def test_every_problem_is_named_at_once(client):
    response = client.get("/print/blank.pdf?players=9&paper=a3&lang=es")
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "“9”" in page and "“a3”" in page and "“es”" in page


def test_a_games_sheet_through_either_link(client, api):
    game = seed_game(api)
    for key in (game["id"], game["view_id"]):
        [page] = pdf_pages(client.get(f"/games/{key}/sheet.pdf"))
        assert "Michaela Horst Petra Thomas" in page
        assert "Total 20 25 90 100" in page
        grid = page[:page.index("Dealer order")]  # the random keys may hold an X too
        assert grid.count("X") == 3 + 3  # phases laid in rounds 1 and 2
        assert f"http://companion.test/games/{game['view_id']}" in page
        assert game["id"] not in page  # the edit key never goes on paper


def test_a_board_games_sheet(client, api):
    game = api.new_game(["Anna", "Björn", "Carla"], edition="board")
    api.round(game, [{"player": "Anna", "phase": True},
                     {"player": "Björn", "phase": True, "went_out": True},
                     {"player": "Carla", "phase": False}])
    [page] = pdf_pages(client.get(f"/games/{game['view_id']}/sheet.pdf"))
    assert "1 → 2" in page and "1 → 3" in page
    assert "Marker 2 3 1" in page


def test_the_game_sheet_speaks_the_requests_language(client, api, monkeypatch):
    game = seed_game(api)
    seen = {}

    def spy(sheet: Any, info: pdf.GameInfo, _: Any) -> bytes:
        seen["locale"], seen["info"] = str(get_locale()), info
        return b"%PDF-1.4 spy"

    monkeypatch.setattr(pdf, "game_sheet", spy)
    monkeypatch.setitem(client.application.config, "DRAWING_PROCESSES", 0)
    client.get(f"/games/{game['id']}/sheet.pdf?paper=letter", headers={"Accept-Language": "de"})
    assert seen["locale"] == "de"
    assert seen["info"].paper == "letter"
    assert seen["info"].view_url.endswith(f"/games/{game['view_id']}")


def test_unknown_games_and_bad_paper(client, api):
    assert client.get("/games/no-such-game/sheet.pdf").status_code == 404
    game = seed_game(api)
    response = client.get(f"/games/{game['view_id']}/sheet.pdf?paper=a0")
    assert response.status_code == 400
    assert "There is no paper size “a0”" in response.get_data(as_text=True)
