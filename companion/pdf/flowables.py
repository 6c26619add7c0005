"""The drawn cells of the sheets: a phase crossed off, the QR code of a game's link, and a
name's box that keeps the name's marks inside it."""

from __future__ import annotations

import itertools
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth  # type: ignore[import-untyped]
from reportlab.platypus import Flowable  # type: ignore[import-untyped]

from companion.pdf.layout import INK, SOFT_INK, fonts
from companion.pdf.qr import qr_modules

QR_BORDER = 2  # modules of quiet zone; the page margin adds more


class CrossedPhase(Flowable):  # type: ignore[misc]
    """A phase box crossed off as on paper: a bold X drawn over the grey number, stretched to
    be as wide as the number and then some, so that no digit of "10" sticks out of it. (A
    letter X, not two lines, so that the sheet's text still says which phases are done.)"""

    NUMBER_SIZE, NUMBER_BASE = 8, 1.5
    CROSS_SIZE, CROSS_MARGIN = 13, 2.5

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width, self.height = available_width, 10
        return self.width, self.height

    def number_box(self) -> tuple[float, float, float, float]:
        """Where the number is drawn: (left, bottom, right, top) in the cell."""
        width = stringWidth(str(self.number), fonts().regular, self.NUMBER_SIZE)
        middle = self.width / 2
        return (middle - width / 2, self.NUMBER_BASE, middle + width / 2,
                self.NUMBER_BASE + 0.72 * self.NUMBER_SIZE)  # digits' height: 0.72 em

    def stretch(self) -> float:
        """How much wider than the letter the X is drawn (1: as the font has it)."""
        left, _bottom, right, _top = self.number_box()
        letter = float(stringWidth("X", fonts().bold, self.CROSS_SIZE))
        return max(1.0, (right - left + 2 * self.CROSS_MARGIN) / letter)

    def cross_box(self) -> tuple[float, float, float, float]:
        """Where the X is drawn: (left, bottom, right, top) in the cell."""
        width = stringWidth("X", fonts().bold, self.CROSS_SIZE) * self.stretch()
        middle = self.width / 2
        return middle - width / 2, 0, middle + width / 2, 0.72 * self.CROSS_SIZE

    def draw(self) -> None:
        canvas, font = self.canv, fonts()
        canvas.setFillColor(SOFT_INK)
        canvas.setFont(font.regular, self.NUMBER_SIZE)
        canvas.drawCentredString(self.width / 2, self.NUMBER_BASE, str(self.number))
        cross = canvas.beginText(self.cross_box()[0], 0)
        cross.setFont(font.bold, self.CROSS_SIZE)
        cross.setHorizScale(100 * self.stretch())
        cross.setFillColor(INK)
        cross.textOut("X")
        canvas.drawText(cross)


class QrCode(Flowable):  # type: ignore[misc]
    """A QR code of ``url``, encoded by segno as on the game's page (one encoder for both).

    Drawn straight onto the canvas, one rectangle per run of dark modules.
    """

    def __init__(self, url: str, size: float) -> None:
        super().__init__()
        self.url, self.width, self.height = url, size, size

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        rows = qr_modules(self.url)
        module = self.width / (len(rows) + 2 * QR_BORDER)
        self.canv.setFillColor(INK)
        for index, row in enumerate(rows):
            y = self.height - (index + QR_BORDER + 1) * module
            column = 0
            for dark, run in itertools.groupby(row):
                length = len(list(run))
                if dark:
                    self.canv.rect((column + QR_BORDER) * module, y, length * module, module,
                                   stroke=0, fill=1)
                column += length



class Clipped(Flowable):  # type: ignore[misc]
    """``content`` (a paragraph holding names) drawn within its own box and ``margin`` points
    around it: a name holds at most four marks on a letter (companion.player_names), and none of
    them is drawn over the cells and lines around it."""

    def __init__(self, content: Any, margin: float = 2.5) -> None:
        super().__init__()
        self.content, self.margin = content, margin

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width, self.height = self.content.wrap(available_width, available_height)
        return self.width, self.height

    def minWidth(self) -> float:  # noqa: N802  (reportlab's name, asked by tables)
        return float(self.content.minWidth())

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        box = canvas.beginPath()
        box.rect(-self.margin, -self.margin, self.width + 2 * self.margin,
                 self.height + 2 * self.margin)
        canvas.clipPath(box, stroke=0, fill=0)
        self.content.drawOn(canvas, 0, 0)
        canvas.restoreState()
