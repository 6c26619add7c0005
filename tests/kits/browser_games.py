"""Games the browser tests set up through the API."""

from __future__ import annotations

from typing import Any

from tests.kits.browser import api_game, api_round


def tiebreak_game(page: Any, server: str) -> dict[str, Any]:
    """Two players tied on the last phase: the form asks for "Phase 10 done"."""
    game = api_game(page, server, ["Anaïs Dubois", "Ben"], phases=[9, 10])
    for results in ([("Anaïs Dubois", True, 0, True), ("Ben", False, 30, False)],
                    [("Anaïs Dubois", False, 30, False), ("Ben", True, 0, True)],
                    [("Anaïs Dubois", True, 0, True), ("Ben", True, 0, False)]):
        game = api_round(page, server, game, [
            {"player": name, "phase": phase, "points": points, "went_out": out}
            for name, phase, points, out in results], confirm=True)
    assert game["status"] == "tiebreak"
    return game
