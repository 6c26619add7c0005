"""What the documentation names as code is there: every path and every dotted name of the
package written in backticks in README.md and docs/*.md (``companion/cache/sheets.py``,
``services/seen.py``, ``companion.services.kept.keep``, ``games.sheet_at``) names a file, a
module or something a module defines."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import companion

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: Where a path written without its folder is looked for: the repository, the package, the
#: templates and the browser code.
BASES = [ROOT, ROOT / "companion", ROOT / "templates", ROOT / "static", ROOT / "tests"]
EXTENSIONS = (".py", ".md", ".html", ".mjs", ".js", ".css", ".toml", ".cfg", ".sh", ".json",
              ".txt", ".po", ".pot", ".ini", ".svg", ".png")
CODE = re.compile(r"`([^`\n]+)`")
#: Paths that are made when the app or the tests run (git-ignored), or an example of one to
#: make.
MADE = {"screenshots/", "instance/config.py",
        "companion/translations/es/LC_MESSAGES/messages.po"}
#: The package's modules by their name in it ("services", "cache.sheets", "app", ...).
MODULES = {module.name.removeprefix("companion.")
           for module in pkgutil.walk_packages(companion.__path__, "companion.")
           if ".migrations" not in module.name}
TOP = {name.split(".")[0] for name in MODULES}


def _looks_like_a_path(text: str) -> bool:
    if re.fullmatch(r"[\w-]+\.(py|mjs|js|html|css|md|toml)", text):
        return True  # a bare file name
    return ("/" in text and " " not in text and "://" not in text and "<" not in text
            and "*" not in text and "…" not in text and not text.startswith(("/", "-", "."))
            and (text.endswith(EXTENSIONS) or text.endswith("/")) and "{" not in text)


#: Every file name in the repository's folders (a bare name, ``seen.py``, is one of them).
NAMES = {path.name for folder in ("companion", "tests", "scripts", "benchmarks", "docs",
                                  "templates", "static", "stubs")
         for path in (ROOT / folder).rglob("*")} | {path.name for path in ROOT.iterdir()}


def _path_exists(text: str) -> bool:
    if text in MADE:
        return True
    if "/" not in text:
        return text in NAMES
    text = text.split(":")[0].rstrip("/")
    return any((base / text).exists() for base in BASES)


def _dotted(text: str) -> str | None:
    """The package's dotted name in ``text`` ("companion.x.y", "services.games.sheet_of()"),
    or None for anything else."""
    name = text.removesuffix("()")
    if name.endswith(EXTENSIONS) or name.startswith("app."):  # a file; Flask's app
        return None
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+", name):
        return None
    name = name.removeprefix("companion.")
    return name if name.split(".")[0] in TOP else None


def _defined(name: str) -> bool:
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        module_name = ".".join(parts[:cut])
        if module_name in MODULES:
            found: object = importlib.import_module(f"companion.{module_name}")
            for attribute in parts[cut:]:
                if not _has(found, attribute):  # a field of a class: declared, not set
                    return attribute in {*getattr(found, "__annotations__", {}),
                                         *getattr(found, "__dataclass_fields__", {})}
                try:
                    found = getattr(found, attribute)
                except RuntimeError:  # the current app's (companion.cache.stores)
                    return True
            return True
    return False


def _has(found: object, attribute: str) -> bool:
    try:
        return hasattr(found, attribute)
    except RuntimeError:  # the current app's (companion.cache.stores): there in an app
        return True


def _code_in(document: Path) -> list[tuple[int, str]]:
    return [(number, match.group(1).strip())
            for number, line in enumerate(document.read_text(encoding="utf-8").splitlines(), 1)
            for match in CODE.finditer(line)]


def missing(document: Path) -> list[str]:
    found = []
    for number, text in _code_in(document):
        if _looks_like_a_path(text) and not _path_exists(text):
            found.append(f"{document.name}:{number}: {text}")
        dotted = _dotted(text)
        if dotted is not None and not _defined(dotted):
            found.append(f"{document.name}:{number}: {text}")
    return found


@pytest.mark.parametrize("document", DOCUMENTS, ids=[path.name for path in DOCUMENTS])
def test_every_path_and_name_written_as_code_is_there(document: Path) -> None:
    assert missing(document) == []


def test_a_stale_path_or_name_is_found(tmp_path: Path) -> None:
    document = tmp_path / "stale.md"
    document.write_text("See `companion/cache/sheets.py`, `companion/nowhere.py`, "
                        "`services.games.sheet_of`, `services._caught_up`, `seen.py`, "
                        "`unseen.py` and `a + b`.\n")
    assert missing(document) == ["stale.md:1: companion/nowhere.py",
                                 "stale.md:1: services._caught_up", "stale.md:1: unseen.py"]
