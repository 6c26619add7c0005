"""Forms (Flask-WTF, CSRF on every one). Validation of the game itself is delegated to the
services and the scoring rules; these forms only read and type the input."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm

# SelectChoice is WTForms 3.3; typeshed's stubs (types-WTForms) predate it.
from wtforms import (  # type: ignore[attr-defined]
    BooleanField,
    FieldList,
    Form,
    FormField,
    HiddenField,
    RadioField,
    SelectChoice,
    SelectField,
    SelectMultipleField,
    StringField,
    widgets,
)
from wtforms.validators import Length, Optional, ValidationError

from . import editions
from .limits import MAX_NAME, MAX_PLAYERS, MAX_POINTS
from .numbers import whole_number


def choices(*pairs: tuple[str, object]) -> list[SelectChoice]:
    """Options for a select or radio field from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


PHASE_NUMBERS = editions.default().phase_numbers
PHASE_CHOICES = choices(*((str(n), str(n)) for n in PHASE_NUMBERS))
PHASE_SETS = {"all": PHASE_NUMBERS, "first5": (1, 2, 3, 4, 5),
              "even": (2, 4, 6, 8, 10), "odd": (1, 3, 5, 7, 9)}


class MultiCheckboxField(SelectMultipleField):
    widget = widgets.ListWidget(prefix_label=False)
    option_widget = widgets.CheckboxInput()


class NewGameForm(FlaskForm):
    edition = RadioField(_l("Edition"), default="original", choices=choices(
        ("original", _l("Original")), ("masters", _l("Masters")), ("board", _l("Board game"))))
    names = FieldList(StringField(validators=[Optional(), Length(max=MAX_NAME, message=_l(
        "A name has at most %(max)s characters.", max=MAX_NAME))]),
        min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)
    group = HiddenField()  # a group's edit link: the game joins that group
    first = SelectField(_l("Deals first (card game) or starts (board game: the youngest player)"),
                        choices=choices(*((str(i), str(i + 1)) for i in range(MAX_PLAYERS))),
                        default="0")
    ten_rounds = BooleanField(_l("Exactly 10 rounds: everybody moves on each round (variant 1)"))
    phase_set = RadioField(_l("Phases in play (variant 2)"), default="all", choices=choices(
        ("all", _l("All 10")), ("first5", _l("The first 5")), ("even", _l("Even phases")),
        ("odd", _l("Odd phases")), ("custom", _l("My choice:"))))
    custom_phases = MultiCheckboxField(_l("Phases"), choices=PHASE_CHOICES)
    knocking = BooleanField(_l("Knocking allowed (variant 3)"))

    def player_names(self) -> list[str]:
        return [(entry.data or "").strip() for entry in self.names.entries
                if (entry.data or "").strip()]

    def phases(self) -> tuple[int, ...]:
        if self.phase_set.data == "custom":
            return tuple(int(n) for n in self.custom_phases.data or ())
        return PHASE_SETS.get(self.phase_set.data or "all", PHASE_SETS["all"])

    def first_name(self) -> str | None:
        """The name in the chosen seat among the names typed (empty rows skipped)."""
        rows = [(entry.data or "").strip() for entry in self.names.entries]
        seat = int(self.first.data or 0)
        if seat < len(rows) and rows[seat]:
            return rows[seat]
        return None


def _points(form: Form, field: StringField) -> None:
    text = (field.data or "").strip()
    if not text:
        return  # the scoring rules name the missing points, with every other problem at once
    points = whole_number(text)
    if points is None:
        raise ValidationError(_l("Points are a whole number like 35."))
    if points > MAX_POINTS:
        raise ValidationError(_l("No hand is worth more than %(max)s points.", max=MAX_POINTS))


class ResultForm(Form):
    player = HiddenField()
    laid = BooleanField(_l("Phase done"))
    phase = SelectField(_l("Phase laid"), choices=choices(("", "—")), default="")
    points = StringField(_l("Points"), validators=[_points],
                         render_kw={"inputmode": "numeric", "pattern": "[0-9]*",
                                    "autocomplete": "off"})


class RoundForm(FlaskForm):
    number = HiddenField()
    revision = HiddenField()  # the game's revision the form was made from (a write guard)
    results = FieldList(FormField(ResultForm))
    went_out = RadioField(_l("Went out"), choices=[], validate_choice=False)
    confirm = BooleanField(_l("Yes, these numbers are right"))


class BoardResultForm(Form):
    player = HiddenField()
    laid = BooleanField(_l("Phase laid"))


class BoardRoundForm(FlaskForm):
    number = HiddenField()
    revision = HiddenField()
    results = FieldList(FormField(BoardResultForm))
    went_out = RadioField(_l("Ended the round"), choices=[], validate_choice=False)


class ActionForm(FlaskForm):
    """An empty form for buttons that change state (undo): carries the CSRF token."""

    number = HiddenField()
    revision = HiddenField()


CARD_INPUT = {"autocomplete": "off", "spellcheck": "false", "autocapitalize": "off"}


class CheckerForm(FlaskForm):
    edition = SelectField(_l("Edition"), default="original", choices=choices(
        ("original", _l("Original")), ("masters", _l("Masters")), ("board", _l("Board game"))))
    phase = SelectField(_l("Phase"), default="1", choices=PHASE_CHOICES)
    mode = RadioField(_l("What to check"), default="hand", choices=choices(
        ("hand", _l("My hand")), ("groups", _l("A lay-down")), ("hit", _l("Add a card"))))
    hand = StringField(_l("Cards in hand"), render_kw=CARD_INPUT)
    groups = FieldList(StringField(render_kw=CARD_INPUT), min_entries=4, max_entries=4)
    hit_kind = SelectField(_l("Group on the table"), default="run", choices=choices(
        ("set", _l("Set")), ("run", _l("Run")), ("colour", _l("Cards of one colour")),
        ("colour run", _l("Colour run"))))
    hit_group = StringField(_l("Its cards, as laid"), render_kw=CARD_INPUT)
    hit_card = StringField(_l("The card to add"), render_kw=CARD_INPUT)


class PlayerForm(FlaskForm):
    """Rename a player, add a late joiner or let a player leave (the page's buttons)."""

    player = HiddenField()
    name = StringField(_l("Name"), validators=[Optional(), Length(max=MAX_NAME, message=_l(
        "A name has at most %(max)s characters.", max=MAX_NAME))],
        render_kw={"autocomplete": "off", "maxlength": MAX_NAME})
    revision = HiddenField()
