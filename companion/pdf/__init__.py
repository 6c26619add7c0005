"""Printable score sheets as PDF: the blank Wertungsblatt and a game's sheet, filled in.

Pure functions from data to bytes (no Flask). ``_`` translates English message ids; the
views pass the request's gettext, the default leaves the text in English.

The layout follows the paper "Kopiervorlage": one column per player with a name line,
the phase numbers 1-10 to cross off, a row per round and a total row. Each player's column
is five narrow sub-columns so the phase numbers sit in two rows of five boxes (1-5, 6-10)
as in the rules' worked example; names, points and totals span all five.
"""

from __future__ import annotations

from .blank import BlankOptions, blank_sheet
from .filled import GameInfo, game_sheet
from .flowables import qr_modules
from .layout import Translate, identity
from .page import PAPERS

__all__ = [
    "PAPERS", "BlankOptions", "GameInfo", "Translate", "blank_sheet", "game_sheet", "identity",
    "qr_modules",
]
