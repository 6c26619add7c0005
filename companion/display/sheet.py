"""What the sheet pages show, and what the round form shows besides the entries (who plays,
the phases Masters offers, the round as the form saw it)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from flask import url_for
from flask_babel import gettext as _

from companion import models, scoring
from companion.display.charts import COLOURS, legend_key, progress_chart
from companion.display.glance import glance
from companion.display.naming import FITS_NARROW, marker_labels, short_names
from companion.editions import Edition
from companion.forms.games import choices
from companion.i18n import say_phase
from companion.pdf import qr
from companion.schemas.games import round_json
from companion.scoring.grid import sheet_grid


def qr_svg(url: str) -> bytes:
    """An SVG QR code of the game's read-only link (the PDF draws the same code)."""
    return qr.qr_svg(url)


def build(game: models.Game, sheet: scoring.Sheet, *, editable: bool) -> dict[str, Any]:
    view_url = url_for("games.sheet", key=game.view_key, _external=True)
    phases = {phase.number: phase for phase in sheet.setup.edition.phases}
    grid = sheet_grid(sheet)
    names = [line.name for line in sheet.players]
    return {
        "sheet": sheet,
        "grid": grid,
        "round_rows": grid.played,
        "phases": phases,
        "view_url": view_url,
        "last_round": sheet.rounds[-1].number if sheet.rounds else None,
        "lines": {line.name: line for line in sheet.players},
        "glance": glance(sheet),
        "short": short_names(names),
        "tiny": short_names(names, FITS_NARROW),
        "joined": {name: number for name, number in zip(
            sheet.setup.players, sheet.setup.joined or (), strict=False) if number > 1},
        "left": {name: number - 1 for name, number in zip(
            sheet.setup.players, sheet.setup.left or (), strict=False) if number},
        "track": track(sheet) if sheet.setup.edition.markers else [],
        "wreath": sheet.setup.edition.wreath,
        # Who went out (board game: ended the round) in each round, by round number.
        "enders": {row.number: cell.player for row in grid.played for cell in row.cells
                   if cell.went_out},
        "colours": PLAYER_COLOURS,
        "legend_key": legend_key,
        "chart": progress_chart(sheet, _chart_title(sheet)) if sheet.rounds else None,
        "phase_titles": {number: say_phase(phase) for number, phase in phases.items()},
        "labels": labels(sheet),
        "said": said(sheet),
    }


def said(sheet: scoring.Sheet) -> dict[int, str]:
    """Each round in a sentence, as the live region reads it out when another phone stores
    it (static/live-news.js): "Round 4: Anna went out, Ben 10, Cem 55"; the board game says
    its markers' moves."""
    return {view.number: _("Round %(number)s: %(results)s", number=view.number,
                           results=", ".join(_results_said(view, sheet.setup.edition)))
            for view in sheet.rounds}


def _results_said(view: scoring.RoundView, edition: Edition) -> list[str]:
    if not edition.markers:
        return [_("%(name)s went out", name=result.player) if result.went_out
                else _("%(name)s %(points)s", name=result.player, points=result.points)
                for result in view.results]
    ender = next((result.player for result in view.results if result.went_out), None)
    return [f"{move.player}: " + (
        _("phase %(a)s → phase %(b)s", a=move.start, b=move.end) if move.end < edition.wreath
        else _("phase %(a)s → laurel wreath", a=move.start))
        + (f" ({_('ended the round, +2')})" if move.player == ender else "")
        for move in view.moves]


def labels(sheet: scoring.Sheet) -> dict[str, Any]:
    """Words the sheet's cells repeat, translated once per page instead of once per cell."""
    return {"done": {number: _("phase %(n)s done", n=number) for number in sheet.setup.phases},
            "current": _("current phase"), "went_out": _("went out"),
            "edit": {view.number: _("Edit round %(number)s", number=view.number)
                     for view in sheet.rounds}}


def _chart_title(sheet: scoring.Sheet) -> str:
    if sheet.setup.edition.markers:
        return str(_("Phase markers after each round"))
    return str(_("Running totals after each round"))


def round_players(sheet: scoring.Sheet, number: int,
                  initial: scoring.RoundView | None) -> list[str]:
    """Who plays round ``number``: everybody, or the tied players in a tie-break round."""
    if initial is not None:
        return [result.player for result in initial.results]
    return list(sheet.expected)


def attempts(sheet: scoring.Sheet, initial: scoring.RoundView | None,
             names: list[str]) -> dict[str, int | None]:
    """The phase each player tries in the round on the form (``initial``: the edited one)."""
    if initial is not None:
        return {name: initial.attempted.get(name) for name in names}
    playing = set(sheet.setup.players)  # posted names are the client's word, not ours
    return {name: scoring.phase_tried(sheet, name) if name in playing else None
            for name in names}


def masters_choices(form: Any, sheet: scoring.Sheet, number: int) -> None:
    """Masters: each player picks one of the phases they have not completed before this round."""
    before = scoring.build_sheet(sheet.setup, [scoring.Round(view.results)
                                               for view in sheet.rounds[:number - 1]])
    done = {line.name: set(line.phases_done) for line in before.players}
    for entry in form.results.entries:
        taken = done.get(entry.form.player.data, set())
        left = [n for n in sheet.setup.edition.phase_numbers if n not in taken]
        entry.form.phase.choices = choices(("", _("no phase laid")),
                                           *((str(n), _("phase %(n)s", n=n)) for n in left))


def first_open_phases(form: Any) -> dict[str, str]:
    """Masters: the lowest phase each player has still open (what going out picks first)."""
    firsts: dict[str, str] = {}
    for entry in form.results.entries:
        if not hasattr(entry.form, "phase"):
            return firsts  # the board game names no phase
        options = [choice.value for choice in entry.form.phase.choices if choice.value]
        if options:
            firsts[entry.form.player.data] = options[0]
    return firsts


def round_seen(view: scoring.RoundView, edition: Edition) -> str:
    """A round's results as a form shows them, in the API's shape (JSON): the edit form's
    "before", by which a write made on an older page tells whether this round changed since
    (the offline queue replays it as its "before" too)."""
    results = sorted(round_json(view, edition)["results"], key=lambda result: result["player"])
    return json.dumps(results, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def describe_round(view: scoring.RoundView) -> str:
    """A stored round in one line of words ("Ann 0, went out; Ben 35, phase laid")."""
    parts = []
    for result in view.results:
        facts = [str(result.points)] if result.points is not None else []
        if result.went_out:
            facts.append(_("went out"))
        elif result.laid:
            facts.append(_("phase laid"))
        parts.append(_("%(name)s: %(facts)s", name=result.player, facts=", ".join(facts))
                     if facts else result.player)
    return "; ".join(parts)


PLAYER_COLOURS = COLOURS


@dataclass(frozen=True)
class Token:
    name: str
    initial: str
    colour: str
    x: int


def track(sheet: scoring.Sheet) -> list[tuple[int, list[Token]]]:
    """Board spaces from the wreath down to phase 1, each with the markers on it."""
    wreath = sheet.setup.edition.wreath
    spaces: dict[int, list[Token]] = {space: [] for space in range(wreath, 0, -1)}
    labels = marker_labels([line.name for line in sheet.players])
    for line in sheet.players:
        space = line.marker or 1
        slot = len(spaces[space])
        spaces[space].append(Token(line.name, labels[line.name],
                                   PLAYER_COLOURS[line.seat % len(PLAYER_COLOURS)],
                                   56 + slot * 28))
    return list(spaces.items())
