"""The checker page as a coach, as the server renders it: outs grouped by what they do, the
odds, the cards seen, the extra cards that fit, and the Masters phase to try."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from babel.messages.pofile import read_po


class Page:
    """The verdict fragment (well-formed markup) with a class-name lookup."""

    def __init__(self, root: ET.Element) -> None:
        self.root = root

    def select(self, name: str) -> list[Page]:
        """Elements with the class (or, for "[x]", the attribute) ``name`` in document order."""
        if name.startswith("["):
            return [Page(el) for el in self.root.iter() if name[1:-1] in el.attrib]
        return [Page(el) for el in self.root.iter() if el is not self.root
                and name in el.get("class", "").split()]

    def select_one(self, name: str) -> Page | None:
        found = self.select(name)
        return found[0] if found else None

    def get(self, attribute: str) -> str | None:
        return self.root.get(attribute)

    def __getitem__(self, attribute: str) -> str:
        return self.root.attrib[attribute]


def verdict(client, **fields: object) -> Page:
    data = {"edition": "original", "phase": "1", "mode": "hand", **fields}
    response = client.post("/checker?partial=1", data=data)
    assert response.status_code == 200
    return Page(ET.fromstring(f"<div>{response.get_data(as_text=True)}</div>"))


def text(node: Page | None) -> str:
    assert node is not None
    return re.sub(r"\s+", " ", " ".join(node.root.itertext())).strip()


def rows(page: Page) -> list[tuple[str, str]]:
    return [(text(row.select_one("part")) if row.select_one("part") else "",
             " ".join(text(chip).split(" ")[0] for chip in row.select("card")))
            for row in page.select("out-group")]


def test_a_short_hand_gets_its_outs_by_what_they_do_and_the_odds(client):
    page = verdict(client, phase="3", hand="8r 8g 8b 3y 4y 5r W S 11b", seen="6r 6g")
    assert rows(page) == [("Set of 4", "8"), ("Run of 4", "2 6"), ("", "W")]
    roles = [text(role) for role in page.select("role")]
    assert roles == ["frees your wild for a gap elsewhere", "any of these completes the phase",
                     "fills any gap"]
    assert text(page.select_one("odds")) == "26 of the 97 cards you have not seen help."
    assert [text(draw) for draw in page.select("draw")] == [
        "next card 27%", "within 2 cards 47%", "within 3 cards 61%"]
    assert not page.select("ranking")  # the original edition plays its phases in order


def test_further_from_the_phase_an_out_gets_one_card_closer(client):
    page = verdict(client, phase="1", hand="7r 7b W 9g 12y")
    assert rows(page)[:2] == [("Set of 3", "9 12"), ("Set of 3", "7")]
    assert [text(role) for role in page.select("role")][:2] == [
        "any of these gets you one card closer", "frees your wild for a gap elsewhere"]
    assert "2 cards short" in text(page.select_one("reasons"))


def test_colour_groups_show_colours_and_colour_runs_cards(client):
    page = verdict(client, phase="8", hand="1r 2r 3r 4r 5b 6b W")
    assert rows(page)[0] == ("7 cards of one colour", "red")
    page = verdict(client, edition="masters", phase="8", hand="3r 4r 6r 9b")
    chips = page.select("out-group")[0].select("card")
    assert [text(chip) for chip in chips] == ["2 red", "5 red", "7 red"]


def test_cards_seen_lower_the_odds_and_too_many_copies_are_refused(client):
    alone = verdict(client, phase="4", hand="1r 2r 3r 4r 5r 6r 12b")
    seen = verdict(client, phase="4", hand="1r 2r 3r 4r 5r 6r 12b", seen="7r 7g 7b 7y W W")
    assert text(alone.select_one("odds")).startswith("16 of the 101")
    assert text(seen.select_one("odds")).startswith("10 of the 95")
    refused = verdict(client, phase="4", hand="1r 2r 7r 7r", seen="7r")
    assert "The deck has only 2 of 7r" in text(refused)
    assert not refused.select("coach")
    bad = verdict(client, phase="4", hand="1r 2r", seen="13r")
    assert "13r" in text(bad) and not bad.select("coach")


def test_a_complete_hand_shows_the_extra_cards_that_fit(client):
    page = verdict(client, phase="2", hand="5r 5b 5g 5y 8g 9g 10y 11r 12b 3y")
    titles = [text(Page(title)) for title in page.select("coach")[0].root.iter("h2")]
    assert titles == ["Extra cards that fit"]
    assert rows(page) == [("Set of 3", "5"), ("Run of 4", "12")]
    nothing = verdict(client, phase="1", hand="4r 4b 4g 8r 8y 8b 2r")
    assert text(nothing.select_one("coach")) == "None of the other cards fits the new groups."


def test_masters_ranks_the_open_phases_by_how_close_the_hand_is(client):
    page = verdict(client, edition="masters", phase="3", hand="8r 8g 8b 3y 4y 5r W S 11b",
                   done=["1", "2", "9"])
    ranking = [Page(item) for item in page.select("ranking")[0].root.iter("li")]
    assert [item.select("[data-try-phase]")[0]["data-try-phase"] for item in ranking] == [
        "4", "5", "7", "6", "8", "3", "10"]
    assert text(ranking[0]) == ("Phase 4 2 sets of 3 + run of 3 1 card short · next card "
                                "helps: 14%")
    assert ranking[5].get("aria-current") == "true"
    done = verdict(client, edition="masters", phase="4", hand="7r 7b 7g 8r 8y 8b 1r 2r 3r")
    first = [Page(item) for item in done.select("ranking")[0].root.iter("li")][0]
    assert text(first).startswith("Phase 4") and "complete now" in text(first)


def test_masters_judges_an_open_phase_once_the_chosen_one_is_ticked_done(client):
    hand = "4r 4b 4g 8r 8y 8b 2r 3g 9y"
    page = verdict(client, edition="masters", phase="1", hand=hand, done=["1"])
    ranking = [Page(item) for item in page.select("ranking")[0].root.iter("li")]
    best = ranking[0].select("[data-try-phase]")[0]["data-try-phase"]
    assert best != "1" and ranking[0].get("aria-current") == "true"
    assert text(page.select_one("verdict-title")).endswith(f"phase {best}.")
    # A phase not done is judged as chosen, even when another would be closer.
    chosen = verdict(client, edition="masters", phase="10", hand=hand, done=["1"])
    assert text(chosen.select_one("verdict-title")).endswith("phase 10.")


def test_the_coach_speaks_german(client):
    client.set_cookie("lang", "de", domain="companion.test")
    page = verdict(client, phase="3", hand="8r 8g 8b 3y 4y 5r W S 11b", seen="6r 6g")
    assert [text(role) for role in page.select("role")] == [
        "macht deinen Joker für eine Lücke anderswo frei",
        "jede davon macht die Phase komplett", "füllt jede Lücke"]
    assert text(page.select_one("odds")) == (
        "26 der 97 Karten, die du nicht gesehen hast, helfen.")
    assert [text(draw) for draw in page.select("draw")] == [
        "nächste Karte 27 %", "in den nächsten 2 Karten 47 %", "in den nächsten 3 Karten 61 %"]


def test_every_language_s_wild_and_skip_initials_are_read_as_those_cards():
    from companion.rules import SKIP, WILD, Card
    from companion.rules.cards import SKIP_WORDS, WILD_WORDS
    for language in ("de", "fr", "it", "nl"):
        with open(f"companion/translations/{language}/LC_MESSAGES/messages.po", "rb") as file:
            catalog = read_po(file, locale=language)
        wild, skip = catalog.get("wild").string, catalog.get("skip").string
        assert Card.parse(wild[:1].upper()) == WILD and Card.parse(wild) == WILD, language
        assert Card.parse(skip[:1].upper()) == SKIP and Card.parse(skip) == SKIP, language
        assert not set(WILD_WORDS) & set(SKIP_WORDS)


def test_masters_plans_with_the_save_pile_and_the_card_game_has_none(client):
    short = "4r 4b 8r 8y 8b 2r 2g 2b 11g"  # phase 1: 3 sets of 3, one 4 short
    without = verdict(client, edition="masters", phase="1", hand=short)
    assert text(without.select_one("verdict-title")).startswith("No:")
    saved = verdict(client, edition="masters", phase="1", hand=short, saved="4g")
    assert text(saved.select_one("verdict-title")).startswith("Yes:")
    assert "Counting your saved card" in text(saved)
    # The saved cards are the player's: they are not among the unseen cards the odds count.
    odds = verdict(client, edition="masters", phase="1", hand=short, saved="9y")
    plain = text(without.select_one("odds"))
    assert text(odds.select_one("odds")) != plain and "Counting your saved card" in text(odds)
    # One deck holds the hand, the saved cards and the cards seen together.
    refused = verdict(client, edition="masters", phase="1", hand="7r 7r", saved="7r")
    assert "The deck has only 2 of 7r" in text(refused)
    # The card game keeps no save pile: the field is not shown and not counted.
    original = verdict(client, edition="original", phase="1", hand="4r 4b 8r 8y 8b 11g",
                       saved="4g")
    assert text(original.select_one("verdict-title")).startswith("No:")
    def shown(edition: str) -> str:
        return client.post("/checker", data={"edition": edition, "phase": "1", "mode": "hand",
                                             "hand": "1r"}).get_data(as_text=True)
    assert re.search(r'class="field saved-cards"[^>]* hidden', shown("original"))
    assert 'class="field saved-cards"' in shown("masters")
    assert not re.search(r'class="field saved-cards"[^>]* hidden', shown("masters"))


def test_the_checker_checks_the_revision_a_running_game_plays_by(client) -> None:
    """House rules edited after a game started: the game's link to the checker (its edition is
    the revision's key) checks that revision, says which one it is, and the newest stays on
    offer through the rules' own link."""
    first = {"name": "Kitchen rules", "values": {"wild": 25},
             "phases": [[{"kind": "set", "size": 4}]]}
    rules = client.post("/api/editions", json=first).get_json()
    game = client.post("/api/games", json={"players": ["Ann", "Ben"],
                                           "edition": rules["id"]}).get_json()
    later = {**first, "phases": [[{"kind": "run", "size": 7}]]}
    edited = client.put(f"/api/editions/{rules['id']}", json=later)
    assert edited.status_code == 200
    asked = {"edition": game["edition"], "phase": "1", "mode": "groups", "groups-0": "7r 7b 7g W"}
    old = client.post("/checker", data=asked).get_data(as_text=True)
    assert 'data-valid="true"' in old  # a set of 4, as the game plays
    assert "Kitchen rules (version 1 of 2)" in old
    page = client.get(f"/checker?edition={game['edition']}&phase=1").get_data(as_text=True)
    assert "Kitchen rules (version 1 of 2)" in page and "set of 4" in page
    newest = client.post("/checker", data={**asked, "edition": edited.get_json()["edition"]}
                         ).get_data(as_text=True)
    assert 'data-valid="false"' in newest and "version 1 of 2" not in newest
