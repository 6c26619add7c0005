"""Forms of the group pages (Flask-WTF, CSRF on every one); the services check the rest."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import HiddenField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, Length

from companion.limits import MAX_GROUP_NAME, MAX_NAME_STORED


class GroupForm(FlaskForm):
    name = StringField(_l("Name of the group"), validators=[Length(
        max=MAX_GROUP_NAME, message=_l("A group's name has at most %(max)s characters.",
                                       max=MAX_GROUP_NAME))],
        render_kw={"maxlength": MAX_GROUP_NAME, "autocomplete": "off",
                   "placeholder": _l("Friday game night")})


class MergeForm(FlaskForm):
    spelling = SelectField(_l("This spelling"), choices=[], validate_choice=False)
    into = SelectField(_l("counts as"), choices=[], validate_choice=False)
    #: "yes" once the page has named the two players and the person confirmed.
    confirm = HiddenField()


class RenameForm(FlaskForm):
    """A player of the group is called by another name from now on (services check it)."""

    player = SelectField(_l("Player"), choices=[], validate_choice=False)
    name = StringField(_l("New name"), render_kw={
        "maxlength": MAX_NAME_STORED, "autocomplete": "off", "autocapitalize": "words"})


class UnmergeForm(FlaskForm):
    spelling = HiddenField()


class NextGameForm(FlaskForm):
    """The group page's "Next game": the read-only link of the game it follows."""

    after = HiddenField()


class AddGameForm(FlaskForm):
    link = StringField(_l("The game's edit link"), validators=[DataRequired(
        message=_l("Paste the address of the game's page (its edit link)."))],
        render_kw={"autocomplete": "off", "spellcheck": "false", "inputmode": "url"})


class ImportForm(FlaskForm):
    """A file to import: the app's own export, a BG Stats export or BoardGameGeek's plays XML
    (told apart by what the file holds); ``zone``: the phone's time zone, in which a log's
    times are local (static/import.js; without script: UTC)."""

    file = FileField(_l("File to import (.json or .xml)"), render_kw={
        "accept": ".json,.xml,application/json,application/xml,text/xml", "class": "file-input"})
    zone = HiddenField(default="UTC", render_kw={"data-zone": ""})


class SeatingForm(FlaskForm):
    """Who is here tonight: the roster's names ticked (``players``, read as a list) and new
    ones typed, one a line (the services check them all)."""

    new = TextAreaField(_l("Someone new? One name a line"), render_kw={
        "rows": 2, "autocomplete": "off", "autocapitalize": "words"})


class TablesForm(FlaskForm):
    """The proposed tables (``table-0`` … ``table-5``, each a list of names), the edition
    their games start with, and the read-only link of the group's newest game when they were
    proposed (``after``: a second tap on the same proposal starts nothing more)."""

    edition = HiddenField()
    after = HiddenField()
