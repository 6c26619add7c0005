"""The standings picture, drawn with Pillow.

1080 px wide (what chat apps show full width on a phone), large type, every name in a font
that has its letters (companion.png.fonts). Each player's line shows their place, name, what
the standings count (phases and points, or the marker's space) and, from the sheet's own grid
(companion.scoring.grid), the phases they crossed off or where their marker stands on the
track. The words come in translated (:class:`Caption`): like the PDFs, no Flask here.
"""

from __future__ import annotations

from io import BytesIO

from PIL import Image, ImageDraw

from companion.png.caption import Caption
from companion.png.text import Colour, Style, draw, fitted
from companion.scoring.grid import PhaseMark, phase_rows
from companion.scoring.model import Sheet
from companion.scoring.places import Place, places

WIDTH = 1080
MARGIN = 48
BAND = 236
ROW = 156
FOOTER = 118

INK: Colour = (22, 24, 29)
MUTED: Colour = (75, 82, 98)
ACCENT: Colour = (29, 78, 216)
WHITE: Colour = (255, 255, 255)
PAPER: Colour = (246, 247, 251)
LINE: Colour = (213, 217, 226)
WON: Colour = (254, 243, 199)
MEDALS: dict[int, Colour] = {1: (217, 164, 6), 2: (148, 163, 184), 3: (180, 110, 55)}


def standings_png(sheet: Sheet, caption: Caption) -> bytes:
    """The final standings of ``sheet`` as a PNG."""
    ranked = places(sheet)
    height = BAND + ROW * len(ranked) + FOOTER
    image = Image.new("RGB", (WIDTH, height), PAPER)
    _band(image, caption)
    marks = _marks(sheet)
    for index, place in enumerate(ranked):
        _row(image, BAND + index * ROW, place, caption, marks[place.name], sheet)
    _footer(image, height - FOOTER, caption)
    out = BytesIO()
    image.save(out, "PNG")  # optimize=True: 4 times the time for 5 % fewer bytes
    return out.getvalue()


def _band(image: Image.Image, caption: Caption) -> None:
    canvas = ImageDraw.Draw(image)
    canvas.rectangle((0, 0, WIDTH, BAND - 28), fill=ACCENT)
    # The app's logo: "10" on a white tile.
    canvas.rounded_rectangle((MARGIN, 40, MARGIN + 76, 116), radius=14, fill=WHITE)
    draw(image, MARGIN + 38, 94, "10", Style(40, ACCENT, bold=True), rtl=False, align="center")
    room = WIDTH - 2 * MARGIN - 100
    title, style = fitted(caption.title, Style(38, WHITE), room, least=26, rtl=False)
    draw(image, MARGIN + 100, 92, title, style, rtl=False, within=(MARGIN + 92, 24, WIDTH, 116))
    outcome, style = fitted("★ " + caption.outcome, Style(56, WHITE, bold=True),
                            WIDTH - 2 * MARGIN, least=30, rtl=False)
    draw(image, MARGIN, 182, outcome, style, rtl=False, within=(0, 116, WIDTH, BAND - 28))


def _row(image: Image.Image, top: int, place: Place, caption: Caption,
         marks: tuple[bool, ...] | int, sheet: Sheet) -> None:
    canvas = ImageDraw.Draw(image)
    box = (MARGIN - 16, top + 8, WIDTH - MARGIN + 16, top + ROW - 8)
    canvas.rounded_rectangle(box, radius=22, fill=WON if place.won else WHITE, outline=LINE,
                             width=2)
    medal = MEDALS.get(place.place, LINE)
    centre = (MARGIN + 44, top + ROW // 2)
    canvas.ellipse((centre[0] - 42, centre[1] - 42, centre[0] + 42, centre[1] + 42), fill=medal)
    number_colour = INK if place.place > 3 else WHITE
    draw(image, centre[0], centre[1] + 16, str(place.place), Style(46, number_colour, True),
         rtl=False, align="center")
    left = MARGIN + 112
    room = WIDTH - MARGIN - left
    name, style = fitted(place.name, Style(52, INK, bold=True), room, least=28)
    # Each line of the row in its own part of the row's box: a name's marks stay in it.
    draw(image, left, top + 70, name, style, within=(left - 8, top + 10, WIDTH - MARGIN + 8,
                                                      top + 92))
    facts = caption.facts.get(place.name, "")
    note = caption.notes.get(place.name)
    if note:
        facts = f"{facts} · {note}" if facts else note
    picture_room = _track_width(marks, sheet)
    facts, style = fitted(facts, Style(32, MUTED), room - picture_room - 24, least=22,
                          rtl=False)
    draw(image, left, top + 124, facts, style, rtl=False,
         within=(left - 8, top + 92, WIDTH - MARGIN - picture_room, top + ROW - 10))
    _track(image, WIDTH - MARGIN, top + 124, marks, sheet)


def _marks(sheet: Sheet) -> dict[str, tuple[bool, ...] | int]:
    """Per player, from the sheet's grid: the phases in play crossed off (card games), or the
    space the marker stands on (board game, as the grid's totals row)."""
    if sheet.setup.edition.markers:
        return {line.name: line.marker or 1 for line in sheet.players}
    rows = phase_rows(sheet)
    return {line.name: tuple(row.cells[column].mark is PhaseMark.DONE for row in rows)
            for column, line in enumerate(sheet.players)}


SQUARE, GAP = 30, 7


def _track_width(marks: tuple[bool, ...] | int, sheet: Sheet) -> int:
    count = len(marks) if isinstance(marks, tuple) else sheet.setup.edition.wreath
    return count * (SQUARE + GAP) - GAP


def _track(image: Image.Image, right: int, baseline: int, marks: tuple[bool, ...] | int,
           sheet: Sheet) -> None:
    """The phases as small squares (crossed off: filled), or the board's track with the
    marker's space filled and the wreath as a circle at its end."""
    canvas = ImageDraw.Draw(image)
    left = right - _track_width(marks, sheet)
    top = baseline - SQUARE + 2
    if isinstance(marks, tuple):
        for index, done in enumerate(marks):
            x = left + index * (SQUARE + GAP)
            shape = (x, top, x + SQUARE, top + SQUARE)
            if done:
                canvas.rounded_rectangle(shape, radius=6, fill=ACCENT)
                canvas.line((x + 8, top + 8, x + SQUARE - 8, top + SQUARE - 8), fill=WHITE,
                            width=4)
                canvas.line((x + SQUARE - 8, top + 8, x + 8, top + SQUARE - 8), fill=WHITE,
                            width=4)
            else:
                canvas.rounded_rectangle(shape, radius=6, outline=LINE, width=3)
        return
    wreath = sheet.setup.edition.wreath
    for space in range(1, wreath + 1):
        x = left + (space - 1) * (SQUARE + GAP)
        shape = (x, top, x + SQUARE, top + SQUARE)
        here, passed = space == marks, space < marks
        fill = ACCENT if here else (LINE if passed else None)
        if space == wreath:
            canvas.ellipse(shape, fill=MEDALS[1] if here else None,
                           outline=MEDALS[1], width=4)
        else:
            canvas.rounded_rectangle(shape, radius=6, fill=fill,
                                     outline=ACCENT if here else LINE, width=3)


def _footer(image: Image.Image, top: int, caption: Caption) -> None:
    room = WIDTH - 2 * MARGIN
    footer, style = fitted(caption.footer, Style(34, INK, bold=True), room * 0.6, least=22,
                           rtl=False)
    draw(image, MARGIN, top + 62, footer, style, rtl=False)
    draw(image, WIDTH - MARGIN, top + 62, caption.brand, Style(28, MUTED), rtl=False,
         align="right")
