"""Schemathesis against /api/openapi.json: generated requests, valid and invalid, never get a
500, every answer matches the documented status codes, content types and schemas, and every
database answers each request alike."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import positive_data_acceptance
from schemathesis.config import SchemathesisConfig

EXAMPLES = 40
#: A request can match the schema and still break a rule of the game (a round nobody went out
#: of, a card more than the deck holds): those are 400 or 422 by design, not a mismatch.
RULES_BEYOND_THE_SCHEMA = [positive_data_acceptance]
#: Invalid data is refused: schemathesis's list, and 413, the answer to a body past its route's
#: bound (an invalid request can be too long an array as well as a wrong type).
REFUSALS = SchemathesisConfig.from_dict({"checks": {"negative_data_rejection": {
    "expected-statuses": [400, 401, 403, 404, 405, 406, 409, 413, 415, 422, 428, 429, "5xx"]}}})


@pytest.mark.slow
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_the_api_matches_its_description(every_database, mode):
    """Each generated request goes to the app on every database (SQLite, and PostgreSQL when
    the tests have one): generating the requests is most of the cost, and is done once."""
    games = {}
    for kind, app in every_database.items():
        client = app.test_client()
        created = client.post("/api/games", json={"players": ["Ann", "Ben"]})
        assert created.status_code == 201, created.get_json()
        games[kind] = created.get_json()["id"]
        ended = client.post(f"/api/games/{games[kind]}/rounds", json={"results": [
            {"player": "Ann", "phase": True, "points": 0},
            {"player": "Ben", "phase": False, "points": 60}]})
        assert ended.status_code == 201, ended.get_json()
    described = next(iter(every_database.values()))
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", described, config=REFUSALS)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 7

    for operation in operations:
        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(case=operation.as_strategy(generation_mode=mode), real_game=st.booleans())
        def call(case, real_game):
            answers = {}
            for kind, app in every_database.items():
                if case.path_parameters and "key" in case.path_parameters and real_game:
                    case.path_parameters["key"] = games[kind]  # half the time a real game
                response = case.call_and_validate(app=app, excluded_checks=RULES_BEYOND_THE_SCHEMA)
                answers[kind] = response.status_code
            assert len(set(answers.values())) == 1, f"the databases answer differently: {answers}"

        call()
