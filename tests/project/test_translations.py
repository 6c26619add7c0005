"""The translations: every English message id in the source has a reviewed translation in
every configured language, placeholders survive translation, the committed .mo files match
their .po files, and the pages and the API answer in German when asked to."""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from companion import config

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "companion" / "translations"
SCRIPT = ROOT / "scripts" / "translations.sh"

#: Every language the app offers besides English, the language of the message ids.
LANGUAGES = [code for code in config.defaults(str(ROOT / "instance"))["LANGUAGES"]
             if code != "en"]

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def catalog_path(language: str, kind: str = "po") -> Path:
    return TRANSLATIONS / language / "LC_MESSAGES" / f"messages.{kind}"


def read_catalog(language: str) -> Catalog:
    with catalog_path(language).open("rb") as file:
        return read_po(file, locale=language)


def script_keywords() -> dict[str, object]:
    """babel's default keywords plus the ``-k`` keywords of scripts/translations.sh."""
    extra = re.findall(r"-k\s+(\w+)(?::(\d+))?", SCRIPT.read_text())
    assert extra, "scripts/translations.sh names no extra keywords"
    return {**DEFAULT_KEYWORDS,
            **{keyword: (int(position),) if position else None for keyword, position in extra}}


def extracted_messages() -> dict[str, str | tuple[str, ...]]:
    """The message ids `pybabel extract -F babel.cfg` finds in the tree right now; one with
    a context (``pgettext``) as ``context\x04id``, gettext's own way of keeping them apart."""
    with (ROOT / "babel.cfg").open() as file:
        method_map, options_map = parse_mapping_cfg(file)
    found: dict[str, str | tuple[str, ...]] = {}
    for _filename, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=script_keywords()):
        key = message if isinstance(message, str) else message[0]
        if key:
            found[f"{context}\x04{key}" if context else key] = message
    return found


def forms(message: Message) -> Iterator[tuple[str, str]]:
    """(message id, translation) pairs; a plural's forms pair with the singular, then plural."""
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    for index, string in enumerate(strings):
        yield ids[min(index, len(ids) - 1)], string


@pytest.fixture(scope="module")
def extracted() -> dict[str, str | tuple[str, ...]]:
    return extracted_messages()


def test_the_extraction_finds_the_apps_messages(extracted):
    # Guards the guard: an extraction that silently found nothing would pass everything.
    for msgid in ("Card game", "Phase 10 score sheet", "2 sets of 3",
                  "“%(card)s” is not a card: numbers go from 1 to 12"):
        assert msgid in extracted


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_in_the_source_is_translated(language, extracted):
    catalog = read_catalog(language)
    missing, fuzzy, not_plural = [], [], []
    for msgid, message in extracted.items():
        context, _, bare = msgid.rpartition("\x04")
        entry = catalog.get(bare, context=context or None)
        if entry is None or not all(string.strip() for _, string in forms(entry)):
            missing.append(msgid)
        elif entry.pluralizable and len(entry.string) != catalog.num_plurals:
            missing.append(f"{msgid} (needs all {catalog.num_plurals} plural forms)")
        elif entry.fuzzy:
            fuzzy.append(msgid)
        elif isinstance(message, tuple) != entry.pluralizable:
            not_plural.append(msgid)
    problems = [f"{len(missing)} message(s) without a {language} translation:", *missing,
                "fuzzy (unreviewed) translations:", *fuzzy,
                "singular/plural differs from the source:", *not_plural]
    assert not (missing or fuzzy or not_plural), (
        f"Run scripts/translations.sh, fix {catalog_path(language).relative_to(ROOT)}, "
        "run it again.\n" + "\n".join(problems))


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language):
    wrong = []
    for message in read_catalog(language):
        if not message.id:
            continue
        for msgid, string in forms(message):
            if not string:
                continue
            same_names = set(PLACEHOLDER.findall(msgid)) == set(PLACEHOLDER.findall(string))
            # Any other % (a typo like "%(n)d" or a stray "%") breaks the formatting.
            same_rest = (PLACEHOLDER.sub("", msgid).count("%")
                         == PLACEHOLDER.sub("", string).count("%"))
            if not (same_names and same_rest):
                wrong.append(f"{msgid!r} -> {string!r}")
    assert not wrong, "placeholders differ:\n" + "\n".join(wrong)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalog_matches_the_po_file(language):
    compiled = io.BytesIO()
    write_mo(compiled, read_catalog(language))  # what `pybabel compile` writes
    compiled.seek(0)
    expected = gettext.GNUTranslations(compiled)
    with catalog_path(language, "mo").open("rb") as file:
        committed = gettext.GNUTranslations(file)
    differ = sorted(
        str(key) for key in expected._catalog.keys() | committed._catalog.keys()
        if key != "" and expected._catalog.get(key) != committed._catalog.get(key))
    assert not differ, (
        f"{catalog_path(language, 'mo').relative_to(ROOT)} is out of date; run "
        "scripts/translations.sh (or pybabel compile -d companion/translations):\n"
        + "\n".join(differ))


def german(msgid: str) -> str:
    entry = read_catalog("de").get(msgid)
    assert entry is not None and entry.string
    return str(entry.string)


def test_the_home_page_follows_the_browsers_language(client: FlaskClient):
    page = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}).text
    assert german("Card game") == "Kartenspiel"
    assert 'lang="de"' in page and "Kartenspiel" in page and "Card game" not in page
    english = client.get("/", headers={"Accept-Language": "en"}).text
    assert 'lang="en"' in english and "Card game" in english


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_its_pages_and_its_name_on_the_switch(client: FlaskClient, language):
    catalog = read_catalog(language)
    page = client.get("/", headers={"Accept-Language": f"{language};q=0.9,en;q=0.5"}).text
    card_game = catalog.get("Card game").string
    assert f'<html lang="{language}">' in page and card_game in page and "Card game" not in page
    name = Locale.parse(language).display_name
    assert f'value="{language}" lang="{language}"' in page and name[:1].upper() + name[1:] in page


def test_the_language_cookie_wins_over_the_browser(client: FlaskClient):
    client.set_cookie("lang", "de", domain="companion.test")
    page = client.get("/", headers={"Accept-Language": "en"}).text
    assert 'lang="de"' in page and "Kartenspiel" in page and "Regelprüfer" in page


def test_a_rules_reason_from_the_api_comes_back_in_german(client: FlaskClient):
    response = client.post("/api/check", json={"phase": 1, "hand": ["13r", "7b"]},
                           headers={"Accept-Language": "de"})
    assert response.status_code == 400
    expected = german("“%(card)s” is not a card: numbers go from 1 to 12") % {"card": "13r"}
    assert response.get_json()["error"] == expected
    assert expected.startswith("„13r“ ist keine Karte")
