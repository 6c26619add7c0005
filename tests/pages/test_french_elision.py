"""French elides "de" and "que" before a vowel: "les points d’Eve", never "de Eve", for the
names put in messages, in the API's answers and in the pages (issue 46)."""

from __future__ import annotations

import pytest
from flask_babel import gettext

from companion.i18n import elide

FRENCH = {"Accept-Language": "fr"}


@pytest.mark.parametrize(("name", "said"), [
    ("Eve", "Il manque les points d’Eve"), ("Ines", "Il manque les points d’Ines"),
    ("Émile", "Il manque les points d’Émile"), ("Ben", "Il manque les points de Ben"),
    ("Hugo", "Il manque les points de Hugo"),  # an "h" is elided before some words only
    ("8ball", "Il manque les points de 8ball")])
def test_the_api_elides_before_a_name_starting_with_a_vowel(client, name: str,  # type: ignore[no-untyped-def]
                                                             said: str) -> None:
    game = client.post("/api/games", json={"players": ["Ben" if name != "Ben" else "Cleo",
                                                        name]}).get_json()
    first = game["players"][0]["name"]
    answer = client.post(f"/api/games/{game['id']}/rounds", headers=FRENCH, json={"results": [
        {"player": first, "phase": True, "points": 0, "went_out": True},
        {"player": name, "phase": False}]})
    assert answer.status_code in (400, 422)
    assert answer.get_json()["error"] == said


def test_page_messages_elide_too_and_other_languages_are_left_alone(app) -> None:  # type: ignore[no-untyped-def]
    template = "The game ended at once when %(name)s reached the wreath, so %(names)s did " \
               "not move although they had laid their phase."
    with app.test_request_context(headers=FRENCH):
        said = gettext(template, name="Ines", names="Ben")
        assert "dès qu’Ines a atteint" in said
        assert "dès que Ben" in gettext(template, name="Ben", names="Ines")
    with app.test_request_context(headers={"Accept-Language": "de"}):
        assert "Ines" in gettext(template, name="Ines", names="Ben")


def test_elision_changes_only_what_comes_before_the_name() -> None:
    assert elide("de %(a)s et de %(b)s", {"a": "Anna", "b": "Ben"}) == "d’%(a)s et de %(b)s"
    assert elide("Que %(a)s", {"a": "Yann"}) == "Qu’%(a)s"
    assert elide("monde %(a)s", {"a": "Anna"}) == "monde %(a)s"  # not a word of its own
    assert elide("de %(n)s", {"n": 8}) == "de %(n)s"
