"""The form of a game played on paper: the edition, when, how long, and each player's final
line (name, phases, points; the board game: the marker). Numbers are read here; whether they
can be a game's final result is the rules' to say (companion.scoring.final)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import FieldList, Form, FormField, HiddenField, RadioField, StringField
from wtforms.validators import Optional, ValidationError

from companion import editions
from companion.forms.games import choices
from companion.limits import MAX_NAME_STORED, MAX_PLAYERS
from companion.numbers import signed_number, whole_number
from companion.schemas.moments import FIRST_PUBLISHED


def _number(field: StringField, message: str) -> int | None:
    """The whole number typed in ``field`` (None: left empty); ValidationError otherwise."""
    text = (field.data or "").strip()
    if not text:
        return None
    number = signed_number(text)
    if number is None:
        raise ValidationError(message)
    return number


class LineForm(Form):
    """One player's line of the final result."""

    name = StringField(_l("Name"), render_kw={"maxlength": MAX_NAME_STORED,
                                              "autocomplete": "off"})
    phases = StringField(_l("Phases"), render_kw={"inputmode": "numeric", "size": 3})
    points = StringField(_l("Points"), render_kw={"inputmode": "numeric", "size": 5})
    marker = StringField(_l("Marker"), render_kw={"inputmode": "numeric", "size": 3})

    def validate_phases(self, field: StringField) -> None:
        _number(field, str(_l("Type the number of phases completed, like 7.")))

    def validate_points(self, field: StringField) -> None:
        _number(field, str(_l("Type the points as a whole number, like 85.")))

    def validate_marker(self, field: StringField) -> None:
        _number(field, str(_l("Type the marker's space, 1 to 11 (11: the laurel wreath).")))

    def numbers(self) -> tuple[int | None, int | None, int | None]:
        """(phases, points, marker), None where left empty."""
        return (signed_number(self.phases.data), signed_number(self.points.data),
                signed_number(self.marker.data))


class PaperGameForm(FlaskForm):
    """A game played on the printed sheet, typed in after it ended."""

    group = HiddenField()
    edition = RadioField(_l("Game"), default=editions.DEFAULT_KEY)
    played_on = StringField(_l("Played on"), validators=[Optional()],
                            render_kw={"type": "datetime-local"})
    # The phone's offset from UTC in minutes (static/paper.js); without script: UTC.
    offset = HiddenField(default="0")
    minutes = StringField(_l("How long it took (minutes)"), validators=[Optional()],
                          render_kw={"inputmode": "numeric", "size": 4})
    lines = FieldList(FormField(LineForm), min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.edition.choices = choices(*((edition.key, edition.says("name", _l))
                                         for edition in editions.all_editions()))

    def validate_minutes(self, field: StringField) -> None:
        number = whole_number(field.data)
        if number is None or not 0 <= number <= 7 * 24 * 60:
            raise ValidationError(_l("Type the minutes as a whole number, like 90."))

    def validate_played_on(self, field: StringField) -> None:
        if self.played_at() is None:
            raise ValidationError(_l("Choose the day and time the game began."))

    def played_at(self) -> datetime | None:
        """When the game began, in UTC (None: not given or not a moment)."""
        text = (self.played_on.data or "").strip()
        if not text:
            return None
        try:
            local = datetime.fromisoformat(text)
        except ValueError:
            return None
        offset = signed_number(self.offset.data) or 0
        if local.tzinfo is not None or not -16 * 60 <= offset <= 16 * 60:
            return None
        moment = local + timedelta(minutes=offset)  # getTimezoneOffset: UTC minus local
        latest = datetime.now(UTC).replace(tzinfo=None) + timedelta(days=1)
        return moment if FIRST_PUBLISHED <= moment <= latest else None

    def seconds(self) -> int | None:
        number = whole_number(self.minutes.data)
        return None if number is None else number * 60

    def chosen(self) -> editions.Edition:
        return editions.get(self.edition.data or editions.DEFAULT_KEY)

    def filled(self) -> list[tuple[int, LineForm]]:
        """The lines with a name, each with its row (from 0)."""
        return [(row, entry.form) for row, entry in enumerate(self.lines.entries)
                if (entry.form.name.data or "").strip()]
