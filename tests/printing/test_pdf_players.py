"""The filled sheet says who left and who joined late, lists only the players still at the
table as the dealer order, prints emoji in names as pictures (not empty boxes), and keeps a
long label ("Durchgang") at the label's size (issue 36)."""

from __future__ import annotations

import re
from datetime import date
from io import BytesIO

from pypdf import PdfReader

from companion import editions, scoring
from companion.pdf import GameInfo, game_sheet
from companion.scoring import Setup
from tests.kits.pdf import pages, text
from tests.kits.results import laid, missed, out, play

INFO = GameInfo(date(2025, 5, 1), "https://companion.test/games/read-only-key")
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"


def comings_and_goings(*, names: tuple[str, str, str, str] = ("Ann", "Ben", "Cem", "Dee")
                       ) -> scoring.Sheet:
    """Ben leaves after round 1, Dee joins in round 2."""
    ann, ben, cem, dee = names
    setup = Setup(editions.get("original"), names, joined=(1, 1, 1, 2), left=(0, 2, 0, 0))
    return play(setup, (out(ann), missed(ben, 60), laid(cem, 20)),
                (out(cem), laid(ann, 15), missed(dee, 60)))


def test_who_left_and_who_joined_late_is_said_under_their_name() -> None:
    page = text(game_sheet(comings_and_goings(), INFO))
    assert "Ben left after round 1" in page
    assert "Dee joined in round 2" in page
    assert "Ann left" not in page and "Cem joined" not in page


def test_the_dealer_order_lists_only_the_players_still_in_the_game() -> None:
    page = text(game_sheet(comings_and_goings(), INFO))
    assert "Dealer order: Ann, Cem, Dee" in page


def images(data: bytes) -> int:
    return sum(len(page.images) for page in PdfReader(BytesIO(data)).pages)


def test_an_emoji_in_a_name_prints_as_a_picture_in_the_header_and_the_notes() -> None:
    plain = game_sheet(comings_and_goings(), INFO)
    family = game_sheet(comings_and_goings(names=(f"Ann {FAMILY}", "Ben", "Cem 😀", "Dee")),
                        INFO)
    assert images(plain) == 0
    # One picture per emoji, drawn wherever the name is (the QR code is vector-drawn).
    assert images(family) == 2
    page = text(family)
    assert "Ann" in page and "Cem" in page
    assert FAMILY not in page and "\u25a1" not in page  # no text glyph, no box


def sizes_of(data: bytes, wanted: str) -> list[float]:
    found: list[float] = []

    def visit(text: str, _cm: object, _tm: object, _font: object, size: float) -> None:
        if wanted in text:
            found.append(size)

    for page in PdfReader(BytesIO(data)).pages:
        page.extract_text(visitor_text=visit)
    return found


def test_a_long_label_keeps_the_labels_size_in_a_wider_column() -> None:
    def _(message: str) -> str:
        return {"Round": "Durchgang"}.get(message, message)

    data = game_sheet(comings_and_goings(), INFO, _)
    assert "Durchgang" in " ".join(pages(data))
    assert sizes_of(data, "Durchgang") == [7.5]


def test_an_emoji_picture_is_drawn_again_when_its_file_is_gone() -> None:
    """A temporary folder may be cleaned under a long-running process: the next sheet draws
    the picture again rather than failing to read it."""
    from companion.pdf import emoji

    path = emoji.picture("😀")
    assert path is not None and path.exists()
    path.unlink()
    assert emoji.picture("😀") == path and path.exists()
    assert emoji.picture("A") is not None and not emoji.is_emoji("A")


def _head_picture(name: str) -> tuple[str, float]:
    """The style of a name's column head and the height (points) of its first emoji picture."""
    from companion.pdf import table
    from companion.scoring.grid import NameCell

    head = table._name(NameCell(name, 1), str).content  # the paragraph inside its clip
    height = re.search(r'<img [^>]*height="([\d.]+)"', head.text)
    assert height is not None, head.text
    return head.style.name, float(height.group(1))


def test_a_name_of_emoji_only_prints_as_high_as_the_points_below_it() -> None:
    alone_style, alone = _head_picture("🦊")
    family_style, family = _head_picture(FAMILY)
    beside_style, beside = _head_picture("Cem 😀")
    assert alone_style == family_style == "emoji name" and beside_style == "name"
    assert alone == family >= 14 > 10 > beside  # the points print at 12 pt
    data = game_sheet(comings_and_goings(names=("🦊", "Ben", FAMILY, "Dee")), INFO)
    assert images(data) == 2
