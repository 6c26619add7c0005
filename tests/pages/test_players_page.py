"""The players page of a game with six players: the join section stays and says why nobody
else can join, instead of disappearing."""

from __future__ import annotations

from typing import Any

NAMES = ["Ann", "Ben", "Cem", "Dee", "Eli", "Fay"]


def test_a_full_game_says_it_holds_six_players(api: Any) -> None:
    game = api.new_game(NAMES)
    html = api.client.get(f"/games/{game['id']}/players").get_data(as_text=True)
    assert "A player joins" in html
    assert "Nobody else can join: a game holds 6 players, those who left included." in html
    assert 'name="name" maxlength' not in html.split("A player joins")[1]  # no name field


def test_a_game_with_room_offers_the_join_form(api: Any) -> None:
    game = api.new_game(NAMES[:5])
    html = api.client.get(f"/games/{game['id']}/players").get_data(as_text=True)
    assert 'id="join-name"' in html and "Nobody else can join" not in html
