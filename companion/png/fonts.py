"""Text in any script on a picture: each part of a line in a font that has its letters, the
parts in the order they are read on screen.

Pillow lays out one run of text in one font (raqm: HarfBuzz shapes it, FriBiDi orders it); a
name may need several fonts ("Léa 🎲", "王芳"), so a line is cut into runs here. Each grapheme
cluster (what a person sees as one character: a conjunct, an emoji ZWJ sequence) goes to the
first font that has every one of its characters, a script's own font first where it is better
than the general one (Noto Sans Arabic and Hebrew over DejaVu's plain forms; Noto Color Emoji
for emoji). The fonts are the PDFs' (companion.pdf.scripts): DejaVu Sans, Noto (Debian's
``fonts-noto-core``), Droid Sans Fallback for Chinese, Japanese and Korean, and Noto Color Emoji
(``fonts-noto-color-emoji``) where installed; a script none of them has is looked for among
every Noto Sans font on the machine. A cluster no font has is drawn as an empty box.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import regex
from fontTools.ttLib import TTFont, TTLibError  # type: ignore[import-untyped]

TRUETYPE = Path("/usr/share/fonts/truetype")
NOTO = TRUETYPE / "noto"


@dataclass(frozen=True)
class Face:
    """A font: its files, and for a colour bitmap font the one size it is drawn at."""

    name: str
    regular: Path
    bold: Path | None = None
    bitmap: int | None = None
    """Noto Color Emoji has bitmaps of 109 px only: drawn at that size, then scaled."""

    def path(self, bold: bool) -> Path:
        return self.bold if bold and self.bold and self.bold.exists() else self.regular


LATIN = Face("DejaVuSans", TRUETYPE / "dejavu" / "DejaVuSans.ttf",
             TRUETYPE / "dejavu" / "DejaVuSans-Bold.ttf")
ARABIC = Face("NotoSansArabic", NOTO / "NotoSansArabic-Regular.ttf",
              NOTO / "NotoSansArabic-Bold.ttf")
HEBREW = Face("NotoSansHebrew", NOTO / "NotoSansHebrew-Regular.ttf",
              NOTO / "NotoSansHebrew-Bold.ttf")
DEVANAGARI = Face("NotoSansDevanagari", NOTO / "NotoSansDevanagari-Regular.ttf",
                  NOTO / "NotoSansDevanagari-Bold.ttf")
CJK = Face("DroidSansFallback",
           Path("/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf"))
EMOJI = Face("NotoColorEmoji", NOTO / "NotoColorEmoji.ttf", bitmap=109)
NOTO_SANS = Face("NotoSans", NOTO / "NotoSans-Regular.ttf", NOTO / "NotoSans-Bold.ttf")

#: Tried in this order for a cluster no script prefers a font for.
FACES = (LATIN, NOTO_SANS, ARABIC, HEBREW, DEVANAGARI, CJK, EMOJI)
#: Scripts whose own font is tried first.
PREFERRED = (
    (regex.compile(r"\p{Script=Arabic}"), ARABIC),
    (regex.compile(r"\p{Script=Hebrew}"), HEBREW),
    (regex.compile(r"\p{Emoji_Presentation}|\p{Emoji_Modifier}|\p{Regional_Indicator}"
                   r"|[\ufe0f\u20e3]"), EMOJI),
)
#: Characters that join or select a form rather than being drawn: no font needs them mapped.
JOINERS = frozenset({0x200C, 0x200D, 0xFE0E, 0xFE0F})
CLUSTER = regex.compile(r"\X")


@functools.cache
def coverage(path: Path) -> frozenset[int]:
    """The code points the font at ``path`` has a glyph for (none when it cannot be read)."""
    try:
        with TTFont(str(path), lazy=True, fontNumber=0) as font:
            cmap = font.getBestCmap() or {}
    except (OSError, TTLibError, AssertionError):
        return frozenset()
    return frozenset(cmap)


def has(face: Face, cluster: str) -> bool:
    chars = coverage(face.regular)
    needed = [ord(char) for char in cluster if ord(char) not in JOINERS]
    return bool(needed) and all(code in chars for code in needed)


@functools.cache
def _other_noto() -> tuple[Face, ...]:
    """Every other Noto Sans font on the machine (Thai, Tamil, Georgian, …), looked at only
    when none of :data:`FACES` has a cluster."""
    known = {face.regular for face in FACES}
    return tuple(Face(path.stem.removesuffix("-Regular"), path,
                      path.with_name(path.name.replace("-Regular", "-Bold")))
                 for path in sorted(NOTO.glob("NotoSans*-Regular.ttf")) if path not in known)


def face_for(cluster: str) -> Face | None:
    """The font to draw ``cluster`` in (None: no font on the machine has it)."""
    for pattern, face in PREFERRED:
        if pattern.search(cluster) and has(face, cluster):
            return face
    for face in (*FACES, *_other_noto()):
        if has(face, cluster):
            return face
    return None


@dataclass(frozen=True)
class Run:
    """Part of a line drawn in one font and one direction."""

    text: str
    face: Face | None
    """None: characters no font has (drawn as boxes, one per cluster)."""
    rtl: bool = False


def _direction(text: str) -> bool | None:
    """True: right to left, False: left to right, None: neither (spaces, digits, emoji)."""
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return None


def _logical_runs(text: str) -> list[tuple[str, Face | None]]:
    runs: list[tuple[str, Face | None]] = []
    for cluster in CLUSTER.findall(text):
        current = runs[-1][1] if runs else None
        neutral = _direction(cluster) is None and not PREFERRED[-1][0].search(cluster)
        if (runs and current is not None and neutral and not current.bitmap
                and has(current, cluster)):
            face: Face | None = current  # a space or a digit stays in the run it is in
        else:
            face = face_for(cluster)
        same = runs and runs[-1][1] == face and _direction(cluster) in (
            None, _direction(runs[-1][0]))
        if same and face is not None:
            runs[-1] = (runs[-1][0] + cluster, face)
        else:
            runs.append((cluster, face))
    return [part for run in runs for part in _spaces_apart(*run)]


def _spaces_apart(text: str, face: Face | None) -> list[tuple[str, Face | None]]:
    """A right-to-left run without the spaces at its ends: those belong between the runs (a
    space after "محمد" in "محمد wins!" must stay on the side of "wins!")."""
    core = text.strip()
    if not _direction(text) or not core or core == text:
        return [(text, face)]
    start = text.index(core)
    parts = [text[:start], core, text[start + len(core):]]
    return [(part, face) for part in parts if part]


def runs(text: str, *, rtl: bool | None = None) -> list[Run]:
    """``text`` cut into runs of one font each, in the order they are drawn left to right.

    ``rtl``: the line's direction (None: its first letter's, as a name on its own). Runs of
    the other direction keep their order among themselves; raqm orders each run's letters.
    """
    logical = _logical_runs(text)
    directions = [_direction(part) for part, _face in logical]
    base = rtl if rtl is not None else next((d for d in directions if d is not None), False)
    resolved = _resolve(directions, base)
    groups: list[list[Run]] = []
    for (part, face), right in zip(logical, resolved, strict=True):
        run = Run(part, face, right)
        if groups and groups[-1][0].rtl == right:
            groups[-1].append(run)
        else:
            groups.append([run])
    ordered = reversed(groups) if base else iter(groups)
    return [run for group in ordered for run in (reversed(group) if group[0].rtl else group)]


def _resolve(directions: list[bool | None], base: bool) -> list[bool]:
    """Each run's direction: a neutral run between two of the same direction takes it, any
    other neutral run the line's (the bidi algorithm's rule for neutrals, N1 and N2)."""
    resolved = []
    for index, direction in enumerate(directions):
        if direction is None:
            before = next((d for d in reversed(directions[:index]) if d is not None), base)
            after = next((d for d in directions[index + 1:] if d is not None), base)
            direction = before if before == after else base
        resolved.append(direction)
    return resolved


def clusters(text: str) -> Iterable[str]:
    return iter(CLUSTER.findall(text))
