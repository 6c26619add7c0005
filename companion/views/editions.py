"""House rules pages (issue 25): compose rules from a preset, preview them as the sheet and
the checker show them, store them behind an edit link and a read-only twin, edit them."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug import Response

from companion.editions import house as rules
from companion.editions.base import Edition
from companion.extensions import db
from companion.forms.editions import HouseRulesForm
from companion.i18n import say
from companion.rules.phases import Part, PartKind, Phase
from companion.services import editions as services

bp = Blueprint("editions", __name__, url_prefix="/editions")


@bp.app_context_processor
def house_rules_link() -> dict[str, object]:
    """For a game's pages: the read-only page of the house rules it is played by."""

    def rules_page(edition: Edition) -> str | None:
        key = services.view_key_of(edition)
        return None if key is None else url_for("editions.page", key=key)

    return {"house_rules_page": rules_page}

MOST_PARTS = 5
"""Part slots a phase row offers: 5 groups of 2 fill a hand of 10."""
READ_PHASES = 20
"""Phase rows read from a post (more than 12 filled is refused with a reason, not ignored)."""


def _number(text: str) -> object:
    """A posted number as an int when it is one (a sign allowed), else the text as typed."""
    stripped = text.strip()
    digits = stripped[1:] if stripped[:1] in "+-" else stripped
    return int(stripped) if digits.isdigit() and len(digits) < 10 else stripped


def _posted() -> dict[str, Any]:
    """The editor's rows as the JSON the API takes: empty part slots and phases left out."""
    form = request.form
    phases = []
    for number in range(1, READ_PHASES + 1):
        parts = []
        for slot in range(1, MOST_PARTS + 1):
            kind = form.get(f"phase-{number}-kind-{slot}", "").strip()
            size = form.get(f"phase-{number}-size-{slot}", "").strip()
            if kind or size:
                parts.append({"kind": kind, "size": _number(size)})
        if parts:
            phases.append(parts)
    return {"name": form.get("name", ""), "phases": phases,
            "chooses_phase": form.get("chooses_phase") in ("y", "on", "1", "true"),
            "values": {name: _number(form.get(f"values-{name}", ""))
                       for name in rules.VALUE_FIELDS}}


def _rows(data: dict[str, Any], *, editable: bool) -> list[list[dict[str, Any]]]:
    """The phase rows to show: each with its parts and one empty slot, and one empty phase
    more while there is room, so a phone adds a part or a phase without any script."""
    rows = [list(parts) for parts in data["phases"]]
    if not editable:
        return rows
    for parts in rows:
        if len(parts) < MOST_PARTS:
            parts.append({"kind": "", "size": ""})
    if len(rows) < rules.MAX_PHASES:
        rows.append([{"kind": "", "size": ""}])
    return rows


def _preview(data: dict[str, Any]) -> list[Phase]:
    """The phases as the sheet and the checker will show them (parts the engine reads)."""
    shown = []
    for number, parts in enumerate(data["phases"], start=1):
        read = [Part(rules.KINDS[part["kind"]], part["size"]) for part in parts
                if part.get("kind") in rules.KINDS and isinstance(part.get("size"), int)
                and part["size"] > 0]
        if read:
            shown.append(Phase(_PREVIEW, number, tuple(read)))
    return shown


_PREVIEW = Edition(key="preview", order=rules.ORDER, name="", title="", tag="", table=(),
                   deck=rules.CARD_DECK)


def _errors(error: rules.HouseRulesRefused) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for field, reason in error.problems:
        found.setdefault(field, []).append(say(reason, sentence=True))
    return found


def _render(form: HouseRulesForm, data: dict[str, Any], errors: dict[str, list[str]], *,
            found: services.HouseEdition | None = None, status: int = 200) -> tuple[str, int]:
    editable = found is None or found.editable
    form.name.errors = errors.get("name", [])
    return render_template(
        "editions/edit.html", form=form, data=data, errors=errors, found=found,
        rows=_rows(data, editable=editable), editable=editable, preview=_preview(data),
        kinds=[(kind.value, kind) for kind in PartKind], presets=rules.PRESETS,
        value_fields=rules.VALUE_FIELDS, most_phases=rules.MAX_PHASES), status


def _submitted(form: HouseRulesForm) -> tuple[dict[str, Any], rules.HouseRules | None,
                                              dict[str, list[str]]]:
    data = _posted()
    if not form.validate_on_submit():  # the CSRF token
        return data, None, {"name": [_("The form had expired. Check it and press the button "
                                       "again.")]}
    try:
        return data, rules.read(data), {}
    except rules.HouseRulesRefused as error:
        return data, None, _errors(error)


@bp.route("/new", methods=["GET", "POST"])
def new() -> tuple[str, int] | Response:
    """Compose house rules from a preset; preview them; store them."""
    form = HouseRulesForm()
    if request.method == "GET":
        start = rules.preset(request.args.get("preset", rules.PRESETS[0][0]))
        data = start.as_json()
        data["name"] = ""
        form.chooses_phase.data = start.chooses_phase
        return _render(form, data, {})
    data, house_rules, errors = _submitted(form)
    if house_rules is None or "preview" in request.form:
        return _render(form, data, errors, status=422 if errors else 200)
    found = services.create(house_rules)
    db.session.commit()
    flash(_("House rules stored. Keep this page's address: it is the key to edit them."))
    return redirect(url_for("editions.page", key=found.row.edit_key), 303)


@bp.route("/<key>", methods=["GET", "POST"])
def page(key: str) -> tuple[str, int] | Response:
    """House rules through their edit link (the editor) or read-only link (the rules)."""
    found = services.find(key)
    if found is None:
        abort(404)
    form = HouseRulesForm()
    if request.method == "GET":
        data = found.rules.as_json()
        form.name.data, form.chooses_phase.data = found.rules.name, found.rules.chooses_phase
        return _render(form, data, {}, found=found)
    if not found.editable:
        abort(404)
    data, house_rules, errors = _submitted(form)
    if house_rules is None or "preview" in request.form:
        return _render(form, data, errors, found=found, status=422 if errors else 200)
    edited = services.edit(found, house_rules)
    db.session.commit()
    flash(_("Saved as version %(number)s. Games started before keep the rules they began "
            "with.", number=edited.revision))
    return redirect(url_for("editions.page", key=key), 303)
