"""The one rule for a write made from an older revision (companion/services/seen.py), on the
cases the offline queue's reconcile is tested against too (tests/js/stale_rule.json,
tests/js/stale-rule.test.mjs): the services store such a write exactly when what it changes
is still as the writer saw it, and the page and the API get the same answer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.schemas import RoundBody, read
from companion.services import games
from tests.kits.units import discarded

#: The repository's root, wherever in tests/ this file is.
ROOT = next(folder for folder in Path(__file__).resolve().parents
            if (folder / "pyproject.toml").exists())
RULE = json.loads((ROOT / "tests" / "js" / "stale_rule.json").read_text())


def named(name: Any) -> Any:
    return name if name is None or isinstance(name, list) else RULE["rounds"][name]


def start(api: Any, rounds: list[str]) -> dict[str, Any]:
    game = api.new_game(RULE["players"])
    for name in rounds:
        answer = api.round(game, named(name), confirm=True)
        assert answer.status_code == 201, answer.get_json()
    return game


def write(game: Any, op: dict[str, Any], seen: games.Seen) -> None:
    body = read(RoundBody, {"results": named(op.get("results")) or [], "confirm": True,
                            "before": named(op["before"])}, game.edition)
    seen = games.Seen(seen.revision, body.seen_round(game.edition))
    if op["kind"] == "add":
        games.record_round(game, body.to_round(game.edition), number=op["number"],
                           confirm=True, seen=seen)
    elif op["kind"] == "edit":
        games.edit_round(game, op["number"], body.to_round(game.edition), confirm=True,
                         seen=seen)
    else:
        games.undo_last(game, number=op["number"], seen=seen)


@pytest.mark.parametrize("case", RULE["cases"], ids=[case["name"] for case in RULE["cases"]])
def test_a_write_from_an_older_revision_is_stored_only_on_what_did_not_change(
        app: Flask, api: Any, case: dict[str, Any]) -> None:
    game = start(api, case["game"])
    with app.app_context():
        locked = games.lock_game(game["id"])
        assert locked is not None and locked.revision > 1
        before = locked.revision
        try:
            with discarded():  # looked at, then rolled back
                write(locked, case["op"], games.Seen(1))
                assert locked.revision == before + 1
        except games.StaleRound:
            outcome = "refused"
            assert locked.revision == before
        else:
            outcome = "stored"
    assert outcome == case["server"]


def test_the_api_stores_an_edit_from_an_older_revision_when_the_round_is_as_seen(api):
    game = start(api, ["R1", "R2"])
    edit = {"results": named("MINE"), "revision": 1, "confirm": True}
    url = f"/api/games/{game['id']}/rounds/1"
    refused = api.client.put(url, json=edit)
    assert refused.status_code == 409 and refused.get_json()["game"]["revision"] == 3
    changed = api.client.put(url, json={**edit, "before": named("R1_CORRECTED")})
    assert changed.status_code == 409
    stored = api.client.put(url, json={**edit, "before": named("R1")})
    assert stored.status_code == 200, stored.get_json()
    assert stored.get_json()["rounds"][0]["results"][1]["points"] == 35


def test_the_page_and_the_api_refuse_the_same_stale_edit(client, api):
    game = start(api, ["R1_CORRECTED", "R2"])
    form = {"number": "1", "revision": "1", "went_out": "Anna",
            "before": json.dumps(named("R1"))}
    for seat, result in enumerate(named("MINE")):
        form |= {f"results-{seat}-player": result["player"],
                 f"results-{seat}-points": str(result["points"])}
        if result["phase"]:
            form[f"results-{seat}-laid"] = "y"
    page = client.post(f"/games/{game['id']}/rounds/1/edit", data=form)
    assert page.status_code == 409
    assert "Round 1 on the sheet now:" in page.get_data(as_text=True)
    answer = api.client.put(f"/api/games/{game['id']}/rounds/1", json={
        "results": named("MINE"), "revision": 1, "before": named("R1")})
    assert answer.status_code == 409
    rounds = client.get(f"/api/games/{game['id']}").get_json()["rounds"]
    assert rounds[0]["results"][2]["points"] == 85  # neither reverted the correction
