"""The players page answers a refused name next to its field, with what was typed, never a
500 (issue 31: a 31-character name was "Something went wrong on our side")."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from flask.testing import FlaskClient

LONG = "Bartholomew Montgomery-Smithers"  # 31 characters, one more than a name holds


def players(client: FlaskClient, key: str) -> list[str]:
    return [player["name"] for player in client.get(f"/api/games/{key}").get_json()["players"]]


@pytest.mark.parametrize(("action", "player", "field", "error_id"), [
    ("add", "", "join-name", "join-error"), ("rename", "Ben", "rename-2", "rename-2-error")])
@pytest.mark.parametrize("typed", [LONG, "x" * 400, "Ann"])
def test_a_refused_name_is_answered_next_to_its_field(api: Any, action: str, player: str,
                                                      field: str, error_id: str,
                                                      typed: str) -> None:
    game = api.new_game(["Ann", "Ben", "Cem"])
    revision = api.client.get(f"/api/games/{game['id']}").get_json()["revision"]
    answer = api.client.post(f"/games/{game['id']}/players/{action}",
                             data={"name": typed, "player": player, "revision": revision})
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    tag = re.search(rf'<input [^>]*id="{field}"[^>]*>', page)
    assert tag is not None and f'value="{typed}"' in tag[0] and 'aria-invalid="true"' in tag[0]
    assert f'aria-describedby="{error_id}"' in tag[0]
    error = re.search(rf'<p class="field-error" id="{error_id}">([^<]+)</p>', page)
    assert error is not None, page
    assert ("30 characters" in unescape(error[1])) == (typed != "Ann")
    assert players(api.client, game["id"]) == ["Ann", "Ben", "Cem"]


def test_an_accepted_name_still_joins(api: Any) -> None:
    game = api.new_game(["Ann", "Ben"])
    answer = api.client.post(f"/games/{game['id']}/players/add", data={"name": "Dora"})
    assert answer.status_code == 303
    assert players(api.client, game["id"]) == ["Ann", "Ben", "Dora"]
