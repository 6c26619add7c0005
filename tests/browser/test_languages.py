"""Languages in the browser, every one on the box: a German (French, Italian, Dutch) phone
gets its own pages, the footer's switch offers all five and the choice sticks (a cookie), the
rules checker's reasons follow the page's language, and so does <html lang>; the print page
offers all five, and every page and both PDFs in every language fit a 390 px phone
(screenshots kept for people to look at, the PDFs as PNGs). Texts are compared with the
language's catalog, never typed in twice."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from functools import cache
from io import BytesIO
from typing import Any

import pytest
from babel import Locale
from babel.messages.pofile import read_po
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.kits.browser import SCREENSHOTS, TAKE_SHOTS, api_game, api_round, page_fits, shot
from tests.kits.contexts import phone_factory
from tests.kits.languages import LANGUAGES, ROOT

pytestmark = pytest.mark.browser

NAMES = ["王芳", "佐藤", "김민준", "محمد", "Anaïs"]


@cache
def _catalog(language: str) -> Any:
    with (ROOT / "companion" / "translations" / language / "LC_MESSAGES" / "messages.po"
          ).open("rb") as file:
        return read_po(file, locale=language)


def tr(language: str, msgid: str, **params: Any) -> str:
    """``msgid`` in ``language`` (English as it is), placeholders filled in."""
    text = msgid
    if language != "en":
        entry = _catalog(language).get(msgid)
        assert entry is not None and entry.string, f"no {language} translation of {msgid!r}"
        text = str(entry.string)
    return text % params if params else text


def own_name(language: str) -> str:
    name = Locale.parse(language).display_name
    return name[:1].upper() + name[1:]


def de(msgid: str, **params: Any) -> str:
    """The German catalog's translation of ``msgid``, with its placeholders filled in."""
    return tr("de", msgid, **params)


def sentence(text: str) -> str:
    """A reason shown on its own starts with a capital."""
    return text[:1].upper() + text[1:]


@pytest.fixture
def phones(browser: Any, script_errors: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    with phone_factory(browser, script_errors, request) as make:
        yield make


def heading(page: Page) -> Any:
    return page.get_by_role("heading", level=1)


def speaks(page: Page, language: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", language)
    current = page.locator("footer form.lang-switch button[aria-current=true]")
    expect(current).to_have_attribute("lang", language)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code not in ("en", "de")])
def test_a_phone_in_that_language_gets_its_pages(phones: Any, server: str, language: str
                                                 ) -> None:
    page = phones(locale=language)
    page.goto(f"{server}/")
    speaks(page, language)
    expect(heading(page)).to_have_text(tr(language, "Phase 10 at the table"))
    links = page.get_by_role("navigation", name=tr(language, "Start")).get_by_role("link")
    for index, name in enumerate(("Card game", "Board game", "Rules checker", "Print a sheet")):
        expect(links.nth(index)).to_have_text(re.compile(f"^{re.escape(tr(language, name))}"))
    page.goto(f"{server}/checker")
    expect(page.locator("#phase-parts")).to_have_text(tr(language, "2 sets of 3"))
    expect(page.locator("#picker [data-colour]")).to_have_text(
        [tr(language, colour) for colour in ("red", "yellow", "green", "blue")])


def test_the_switch_offers_all_five_and_sticks(phones: Any, server: str) -> None:
    page = phones(locale="fr-FR")
    page.goto(f"{server}/print")
    speaks(page, "fr")
    switch = page.locator("footer form.lang-switch button")
    expect(switch).to_have_text([own_name(code) for code in LANGUAGES])
    # The print page offers the sheet in all five, the page's own language chosen.
    for code in LANGUAGES:
        expect(page.get_by_role("radio", name=own_name(code))).to_have_count(1)
    expect(page.get_by_role("radio", name="Français")).to_be_checked()

    page.get_by_role("button", name="Nederlands").tap()
    expect(heading(page)).to_have_text(tr("nl", "Print a sheet"))
    speaks(page, "nl")
    expect(page.get_by_role("radio", name="Nederlands")).to_be_checked()
    other = page.context.new_page()  # the cookie wins over the browser's French
    other.goto(f"{server}/games/new?edition=board")
    expect(heading(other)).to_have_text(tr("nl", "New game"))
    other.get_by_role("button", name="Italiano").tap()
    expect(heading(other)).to_have_text(tr("it", "New game"))
    assert other.url == f"{server}/games/new?edition=board"
    page.reload()
    speaks(page, "it")


def five_scripts_game(page: Page, server: str) -> dict[str, Any]:
    game = api_game(page, server, NAMES)
    for out, points in (("محمد", (20, 55, 10, 0, 60)), ("王芳", (0, 70, 25, 5, 80))):
        game = api_round(page, server, game, [
            {"player": name, "phase": name == out or value < 50, "points": value,
             **({"went_out": True} if name == out else {})}
            for name, value in zip(NAMES, points, strict=True)])
    return game


def pdf_pictures(page: Page, url: str, name: str, language: str) -> None:
    """Fetch a PDF as the phone would and keep its first page as a PNG to look at."""
    response = page.request.get(url, headers={"Accept-Language": language})
    assert response.status == 200 and response.body().startswith(b"%PDF-")
    first = PdfReader(BytesIO(response.body())).pages[0].extract_text()
    assert tr(language, "Phase 10 score sheet") in first and "Anaïs" in first
    if shutil.which("pdftoppm") is None or not TAKE_SHOTS:
        return
    path = SCREENSHOTS / f"{name}.pdf"
    path.write_bytes(response.body())
    subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile",
                    str(path), str(SCREENSHOTS / name)], check=True)
    path.unlink()


def look(page: Page, name: str) -> None:
    shot(page, name)
    assert page_fits(page, 390), f"{name} is wider than the phone"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_and_sheet_at_390px(phones: Any, server: str, language: str) -> None:
    page = phones(locale=language)
    page.goto(f"{server}/")
    expect(heading(page)).to_have_text(tr(language, "Phase 10 at the table"))
    look(page, f"lang-{language}-home")

    page.goto(f"{server}/games/new")
    expect(heading(page)).to_have_text(tr(language, "New game"))
    look(page, f"lang-{language}-new")

    game = five_scripts_game(page, server)
    page.goto(f"{server}/games/{game['id']}")
    expect(page.get_by_role("link", name=tr(language, "Enter round %(number)s", number=3))
           ).to_be_visible()
    look(page, f"lang-{language}-sheet")
    pdf_pictures(page, f"{server}/games/{game['id']}/sheet.pdf", f"lang-{language}-sheet-pdf",
                 language)

    page.get_by_role("link", name=tr(language, "Enter round %(number)s", number=3)).tap()
    expect(heading(page)).to_have_text(tr(language, "Round %(number)s", number=3))
    look(page, f"lang-{language}-round")

    board = api_game(page, server, NAMES[:3], edition="board")
    api_round(page, server, board, [{"player": NAMES[0], "phase": True, "went_out": True},
                                    {"player": NAMES[1], "phase": True},
                                    {"player": NAMES[2], "phase": False}])
    page.goto(f"{server}/games/{board['id']}")
    expect(heading(page)).to_have_text(tr(language, "Board game"))
    page.locator("details.reference summary").tap()  # the action spaces, opened
    look(page, f"lang-{language}-board")

    page.goto(f"{server}/checker")
    page.get_by_label(tr(language, "Cards in hand")).fill("4r 4b W 8r 8y 13r")
    page.get_by_role("button", name=tr(language, "Check"), exact=True).tap()
    expect(page.locator("#verdict .verdict")).to_be_visible()
    look(page, f"lang-{language}-checker")

    page.goto(f"{server}/print")
    expect(heading(page)).to_have_text(tr(language, "Print a sheet"))
    look(page, f"lang-{language}-print")
    names = "&".join(f"name={name}" for name in NAMES)
    pdf_pictures(page, f"{server}/print/blank.pdf?{names}&lang={language}",
                 f"lang-{language}-blank-pdf", language)


@pytest.fixture
def germans(browser: Any, script_errors: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """Phones whose browser asks for German (Accept-Language: de-DE)."""
    with phone_factory(browser, script_errors, request, locale="de-DE") as make:
        yield make


def test_a_german_browser_gets_german_pages(germans: Any, server: str) -> None:
    page = germans()
    page.goto(f"{server}/")
    speaks(page, "de")
    expect(heading(page)).to_have_text(de("Phase 10 at the table"))
    links = page.get_by_role("navigation", name=de("Start")).get_by_role("link")
    for index, name in enumerate(("Card game", "Board game", "Rules checker", "Print a sheet")):
        expect(links.nth(index)).to_have_text(re.compile(f"^{de(name)}"))
    expect(page.get_by_text("Card game")).to_have_count(0)
    expect(page.locator("footer")).to_contain_text(de("Language"))

    page.get_by_role("link", name=re.compile(f"^{de('Card game')}")).tap()
    expect(heading(page)).to_have_text(de("New game"))
    speaks(page, "de")
    seating = de("Players in seating order (clockwise), %(min)s to %(max)s", min=2, max=6)
    expect(page.get_by_role("group", name=seating)).to_be_visible()
    expect(page.get_by_role("radio", name=de("Original"))).to_be_checked()
    for seat, name in enumerate(["Jonas", "Lea"], start=1):
        page.get_by_label(de("Player %(n)s", n=seat), exact=True).fill(name)
    page.get_by_role("button", name=de("Start the game")).tap()
    expect(heading(page)).to_contain_text(de("Score sheet"))
    expect(page.get_by_role("link", name=de("Enter round %(number)s", number=1))).to_be_visible()
    expect(page.get_by_role("region", name=de("Standings"))).to_be_visible()
    speaks(page, "de")


def test_the_switch_changes_the_language_for_good(germans: Any, server: str) -> None:
    page = germans()
    page.goto(f"{server}/checker")
    expect(heading(page)).to_have_text(de("Rules checker"))
    speaks(page, "de")

    page.get_by_role("button", name="English").tap()
    expect(heading(page)).to_have_text("Rules checker")  # the same page, now in English
    assert page.url == f"{server}/checker"
    speaks(page, "en")
    assert {cookie["name"]: cookie["value"] for cookie in page.context.cookies()}["lang"] == "en"

    # The cookie wins over the browser's German on the next page and in a new tab.
    page.get_by_role("link", name="Phase 10 Companion").tap()
    expect(heading(page)).to_have_text("Phase 10 at the table")
    speaks(page, "en")
    other = page.context.new_page()
    other.goto(f"{server}/games/new?edition=board")
    expect(heading(other)).to_have_text("New game")
    expect(other.get_by_role("radio", name="Board game")).to_be_checked()
    speaks(other, "en")

    other.get_by_role("button", name="Deutsch").tap()
    expect(heading(other)).to_have_text(de("New game"))
    assert other.url == f"{server}/games/new?edition=board"  # the query survives the switch
    expect(other.get_by_role("radio", name=de("Board game"))).to_be_checked()
    speaks(other, "de")
    page.reload()
    expect(heading(page)).to_have_text(de("Phase 10 at the table"))
    speaks(page, "de")


def test_an_english_browser_switches_to_german(pages: Any, server: str) -> None:
    page = pages()  # en-GB
    page.goto(f"{server}/print")
    expect(heading(page)).to_have_text("Print a sheet")
    speaks(page, "en")
    expect(page.get_by_role("radio", name="English")).to_be_checked()
    page.get_by_role("button", name="Deutsch").tap()
    expect(heading(page)).to_have_text(de("Print a sheet"))
    speaks(page, "de")
    # The PDF's language follows the page's.
    expect(page.get_by_role("radio", name="Deutsch")).to_be_checked()


def check(page: Page) -> Any:
    page.get_by_role("button", name=de("Check"), exact=True).tap()
    verdict = page.locator("#verdict .verdict")
    expect(verdict).to_be_visible()
    return verdict


def test_the_checkers_reasons_are_german(germans: Any, server: str) -> None:
    page = germans()
    page.goto(f"{server}/checker")
    expect(page.locator("#phase-parts")).to_have_text(de("2 sets of 3"))
    hand = page.get_by_label(de("Cards in hand"))
    hand.fill("4r 4b W 8r 8y 8b")
    verdict = check(page)
    expect(verdict.locator(".verdict-title")).to_have_text(
        de("Yes: this hand can complete phase %(n)s.", n=1))
    expect(verdict.locator(".found-group .part")).to_have_text([de("set of 3")] * 2)

    # A card that does not exist: the reason is the catalog's German.
    hand.fill("13r 7b")
    verdict = check(page)
    expect(verdict).to_have_attribute("role", "alert")
    expect(verdict.locator(".reasons li")).to_have_text(
        [de("“%(card)s” is not a card: numbers go from 1 to 12", card="13r")])
    speaks(page, "de")


def test_a_rejected_laydown_is_explained_in_german(germans: Any, server: str) -> None:
    page = germans()
    page.goto(f"{server}/checker")
    page.get_by_label(de("Phase"), exact=True).select_option("2")
    expect(page.locator("#phase-parts")).to_have_text(de("set of 3 + run of 4"))
    page.get_by_text(de("A lay-down")).tap()
    page.get_by_label(de("Group %(n)s", n=1)).fill("5r 5b W")
    page.get_by_label(de("Group %(n)s", n=2)).fill("4g 5g 7y 8r")
    verdict = check(page)
    expect(verdict.locator(".verdict-title")).to_have_text(
        de("No: this does not complete phase %(n)s.", n=2))
    # The reasons, and the part names inside them, come from the catalog.
    expect(verdict.locator(".reasons li")).to_have_text([  # each a sentence of its own
        sentence(de("group %(number)s, %(cards)s, cannot be the %(part)s",
                    number=2, cards="4 5 7 8", part=de("run of 4"))),
        sentence(de("the run %(cards)s has a gap at %(missing)s", cards="4 5 7 8", missing=6))])

    # A hand with a third red 4: the deck has only two.
    page.get_by_text(de("My hand")).tap()
    page.get_by_label(de("Phase"), exact=True).select_option("1")
    page.get_by_label(de("Cards in hand")).fill("4r 4r 4r 8b 8b 8y")
    verdict = check(page)
    expect(verdict.locator(".verdict-title")).to_have_text(
        de("No: this hand cannot complete phase %(n)s.", n=1))
    expect(verdict.locator(".reasons li")).to_have_text(
        [sentence(de("the deck has only %(count)s of %(card)s", count=2, card="4r"))])


def card_game(page: Page, server: str) -> dict[str, Any]:
    game = api_game(page, server, ["Jonas", "Lea", "Mia", "Noah"])
    for out, points in (("Jonas", (0, 25, 60, 10)), ("Mia", (15, 70, 0, 5))):
        game = api_round(page, server, game, [
            {"player": name, "phase": name == out or value < 50, "points": value,
             **({"went_out": True} if name == out else {})}
            for name, value in zip(["Jonas", "Lea", "Mia", "Noah"], points, strict=True)])
    return game


def test_german_pages_at_390px(germans: Any, server: str) -> None:
    page = germans()
    page.goto(f"{server}/")
    expect(heading(page)).to_have_text(de("Phase 10 at the table"))
    shot(page, "home-de-390")
    assert page_fits(page, 390)

    game = card_game(page, server)
    page.goto(f"{server}/games/{game['id']}")
    expect(page.get_by_role("link", name=de("Enter round %(number)s", number=3))).to_be_visible()
    expect(page.locator("table.sheet tfoot td")).to_have_text(["15", "95", "60", "15"])
    shot(page, "sheet-de-390")
    assert page_fits(page, 390)

    page.get_by_role("link", name=de("Enter round %(number)s", number=3)).tap()
    expect(heading(page)).to_have_text(de("Round %(number)s", number=3))
    expect(page.get_by_text(de("Count cards"))).to_have_count(4)
    shot(page, "round-de-390")
    assert page_fits(page, 390)

    board = api_game(page, server, ["Jonas", "Lea", "Mia"], edition="board")
    api_round(page, server, board, [{"player": "Jonas", "phase": True, "went_out": True},
                                    {"player": "Lea", "phase": True},
                                    {"player": "Mia", "phase": False}])
    page.goto(f"{server}/games/{board['id']}")
    expect(heading(page)).to_have_text(de("Board game"))
    expect(page.get_by_role("img", name=re.compile(f"^{de('Phase track')}"))).to_be_visible()
    shot(page, "board-de-390")
    assert page_fits(page, 390)

    page.goto(f"{server}/checker")
    page.get_by_label(de("Cards in hand")).fill("13r 7b")
    check(page).tap()  # lift the finger off the button before the picture
    shot(page, "checker-de-390")
    assert page_fits(page, 390)

    page.goto(f"{server}/print")
    expect(heading(page)).to_have_text(de("Print a sheet"))
    expect(page.get_by_role("button", name=de("Download the PDF"))).to_be_visible()
    shot(page, "print-de-390")
    assert page_fits(page, 390)
