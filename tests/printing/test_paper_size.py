"""The paper a sheet is printed on by default follows the browser's region (issue 36): Letter
in the United States, Canada, Mexico and the other Letter countries, A4 elsewhere; a choice
in the link always wins."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.pdf.paper import LETTER_REGIONS, paper_for

LETTER, A4 = "0 0 612 792", "0 0 595.2756 841.8898"


def media_box(pdf: bytes) -> str:
    found = re.search(rb"/MediaBox \[ ([^\]]+) \]", pdf)
    assert found, "no page size in the PDF"
    return found.group(1).decode()


def checked_paper(client: Any, languages: str, query: str = "") -> str:
    html = client.get(f"/print{query}", headers={"Accept-Language": languages}
                      ).get_data(as_text=True)
    (paper,) = re.findall(r'name="paper" value="(\w+)" checked', html)
    return paper


@pytest.mark.parametrize(("languages", "paper"), [
    ("en-US,en;q=0.9", "letter"), ("fr-CA", "letter"), ("es-MX,es;q=0.8", "letter"),
    ("es-CL", "letter"), ("en-PH", "letter"), ("es-PR", "letter"),
    ("en-GB,en;q=0.9", "a4"), ("de-DE", "a4"), ("es-ES", "a4"), ("en", "a4"),
    ("en,en-US;q=0.5", "letter"),  # the first language with a region decides
])
def test_the_print_page_picks_the_paper_of_the_browsers_region(client: Any, languages: str,
                                                               paper: str) -> None:
    assert checked_paper(client, languages) == paper


def test_the_paper_stays_switchable(client: Any) -> None:
    assert checked_paper(client, "en-US", "?paper=a4") == "a4"
    assert checked_paper(client, "de-DE", "?paper=letter") == "letter"
    blank = client.get("/print/blank.pdf?players=3", headers={"Accept-Language": "en-US"})
    assert media_box(blank.data) == LETTER and "Accept-Language" in blank.headers["Vary"]
    chosen = client.get("/print/blank.pdf?players=3&paper=a4",
                        headers={"Accept-Language": "en-US"})
    assert media_box(chosen.data) == A4


def test_a_games_sheet_is_printed_on_the_regions_paper(api: Any) -> None:
    game = api.new_game(["Ann", "Ben"])
    url = f"/games/{game['id']}/sheet.pdf"
    assert media_box(api.client.get(url, headers={"Accept-Language": "en-CA"}).data) == LETTER
    assert media_box(api.client.get(url, headers={"Accept-Language": "nl-NL"}).data) == A4
    assert media_box(api.client.get(url + "?paper=a4",
                                    headers={"Accept-Language": "en-US"}).data) == A4


def test_the_letter_regions_are_the_cldr_ones() -> None:
    assert {"US", "CA", "MX", "PH", "CL", "CO", "VE", "PR", "GT"} <= LETTER_REGIONS
    assert not {"GB", "DE", "FR", "ES", "AU", "IN"} & LETTER_REGIONS
    assert paper_for(["zh-Hant-TW"]) == "a4" and paper_for(["es-419", "en-US"]) == "a4"
