"""Adding an edition is the edition object alone (issue 10): a test-only edition, registered
for the test and gone after it, is offered, played and printed by the whole app (new-game
form, sheet page, round form, JSON API, filled PDF) without a line of the app knowing it."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from pypdf import PdfReader

from companion import editions
from companion.editions import Edition
from companion.infra.extensions import db
from companion.models import Game
from companion.rules import PhaseError
from companion.rules.phases import Deck, PartKind

S, R, C = PartKind.SET, PartKind.RUN, PartKind.COLOUR
PLAYERS = ["Ann", "Ben", "Cleo"]

HOUSE = Edition(
    key="house", order=9, name="House rules", title="Phase 8 house game", tag="House",
    start_hint="Eight phases", new_label="New house game",
    table=(((S, 3), (S, 3)), ((R, 4),), ((S, 4), (R, 4)), ((C, 5),), ((R, 6),),
           ((S, 2), (S, 2), (S, 2)), ((R, 8),), ((S, 5), (S, 4))),
    deck=Deck(copies_per_card=2, wilds=8, skips=4, cards=108),
)
TRACK = Edition(
    key="track", order=10, name="Short track", title="Phase 6 track game", tag="Track",
    kind="Track game", table=(((S, 3),), ((R, 4),), ((C, 4),), ((S, 2), (S, 2)), ((R, 5),),
                              ((S, 4),)),
    deck=Deck(copies_per_card=2, wilds=96, skips=0, cards=96), markers=True,
    turned_jokers=True, sheet_template="games/board.html",
    round_template="games/board_round.html", first_label="Starts first",
)


@pytest.fixture
def house() -> Iterator[Edition]:
    editions.register(HOUSE)
    yield HOUSE
    editions.unregister(HOUSE)


@pytest.fixture
def track() -> Iterator[Edition]:
    editions.register(TRACK)
    yield TRACK
    editions.unregister(TRACK)


def start(client, edition: Edition) -> str:
    """Starts a game through the new-game form; returns its edit key."""
    data = {"edition": edition.key, "phase_set": "all", "first": "0"}
    data |= {f"names-{i}": name for i, name in enumerate(PLAYERS)}
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[-1]


def pdf_text(data: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_the_registry_takes_it_and_lets_it_go(house):
    assert editions.get("house") is house and house in editions.all_editions()
    editions.unregister(house)
    assert house not in editions.all_editions()
    editions.register(house)


def test_the_forms_offer_it(client, house):
    html = client.get("/games/new").get_data(as_text=True)
    assert re.search(r'<input[^>]*value="house"[^>]*> House rules', html)
    checker = client.get("/checker").get_data(as_text=True)
    assert '<option value="house">House rules</option>' in checker
    assert "Eight phases" in client.get("/").get_data(as_text=True)  # its own start button


def test_the_new_game_form_creates_it_and_the_sheet_shows_eight_phases(app, client, house):
    key = start(client, house)
    with app.app_context():
        game = db.session.execute(db.select(Game).where(Game.edit_key == key)).scalar_one()
        assert game.edition is house and game.phase_numbers == tuple(range(1, 9))
    html = client.get(f"/games/{key}").get_data(as_text=True)
    assert "<small class=\"muted\">House rules</small>" in html
    phases = html.split('<tbody class="phases">')[1].split("</tbody>")[0]
    assert re.findall(r'<th scope="row"[^>]*>(\d+)</th>', phases) == [str(n) for n in range(1, 9)]
    assert 'class="tag">Phases' not in html  # all of its 8 phases are in play: no variant tag


def test_the_round_form_stores_a_round(client, api, house):
    key = start(client, house)
    form = client.get(f"/games/{key}/round").get_data(as_text=True)
    assert 'name="results-0-points"' in form
    data = {"number": "1", "went_out": "Ann", "results-0-player": "Ann", "results-0-laid": "y",
            "results-0-points": "0", "results-1-player": "Ben", "results-1-points": "55",
            "results-2-player": "Cleo", "results-2-laid": "y", "results-2-points": "10"}
    response = client.post(f"/games/{key}/round", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    game = client.get(f"/api/games/{key}").get_json()
    assert game["edition"] == "house" and len(game["rounds"]) == 1
    assert [p["points"] for p in game["players"]] == [0, 55, 10]
    html = client.get(f"/games/{key}").get_data(as_text=True)
    # Ann and Cleo moved on through its own phase list (the standings at the top say so).
    # (each phase a link to the checker on it)
    for name in ("Ann", "Cleo"):
        assert re.search(f'data-player="{name}">.*?<td class="phase"><a [^>]*phase=2"[^>]*>'
                         'phase 2</a></td>', html)


def test_the_api_creates_and_plays_it(api, house):
    game = api.new_game(PLAYERS, edition="house")
    assert game["edition"] == "house"
    response = api.round(game, [{"player": "Ann", "phase": True, "points": 0},
                                {"player": "Ben", "phase": False, "points": 50},
                                {"player": "Cleo", "phase": False, "points": 65}])
    assert response.status_code == 201, response.get_json()
    stored = api.client.get(f"/api/games/{game['id']}").get_json()
    assert [p["points"] for p in stored["players"]] == [0, 50, 65]


def test_the_api_refuses_an_unregistered_edition(api):
    response = api.post("/api/games", {"players": PLAYERS, "edition": "house"})
    assert response.status_code == 400
    assert "house" in response.get_json()["error"]


def test_the_filled_pdf_prints_it(client, api, house):
    game = api.new_game(PLAYERS, edition="house")
    api.round(game, [{"player": "Ann", "phase": True, "points": 0},
                     {"player": "Ben", "phase": True, "points": 25},
                     {"player": "Cleo", "phase": False, "points": 70}])
    response = client.get(f"/games/{game['id']}/sheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = pdf_text(response.data)
    assert "Ann" in text and "70" in text


def test_a_marker_edition_plays_on_its_own_track(app, client, track):
    key = start(client, track)
    html = client.get(f"/games/{key}").get_data(as_text=True)
    assert "<h1>Short track</h1>" in html
    assert 'viewBox="0 0 360 382"' in html  # six phase spaces and the wreath, 54 high each
    form = client.get(f"/games/{key}/round").get_data(as_text=True)
    assert 'class="round-form markers"' in form
    data = {"number": "1", "went_out": "Ben", "results-0-player": "Ann",
            "results-1-player": "Ben", "results-1-laid": "y", "results-2-player": "Cleo",
            "results-2-laid": "y"}
    response = client.post(f"/games/{key}/round", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    html = client.get(f"/games/{key}").get_data(as_text=True)
    # Ben ended the round: two spaces on; Cleo laid: one; the log marks Ben's move.
    assert "Ben: phase 1 → phase 3 <span class=\"muted\">(ended the round, +2)</span>" in html
    assert "Cleo: phase 1 → phase 2</li>" in html
    with app.app_context():
        game = db.session.execute(db.select(Game).where(Game.edit_key == key)).scalar_one()
        assert game.edition is track
    pdf = client.get(f"/games/{key}/sheet.pdf")
    assert pdf.status_code == 200 and "Cleo" in pdf_text(pdf.data)


def test_the_pdf_names_no_variant_when_all_its_phases_are_in_play(client, api, house):
    game = api.new_game(PLAYERS, edition="house")
    text = pdf_text(client.get(f"/games/{game['id']}/sheet.pdf").data)
    assert "Phase 8 house game" in text and "Phases in play" not in text


def test_the_track_has_a_space_per_phase_and_the_wreath(client, track):
    html = client.get(f"/games/{start(client, track)}").get_data(as_text=True)
    assert html.count('<g class="space') == 7
    assert re.search(r'<g class="space wreath">(?:(?!<g class="space).)*Laurel wreath', html,
                     re.S)


def test_an_unknown_key_is_refused_on_the_way_in(app):
    with app.app_context(), pytest.raises(PhaseError, match="not an edition"):
        Game(edition="house")


def test_the_checker_checks_its_phases_and_refuses_one_it_lacks(client, house):
    laid = client.post("/checker", data={"edition": "house", "phase": "6", "mode": "groups",
                                         "groups-0": "4r 4b", "groups-1": "9g 9y",
                                         "groups-2": "W 12r"}).get_data(as_text=True)
    assert "3 sets of 2" in laid and "verdict ok" in laid
    beyond = client.post("/checker", data={"edition": "house", "phase": "9", "mode": "groups",
                                           "groups-0": "4r 4b"})
    assert beyond.status_code == 200
    assert "phases are numbered 1 to 8" in beyond.get_data(as_text=True)
