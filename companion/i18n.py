"""Language choice and translation of the rules engine's reasons."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from babel import Locale
from flask import Flask, current_app, request
from flask_babel import Domain, get_locale, get_translations, gettext
from flask_babel import lazy_gettext as _l

from companion.editions.base import Edition, Label
from companion.editions.words import part_words, phase_words
from companion.rules import Part, Phase
from companion.rules.cards import COLOUR_LETTERS, COLOUR_WORDS, SKIP_WORDS, WILD_WORDS
from companion.rules.errors import Reason, Term

LANGUAGE_COOKIE = "lang"


@cache
def language_name(code: str) -> str:
    """A language's name in that language, as a switch shows it: "Deutsch", "Français"."""
    name = Locale.parse(code).display_name or code
    return name[:1].upper() + name[1:]


def language_names() -> dict[str, str]:
    """Every configured language's code and own name, in the configured order."""
    return {code: language_name(code) for code in current_app.config["LANGUAGES"]}


def select_locale() -> str:
    """The language from the switch's cookie, else the browser's preference."""
    languages = current_app.config["LANGUAGES"]
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen in languages:
        return str(chosen)
    return request.accept_languages.best_match(languages) or current_app.config[
        "BABEL_DEFAULT_LOCALE"]


def say(reason: Reason, *, sentence: bool = False) -> str:
    """A reason or problem in the request's language.

    The rules engine's reasons are clauses ("the run 4 5 7 has a gap at 6") that messages
    build on; ``sentence`` makes one a sentence of its own, shown alone (a field's error, a
    flash, an answer's ``error``). Only the template's own first word is capitalised: what a
    person typed ("“hello” is not a card", a player's name) stays as typed.
    """
    params: dict[str, Any] = {key: gettext(value) if isinstance(value, Term) else value
                              for key, value in (reason.params or {}).items()}
    translations = get_translations()
    if reason.plural is not None:
        count = int(params[reason.count])
        template = str(translations.ungettext(reason.template, reason.plural, count))
        params.setdefault("num", count)
    else:
        template = str(translations.ugettext(reason.template))
    if params and _french():
        template = elide(template, params)
    if sentence and template[:1].isalpha():
        template = template[:1].upper() + template[1:]
    return template % params if params else template


def _gettext(text: str) -> str:
    return str(gettext(text))


def edition_says(edition: Edition, label: Label) -> str:
    """An edition's label in the request's language; a house edition's own name as typed.
    Templates show editions' labels through this, never through ``_()``: Jinja's ``_()``
    marks what it returns safe, and a house edition's name is what a person typed."""
    return edition.says(label, _gettext)


def term(text: object) -> str:
    """A :class:`Term` (a message id the code declared) in the request's language; any other
    value as plain text (escaped where shown)."""
    return _gettext(text) if isinstance(text, Term) else str(text)


def say_phase(phase: Phase) -> str:
    """A phase's parts in words, in the request's language ("2 sets of 3" / "2 Drillinge");
    a phase the catalog does not name (house rules) is put together from its parts."""
    return phase_words(phase, _gettext)


def say_part(part: Part) -> str:
    return part_words(part, _gettext)


COLOUR_NAMES = {"r": _l("red"), "g": _l("green"), "b": _l("blue"), "y": _l("yellow")}
#: Every colour letter and word the card parser reads, for the checker's card chips.
CARD_COLOURS = {text: colour.value for text, colour in COLOUR_LETTERS.items()} | {
    word: colour.value for words in COLOUR_WORDS.values() for word, colour in words.items()}
#: Every word the card parser reads as a wild ("w") or a skip ("s"), for the same chips.
CARD_SPECIALS = dict.fromkeys(WILD_WORDS, "w") | dict.fromkeys(SKIP_WORDS, "s")


def colour_name(letter: str) -> str:
    return str(COLOUR_NAMES.get(letter, letter))


def wild_meaning(meaning: str) -> str:
    """What a wild stands for, in words: ``7`` stays, ``g`` is "green", ``7g`` "green 7"
    (a colour run's card); ``+`` (beyond a full board-game run) stays. The letters are the
    notation's, not a word in every language (docs/decisions.md: colours are words)."""
    letter = meaning[-1:]
    if letter not in COLOUR_NAMES:
        return meaning
    if len(meaning) == 1:
        return colour_name(letter)
    return str(gettext("%(colour)s %(number)s", colour=colour_name(letter), number=meaning[:-1]))


END_NAMES = {"low": _l("low end"), "high": _l("high end")}


def end_name(end: str) -> str:
    return str(END_NAMES.get(end, end))


#: French "de" and "que" before a name put in a message: elided before a vowel ("les points
#: d’Eve", "dès qu’Ines"), which a translator cannot write for a name not yet known.
_ELIDABLE = re.compile(r"\b([Dd]e|[Qq]ue) %\((\w+)\)s")
_VOWEL = re.compile(r"[aeiouyàâäéèêëîïôöùûüæœ]", re.IGNORECASE)


def elide(template: str, params: dict[str, Any]) -> str:
    """``template`` with "de %(x)s" written "d’%(x)s" (and "que" "qu’") where the text put in
    starts with a vowel (not an "h", which French elides before some words only).

    >>> elide("les points de %(player)s", {"player": "Eve"})
    'les points d’%(player)s'
    >>> elide("les points de %(player)s", {"player": "Ben"})
    'les points de %(player)s'
    """
    def one(match: re.Match[str]) -> str:
        value = params.get(match.group(2))
        if isinstance(value, str) and _VOWEL.match(value):
            return f"{match.group(1)[:-1]}’%({match.group(2)})s"
        return match.group(0)

    return _ELIDABLE.sub(one, template)


def _french() -> bool:
    locale = get_locale()
    return locale is not None and locale.language == "fr"


class _Messages(Domain):
    """The app's messages, with French elision before the names put in them (``elide``)."""

    def gettext(self, string: str, **variables: Any) -> str:
        if variables and _french():
            template = elide(str(self.get_translations().ugettext(string)), variables)
            return template % variables
        return super().gettext(string, **variables)


def setup_i18n(app: Flask) -> None:
    # Every gettext (pages, Python) goes through the Babel instance's domain.
    app.extensions["babel"].instance.domain_instance = _Messages()
    app.jinja_env.filters["end_name"] = end_name
    app.jinja_env.filters["wild_meaning"] = wild_meaning

    @app.context_processor
    def language() -> dict[str, Any]:
        return {"say": say, "say_phase": say_phase, "say_part": say_part,
                "edition_says": edition_says, "term": term,
                "colour_name": colour_name, "card_colours": CARD_COLOURS,
                "card_specials": CARD_SPECIALS,
                "language": str(get_locale() or "en"),
                "language_names": language_names()}
