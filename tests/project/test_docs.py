"""The docs stand alone: every relative link in the README and docs/ reaches a file (and a
heading, for an anchor) of the repository, and no file points to documents the repository
does not hold."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: [text](target), <img src="target">, <a href="target">
LINK = re.compile(r"\]\(([^)\s]+)\)|(?:src|href)=\"([^\"]+)\"")
#: Where earlier sessions pointed outside the repository.
OUTSIDE = re.compile(r"shared/|\bRULES\.md|\bARCHITECTURE\.md|\bseeds? 0\d\d")


def _anchor(heading: str) -> str:
    """The anchor a Markdown renderer gives a heading (GitHub's way)."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(document: Path) -> set[str]:
    return {_anchor(line.lstrip("#")) for line in document.read_text("utf-8").splitlines()
            if line.startswith("#")}


def dangling(document: Path, root: Path = ROOT) -> list[str]:
    """The relative links of ``document`` that reach nothing inside ``root``."""
    missing = []
    for match in LINK.finditer(document.read_text("utf-8")):
        target = match.group(1) or match.group(2)
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        path, _hash, anchor = target.partition("#")
        found = (document.parent / path).resolve() if path else document
        outside = not found.exists() or not found.resolve().is_relative_to(root)
        if outside or (anchor and found.suffix == ".md" and anchor not in _anchors(found)):
            missing.append(target)
    return missing


@pytest.mark.parametrize("document", DOCS, ids=lambda path: path.name)
def test_every_relative_link_reaches_a_file_of_the_repository(document: Path) -> None:
    assert not dangling(document)


def test_a_dangling_link_is_found(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("# There\n")
    page = tmp_path / "page.md"
    page.write_text("[ok](there.md) [heading](there.md#there) [web](https://example.org)\n"
                    "[gone](missing.md) [no heading](there.md#elsewhere) <img src=\"nope.png\">")
    assert dangling(page, tmp_path) == ["missing.md", "there.md#elsewhere", "nope.png"]
    (tmp_path / "inner").mkdir()
    inner = tmp_path / "inner" / "page.md"
    inner.write_text("[up](../there.md)")
    assert dangling(inner, tmp_path) == []
    assert dangling(inner, tmp_path / "inner") == ["../there.md"]  # outside the repository


def test_nothing_points_outside_the_repository() -> None:
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    if not tracked:
        pytest.skip("not a git checkout")
    found = []
    for name in tracked:
        path = ROOT / name
        if path.suffix not in {".py", ".md", ".html", ".js", ".toml", ".sh", ".cfg"}:
            continue
        if path == Path(__file__).resolve():
            continue
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


def test_the_rules_name_their_sources() -> None:
    rules = (ROOT / "docs" / "rules.md").read_text("utf-8")
    for source in ("card game rules", "board game rules", "Masters article"):
        assert f"**The {source}**" in rules
