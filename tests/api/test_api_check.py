"""POST /api/check and /api/hit, exactly as in the API contract."""

from __future__ import annotations

import pytest


def test_a_valid_laydown_names_parts_and_wilds(api):
    response = api.post("/api/check", {"edition": "original", "phase": 2,
                                       "groups": [["5r", "5b", "W"], ["8g", "9g", "10y", "11r"]]})
    assert response.status_code == 200
    data = response.get_json()
    assert data["valid"] is True and data["reasons"] == []
    assert data["groups"][0] == {"part": "set of 3", "cards": ["5r", "5b", "W"], "wilds": ["5"]}
    assert data["groups"][1]["part"] == "run of 4"


def test_groups_in_any_order_are_matched_to_the_parts(api):
    data = api.post("/api/check", {"phase": 2, "groups": [["8g", "9g", "10y", "11r"],
                                                          ["5r", "5b", "5g"]]}).get_json()
    assert data["valid"] is True


def test_a_run_with_a_gap_says_where(api):
    data = api.post("/api/check", {"phase": 2, "groups": [["5r", "5b", "5g"],
                                                          ["4r", "5y", "7b", "8g"]]}).get_json()
    assert data["valid"] is False
    assert any("6" in reason for reason in data["reasons"])


def test_a_hand_that_completes_the_phase_gets_a_laydown(api):
    data = api.post("/api/check", {"edition": "original", "phase": 1,
                                   "hand": ["4r", "4b", "4g", "8r", "8y", "8b", "2r"]}).get_json()
    assert data["valid"] is True
    assert sorted(map(sorted, data["laydown"])) == [["4b", "4g", "4r"], ["8b", "8r", "8y"]]


def test_a_hand_that_cannot_complete_the_phase_gets_null(api):
    data = api.post("/api/check", {"phase": 4, "hand": ["1r", "2r", "3r", "5b", "6b"]}).get_json()
    assert data["valid"] is False and data["laydown"] is None and data["reasons"]


def test_more_copies_than_the_deck_holds_is_not_valid(api):
    data = api.post("/api/check", {"phase": 1, "hand": ["7r"] * 3 + ["8b"] * 3}).get_json()
    assert data["valid"] is False and data["reasons"]


@pytest.mark.parametrize("body", [
    {"phase": 1, "hand": ["13r"]},
    {"phase": 1, "hand": ["1x"]},
    {"edition": "deluxe", "phase": 1, "hand": ["1r"]},
    {"phase": 11, "hand": ["1r"]},
    {"phase": "one", "hand": ["1r"]},
    {"phase": 1},
    {"phase": 1, "hand": "4r 4b"},
    {"phase": 1, "groups": [["4r"], "5r"]},
    [1, 2, 3],
])
def test_malformed_check_requests_get_400_with_a_message(api, body):
    response = api.post("/api/check", body)
    assert response.status_code == 400
    assert response.get_json()["error"]


def test_a_post_that_is_not_json_gets_415(client):
    response = client.post("/api/check", data="phase=1", content_type="text/plain")
    assert response.status_code == 415
    assert response.get_json()["error"]


def test_broken_json_gets_400(client):
    response = client.post("/api/check", data="{", content_type="application/json")
    assert response.status_code == 400


def test_hit_names_the_open_end_of_a_run(api):
    data = api.post("/api/hit", {"edition": "original",
                                 "group": {"part": "run", "cards": ["3r", "W", "W"]},
                                 "card": "6b"}).get_json()
    assert data == {"valid": True, "where": ["high"], "reasons": []}


def test_hit_rejects_a_card_that_does_not_fit(api):
    data = api.post("/api/hit", {"group": {"part": "set", "cards": ["5r", "5b", "5g"]},
                                 "card": "6b"}).get_json()
    assert data["valid"] is False and data["reasons"]


@pytest.mark.parametrize("body", [
    {"group": {"part": "pair", "cards": ["5r"]}, "card": "5b"},
    {"group": {"part": "set", "cards": ["5r"]}, "card": "55"},
    {"group": ["5r"], "card": "5b"},
    {"group": {"part": "set", "cards": ["5r"]}},
])
def test_malformed_hit_requests_get_400(api, body):
    assert api.post("/api/hit", body).status_code == 400
