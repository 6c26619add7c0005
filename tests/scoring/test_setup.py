"""What a game can be set up as, and the scoring package's own examples."""

from __future__ import annotations

import doctest
import importlib

import pytest

from companion import editions
from companion.scoring import InvalidSetup, build_sheet
from tests.kits.sheet_notation import setup


@pytest.mark.parametrize(("game", "message"), [
    (setup("Ann"), "a game needs 2 to 6 players, not 1"),
    (setup(*"ABCDEFG"), "a game needs 2 to 6 players, not 7"),
    (setup("Ann", "Ann"), "every player needs a name of their own"),
    (setup("Ann", " "), "every player needs a name of their own"),
    (setup("Ann", "Ben", first_dealer=2), "seat 2 is not at the table"),
    (setup("Ann", "Ben", phases=(1, 1)),
     "the phases in play must be different phases from 1 to 10"),
    (setup("Ann", "Ben", phases=(0, 11)),
     "the phases in play must be different phases from 1 to 10"),
])
def test_impossible_setups_are_refused(game: object, message: str) -> None:
    with pytest.raises(InvalidSetup, match=message):
        build_sheet(game, [])  # type: ignore[arg-type]


def test_the_board_game_ignores_the_card_game_variants() -> None:
    sheet = build_sheet(setup("Ann", "Ben", edition=editions.get("board"), phases=(2, 4),
                              ten_rounds=True), [])
    assert sheet.setup.phases == tuple(range(1, 11)) and not sheet.setup.ten_rounds


def test_no_phases_named_means_all_of_the_editions_phases() -> None:
    for edition in editions.all_editions():
        sheet = build_sheet(setup("Ann", "Ben", edition=edition), [])
        assert sheet.setup.phases == edition.phase_numbers == tuple(range(1, 11))


def test_knocking_is_only_a_setting_on_the_sheet() -> None:
    sheet = build_sheet(setup("Ann", "Ben", knocking=True), [])
    assert sheet.setup.knocking


@pytest.mark.parametrize("module", ["model", "sheet", "board", "plausibility"])
def test_the_docstring_examples(module: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(f"companion.scoring.{module}"))
    assert tried and not failures
