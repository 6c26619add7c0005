"""POST /api/outs ("What do I need?"), exactly as in the API contract."""

from __future__ import annotations

import pytest

EXAMPLE = {"edition": "original", "phase": 3,
           "hand": ["8r", "8g", "8b", "3y", "4y", "5r", "W", "S", "11b"], "seen": ["6r", "6g"]}


def test_the_contracts_example(api):
    response = api.post("/api/outs", EXAMPLE)
    assert response.status_code == 200
    data = response.get_json()
    assert data["short"] == 1
    assert data["outs"] == ["2b", "2g", "2r", "2y", "6b", "6g", "6r", "6y",
                            "8b", "8g", "8r", "8y", "W"]
    assert (data["unseen"], data["out_copies"]) == (97, 26)
    assert data["chance"] == {"1": 0.268, "2": 0.466, "3": 0.612}
    assert data["laydown"] is None and data["extras"] == []


def test_outs_come_by_number_then_colour_letter_wild_last(api):
    data = api.post("/api/outs", {"phase": 8, "hand": ["1r", "2r", "3r", "4r", "5b", "W"]})
    outs = data.get_json()["outs"]
    assert outs == [f"{number}r" for number in range(1, 13)] + ["W"]
    data = api.post("/api/outs", {"edition": "masters", "phase": 8, "hand": ["3r", "4r", "9b"]})
    assert data.get_json()["outs"][:4] == ["1r", "2r", "5r", "6r"]


def test_seen_is_optional(api):
    data = api.post("/api/outs", {key: value for key, value in EXAMPLE.items()
                                  if key != "seen"}).get_json()
    assert (data["short"], data["unseen"], data["out_copies"]) == (1, 99, 28)


def test_a_complete_hand_gets_its_laydown_and_the_extra_cards_that_fit(api):
    data = api.post("/api/outs", {"phase": 2, "hand": ["5r", "5b", "5g", "5y", "8g", "9g",
                                                       "10y", "11r", "12b", "3y"]}).get_json()
    assert (data["short"], data["outs"], data["out_copies"]) == (0, [], 0)
    assert data["chance"] == {"1": 0.0, "2": 0.0, "3": 0.0}
    assert [sorted(group) for group in data["laydown"]] == [["5b", "5g", "5r"],
                                                            ["10y", "11r", "8g", "9g"]]
    assert sorted((extra["card"], extra["group"], extra["where"]) for extra in data["extras"]) \
        == [("12b", 1, "high"), ("5y", 0, "")]


def test_without_a_phase_every_phase_of_the_edition(api):
    body = {key: value for key, value in EXAMPLE.items() if key != "phase"}
    for request in ({**body, "edition": "masters"}, {**body, "edition": "masters", "phase": None}):
        data = api.post("/api/outs", request).get_json()
        assert data["edition"] == "masters"
        assert [(entry["phase"], entry["short"]) for entry in data["phases"]] == [
            (1, 3), (2, 2), (3, 2), (4, 1), (5, 2), (6, 2), (7, 2), (8, 2), (9, 5), (10, 6)]
        fourth = data["phases"][3]
        one_phase = api.post("/api/outs", {**request, "phase": 4}).get_json()
        assert (fourth["out_copies"], fourth["chance"]) == (one_phase["out_copies"],
                                                            one_phase["chance"])


def test_the_board_game_offers_no_wild_and_counts_96_cards(api):
    data = api.post("/api/outs", {"edition": "board", "phase": 3,
                                  "hand": ["8r", "8g", "8b", "3y", "4y", "5r", "11b"]}).get_json()
    assert data["short"] == 1 and "W" not in data["outs"]
    assert data["unseen"] == 89
    assert sorted(data["outs"]) == sorted(f"{n}{c}" for n in (2, 6) for c in "rgby")


@pytest.mark.parametrize(("body", "words"), [
    ({"phase": 1, "hand": ["13r"]}, "13r"),
    ({"phase": 1, "hand": ["4x"]}, "colour"),
    ({"edition": "deluxe", "phase": 1, "hand": []}, "edition"),
    ({"phase": 11, "hand": []}, "phase"),
    ({"phase": "3", "hand": []}, "phase"),
    ({"phase": 1}, "hand"),
    ({"phase": 1, "hand": "8r 8g"}, "hand"),
    ({"phase": 1, "hand": [8]}, "text"),
    ({"phase": 1, "hand": ["8r"], "seen": "6r"}, "seen"),
    ({"phase": 1, "hand": ["8r", "8r", "8r"]}, "only 2 of 8r"),
    ({"phase": 1, "hand": ["8r", "8r"], "seen": ["8r"]}, "only 2 of 8r"),
    ({"hand": ["8r", "8r"], "seen": ["8r"]}, "only 2 of 8r"),
    ({"phase": 1, "hand": ["W"] * 9}, "8 wilds"),
    ({"edition": "board", "phase": 1, "hand": ["S", "7r"]}, "skip"),
])
def test_bad_input_is_a_400_that_says_why(api, body, words):
    response = api.post("/api/outs", body)
    assert response.status_code == 400
    data = response.get_json()
    assert words in data["error"] and data["details"] == []


def test_not_json_is_a_415(client):
    response = client.post("/api/outs", data="phase=1", content_type="text/plain")
    assert response.status_code == 415 and "JSON" in response.get_json()["error"]


def test_the_route_is_in_the_openapi_document(client):
    spec = client.get("/api/openapi.json").get_json()
    operation = spec["paths"]["/api/outs"]["post"]
    assert {"200", "400", "415"} <= set(operation["responses"])
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    body = spec["components"]["schemas"][ref.rsplit("/", 1)[-1]]
    assert {"edition", "phase", "hand", "seen"} <= set(body["properties"])
    assert body["required"] == ["hand"]
