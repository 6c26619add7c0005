"""The house rules editor's form: the name and the Masters choice as fields; the phases and
card values are read from the posted rows by :mod:`companion.views.editions` (a row per
phase, a slot per part), because their number grows as a person fills them in."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, StringField

from companion.limits import MAX_NAME_STORED


class HouseRulesForm(FlaskForm):
    name = StringField(_l("Name of your rules"),
                       render_kw={"maxlength": MAX_NAME_STORED, "autocomplete": "off"})
    chooses_phase = BooleanField(
        _l("Each player chooses which open phase to try each round (as in Masters)"))
