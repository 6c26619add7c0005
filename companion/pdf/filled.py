"""A game's sheet, filled in: its rounds, crossed-off phases, totals, outcome and notes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from reportlab.platypus import Spacer, Table, TableStyle  # type: ignore[import-untyped]

from companion.pdf.flowables import Clipped, QrCode
from companion.pdf.layout import MIN_ROUND_ROWS, Translate, fonts, identity, para, rich
from companion.pdf.options import GameInfo
from companion.pdf.page import (
    build,
    card_values,
    document,
    edition_name,
    frame_size,
    legend,
    one_line,
    page_heading,
)
from companion.pdf.scripts import fill, name_markup, names_markup
from companion.pdf.table import score_grid
from companion.scoring.grid import sheet_grid

if TYPE_CHECKING:
    from companion.scoring import Sheet

def _outcome(sheet: Sheet, _: Translate) -> str:
    """The outcome line as paragraph markup, each name in a font that has its letters."""
    def names(players: Iterable[str]) -> str:
        return ", ".join(name_markup(name, bold=True, size=12) for name in players)

    if sheet.status == "finished" and sheet.winner:
        return fill(_("Winner: %(name)s"), name=names([sheet.winner]))
    if sheet.status == "finished":
        return fill(_("Shared win: %(names)s"), names=names(sheet.winners))
    if sheet.status == "tiebreak":
        return fill(_("Tie: %(names)s play a tie-break round."), names=names(sheet.tiebreak))
    return fill(_("Game in progress: round %(n)s is next."), n=sheet.next_round)


def _notes(sheet: Sheet, _: Translate) -> list[str]:
    """The lines under the table, as paragraph markup: order of play, what the marks mean,
    variants, the ending."""
    setup, mark = sheet.setup, fonts().dealer_mark
    # The order round the table of those still in the game: whoever left deals no more.
    left = dict(zip(setup.players, setup.left or (), strict=False))
    seats = [name for name in setup.players[setup.first_dealer:] + setup.players[
        :setup.first_dealer] if not left.get(name)]
    if setup.edition.markers:
        notes = [fill(_("Seating order: %(names)s"), names=names_markup(seats, size=8)),
                 fill(_("%(mark)s started the round; bold: ended the round and moved 2 spaces."),
                      mark=mark)]
        last = sheet.rounds[-1] if sheet.rounds else None
        if last is not None and last.stopped:
            notes.append(fill(_("Round %(n)s: %(names)s did not move because the game had "
                                "ended."), n=last.number, names=names_markup(last.stopped, size=8)))
        return notes
    notes = [fill(_("Dealer order: %(names)s"), names=names_markup(seats, size=8)),
             fill(_("%(mark)s dealt the round; bold: went out."), mark=mark)]
    if setup.phases != setup.edition.phase_numbers:
        notes.append(fill(_("Phases in play: %(phases)s"),
                          phases=", ".join(str(number) for number in setup.phases)))
    if setup.ten_rounds:
        notes.append(escape(_("Variant: exactly 10 rounds, fewest points wins.")))
    if setup.knocking:
        notes.append(escape(_("Variant: knocking allowed.")))
    return notes


def game_sheet(sheet: Sheet, info: GameInfo, _: Translate = identity) -> bytes:
    """The game's sheet filled in; a long game continues on further pages under its header."""
    title = _("Phase 10 score sheet")
    doc, buffer = document(info.paper, title)
    width, _height = frame_size(doc)
    board = sheet.setup.edition.markers
    qr_size = 68
    aside = Table([[QrCode(info.view_url, qr_size)], [para(_("Read-only link"), "small")]],
                  colWidths=[qr_size + 4])
    aside.setStyle(TableStyle([("ALIGN", (0, 0), (-1, -1), "CENTER"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                               ("TOPPADDING", (0, 0), (-1, -1), 0)]))
    started = _("Started %(date)s") % {"date": info.created.isoformat()}
    heading = page_heading([para(title, "title"),
                            Clipped(one_line(edition_name(sheet.setup.edition, _),
                                             f" · {started}", "sub", width - qr_size - 8)),
                            Spacer(0, 4), Clipped(rich(_outcome(sheet, _), "outcome"))],
                           aside, qr_size + 8, width)
    # A game in progress leaves rows to go on by hand.
    spare = max(0, MIN_ROUND_ROWS - len(sheet.rounds)) if sheet.status == "playing" else 0
    grid = score_grid(sheet_grid(sheet, spare_rows=spare), width, header_height=None,
                      total_label=_("Marker") if board else _("Total"), _=_)
    values = card_values(sheet.setup.edition, _)
    story = [heading, Spacer(0, 6), legend(sheet.setup.edition, sheet.setup.phases, width, _),
             *((Spacer(0, 3), values) if values is not None else ()), Spacer(0, 8), grid,
             Spacer(0, 6)]
    story += [Clipped(rich(note, "note")) for note in _notes(sheet, _)]
    story.append(para(info.view_url, "small"))
    return build(doc, buffer, story, _)
