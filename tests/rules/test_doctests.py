"""The examples in the rules engine's docstrings hold."""

from __future__ import annotations

import doctest

import pytest

from companion.rules import card_groups, cards, errors, extras, phases, solver


@pytest.mark.parametrize("module", [cards, errors, extras, card_groups, phases, solver])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0
