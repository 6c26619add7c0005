"""Emoji in names on the sheets, in colour: each emoji (a ZWJ family too) is drawn with the
colour emoji font into a small picture, placed in the line like a letter.

reportlab embeds TrueType outlines only, and Debian's Noto Color Emoji is a bitmap (CBDT)
font: set as text, an emoji printed as an empty box. The pictures are drawn by the standings
picture's own text code (companion.png), so a name looks the same on both; the PDF's
paragraphs read them from files in a folder of this process, one per emoji, kept until it
ends.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import shutil
import tempfile
from pathlib import Path
from xml.sax.saxutils import quoteattr

from PIL import Image

from companion.png import fonts
from companion.png import text as png_text

#: The size the pictures are drawn at, in pixels: sharp at print resolution for a 12 pt name.
PIXELS = 96


def is_emoji(cluster: str) -> bool:
    """Whether a grapheme cluster is drawn in the colour emoji font (as the PNG draws it)."""
    return fonts.face_for(cluster) == fonts.EMOJI


_FOLDERS: dict[int, Path] = {}
"""The pictures' folder of each process (a worker forked after drawing makes its own)."""


def _folder() -> Path:
    pid = os.getpid()
    if pid not in _FOLDERS:
        _FOLDERS[pid] = Path(tempfile.mkdtemp(prefix="companion-emoji-"))
        atexit.register(_remove, _FOLDERS[pid], pid)
    return _FOLDERS[pid]


def _remove(folder: Path, pid: int) -> None:
    if os.getpid() == pid:  # only by the process that made it, not by a forked copy
        shutil.rmtree(folder, ignore_errors=True)


def picture(cluster: str) -> Path | None:
    """A PNG of ``cluster`` drawn in colour, cropped to the ink; None when nothing was drawn.
    Drawn once per process: the file is kept and found again by the cluster's hash."""
    path = _folder() / (hashlib.sha256(cluster.encode()).hexdigest()[:24] + ".png")
    if path.exists():
        return path
    image = Image.new("RGBA", (PIXELS * 3, PIXELS * 2), (0, 0, 0, 0))
    png_text.draw(image, PIXELS // 4, PIXELS * 3 // 2, cluster, png_text.Style(PIXELS, (0, 0, 0)))
    box = image.getbbox()
    if box is None:
        return None
    partial = path.with_suffix(f".{os.getpid()}.{id(image)}.part")
    image.crop(box).save(partial, format="PNG")
    os.replace(partial, path)  # whole or not at all, for a drawing at the same time
    return path


def markup(cluster: str, size: float) -> str | None:
    """Paragraph markup placing the emoji as a picture one letter high (``size``: the font
    size in points), or None when it cannot be drawn."""
    path = picture(cluster)
    if path is None:
        return None
    with Image.open(path) as image:
        width, height = image.size
    high = size * 0.95
    wide = high * width / height
    return (f"<img src={quoteattr(str(path))} width=\"{wide:.2f}\" height=\"{high:.2f}\" "
            f"valign=\"{-size * 0.16:.2f}\"/>")
