"""Costs that do not grow with history (issue 22): a write starts from the sheet the last
write made, that kept sheet always equals a replay from round 1, and a game ends by round
MAX_ROUNDS at the latest."""

from __future__ import annotations

from dataclasses import replace

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import editions, models, scoring
from companion.cache import stores
from companion.infra.extensions import db
from companion.limits import MAX_ROUNDS
from companion.services import games, work
from tests.kits.units import discarded

PLAYERS = ("Ann", "Ben", "Cem")


def card_round(out: int, laid: tuple[bool, ...], points: tuple[int, ...]) -> scoring.Round:
    return scoring.Round(tuple(
        scoring.Result(name, seat == out or laid[seat], 0 if seat == out else points[seat],
                       seat == out)
        for seat, name in enumerate(PLAYERS)))


rounds = st.builds(card_round, st.integers(0, 2), st.tuples(*[st.booleans()] * 3),
                   st.tuples(*[st.sampled_from((5, 10, 25, 50, 90))] * 3))
steps = st.lists(st.one_of(
    st.tuples(st.just("add"), rounds), st.tuples(st.just("undo"), st.none()),
    st.tuples(st.just("edit"), st.tuples(st.integers(1, 30), rounds)),
    st.tuples(st.just("commit"), st.none())), max_size=40)


def replayed(game: models.Game) -> scoring.Sheet:
    return scoring.build_sheet(games.setup_of(game), games.rounds_of(game))


def _apply(game: models.Game, step: str, value: object) -> None:
    try:
        if step == "add":
            assert isinstance(value, scoring.Round)
            games.record_round(game, value, confirm=True)
        elif step == "undo":
            games.undo_last(game)
        elif step == "edit":
            assert isinstance(value, tuple)
            games.edit_round(game, value[0], value[1], confirm=True)
    except (scoring.GameFinished, scoring.RoundRejected, games.NoSuchRound):
        pass  # refused before anything changed


@pytest.mark.slow
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=steps)
def test_the_kept_sheet_is_the_replayed_sheet(app: Flask, steps: list[tuple[str, object]]
                                              ) -> None:
    """Writes in units of work (each "commit" ends one): after every write, the sheet kept
    equals the replay, within the unit and in the units after it."""
    with app.app_context():
        with work.unit():
            key = games.create_game(scoring.GameSpec(editions.get("original"), PLAYERS)).edit_key
        units: list[list[tuple[str, object]]] = [[]]
        for step in steps:
            if step[0] == "commit":
                units.append([])
            else:
                units[-1].append(step)
        for written in units:
            db.session.expire_all()
            with work.unit():
                game = games.lock_game(key)
                assert game is not None
                for step, value in written:
                    _apply(game, step, value)
                    assert games.sheet_of(game) == replayed(game)
            found = games.find_game(key)
            assert found is not None and games.sheet_of(found[0]) == replayed(found[0])
        db.session.rollback()


def test_a_rolled_back_write_is_not_kept(app: Flask) -> None:
    with app.app_context():
        with work.unit():
            game = games.create_game(scoring.GameSpec(editions.get("original"), PLAYERS))
        key, revision = game.edit_key, game.revision
        with discarded():
            games.record_round(game, card_round(0, (True, False, False), (0, 50, 50)))
        assert stores.sheets.find((key, revision + 1)) is None
        assert stores.sheets.find((key, revision)) is not None  # the start, committed
        found = games.lock_game(key)
        assert found is not None and found.rounds == []
        assert games.sheet_of(found).next_round == 1
        db.session.rollback()


def tie(number: int) -> scoring.Round:
    """Ann and Ben reach phase 10 together with equal points, then tie in every tie-break."""
    return scoring.Round(tuple(
        scoring.Result(name, True, 0 if seat == number % 2 or number >= 10 else 10,
                       seat == number % 2)
        for seat, name in enumerate(("Ann", "Ben"))))


def test_a_tiebreak_that_never_ends_is_a_shared_win_at_the_last_round() -> None:
    sheet = scoring.build_sheet(scoring.Setup(editions.get("original"), ("Ann", "Ben")), [])
    for number in range(MAX_ROUNDS - 1):
        sheet = scoring.add_round(sheet, tie(number), confirm=True)
    assert sheet.status == "tiebreak"
    sheet = scoring.add_round(sheet, tie(MAX_ROUNDS - 1), confirm=True)
    assert (sheet.status, sheet.winners, sheet.winner) == ("finished", ("Ann", "Ben"), None)


def test_a_round_beyond_the_last_is_refused_with_a_sentence() -> None:
    sheet = scoring.build_sheet(scoring.Setup(editions.get("original"), PLAYERS), [])
    errors, _warnings = scoring.check_round(replace(sheet, next_round=MAX_ROUNDS + 1),
                                            card_round(0, (True, True, True), (0, 5, 5)))
    assert [str(error) for error in errors] == [f"a game has at most {MAX_ROUNDS} rounds"]


@pytest.mark.slow
def test_an_import_past_the_last_round_stores_nothing(client: FlaskClient, app: Flask) -> None:
    body = [{"results": [{"player": result.player, "phase": result.laid,
                          "points": result.points, "went_out": result.went_out}
                         for result in tie(number).results], "confirm": True}
            for number in range(MAX_ROUNDS + 1)]
    answer = client.post("/api/import", json={
        "format": "phase10-companion", "version": 1, "kind": "game",
        "game": {"players": ["Ann", "Ben"], "rounds": body}})
    assert answer.status_code == 422, answer.get_json()
    assert set(answer.get_json()) == {"error", "details"}
    detail = answer.get_json()["details"][0]  # the file's length is refused before any round
    assert detail["field"] == "rounds" and str(MAX_ROUNDS) in detail["message"]
    with app.app_context():
        assert db.session.query(models.Game).count() == 0
