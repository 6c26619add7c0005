"""A sheet continued with the rounds played after it equals the sheet replayed from the start,
and a sheet made for other players is not continued."""

from __future__ import annotations

import random
from datetime import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.scoring import build_sheet, continue_sheet
from tests.kits.played_games import random_game
from tests.kits.sheet_notation import setup


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 40))
def test_continuing_a_kept_sheet_equals_replaying_every_round(seed: int, cut: int) -> None:
    game = random_game(random.Random(seed), "g", datetime(2026, 11, 25))
    cut = min(cut, len(game.rounds))
    kept = build_sheet(game.setup, game.rounds[:cut])
    assert continue_sheet(kept, game.setup, game.rounds[cut:]) == build_sheet(
        game.setup, game.rounds)


def test_a_sheet_of_other_players_is_not_continued() -> None:
    kept = build_sheet(setup("Ann", "Ben"), [])
    assert continue_sheet(kept, setup("Ann", "Benno"), []) is None
    assert continue_sheet(kept, setup("Ann", "Ben"), []) == kept
