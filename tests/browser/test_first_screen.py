"""The first screen of a game's page on a 390×844 phone (issue 34): after a round is stored it
tells every player's place, phase and total and offers the next round; a finished game shows
its winner, Rematch and Share. And no text of the sheet runs into other text, at any width,
with 2 to 6 players whose names are long, alike, emoji or in other scripts."""

from __future__ import annotations

import re
from typing import Any

import pytest
import regex
from playwright.sync_api import Page, expect

from tests.kits.browser import api_game, api_round, shot
from tests.kits.screen import first_screen, overlaps, text_boxes

pytestmark = pytest.mark.browser

SIX = ["Alexander", "Alexandra", "Christina", "Benjamin", "👨‍👩‍👧‍👦", "Ольга"]


def rounds_of(names: list[str], count: int) -> list[list[dict[str, Any]]]:
    """``count`` rounds: each player goes out in turn, every other one lays their phase."""
    rounds = []
    for number in range(count):
        out = number % len(names)
        laid = [seat == out or (seat + number) % 2 == 0 for seat in range(len(names))]
        rounds.append([{"player": name, "phase": laid[seat], "went_out": seat == out,
                        "points": 0 if seat == out else 5 * ((seat * 3 + number) % 7)
                        + (10 if laid[seat] else 50)} for seat, name in enumerate(names)])
    return rounds


def store_round_on_the_form(page: Page, number: int, out: str, names: list[str]) -> None:
    page.get_by_role("link", name=f"Enter round {number}").tap()
    # The form's script ticks "phase done" and writes 0 for who went out: tap only once it
    # has run (on a loaded machine a tap can come first, and the server then rightly asks).
    page.wait_for_url(re.compile(r"/round$"), wait_until="load")
    row = page.locator(".result-row", has=page.get_by_role("heading", name=out, exact=True))
    row.get_by_label("went out").tap()
    expect(row.get_by_label(re.compile(r"Phase \d+ done"))).to_be_checked()
    for name in names:
        if name != out:
            other = page.locator(".result-row",
                                 has=page.get_by_role("heading", name=name, exact=True))
            other.get_by_label("Points").fill("65")
    page.get_by_role("button", name=f"Store round {number}").tap()
    expect(page.get_by_text(f"Round {number} stored.")).to_be_visible()


def test_after_a_round_the_first_screen_tells_every_place_phase_and_total(
        phone: Page, server: str) -> None:
    game = api_game(phone, server, SIX)
    for results in rounds_of(SIX, 5):
        game = api_round(phone, server, game, results)
    phone.goto(game["links"]["edit"])
    store_round_on_the_form(phone, 6, "Christina", SIX)
    game = phone.request.get(f"{server}/api/games/{game['id']}").json()
    shot(phone, "first-screen-6-players-390")

    seen = " | ".join(first_screen(phone))
    lines = {line["name"]: line for line in game["players"]}
    for name in game["standings"]:
        line = lines[name]
        assert re.search(rf"\d\. \| {re.escape(name)} \| phase {line['current_phase']} \| "
                         rf"{line['points']}( |$)", seen), (name, seen)
    assert "Enter round 7" in seen
    # The full sheet is the next thing below: its top starts within the first screen.
    top = phone.evaluate("document.querySelector('table.sheet').getBoundingClientRect().top")
    assert top < 844


def test_a_finished_game_shows_its_winner_rematch_and_share_first(
        phone: Page, server: str) -> None:
    game = api_game(phone, server, SIX, phases=[1])
    game = api_round(phone, server, game, rounds_of(SIX, 1)[0])
    assert game["status"] == "finished" and game["winner"] == "Alexander"
    phone.goto(game["links"]["edit"])
    expect(phone.get_by_role("button", name="Share the result")).to_be_visible()
    shot(phone, "first-screen-finished-390")
    seen = first_screen(phone)
    assert "★ Alexander wins!" in seen
    assert "Rematch" in seen and "Share the result" in seen
    # Rematch and Share sit above the sheet, and the standings tell the places.
    assert seen.index("Rematch") < seen.index("Share the result")
    assert re.search(r"1\. \| Alexander \| 1 phase \| 0 \| .* \| 0 phases \| ", " | ".join(seen))


def test_the_board_game_s_first_screen_tells_every_place_and_space(phone: Page,
                                                                   server: str) -> None:
    names = ["Anna", "Ben", "Cem", "Dilara", "Emil", "Franziska"]
    game = api_game(phone, server, names, edition="board")
    for number in range(3):
        game = api_round(phone, server, game, [
            {"player": name, "phase": (seat + number) % 2 == 0 or seat == number,
             "went_out": seat == number} for seat, name in enumerate(names)])
    phone.goto(game["links"]["edit"])
    seen = " | ".join(first_screen(phone))
    for line in game["players"]:
        assert re.search(rf"\d\. \| {line['name']} \| phase {line['marker']}( |$)", seen), seen
    assert "Round 4 is over" in seen


def test_ticking_a_phase_chooses_my_choice(phone: Page, server: str) -> None:
    phone.goto(f"{server}/games/new")
    phone.get_by_text("Variants").tap()
    mine = phone.get_by_role("radio", name="My choice:")
    expect(mine).not_to_be_checked()
    phone.locator(".phase-picks").get_by_role("checkbox").nth(2).check()
    expect(mine).to_be_checked()


NAMES = {
    "long and alike": ["Alexander", "Alexandra", "Christina", "Benjamin", "Maximilian",
                       "Alexandrina"],
    "scripts": ["👨‍👩‍👧‍👦", "👨‍👩‍👧‍👦👩‍💻", "Ольга", "محمد عبد الله", "विश्वनाथ",
                "王小明很长的名字"],
}


#: The header's name as drawn: the visible span, not the full name kept for screen readers in
#: a box of 1 px.
SHOWN_NAME = ("[...cell.children].find(s => s.checkVisibility()"
              " && s.getBoundingClientRect().width > 1)")


def _whole_graphemes(shown: str, name: str) -> bool:
    """``shown`` is ``name`` or its start and end cut between graphemes around an ellipsis."""
    if shown == name:
        return True
    head, _, tail = shown.partition("…")
    clusters = regex.findall(r"\X", name)
    starts = {"".join(clusters[:n]).rstrip() for n in range(len(clusters) + 1)}
    ends = {"".join(clusters[n:]) for n in range(len(clusters) + 1)}
    return head in starts and tail in ends


@pytest.mark.parametrize("width", [320, 390, 1280])
@pytest.mark.parametrize("kind", sorted(NAMES))
def test_no_text_of_the_sheet_runs_into_other_text(pages: Any, server: str, width: int,
                                                   kind: str) -> None:
    page = pages(phone=width < 600, width=width)
    page.set_viewport_size({"width": width, "height": 844})
    for count in range(2, 7):
        names = NAMES[kind][:count]
        game = api_game(page, server, names)
        game = api_round(page, server, game, rounds_of(names, 1)[0])
        page.goto(game["links"]["edit"])
        boxes = text_boxes(page, "table.sheet")
        assert boxes, "the sheet shows text"
        assert not overlaps(boxes), (width, names, overlaps(boxes))
        shorts = page.locator("table.sheet thead th.name").evaluate_all(
            f"cells => cells.map(cell => [cell.title, {SHOWN_NAME}.textContent])")
        for name, shown in shorts:
            assert _whole_graphemes(shown, name), (shown, name)
        assert len({shown for _, shown in shorts}) == count, shorts  # told apart
        # ... as drawn: the browser's own ellipsis clips none of them (it would hide the
        # letters that tell two alike names apart: "Ale…ra" and "Ale…na" both as "Ale……").
        clipped = page.locator("table.sheet thead th.name").evaluate_all(
            f"cells => cells.map(cell => {SHOWN_NAME})"
            ".filter(span => span.scrollWidth > span.clientWidth + 1)"
            ".map(span => span.textContent)")
        assert clipped == [], (width, names, clipped)
        if count == 6:
            shot(page, f"sheet-headers-{kind.replace(' ', '-')}-{width}")
