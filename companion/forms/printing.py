"""The blank sheet's options (``/print`` and ``/print/blank.pdf``) as a WTForms form.

A GET form: the options travel in the query string so a blank sheet's link can be shared and
cached, and nothing is stored, so the form carries no CSRF token (docs/decisions.md).
The editions come from the registry, the languages from the configuration, the papers from
the PDF module; each refusal repeats what was asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from flask import current_app
from flask_babel import gettext
from wtforms import Field, Form, RadioField, StringField
from wtforms.validators import ValidationError

from companion import editions, player_names
from companion.forms.games import house_edition
from companion.i18n import language_names, say
from companion.limits import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from companion.numbers import whole_number
from companion.pdf.options import BlankOptions
from companion.pdf.paper import PAPERS

DEFAULT_PLAYERS = MAX_PLAYERS  # a blank sheet has a column for every seat
ECHO = 40  # how much of a bad value a message repeats


def shown(value: str) -> str:
    """A bad value as a message repeats it: at most ECHO characters."""
    return value if len(value) <= ECHO else value[:ECHO] + "…"


def _lower(value: str | None) -> str | None:
    return value.lower() if isinstance(value, str) else value


class NamesField(Field):
    """Every ``name`` value of the query string, in order (the page has one input per seat,
    all called ``name``); ``data`` holds the names given, stripped, without the empty ones."""

    raw: list[str]

    def process_formdata(self, valuelist: list[Any]) -> None:
        self.raw = [str(value) for value in valuelist]
        self.data = [player_names.clean(name) for name in self.raw
                     if player_names.clean(name)]

    def process_data(self, value: Any) -> None:
        self.raw = []
        self.data = list(value or [])


class PrintForm(Form):
    """Edition, players, names, paper and language of a blank sheet.

    A plain WTForms form, not Flask-WTF's: a GET form that stores nothing needs no CSRF
    token, and its link must work from anywhere (a bookmark, a shared link, a cache).
    """

    edition = RadioField(validate_choice=False, default=editions.DEFAULT_KEY)
    players = StringField()
    name = NamesField()
    paper = RadioField(validate_choice=False, default="a4", filters=[_lower])
    lang = RadioField(validate_choice=False)

    #: The order in which the page names the problems, as it always has.
    PROBLEM_ORDER = ("edition", "paper", "lang", "name", "players")
    #: What the page offers: the player counts to choose from, the longest name.
    player_counts = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    max_name = MAX_NAME

    def __init__(self, *args: Any, default_lang: str = "en", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.edition.choices = [(edition.key, edition.says("title", gettext))
                                for edition in editions.all_editions()]
        house = house_edition(self.edition.data)
        if house is not None:  # house rules, by their link: printed like a built-in edition
            self.edition.choices.append((str(self.edition.data), house.title))
        self.paper.choices = [(paper, paper) for paper in PAPERS]
        self.lang.choices = list(language_names().items())
        if self.lang.data is None:
            self.lang.data = default_lang
        self.count = 0  # the number of columns, once validated

    # Each validator names the bad value and the choices ----------------------------------

    def validate_edition(self, field: RadioField) -> None:
        keys = [str(value) for value, _label in _pairs(field.choices)]
        if field.data not in keys:
            raise ValidationError(gettext(
                "There is no edition “%(value)s”: choose %(choices)s or %(last)s.",
                value=shown(str(field.data)), choices=", ".join(keys[:-1]), last=keys[-1]))

    def validate_paper(self, field: RadioField) -> None:
        if field.data not in PAPERS:
            raise ValidationError(gettext(
                "There is no paper size “%(value)s”: choose a4 or letter.",
                value=shown(str(field.data))))

    def validate_lang(self, field: RadioField) -> None:
        if field.data not in current_app.config["LANGUAGES"]:
            choices = ", ".join(f"{code} ({name})" for code, name in _pairs(field.choices))
            raise ValidationError(gettext(
                "There is no language “%(value)s”: choose one of %(choices)s.",
                value=shown(str(field.data)), choices=choices))

    def validate_name(self, field: NamesField) -> None:
        names: list[str] = field.data
        problems = []
        if len(names) > MAX_PLAYERS:
            problems.append(gettext("A sheet has at most %(max)s players: %(count)s names were "
                                    "given.", max=MAX_PLAYERS, count=len(names)))
        for name in names:
            if player_names.too_long(name, MAX_NAME):
                problems.append(gettext("A name has at most %(max)s characters: “%(name)s” is "
                                        "longer.", max=MAX_NAME, name=shown(name)))
            elif player_names.unwanted(name) is not None:
                problems.append(gettext("A name cannot hold control characters."))
            elif (refused := player_names.refusal(name, MAX_NAME)) is not None and name.strip():
                problems.append(say(refused, sentence=True))  # drawn as nothing
        field.errors = [*field.errors, *problems]

    def validate_players(self, field: StringField) -> None:
        """The number of columns (the names given count when ``players`` is not)."""
        names = len(self.name.data)
        text = field.data
        if text is None or text.strip() == "":
            count = names or DEFAULT_PLAYERS
            if count < MIN_PLAYERS:
                raise ValidationError(gettext(
                    "A sheet has %(min)s to %(max)s players: give at least %(min)s names or a "
                    "number of players.", min=MIN_PLAYERS, max=MAX_PLAYERS))
        else:
            number = whole_number(text)
            if number is None or not MIN_PLAYERS <= number <= MAX_PLAYERS:
                raise ValidationError(gettext(
                    "The number of players must be a whole number from %(min)s to %(max)s, "
                    "not “%(value)s”.", min=MIN_PLAYERS, max=MAX_PLAYERS, value=shown(text)))
            count = number
        if names > count:
            raise ValidationError(gettext(
                "There are more names (%(names)s) than players (%(count)s).",
                names=names, count=count))
        self.count = count

    # What the page and the PDF take from the form -----------------------------------------

    def problems(self) -> list[str]:
        """Every problem, in the order the page lists them."""
        return [str(message) for key in self.PROBLEM_ORDER
                for message in self.errors.get(key, [])]

    def options(self) -> BlankOptions:
        """The validated options: a column per player, the names first."""
        names = tuple(self.name.data)
        return BlankOptions(editions.get(self.edition.data),
                            names + ("",) * (self.count - len(names)), self.paper.data)

    def shown_edition(self) -> str:
        """The edition the page checks: the one asked for, or the first when it is none."""
        keys = [str(value) for value, _label in _pairs(self.edition.choices)]
        return self.edition.data if self.edition.data in keys else keys[0]

    def shown_players(self) -> int:
        """The number of players the page selects: the one asked for when it is possible."""
        count = whole_number(self.players.data or "")
        if count is not None and MIN_PLAYERS <= count <= MAX_PLAYERS:
            return count
        return max(min(len(self.name.data), MAX_PLAYERS), DEFAULT_PLAYERS)

    def shown_names(self) -> list[str]:
        """One name per input of the page, as typed (cut to ECHO characters)."""
        names = [name[:ECHO] for name in self.name.raw][:MAX_PLAYERS]
        return names + [""] * (MAX_PLAYERS - len(names))

    def shown_lang(self, page_language: str) -> str:
        """The language the page checks: the one asked for, else the page's own."""
        codes = [str(value) for value, _label in _pairs(self.lang.choices)]
        return self.lang.data if self.lang.data in codes else page_language

def _pairs(choices: Any) -> Iterable[Sequence[Any]]:
    """A choice field's (value, label) pairs."""
    return list(choices or [])
