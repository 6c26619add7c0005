"""A finished game's final standings as a PNG to send to a chat: data in, PNG bytes out.

1080 px wide (what chat apps show full width on a phone), large type, every name in a font
that has its letters (companion.png.fonts); drawn by :func:`standings_png`
(companion.png.standings) from the sheet and its words (:class:`Caption`). Like the PDFs, no
Flask here. Pillow loads with the first drawing, not with this package (companion.infra.lazy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.infra import lazy

if TYPE_CHECKING:
    from companion.png.caption import Caption
    from companion.png.standings import BAND, FOOTER, ROW, WIDTH, standings_png

__all__ = ["BAND", "FOOTER", "ROW", "WIDTH", "Caption", "standings_png"]

__getattr__ = lazy.exports(__name__, {"Caption": "caption", "BAND": "standings",
                                      "FOOTER": "standings", "ROW": "standings",
                                      "WIDTH": "standings", "standings_png": "standings"})
