"""Seats and the first dealer drawn at random on the new-game form (issue 46): one tap, no
script needed; nothing is started until "Start the game"."""

from __future__ import annotations

import random
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import models
from companion.forms.games import NewGameForm
from companion.infra.extensions import db

NAMES = ["Ann", "Ben", "Cem", "Dora", "Eve"]


def form_data(names: list[str], **extra: str) -> dict[str, str]:
    return {"edition": "original", "first": "0", "phase_set": "all",
            **{f"names-{seat}": name for seat, name in enumerate(names)}, **extra}


def seated(page: str) -> tuple[list[str], str]:
    """The names in the form's seats, and the name its first-dealer menu has selected."""
    names = re.findall(r'name="names-\d" value="([^"]*)"', page)
    first = re.search(r'<option value="\d"[^>]*selected[^>]*>([^<]*)', page)
    assert first is not None
    return [name for name in names if name], first.group(1)


def stored_games(app: Flask) -> int:
    with app.app_context():
        return int(db.session.execute(db.select(db.func.count(models.Game.id))).scalar_one())


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.sampled_from(["", *NAMES, "Farid"]), min_size=6, max_size=6),
       seed=st.integers(0, 2**32))
def test_a_draw_seats_every_name_once_and_one_of_them_deals(app: Flask, rows: list[str],
                                                            seed: int) -> None:
    typed = [name for name in dict.fromkeys(rows) if name]  # each name once, in typed order
    rows = [name if name in typed and rows.index(name) == seat else ""
            for seat, name in enumerate(rows)]
    with app.test_request_context("/games/new", method="POST", data=form_data(rows)):
        form = NewGameForm()
        first = form.draw_seats(random.Random(seed))
        seats = [entry.data or "" for entry in form.names.entries]
        chosen = form.first.data
    if len(typed) < 2:
        assert first is None and seats == rows  # nothing to draw: nothing changed
        return
    drawn = seats[:len(typed)]
    assert sorted(drawn) == sorted(typed)  # every name seated once, the empty rows after
    assert seats[len(typed):] == [""] * (6 - len(typed))
    assert first == drawn[int(chosen or "")]


def test_draws_differ_from_one_tap_to_the_next(app: Flask) -> None:
    orders, dealers = set(), set()
    for seed in range(30):
        with app.test_request_context("/games/new", method="POST", data=form_data(NAMES[:4])):
            form = NewGameForm()
            dealers.add(form.draw_seats(random.Random(seed)))
            orders.add(tuple(entry.data for entry in form.names.entries[:4]))
    assert len(orders) > 10 and len(dealers) == 4  # at random, not one fixed shuffle


def test_fewer_than_two_names_draw_nothing(app: Flask) -> None:
    with app.test_request_context("/games/new", method="POST", data=form_data(["Ann"])):
        form = NewGameForm()
        assert form.draw_seats(random.Random(1)) is None
        assert [entry.data or "" for entry in form.names.entries][:2] == ["Ann", ""]


def test_draw_seats_is_one_tap_and_the_game_starts_as_drawn(client: FlaskClient,
                                                             app: Flask) -> None:
    answer = client.post("/games/new", data=form_data(NAMES, draw="1"))
    assert answer.status_code == 200 and stored_games(app) == 0  # nothing started yet
    page = answer.get_data(as_text=True)
    names, first = seated(page)
    assert sorted(names) == sorted(NAMES)
    assert f"Seats drawn at random: {first} deals." in page
    # "Start the game" sends the form as drawn: the game seats them so.
    started = client.post("/games/new", data=form_data(names, first=str(names.index(first))))
    assert started.status_code == 303
    game: dict[str, Any] = client.get(f"/api/games/{started.location.rsplit('/', 1)[-1]}"
                                      ).get_json()
    assert [player["name"] for player in game["players"]] == names
    assert game["dealer"] == first


def test_a_board_game_draws_who_starts(client: FlaskClient) -> None:
    page = client.post("/games/new", data=form_data(NAMES[:3], edition="board", draw="1")
                       ).get_data(as_text=True)
    _names, first = seated(page)
    assert f"Seats drawn at random: {first} starts." in page


def test_a_draw_with_one_name_says_so_next_to_the_names_and_stores_nothing(
        client: FlaskClient, app: Flask) -> None:
    answer = client.post("/games/new", data=form_data(["Ann"], draw="1"))
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200 and stored_games(app) == 0
    assert "Type at least two names, then draw the seats." in page
    assert "Seats drawn at random" not in page
