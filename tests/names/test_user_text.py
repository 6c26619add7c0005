"""What a person typed stays text (issue 31): templates never pass a value through the
translation function (Jinja's ``_()`` marks what it returns safe), and a house edition's name
made of markup shows as the characters typed on every page that shows it."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[2]
#: A call of a translation function in a template: the name, then its first argument.
CALL = re.compile(r"\b(?:_|gettext|ngettext|pgettext|npgettext)\(\s*(?P<first>.)", re.S)
SAFE = re.compile(r"\|\s*safe\b|\bMarkup\(")
SIX = [[{"kind": "set", "size": 3}, {"kind": "run", "size": 3}], [{"kind": "set", "size": 4}]]
REFRESH = "<meta http-equiv=refresh content=0;/?p>"
REFERRER = "<meta name=referrer content=unsafe-url>"
LINK = "<a href=//elsewhere/x>x</a>"
#: Attributes whose value a browser follows (text in any other attribute is only text).
LINKING = ("href", "src", "action", "formaction", "content", "srcset")


def non_literal_calls(text: str) -> list[str]:
    """Each translation call whose first argument is not a string literal, as written."""
    found = []
    for match in CALL.finditer(text):
        if match["first"] not in "'\"":
            found.append(text[match.start():text.find(")", match.start()) + 1])
    return found


def test_the_scan_finds_what_it_must() -> None:
    page = ("{{ _('Score sheet') }} {{ _(facts.edition.name) }} {{ gettext(\"x\") }}\n"
            "{% with kind = _( game.kind ) %}{% endwith %}{{ ngettext(n, 'a', 'b') }}"
            "{{ say_phase(phase) }}")
    assert non_literal_calls(page) == ["_(facts.edition.name)", "_( game.kind )",
                                       "ngettext(n, 'a', 'b')"]


def test_no_template_translates_or_marks_safe_a_value() -> None:
    found = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(ROOT).as_posix()
        found += [f"{name}: {call}" for call in non_literal_calls(text)]
        found += [f"{name}: {match[0]}" for match in SAFE.finditer(text)]
    assert found == []


def house(client: FlaskClient, name: str) -> str:
    made = client.post("/api/editions", json={"name": name, "phases": SIX})
    assert made.status_code == 201, made.get_json()
    return str(made.get_json()["edition"])


def played(client: FlaskClient, edition: str, group: str | None = None) -> dict[str, Any]:
    """A finished game of ``edition`` (two phases): Ann completes both, Ben none."""
    path = f"/api/groups/{group}/games" if group else "/api/games"
    game = client.post(path, json={"players": ["Ann", "Ben"], "edition": edition}).get_json()
    results = [{"player": "Ann", "phase": True, "points": 0, "went_out": True},
               {"player": "Ben", "phase": False, "points": 75}]
    for _ in SIX:
        answer = client.post(f"/api/games/{game['id']}/rounds", json={"results": results})
        assert answer.status_code == 201, answer.get_json()
    return dict(game)


class Made(HTMLParser):
    """The elements a name could have made: meta tags and links elsewhere."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        if (tag == "meta" and ("http-equiv" in given or given.get("name") == "referrer")) or (
                any("elsewhere" in (given.get(name) or "") for name in LINKING)):
            self.found.append((tag, attrs))


def assert_text(page: str, *names: str) -> None:
    for name in names:
        assert name not in page
    parser = Made()
    parser.feed(page)
    assert parser.found == []


def test_a_house_edition_named_markup_shows_as_text_on_its_games(client: FlaskClient) -> None:
    game = played(client, house(client, REFRESH))
    for path in (f"/games/{game['id']}", f"/games/{game['view_id']}",
                 f"/games/{game['id']}/players", f"/games/{game['id']}/round"):
        page = client.get(path).get_data(as_text=True)
        assert_text(page, REFRESH)
        if not path.endswith(("/players", "/round")):  # pages that do not name the edition
            assert "&lt;meta http-equiv=refresh" in page, path


def test_a_groups_page_shows_house_names_as_text(client: FlaskClient) -> None:
    """The reproduction: two games named as a referrer policy and a link make the group's
    edit page send its edit link elsewhere, unless the names stay text."""
    group = client.post("/api/groups", json={"name": "Friday"}).get_json()
    for name in (REFERRER, LINK):
        played(client, house(client, name), group["id"])
    for key in (group["id"], group["view_id"]):
        page = client.get(f"/groups/{key}").get_data(as_text=True)
        assert_text(page, REFERRER, LINK)
        assert "&lt;meta name=referrer" in page and "&lt;a href=//elsewhere/x&gt;" in page


def test_an_imported_house_edition_named_markup_shows_as_text(client: FlaskClient) -> None:
    game = played(client, house(client, "Family"))
    exported = client.get(f"/api/games/{game['id']}/export").get_json()
    exported["game"]["house_rules"]["name"] = REFRESH
    imported = client.post("/api/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    page = client.get(f"/games/{imported.get_json()['id']}").get_data(as_text=True)
    assert_text(page, REFRESH)
    assert "&lt;meta http-equiv=refresh" in page


def test_built_in_names_are_still_translated(client: FlaskClient) -> None:
    game = client.post("/api/games", json={"players": ["Ann", "Ben"]}).get_json()
    page = client.get(f"/games/{game['id']}", headers={"Accept-Language": "de"})
    assert "Kartenspiel" in page.get_data(as_text=True) or "Original" in page.get_data(
        as_text=True)


def test_a_house_editions_own_words_are_never_looked_up() -> None:
    """A house edition named like a message id ("Card game") is shown as typed; its labels
    that are the app's own (its tag) are translated."""
    from companion.editions.house import HouseRules, edition
    from companion.rules.phases import PartKind

    table = (((PartKind.SET, 3),),)
    made = edition("hx", HouseRules("Card game", table))
    loud = str.upper
    assert [made.says(label, loud) for label in ("name", "title", "phases_title", "note")] == [
        "Card game"] * 4
    assert made.says("tag", loud) == "HOUSE RULES" and made.says("start_hint", loud) == ""
