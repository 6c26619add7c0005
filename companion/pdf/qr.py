"""The QR code of a game's read-only link: one encoder (segno) for the page and the PDF.

Pure Python, no Flask: the page draws it as SVG, the PDF draws its modules as rectangles.
"""

from __future__ import annotations

import functools
import io

import segno


@functools.lru_cache(maxsize=64)
def _code(url: str) -> segno.QRCode:
    # Error correction M (segno may raise it when the symbol has room to spare); never a
    # Micro QR code, which many phone cameras cannot read.
    return segno.make_qr(url, error="m")


def qr_svg(url: str) -> bytes:
    """An SVG QR code of ``url``, dark on white in both colour schemes (scanners read that
    best)."""
    out = io.BytesIO()
    _code(url).save(out, kind="svg", scale=4, dark="#000", light="#fff", xmldecl=False)
    return out.getvalue()


@functools.lru_cache(maxsize=64)
def qr_modules(url: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code's modules row by row (dark = True), without the quiet zone around them."""
    return tuple(tuple(bool(module) for module in row) for row in _code(url).matrix)
