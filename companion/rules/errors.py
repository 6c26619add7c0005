"""The rules engine's exceptions: one small tree rooted in ValueError."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class Term(str):
    """A reason's parameter that is itself a phrase to translate ("run of 4"), unlike names and
    card lists, which stay as they are."""

    __slots__ = ()


@dataclass(frozen=True)
class Reason:
    """A sentence a player understands, kept as a template so pages can translate it.

    >>> str(Reason("the run %(cards)s has a gap at %(missing)s", {"cards": "4 5 7", "missing": 6}))
    'the run 4 5 7 has a gap at 6'
    >>> str(Reason("%(count)s card", {"count": 2}, plural="%(count)s cards"))
    '2 cards'
    """

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = field(default=None, kw_only=True)
    """The template for counts other than one (``template`` is then the singular); the count
    is ``params[count]``, so each language can choose its own plural form (ngettext)."""
    count: str = field(default="count", kw_only=True)

    def __str__(self) -> str:
        template = self.template
        if self.plural is not None and self.params.get(self.count) != 1:
            template = self.plural
        return template % dict(self.params) if self.params else template


class RulesError(ValueError):
    """Base class of everything the rules engine rejects; carries a Reason."""

    def __init__(self, template: str, **params: Any) -> None:
        self.reason = Reason(template, params)
        super().__init__(str(self.reason))


class CardError(RulesError):
    """A card written in a notation the engine does not know."""


class PhaseError(RulesError):
    """An unknown edition or phase number."""
