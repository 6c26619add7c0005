"""The drawn cells of the sheets: a phase crossed off, and the QR code of a game's link."""

from __future__ import annotations

import itertools

from reportlab.platypus import Flowable  # type: ignore[import-untyped]

from ..qr import qr_modules
from .layout import INK, SOFT_INK, fonts

QR_BORDER = 2  # modules of quiet zone; the page margin adds more


class CrossedPhase(Flowable):  # type: ignore[misc]
    """A phase box crossed off as on paper: a bold X drawn over the grey number."""

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width, self.height = available_width, 10
        return self.width, self.height

    def draw(self) -> None:
        canvas, font = self.canv, fonts()
        canvas.setFillColor(SOFT_INK)
        canvas.setFont(font.regular, 8)
        canvas.drawCentredString(self.width / 2, 1.5, str(self.number))
        canvas.setFillColor(INK)
        canvas.setFont(font.bold, 13)
        canvas.drawCentredString(self.width / 2, 0, "X")


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

