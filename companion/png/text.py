"""Drawing a line of text in any script on a Pillow image (fonts and runs: companion.png.fonts).

Every run is drawn on one baseline with raqm's layout; a colour emoji run is drawn at its
font's only size and scaled to the line's. A line too wide for its space is set smaller, down
to a least size, then cut with an ellipsis. A line may be clipped to a box: a name's marks
(at most four on a letter, companion.player_names) never draw over the lines around it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from companion.png.fonts import Face, Run, clusters, runs

Colour = tuple[int, int, int]
Box = tuple[int, int, int, int]


@functools.cache
def _font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.RAQM)


@dataclass(frozen=True)
class Style:
    size: int
    colour: Colour
    bold: bool = False


def _scale(face: Face, size: int) -> float:
    return size / face.bitmap if face.bitmap else 1.0


def _loaded(face: Face, style: Style) -> ImageFont.FreeTypeFont:
    return _font(face.path(style.bold), face.bitmap or style.size)


def _direction(run: Run) -> str:
    return "rtl" if run.rtl else "ltr"


def _run_width(run: Run, style: Style) -> float:
    if run.face is None:
        return len(list(clusters(run.text))) * style.size * 0.7
    font = _loaded(run.face, style)
    return font.getlength(run.text, direction=_direction(run)) * _scale(run.face, style.size)


def width(text: str, style: Style, *, rtl: bool | None = None) -> float:
    return sum(_run_width(run, style) for run in runs(text, rtl=rtl))


def fitted(text: str, style: Style, room: float, *, least: int,
           rtl: bool | None = None) -> tuple[str, Style]:
    """``text`` and a style no wider than ``room``: smaller type first, then fewer clusters."""
    size = style.size
    while size > least and width(text, Style(size, style.colour, style.bold), rtl=rtl) > room:
        size -= 2
    chosen = Style(size, style.colour, style.bold)
    if width(text, chosen, rtl=rtl) <= room:
        return text, chosen
    # The most clusters that fit with the ellipsis, by bisection: a long name of emoji is
    # measured a few times, not once per cluster it loses.
    kept = list(clusters(text))
    low, high = 0, len(kept)
    while low < high:
        middle = (low + high + 1) // 2
        if width("".join(kept[:middle]) + "…", chosen, rtl=rtl) <= room:
            low = middle
        else:
            high = middle - 1
    return "".join(kept[:low]).rstrip() + "…", chosen


def draw(image: Image.Image, x: float, baseline: float, text: str, style: Style, *,
         rtl: bool | None = None, align: str = "left", within: Box | None = None) -> float:
    """Draws ``text`` with its baseline at ``baseline``, starting at ``x`` (``align="right"``:
    ending there, ``"center"``: centred on it); returns its width. With ``within`` (left,
    top, right, bottom) nothing is drawn outside that box."""
    if within is not None:  # drawn on a copy of the box alone, put back
        box_left, box_top = within[:2]
        box = image.crop(within)
        drawn = draw(box, x - box_left, baseline - box_top, text, style, rtl=rtl, align=align)
        image.paste(box, (box_left, box_top))
        return drawn
    parts = runs(text, rtl=rtl)
    total = sum(_run_width(run, style) for run in parts)
    left = x - {"left": 0, "center": total / 2, "right": total}[align]
    canvas = ImageDraw.Draw(image)
    for run in parts:
        advance = _run_width(run, style)
        if run.face is None:
            _boxes(canvas, left, baseline, run, style)
        elif run.face.bitmap:
            _bitmap_run(image, left, baseline, run, style)
        else:
            # A font without a bold file (Droid Sans Fallback) is made bold by a thin outline.
            stroke = style.size // 36 if style.bold and run.face.bold is None else 0
            canvas.text((left, baseline), run.text, font=_loaded(run.face, style),
                        fill=style.colour, anchor="ls", direction=_direction(run),
                        stroke_width=stroke, stroke_fill=style.colour)
        left += advance
    return total


def _bitmap_run(image: Image.Image, x: float, baseline: float, run: Run, style: Style) -> None:
    """A colour emoji run: drawn at the font's own size, scaled to the line's, pasted on its
    baseline."""
    assert run.face is not None and run.face.bitmap
    font = _loaded(run.face, style)
    left, top, right, bottom = (round(edge) for edge in font.getbbox(run.text, anchor="ls"))
    if right <= left or bottom <= top:
        return
    glyphs = Image.new("RGBA", (right - left, bottom - top))
    ImageDraw.Draw(glyphs).text((-left, -top), run.text, font=font, anchor="ls",
                                embedded_color=True)
    scale = _scale(run.face, style.size)
    size = (max(1, round(glyphs.width * scale)), max(1, round(glyphs.height * scale)))
    glyphs = glyphs.resize(size, Image.Resampling.LANCZOS)
    image.paste(glyphs, (round(x + left * scale), round(baseline + top * scale)), glyphs)


def _boxes(canvas: ImageDraw.ImageDraw, x: float, baseline: float, run: Run,
           style: Style) -> None:
    """Characters no font has: one empty box each, as tall as a capital letter."""
    step = style.size * 0.7
    for index, _cluster in enumerate(clusters(run.text)):
        left = x + index * step + step * 0.12
        canvas.rounded_rectangle((left, baseline - style.size * 0.72, left + step * 0.76,
                                  baseline), radius=style.size * 0.08, outline=style.colour,
                                 width=max(1, style.size // 16))
