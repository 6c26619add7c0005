"""The examples in the rules engine's docstrings hold."""

from __future__ import annotations

import doctest

import pytest

from companion.rules import card_groups, cards, errors, phases, solver
from companion.rules import extras as rules_extras


@pytest.mark.parametrize("module", [cards, errors, rules_extras, card_groups, phases, solver])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0
