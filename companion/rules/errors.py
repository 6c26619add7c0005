"""The rules engine's exceptions: the rules branch of companion.refusals's tree."""

from __future__ import annotations

from companion.refusals import Reason, RulesError, Term

__all__ = ["CardError", "PhaseError", "Reason", "RulesError", "Term"]


class CardError(RulesError):
    """A card written in a notation the engine does not know.

    >>> error = CardError("“%(card)s” is not a card: numbers go from 1 to 12", card="13r")
    >>> str(error), isinstance(error, ValueError), error.reason.params
    ('“13r” is not a card: numbers go from 1 to 12', True, {'card': '13r'})
    """


class PhaseError(RulesError):
    """An unknown edition or phase number."""
