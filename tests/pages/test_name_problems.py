"""Every problem with the new game's names is said at once, each next to its own field, and
nothing is stored until they are all fixed."""

from __future__ import annotations

import re

from companion import models
from companion.infra.extensions import db
from tests.kits.page_forms import new_game_form

TOO_LONG = "Maximiliane-Theresia von Hohenzollern-Sig"  # 41 characters


def games_stored(app) -> int:  # type: ignore[no-untyped-def]
    with app.app_context():
        return len(db.session.execute(db.select(models.Game)).scalars().all())


def test_an_overlong_name_and_a_name_typed_twice_are_both_said(app, client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/games/new", data=new_game_form(["Ann", TOO_LONG, "Ben", "ann"]))
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "is too long: a name has 1 to 30 characters" in html
    assert "“ann” is in this game twice: every player needs a different name" in html
    invalid = re.findall(r'<input[^>]*aria-invalid="true"[^>]*>', html)
    assert [re.search(r'id="(names-\d)"', tag).group(1) for tag in invalid] == [  # type: ignore[union-attr]
        "names-1", "names-3"]
    assert games_stored(app) == 0


def test_the_api_lists_every_name_problem(app, client) -> None:  # type: ignore[no-untyped-def]
    answer = client.post("/api/games", json={"players": ["Ann", TOO_LONG, "  ", "ann"]})
    assert answer.status_code == 400
    said = [detail["message"] for detail in answer.get_json()["details"]]
    assert said == ["“Maximiliane-Theresia von Hohen…” is too long: a name has 1 to 30 "
                    "characters", "Player 3 has no name: a name has 1 to 30 characters",
                    "“ann” is in this game twice: every player needs a different name"]
    assert games_stored(app) == 0


def test_names_fixed_in_one_go_start_the_game(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/games/new", data=new_game_form(["Ann", "Maxi", "Ben", "Cleo"]))
    assert response.status_code == 303
