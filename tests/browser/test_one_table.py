"""One table, many phones (issue 46): the rematch everyone follows, the invitation one tap
from the sheet's first screen, the checker one tap from a player's phase, and seats drawn at
random on the new-game form."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.kits.browser import api_game, api_post, page_fits, shot

pytestmark = pytest.mark.browser

SIX = ["Anna", "Ben", "Cleo", "Dmitri", "Eve", "Farid"]


def finished(page: Page, server: str, players: list[str]) -> dict[str, Any]:
    """A game of one phase that its first player wins in round 1."""
    game = api_game(page, server, players, phases=[1])
    results = [{"player": name, "phase": seat == 0, "points": 0 if seat == 0 else 50}
               for seat, name in enumerate(players)]
    api_post(page, server, f"/api/games/{game['id']}/rounds", {"results": results})
    return game


def test_every_phone_on_the_finished_sheet_is_sent_to_the_one_rematch(pages, server) -> None:
    scorer, other_scorer, follower = pages(), pages(), pages()
    game = finished(scorer, server, SIX)
    scorer.goto(f"{server}/games/{game['id']}")
    other_scorer.goto(f"{server}/games/{game['id']}")
    follower.goto(f"{server}/games/{game['view_id']}")
    for page in (scorer, other_scorer, follower):
        expect(page.locator("[data-live]")).to_have_attribute("data-stream", "open")
    expect(follower.get_by_role("button", name="Rematch")).to_have_count(0)

    scorer.get_by_role("button", name="Rematch").tap()
    expect(scorer.get_by_text("Rematch started")).to_be_visible()
    rematch = scorer.url

    # The other phones, still on the finished sheet, hear of it without a reload.
    go = other_scorer.get_by_role("link", name="Go to the rematch")
    expect(go).to_be_visible()
    expect(go).to_be_in_viewport()
    expect(other_scorer.get_by_role("button", name="Rematch")).to_have_count(0)
    # ... and a screen reader is told, in the live region that says the rounds.
    for page in (other_scorer, follower):
        expect(page.locator("#live-status")).to_have_text(
            "The next game at this table has started. Go to the rematch.")
    shot(other_scorer, "rematch-offered-390", full_page=False)
    watching = follower.get_by_role("link", name="Go to the rematch")
    expect(watching).to_be_visible()
    # A read-only phone is sent to the rematch's read-only link, never its edit link.
    href = watching.get_attribute("href") or ""
    assert rematch.rsplit("/", 1)[-1] not in href
    go.tap()
    expect(other_scorer).to_have_url(rematch)
    expect(other_scorer.get_by_role("link", name=re.compile("Enter round 1"))).to_be_visible()
    watching.tap()
    expect(follower.get_by_text("Round 1 · Ben deals")).to_be_visible()
    expect(follower.get_by_role("link", name=re.compile("Enter round"))).to_have_count(0)


def test_a_rematch_tap_on_a_page_that_missed_the_news_opens_the_same_game(pages, server) -> None:
    first, late = pages(), pages()
    game = finished(first, server, ["Ann", "Ben"])
    # A page that hears nothing (no stream, every poll "not changed"), as one left open offline.
    late.route("**/events", lambda route: route.fulfill(status=204))
    late.route("**/api/games/*", lambda route: route.fulfill(status=304))
    late.goto(f"{server}/games/{game['id']}")
    first.goto(f"{server}/games/{game['id']}")
    first.get_by_role("button", name="Rematch").tap()
    expect(first.get_by_text("Rematch started")).to_be_visible()
    late.get_by_role("button", name="Rematch").tap()  # the page still offers it
    expect(late.get_by_text("Another phone started the rematch already")).to_be_visible()
    assert late.url == first.url


def test_the_edit_link_and_its_qr_code_are_one_tap_from_the_first_screen(phone, server) -> None:
    game = api_game(phone, server, SIX)
    phone.goto(f"{server}/games/{game['id']}")
    invite = phone.get_by_role("link", name="Let another phone keep score")
    expect(invite).to_be_in_viewport()  # 390 × 844, six players: no scrolling
    shot(phone, "sheet-first-screen-invite-390", full_page=False)
    invite.tap()  # the one tap
    qr = phone.get_by_role("img", name="QR code of the edit link")
    expect(qr).to_be_in_viewport()
    # Drawn: the picture loads after the page, so wait for it (fails when it never loads).
    phone.wait_for_function(
        "(img => img.complete && img.naturalWidth > 0)(document.querySelector('#invite-qr'))")
    link = phone.get_by_role("link", name=re.compile(re.escape(game["id"])))
    expect(link).to_be_in_viewport()
    expect(link).to_have_attribute("href", re.compile(f"/games/{game['id']}$"))
    shot(phone, "invite-390", full_page=False)
    assert page_fits(phone, 390)
    # A follower's page (the read-only link) offers nothing of the kind.
    phone.goto(f"{server}/games/{game['view_id']}")
    expect(phone.get_by_role("heading", name="Standings")).to_be_visible()
    expect(phone.get_by_role("link", name="Let another phone keep score")).to_have_count(0)


FIRST_RULES = {"name": "Kitchen rules", "values": {"wild": 25}, "phases": [
    [{"kind": "set", "size": 3}, {"kind": "run", "size": 3}], [{"kind": "set", "size": 4}]]}


def test_a_players_phase_opens_the_checker_on_the_rules_the_game_plays_by(phone, server) -> None:
    rules = api_post(phone, server, "/api/editions", FIRST_RULES)
    game = api_game(phone, server, ["Ann", "Ben"], edition=rules["id"])
    api_post(phone, server, f"/api/games/{game['id']}/rounds", {"results": [
        {"player": "Ann", "phase": True, "points": 0},
        {"player": "Ben", "phase": False, "points": 50}]})
    # The rules change after the game started: phase 2 becomes a run of 7.
    changed = {**FIRST_RULES, "phases": [FIRST_RULES["phases"][0], [{"kind": "run", "size": 7}]]}
    edited = phone.request.put(f"{server}/api/editions/{rules['id']}", data=changed)
    assert edited.status == 200 and edited.json()["revision"] == 2
    phone.goto(f"{server}/games/{game['view_id']}")
    ann = phone.locator("tr[data-player=Ann]").get_by_role(
        "link", name="Ann, phase 2: check a hand")
    expect(ann).to_be_in_viewport()
    ann.tap()  # the one tap
    expect(phone.get_by_role("heading", level=1)).to_have_text("Rules checker")
    edition = phone.get_by_label("Edition")
    expect(edition).to_have_value(game["edition"])  # the game's revision, and it says so
    expect(edition.locator("option:checked")).to_have_text("Kitchen rules (version 1 of 2)")
    expect(phone.get_by_label("Phase", exact=True)).to_have_value("2")
    expect(phone.locator("#phase-parts")).to_have_text("set of 4")
    shot(phone, "checker-from-game-390", full_page=False)
    phone.get_by_label("Cards in hand").fill("7r 7b 7g W 2r 9b")
    with phone.expect_response(lambda r: r.request.method == "POST") as answer:
        phone.get_by_role("button", name="Check", exact=True).tap()
    assert answer.value.status == 200
    verdict = phone.locator("#verdict .verdict")
    expect(verdict).to_have_attribute("data-valid", "true")  # a set of 4, as the game plays


@pytest.mark.parametrize("scripts", [True, False], ids=["scripts", "no-scripts"])
def test_draw_seats_and_dealer_in_one_tap_then_start(browser, server, scripts) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, java_script_enabled=scripts,
                                  service_workers="block", locale="en-GB")
    phone = context.new_page()
    try:
        phone.goto(f"{server}/games/new")
        for seat, name in enumerate(SIX, 1):
            phone.get_by_placeholder(f"Player {seat}", exact=True).fill(name)
        phone.get_by_role("button", name="Draw seats and dealer").tap()  # the one tap
        drawn = phone.get_by_role("status").filter(has_text="Seats drawn at random")
        expect(drawn).to_be_visible()
        shot(phone, f"new-game-drawn-{'js' if scripts else 'nojs'}-390")
        seats = [phone.get_by_placeholder(f"Player {seat}", exact=True).input_value()
                 for seat in range(1, 7)]
        assert sorted(seats) == sorted(SIX)
        dealer = re.search(r": (.+) deals\.", drawn.inner_text())
        assert dealer is not None
        phone.get_by_role("button", name="Start the game").tap()
        expect(phone.get_by_text(f"Round 1 · {dealer.group(1)} deals")).to_be_visible()
        headers = phone.locator("table.sheet thead th.name")
        assert [header.get_attribute("title") for header in headers.all()] == seats
    finally:
        context.close()
