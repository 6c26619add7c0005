"""A game known by its final result, as its sheet page shows it: one line per player in the
order of the standings, with what is known (a play logged elsewhere knows no phases)."""

from __future__ import annotations

from dataclasses import dataclass

from companion import scoring


@dataclass(frozen=True)
class FinalLineView:
    place: int
    name: str
    won: bool
    phases: int | None
    points: int | None
    marker: int | None


def final_lines(sheet: scoring.Sheet) -> list[FinalLineView] | None:
    """The final lines in the order of the standings (None: a game played round by round)."""
    if sheet.final is None:
        return None
    by_name = {line.player: line for line in sheet.final}
    winners = set(sheet.winners)
    return [FinalLineView(by_name[name].place, name, name in winners, by_name[name].phases,
                          by_name[name].points, by_name[name].marker)
            for name in sheet.standings]
