"""A Babel extractor for what the rules engine keeps as data: phase and part names built from
the phase table ("2 sets of 3") and the reason templates it keeps as constants (with the
scoring's counted warnings, whose plural a ``Problem(...)`` call cannot show), so
``pybabel extract`` puts them into the catalog for translation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

from companion.editions import all_editions
from companion.rules import REASON_TEMPLATES
from companion.scoring.plausibility import COUNTED_TEMPLATES


def phase_names(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    seen: set[str] = set()
    for edition in all_editions():
        for phase in edition.phases:
            for text in (phase.describe(), *(part.describe() for part in phase.parts)):
                if text not in seen:
                    seen.add(text)
                    yield phase.number, "", text, [f"{edition.key} phase {phase.number}"]


def reason_templates(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
                     ) -> Iterator[tuple[int, str, str | tuple[str, str], list[str]]]:
    """The rules engine's reasons, and the scoring's counted ones; pairs become plurals."""
    for number, template in enumerate((*REASON_TEMPLATES, *COUNTED_TEMPLATES), start=1):
        function = "ngettext" if isinstance(template, tuple) else ""
        yield number, function, template, ["a reason the rules checker gives"]
