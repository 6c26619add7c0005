"""Score-sheet pages as a package: start a game and show its sheet (``pages``), enter and
correct rounds (``rounds``), type a game played on paper (``paper``), change its players
(``players``), undo a round and take the undo back (``undo``), all on one blueprint
(``blueprint``)."""

from __future__ import annotations

from companion.views.games import pages, paper, players, rounds, undo
from companion.views.games.blueprint import bp

__all__ = ["bp", "pages", "paper", "players", "rounds", "undo"]
