"""The checker's forms: the cards to check, and what the coach asks besides the hand."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import FieldList, RadioField, SelectField, StringField

from companion import editions
from companion.forms.games import (
    MultiCheckboxField,
    choices,
    edition_choices,
    house_edition,
    phase_choices,
)

CARD_INPUT = {"autocomplete": "off", "spellcheck": "false", "autocapitalize": "off"}


class CheckerForm(FlaskForm):
    edition = SelectField(_l("Edition"), default=editions.DEFAULT_KEY)
    phase = SelectField(_l("Phase"), default="1")
    mode = RadioField(_l("What to check"), default="hand", choices=choices(
        ("hand", _l("My hand")), ("groups", _l("A lay-down")), ("hit", _l("Add a card"))))
    hand = StringField(_l("Cards in hand"), render_kw=CARD_INPUT)
    groups = FieldList(StringField(render_kw=CARD_INPUT), min_entries=4, max_entries=4)
    hit_kind = SelectField(_l("Group on the table"), default="run", choices=choices(
        ("set", _l("Set")), ("run", _l("Run")), ("colour", _l("Cards of one colour")),
        ("colour run", _l("Colour run"))))
    hit_group = StringField(_l("Its cards, as laid"), render_kw=CARD_INPUT)
    hit_card = StringField(_l("The card to add"), render_kw=CARD_INPUT)

    house: editions.Edition | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.edition.choices = edition_choices()
        self.phase.choices = phase_choices()

    def offer_house(self, key: str | None) -> editions.Edition | None:
        """Offers the house rules ``key`` names besides the built-in editions, if any."""
        found = house_edition(key)
        if found is not None:
            self.house = found
            self.edition.choices = [*edition_choices(), *choices((found.key, found.name))]
            for field in self._phase_fields():
                field.choices = phase_choices(also=found)
        return found

    def _phase_fields(self) -> list[Any]:
        return [self.phase]


class CoachForm(CheckerForm):
    """The checker's form with what the coach asks besides the hand."""

    seen = StringField(_l("Cards I can see"), render_kw=CARD_INPUT)
    saved = StringField(_l("My saved cards"), render_kw=CARD_INPUT)
    done = MultiCheckboxField(_l("Phases you have completed"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.done.choices = phase_choices()

    def _phase_fields(self) -> list[Any]:
        return [self.phase, self.done]
