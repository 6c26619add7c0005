"""The standings picture's words, made by the web layer and sent to the process that draws."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Caption:
    """The picture's words, in the game's language."""

    title: str
    """The game: "Phase 10 card game"."""
    outcome: str
    """"Ann wins!", "Shared win: Ann and Ben"."""
    facts: Mapping[str, str]
    """Per player, what the standings count: "9 phases · 120 points", "on phase 6"."""
    notes: Mapping[str, str]
    """Per player who left: "left after round 6"."""
    footer: str
    """Rounds and length: "12 rounds · 1 hr 33 min"."""
    brand: str = "Phase 10 Companion"
