"""The refusals: the companion's one exception tree, rooted in ValueError, and their kinds.

Everything the companion refuses is a :class:`CompanionError` carrying a :class:`Reason`: a
sentence kept as a template with its parameters, so the page or the API answer translates it,
and a :class:`Kind`: what sort of refusal it is. The refusal says what went wrong; how the web
answers it (the HTTP status, the JSON error or the page) is decided in one place,
companion.http_answers, whose table maps each kind to its status. Four branches say where the
refusal comes from:

- :class:`RulesError` (companion.rules, companion.editions): an unknown card, edition or
  phase, a deck broken, house rules that cannot be played;
- :class:`ScoringError` (companion.scoring): a setup or round the rules of play refuse;
- :class:`ServiceError` (companion.services, companion.infra.drawing): a change the stored data
  refuses, a file that cannot be imported, a drawing that cannot be made now;
- :class:`InputError` (companion.schemas, companion.guards): a request or file that is not
  shaped as documented; :class:`NotThere` (the views and the API): an address or link that
  leads nowhere; :class:`NotAForm` and :class:`NotJson`: a form post the page never sent, a
  body that is not JSON.

Pure Python, so the rules engine and the scoring may import it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any


def N_(message: str) -> str:  # noqa: N802  (gettext_noop, as babel knows it)
    """Marks a message for translation without translating it here: the page or the API
    answer translates it when it shows it (``pybabel extract -k N_``)."""
    return message


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


class Kind(Enum):
    """What sort of refusal an error is, whatever its words: companion.http_answers.STATUS gives
    each its HTTP status, the one table of them."""

    INPUT = "input"
    """The request cannot be taken as it is: malformed, or a value that cannot be."""
    UNKNOWN = "unknown"
    """What the request names is not there (a round, a player, a game by its link)."""
    CONFLICT = "conflict"
    """The stored data moved on or no longer takes it: stale, finished, someone else's."""
    LATE = "late"
    """The request's body did not arrive in time."""
    TOO_LARGE = "too large"
    """The request or what it would store is larger than allowed."""
    REFUSED = "refused"
    """Well formed, but the rules refuse it: a round, house rules, an imported file, a form."""
    TOO_MANY = "too many"
    """Too many requests or open answers from one address."""
    UNAVAILABLE = "unavailable"
    """The companion cannot answer it right now (the database, drawing): try again later."""
    NOT_JSON = "not json"
    """A JSON route was sent a body of another content type."""


class CompanionError(ValueError):
    """Base of everything the companion refuses; ``reason`` says why, translatably.

    Raise it with a Reason, or with a template and its parameters:

    >>> str(CompanionError("“%(key)s” must be true or false", key="confirm"))
    '“confirm” must be true or false'
    """

    kind: Kind = Kind.INPUT
    """What sort of refusal this is; a subclass, or an instance, says when it is another."""

    def __init__(self, reason: Reason | str, /, **params: Any) -> None:
        self.reason = reason if isinstance(reason, Reason) else Reason(reason, params)
        super().__init__(str(self.reason))


class RulesError(CompanionError):
    """The rules engine refuses: an unknown card, edition or phase, more cards than a deck."""


class ScoringError(CompanionError):
    """The rules of play refuse a setup or a round (companion.scoring)."""


class ServiceError(CompanionError):
    """A change the stored games, players or groups refuse (the services)."""


class InputError(CompanionError):
    """A request body, query or imported file that is not shaped as the API documents."""


class NotThere(InputError):
    """What an address or link names is not there, or not for this link (a read-only link
    asking to change): answered as any address that leads nowhere."""

    kind = Kind.UNKNOWN

    def __init__(self) -> None:
        super().__init__("there is nothing here: check the link")


class NotAForm(InputError):
    """A form post the page never sent: its fields or its CSRF token missing or unreadable (a
    browser that sends the page's form always sends them), answered as a request that could
    not be understood."""

    def __init__(self) -> None:
        super().__init__("the request could not be understood")


class NotJson(InputError):
    """A JSON route sent a body of another content type."""

    kind = Kind.NOT_JSON

    def __init__(self) -> None:
        super().__init__("send the request as JSON (Content-Type: application/json)")
