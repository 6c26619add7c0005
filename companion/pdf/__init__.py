"""Printable score sheets as PDF: the blank Wertungsblatt and a game's sheet, filled in.

Pure functions from data to bytes (no Flask). ``_`` translates English message ids; the
views pass the request's gettext, the default leaves the text in English.

The layout follows the paper "Kopiervorlage": one column per player with a name line,
the edition's phase numbers to cross off, a row per round and a total row. The rows and cells
come from :mod:`companion.scoring.grid`, as on the game's page; :mod:`.table` draws them with
a few narrow sub-columns per player, so the phase numbers sit in two rows of boxes (1-5 and
6-10 for ten phases) as in the rules' worked example; names, points and totals span them all.
"""

from __future__ import annotations

from companion.pdf.blank import BlankOptions, blank_sheet
from companion.pdf.filled import GameInfo, game_sheet
from companion.pdf.layout import Translate, identity
from companion.pdf.page import PAPERS
from companion.pdf.qr import qr_modules

__all__ = [
    "PAPERS", "BlankOptions", "GameInfo", "Translate", "blank_sheet", "game_sheet", "identity",
    "qr_modules",
]
