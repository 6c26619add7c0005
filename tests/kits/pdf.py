"""The printable sheets read back: each page's text, and a game to print."""

from __future__ import annotations

import re
from datetime import date
from io import BytesIO
from typing import Any

from pypdf import PdfReader

from companion.pdf import GameInfo

URL = "https://companion.test/games/read-only-key"


INFO = GameInfo(date(2025, 5, 1), URL)


def pages(data: bytes) -> list[str]:
    """Each page's text with runs of white space made single spaces."""
    assert data.startswith(b"%PDF-")
    return [re.sub(r"\s+", " ", page.extract_text()) for page in PdfReader(BytesIO(data)).pages]


def text(data: bytes) -> str:
    return " ".join(pages(data))


SEED_ROUNDS = [  # the rule book's worked example, first two rounds
    {"Michaela": (True, 0), "Horst": (True, 25), "Petra": (True, 20), "Thomas": (False, 75)},
    {"Michaela": (True, 20), "Horst": (True, 0), "Petra": (False, 70), "Thomas": (True, 25)},
]


def pdf_pages(response: Any) -> list[str]:
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert response.mimetype == "application/pdf"
    # The blank sheet is what "Download the PDF" downloads; a game's sheet opens to print.
    how = "attachment" if "/print/blank.pdf" in response.request.path else "inline"
    assert re.fullmatch(how + r'; filename="[\w.-]+\.pdf"',
                        response.headers["Content-Disposition"])
    reader = PdfReader(BytesIO(response.get_data()))
    return [re.sub(r"\s+", " ", page.extract_text()) for page in reader.pages]


def seed_game(api):
    game = api.new_game(["Michaela", "Horst", "Petra", "Thomas"])
    for row in SEED_ROUNDS:
        results = [{"player": name, "phase": laid, "points": points}
                   for name, (laid, points) in row.items()]
        assert api.round(game, results).status_code == 201
    return game
