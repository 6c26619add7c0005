"""Every language on the box: the switch offers all five and sticks, a French (Italian, Dutch)
phone gets its own pages, the print page offers all five, and every page and both PDFs in
every language fit a 390 px phone (screenshots kept for people to look at, the PDFs as PNGs).
Texts are compared with the language's catalog, never typed in twice."""

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

from tests.kits.browser import SCREENSHOTS, api_game, api_round, page_fits, shot
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
    if shutil.which("pdftoppm") is None:
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
