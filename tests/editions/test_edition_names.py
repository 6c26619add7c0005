"""Nothing outside the edition registry names an edition (issue 10).

The web layer, templates and scripts ask an :class:`~companion.editions.Edition` object for
what they need (its capabilities, labels and template pieces). A key such as ``"board"``
written out as a string, or an ``Edition.BOARD``-style constant, is an edition's behaviour
spread outside ``companion/editions``; this test lists every such place so it cannot creep back.
"""

from __future__ import annotations

import re
from pathlib import Path

from companion import editions

ROOT = Path(__file__).resolve().parents[2]
SEARCHED = (("companion", "*.py"), ("templates", "*.html"), ("static", "*.js"))
REGISTRY = ROOT / "companion" / "editions"

ALLOWED = {
    # The JSON API's field for a player's board-game statistics (docs/API.md): a field name
    # of the contract, not a test of which edition a game is.
    ("companion/schemas/groups.py",
     '"board": {"played": player.board_played, "won": player.board_won,'),
    # A word of a logged game's title (BG Stats, BoardGameGeek), not an edition's key.
    ("companion/schemas/logged.py", 'if "masters" in name:'),
    # The two kinds of game a group rates apart: the API's words (docs/API.md, ratings).
    ("companion/scoring/ratings.py", 'CARD, BOARD = KINDS = ("card", "board")'),
    ("companion/schemas/groups.py",
     '"board": [rating_json(*item) for item in rated[BOARD]]}'),
    ("companion/schemas/ratings.py",
     'game: Annotated[Literal["card", "board"], Says("“game” must be “card” or “board”")]'
     ' = "card"'),
}

def _doctest(line: str) -> bool:
    """Docstring examples run against the real registry and may name its editions."""
    return line.lstrip().startswith((">>>", "... "))


def edition_names(root: Path, keys: tuple[str, ...]) -> list[str]:
    """Every ``path:line: text`` under ``root`` that names one of ``keys`` as a quoted string
    or an edition as an ``Edition.NAME`` constant, outside the registry."""
    quoted = "|".join(re.escape(key) for key in keys)
    pattern = re.compile(rf"""(['"])({quoted})\1|\bEdition\.[A-Z][A-Z_]+\b""")
    found = []
    for folder, glob in SEARCHED:
        for path in sorted((root / folder).rglob(glob)):
            if path.is_relative_to(root / "companion" / "editions"):
                continue
            relative = path.relative_to(root).as_posix()
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if (pattern.search(line) and not _doctest(line)
                        and (relative, line.strip()) not in ALLOWED):
                    found.append(f"{relative}:{number}: {line.strip()}")
    return found


def test_the_pattern_finds_what_it_must(tmp_path: Path) -> None:
    (tmp_path / "companion").mkdir()
    (tmp_path / "templates").mkdir()
    (tmp_path / "static").mkdir()
    (tmp_path / "companion" / "x.py").write_text(
        'if game.edition == "board":\n    pass\nkind = Edition.MASTERS\n'
        '    >>> get("original")\nboardgame = "boards"\n', encoding="utf-8")
    (tmp_path / "templates" / "t.html").write_text(
        "{% if e.value == 'masters' %}{% endif %}\n", encoding="utf-8")
    (tmp_path / "static" / "s.js").write_text('x = chosen === "original";\n', encoding="utf-8")
    found = edition_names(tmp_path, ("original", "masters", "board"))
    assert [place.split(": ")[0] for place in found] == [
        "companion/x.py:1", "companion/x.py:3", "templates/t.html:1", "static/s.js:1"]


def test_nothing_outside_the_registry_names_an_edition() -> None:
    found = edition_names(ROOT, editions.keys())
    assert not found, "editions named outside companion/editions:\n" + "\n".join(found)
