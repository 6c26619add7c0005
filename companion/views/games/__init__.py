"""Score-sheet pages as a package: start a game and show its sheet (``pages``), enter and
correct rounds (``rounds``), change its players (``players``), undo a round and take the undo
back (``undo``), all on one blueprint (``blueprint``)."""

from __future__ import annotations

from companion.views.games import pages, players, rounds, undo
from companion.views.games.blueprint import bp

__all__ = ["bp", "pages", "players", "rounds", "undo"]
