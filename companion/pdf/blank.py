"""The blank Wertungsblatt: a page to fill in by hand, as many round rows as fit."""

from __future__ import annotations

from reportlab.platypus import Spacer, Table  # type: ignore[import-untyped]

from companion.pdf.flowables import Clipped
from companion.pdf.layout import BLANK_ROW, MIN_ROUND_ROWS, Translate, identity, para
from companion.pdf.options import BlankOptions
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
from companion.pdf.table import score_grid
from companion.scoring.grid import blank_grid


def blank_sheet(options: BlankOptions, _: Translate = identity) -> bytes:
    """A blank Wertungsblatt: always one page, as many round rows as fit (at least 12)."""
    title = _("Phase 10 score sheet")
    doc, buffer = document(options.paper, title)
    width, height = frame_size(doc)
    edition = options.edition
    if edition.markers:
        hint = _("Cross off each phase as the marker passes it; write the space each marker "
                 "reaches after every round.")
        total_label = _("Wreath")
    else:
        hint = _("Cross off each phase as it is completed; write each round's penalty points "
                 "in the player's column.")
        total_label = _("Total")
    heading = page_heading([para(title, "title"),
                            Clipped(one_line(edition_name(edition, _), "", "sub",
                                             width - 150))],
                           para(_("Date:") + " ______________", "aside"), 150, width)
    values = card_values(edition, _)
    fixed = [heading, Spacer(0, 4), para(hint, "note"), Spacer(0, 6),
             legend(edition, edition.phase_numbers, width, _),
             *((Spacer(0, 3), values) if values is not None else ()), Spacer(0, 8)]
    header_height = None if any(options.names) else 34

    def grid(rows: int) -> Table:
        return score_grid(blank_grid(edition, options.names, rows), width,
                          header_height=header_height, total_label=total_label, _=_)

    used = sum(part.wrap(width, height)[1] for part in [*fixed, grid(0)])
    rows = max(MIN_ROUND_ROWS, int((height - used - 2) // BLANK_ROW))
    return build(doc, buffer, [*fixed, grid(rows)], _)
