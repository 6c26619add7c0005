"""What a sheet is drawn from besides the game: the web layer makes these, a drawing process
draws them (companion.infra.drawing), so they stand apart from the drawing code and its
reportlab."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from companion import editions
from companion.editions import Edition


@dataclass(frozen=True)
class BlankOptions:
    """What a blank sheet shows: a column per entry of ``names`` ("" leaves a line to write on)."""

    edition: Edition = field(default_factory=editions.default)
    names: tuple[str, ...] = ("",) * 6
    paper: str = "a4"


@dataclass(frozen=True)
class GameInfo:
    """What the sheet does not know about its game: when it started and its read-only link."""

    created: date
    view_url: str
    paper: str = "a4"
