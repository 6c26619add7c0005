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

from ..qr import qr_modules
from .blank import BlankOptions, blank_sheet
from .filled import GameInfo, game_sheet
from .layout import Translate, identity
from .page import PAPERS

__all__ = [
    "PAPERS", "BlankOptions", "GameInfo", "Translate", "blank_sheet", "game_sheet", "identity",
    "qr_modules",
]
