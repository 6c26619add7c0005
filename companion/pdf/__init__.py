"""Printable score sheets as PDF: the blank Wertungsblatt and a game's sheet, filled in.

Pure functions from data to bytes (no Flask). ``_`` translates English message ids; the
views pass the request's gettext, the default leaves the text in English.

The layout follows the paper "Kopiervorlage": one column per player with a name line,
the edition's phase numbers to cross off, a row per round and a total row. The rows and cells
come from :mod:`companion.scoring.grid`, as on the game's page; :mod:`.table` draws them with
a few narrow sub-columns per player, so the phase numbers sit in two rows of boxes (1-5 and
6-10 for ten phases) as in the rules' worked example; names, points and totals span them all.

reportlab loads with the first drawing, not with this package (companion.infra.lazy): the web layer
needs only the options (:mod:`.options`) and the paper names (:mod:`.paper`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.infra import lazy

if TYPE_CHECKING:
    from companion.pdf.blank import blank_sheet
    from companion.pdf.filled import game_sheet
    from companion.pdf.layout import Translate, identity
    from companion.pdf.options import BlankOptions, GameInfo
    from companion.pdf.page import PAPERS
    from companion.pdf.qr import qr_modules

__all__ = [
    'PAPERS', 'BlankOptions', 'GameInfo', 'Translate', 'blank_sheet', 'game_sheet', 'identity',
    'qr_modules',
]

__getattr__ = lazy.exports(__name__, {
    "PAPERS": "page", "BlankOptions": "options", "GameInfo": "options", "Translate": "layout",
    "blank_sheet": "blank", "game_sheet": "filled", "identity": "layout", "qr_modules": "qr"})
