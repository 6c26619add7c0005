"""A Babel extractor for the words the rules engine builds from data (phase and part names),
so ``pybabel extract`` puts "2 sets of 3" and its kin into the catalog for translation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

from .rules import PHASES


def phase_names(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    seen: set[str] = set()
    for edition, phases in PHASES.items():
        for phase in phases:
            for text in (phase.describe(), *(part.describe() for part in phase.parts)):
                if text not in seen:
                    seen.add(text)
                    yield phase.number, "", text, [f"{edition.value} phase {phase.number}"]
