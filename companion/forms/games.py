"""Forms (Flask-WTF, CSRF on every one). Validation of the game itself is delegated to the
services and the scoring rules; these forms only read and type the input."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

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
from wtforms.form import BaseForm
from wtforms.validators import Optional, ValidationError

from companion import editions, player_names
from companion.limits import MAX_NAME, MAX_NAME_STORED, MAX_PLAYERS
from companion.numbers import signed_number, whole_number


def choices(*pairs: tuple[str, object]) -> list[SelectChoice]:
    """Options for a select or radio field from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


def edition_choices() -> list[SelectChoice]:
    """Every registered edition, in the registry's order, labelled with its translated name.

    Built when a form is made, not at import, so an edition registered later is offered too."""
    return choices(*((edition.key, edition.says("name", _l))
                     for edition in editions.all_editions()))


def house_edition(key: object) -> editions.Edition | None:
    """The house rules ``key`` names (their link, or a revision's key); None for anything else,
    a built-in edition's key included."""
    if not isinstance(key, str) or not key or key in set(editions.keys()):
        return None
    try:
        found = editions.get(key)
    except ValueError:
        return None
    return found if found.house else None


def phase_choices(*, variants_only: bool = False,
                  also: editions.Edition | None = None) -> list[SelectChoice]:
    """Phase numbers 1 to the longest phase list of the editions (``variants_only``: of the
    editions whose phases in play may be chosen; ``also``: house rules offered besides)."""
    chosen = [edition for edition in (*editions.all_editions(), *((also,) if also else ()))
              if edition.variants or not variants_only]
    last = max((edition.phase_count for edition in chosen), default=0)
    return choices(*((str(n), str(n)) for n in range(1, last + 1)))


def phase_sets(edition: editions.Edition) -> dict[str, tuple[int, ...]]:
    """Variant 2's ready-made choices of phases in play, from the edition's own phases."""
    numbers = edition.phase_numbers
    return {"all": numbers, "first5": numbers[:5],
            "even": tuple(n for n in numbers if n % 2 == 0),
            "odd": tuple(n for n in numbers if n % 2 == 1)}


class MultiCheckboxField(SelectMultipleField):
    widget = widgets.ListWidget(prefix_label=False)
    option_widget = widgets.CheckboxInput()


def _name_length(form: Form, field: StringField) -> None:
    """At most MAX_NAME characters as a person sees them (a family emoji is one)."""
    if player_names.too_long(player_names.clean(field.data or ""), MAX_NAME):
        raise ValidationError(_l("A name has at most %(max)s characters.", max=MAX_NAME))


PHASE_SETS: tuple[tuple[str, object], ...] = (
    ("all", _l("All 10")), ("first5", _l("The first 5")), ("even", _l("Even phases")),
    ("odd", _l("Odd phases")), ("custom", _l("My choice:")))
"""The card game's variant 2 choices of phases in play, as (value, label)."""


class NewGameForm(FlaskForm):
    edition = RadioField(_l("Edition"), default=editions.DEFAULT_KEY)
    # A name's length is checked with the other names' problems (services.games), so that
    # they are all said at once.
    names = FieldList(StringField(validators=[Optional()]),
        min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)
    group = HiddenField()  # a group's edit link: the game joins that group
    # The names a look-alike warning was shown for: sent again unchanged, the game starts.
    seen_alike = HiddenField()
    first = SelectField(_l("Deals first (card game) or starts (board game: the youngest player)"),
                        choices=choices(*((str(i), str(i + 1)) for i in range(MAX_PLAYERS))),
                        default="0")
    ten_rounds = BooleanField(_l("One round per phase in play: everybody moves on each round "
                                 "(variant 1)"))
    phase_set = RadioField(_l("Phases in play (variant 2)"), default="all",
                           choices=choices(*PHASE_SETS))
    custom_phases = MultiCheckboxField(_l("Phases"))
    knocking = BooleanField(_l("Knocking allowed (variant 3)"))
    house_link = StringField(_l("Or your house rules: paste their link"),
                             render_kw={"autocomplete": "off", "inputmode": "url"})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.edition.choices = edition_choices()
        self.custom_phases.choices = phase_choices(variants_only=True)

    house: editions.Edition | None = None
    """House rules offered besides the built-in editions (:meth:`offer_house`)."""

    def offer_house(self, key: str | None) -> editions.Edition | None:
        """Offers the house rules ``key`` names (their link, or a revision's key), if any."""
        found = house_edition(key)
        if found is not None:
            self.house = found
            self.edition.choices = [*edition_choices(), *choices((found.key, found.name))]
            self.custom_phases.choices = phase_choices(variants_only=True, also=found)
            if found.phase_count != 10:  # "All 10" is the card game's; say the house count
                self.phase_set.choices = choices(*(
                    (value, _l("All %(count)s", count=found.phase_count)
                     if value == "all" else label) for value, label in PHASE_SETS))
        return self.house

    def offer_linked_house(self) -> editions.Edition | None:
        """The house rules whose link was pasted, offered and chosen; None without a link."""
        link = (self.house_link.data or "").strip().split("?")[0].rstrip("/")
        found = self.offer_house(link.rsplit("/", 1)[-1]) if link else None
        if found is not None:
            self.edition.data = found.key
        return found

    def validate_house_link(self, field: StringField) -> None:
        if (field.data or "").strip() and self.house is None:
            raise ValidationError(_l("There are no house rules behind this link: copy it "
                                     "from the address bar of their page."))

    def chosen_edition(self) -> editions.Edition:
        """The edition picked (the default while the choice is missing or not on offer)."""
        offered = {edition.key: edition for edition in editions.all_editions()}
        if self.house is not None:
            offered[self.house.key] = self.house
        return offered.get(self.edition.data or "", editions.default())

    def validate_phase_set(self, field: RadioField) -> None:
        """Phases ticked under another choice than "My choice": refused next to the field
        rather than played otherwise than the form shows (docs/decisions.md)."""
        if (field.data != "custom" and self.custom_phases.data
                and self.chosen_edition().variants):
            raise ValidationError(_l("You ticked phases but chose another set: choose “My "
                                     "choice” to play the phases ticked, or untick them."))

    def player_names(self) -> list[str]:
        return [player_names.clean(entry.data or "") for entry in self.names.entries
                if player_names.clean(entry.data or "")]

    def phases(self) -> tuple[int, ...]:
        if self.phase_set.data == "custom":
            return tuple(int(n) for n in self.custom_phases.data or ())
        sets = phase_sets(self.chosen_edition())
        return sets.get(self.phase_set.data or "all", sets["all"])

    def draw_seats(self, rng: random.Random) -> str | None:
        """Seat the names typed in an order drawn with ``rng``, the empty rows after them, and
        draw the first dealer (board game: starter) among them: their name, or None when
        fewer than two names are typed (nothing is changed)."""
        typed = self.player_names()
        if len(typed) < 2:
            return None
        rng.shuffle(typed)
        for seat, entry in enumerate(self.names.entries):
            entry.data = typed[seat] if seat < len(typed) else ""
        seat = rng.randrange(len(typed))
        self.first.data = str(seat)
        return typed[seat]

    def first_name(self) -> str | None:
        """The name in the chosen seat among the names typed (empty rows skipped)."""
        rows = [player_names.clean(entry.data or "") for entry in self.names.entries]
        seat = int(self.first.data or 0)
        if seat < len(rows) and rows[seat]:
            return rows[seat]
        return None


class PointsField(StringField):
    """Points as typed, read once when the form is validated: ``number`` is what they spell
    (None: empty or not a number). Only whether the text is a number is checked here: the
    scoring rules say what is wrong with a number (negative, too many, not a multiple of 5),
    in the API's words."""

    number: int | None = None

    def pre_validate(self, form: BaseForm) -> None:
        text = (self.data or "").strip()
        self.number = signed_number(text)
        if not text or self.number is not None:
            return
        if re.fullmatch(r"[-+\u2212]?[0-9]+", text):  # more digits than a number is read with
            raise ValidationError(_l("Too many points for one round."))
        raise ValidationError(_l("Points are a whole number like 35."))


class ResultForm(Form):
    player = HiddenField()
    laid = BooleanField(_l("Phase done"))
    # Masters offers each player the phases still open (display.sheet.masters_choices); one
    # done already is the rules' refusal, next to the field, as in the API.
    phase = SelectField(_l("Phase laid"), choices=choices(("", "—")), default="",
                        validate_choice=False)
    points = PointsField(_l("Points"),
                         render_kw={"inputmode": "numeric", "pattern": "[0-9]*",
                                    "autocomplete": "off"})


class RoundForm(FlaskForm):
    number = HiddenField()
    revision = HiddenField()  # the game's revision the form was made from (a write guard)
    before = HiddenField()  # an edited round as the form showed it (display.sheet.round_seen)
    results = FieldList(FormField(ResultForm))
    went_out = RadioField(_l("Went out"), choices=[], validate_choice=False)
    confirm = BooleanField(_l("Yes, these numbers are right"))


class BoardResultForm(Form):
    player = HiddenField()
    laid = BooleanField(_l("Phase laid"))


class BoardRoundForm(FlaskForm):
    number = HiddenField()
    revision = HiddenField()
    before = HiddenField()
    results = FieldList(FormField(BoardResultForm))
    went_out = RadioField(_l("Ended the round"), choices=[], validate_choice=False)


def round_request(form: RoundForm | BoardRoundForm, edition: editions.Edition) -> dict[str, Any]:
    """The round form as the API's request (schemas.RoundBody): the page and the API hand the
    services the same write, guards included (``number``: the round it was typed for)."""
    results = []
    for entry in form.results.entries:
        row, name = entry.form, entry.form.player.data or ""
        result: dict[str, Any] = {"player": name, "went_out": form.went_out.data == name,
                                  "phase": bool(row.laid.data)}
        if isinstance(row, ResultForm):  # a card game: points, and Masters' phase laid
            if edition.chooses_phase:
                result["phase"] = whole_number(row.phase.data or "") or False
            result["points"] = row.points.number
        results.append(result)
    confirm = isinstance(form, RoundForm) and bool(form.confirm.data)
    return {"results": results, "number": _typed(form.number.data),
            "revision": _typed(form.revision.data),
            "before": _seen(form.before.data), "confirm": confirm}


def round_data(names: Sequence[str], results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The form's data for a round in the API's shape (``results``: a round's JSON; none for
    a new round of ``names``): what round_request reads back."""
    given = {result["player"]: result for result in results}
    rows, went_out = [], None
    for name in names:
        result = given.get(name, {})
        phase, points = result.get("phase", False), result.get("points")
        rows.append({"player": name, "laid": bool(phase),
                     "phase": "" if isinstance(phase, bool) else str(phase),
                     "points": "" if points is None else str(points)})
        went_out = name if result.get("went_out") else went_out
    return {"results": rows, "went_out": went_out}


def _typed(text: str | None) -> object:
    """A posted guard as a number when it is one, else as typed (refused as incomplete)."""
    if not (text or "").strip():
        return None
    number = whole_number(text)
    return text if number is None else number


def _seen(text: str | None) -> object:
    """The ``before`` a form carries (the round as it showed it, in the API's shape): none on
    a new round's form, which saw no such round."""
    if not text:
        return []
    try:
        return json.loads(text)
    except ValueError:
        return None  # not what any page wrote: it said nothing of the round


class ActionForm(FlaskForm):
    """An empty form for buttons that change state (undo): carries the CSRF token."""

    number = HiddenField()
    revision = HiddenField()


class PlayerForm(FlaskForm):
    """Rename a player, add a late joiner or let a player leave (the page's buttons)."""

    player = HiddenField()
    name = StringField(_l("Name"), validators=[Optional(), _name_length],
                       render_kw={"autocomplete": "off", "maxlength": MAX_NAME_STORED})
    revision = HiddenField()
