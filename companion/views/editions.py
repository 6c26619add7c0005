"""House rules pages (issue 25): compose rules from a preset, preview them as the sheet and
the checker show them, store them behind an edit link and a read-only twin, edit them."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, flash, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug import Response

from companion.editions import house
from companion.editions.base import Edition
from companion.forms.editions import HouseRulesForm
from companion.http_answers import STATUS
from companion.i18n import say
from companion.refusals import Kind, NotThere
from companion.rules.phases import Part, PartKind, Phase
from companion.services import editions, work
from companion.views.redirects import see_other

bp = Blueprint("editions", __name__, url_prefix="/editions")


@bp.app_context_processor
def house_rules_link() -> dict[str, object]:
    """For a game's pages: the read-only page of the house rules it is played by."""

    def rules_page(edition: Edition) -> str | None:
        key = editions.view_key_of(edition)
        return None if key is None else url_for("editions.page", key=key)

    return {"house_rules_page": rules_page}

MOST_PARTS = 5
"""Part slots a phase row offers: 5 groups of 2 fill a hand of 10."""
READ_PHASES = 20
"""Phase rows read from a post (more than 12 filled is refused with a reason, not ignored)."""


_DIGITS = re.compile(r"[+-]?[0-9]{1,9}")
"""A number as the editor takes it: ASCII digits only (``str.isdigit`` also takes ``³`` and
``٣``, which ``int`` refuses or reads as 3), a sign allowed so a negative one gets its reason."""


def _number(text: str) -> object:
    """A posted number as an int when it is one, else the text as typed (refused with a
    reason next to its field)."""
    stripped = text.strip()
    return int(stripped) if _DIGITS.fullmatch(stripped) else stripped


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
                       for name in house.VALUE_FIELDS}}


def _edited(data: dict[str, Any], action: str) -> None:
    """Applies an editor button other than Preview and Store: ``add-phase-run`` (a phase
    starting with a run), ``add-part-3-set`` (a set more in phase 3), ``remove-phase-3``,
    ``remove-part-3-2`` (the second group of phase 3); ``add-phase`` and ``add-part-3`` copy
    the last phase or group, as before. Unknown actions do nothing. static/house-rows.js does
    the same in the page (`edited`): keep the two in step."""
    phases: list[list[dict[str, Any]]] = data["phases"]
    words = action.split("-")
    kind = _kind_added(action)
    numbers = [int(word) - 1 for word in words[2:] if _DIGITS.fullmatch(word)]
    if words[:2] == ["add", "phase"] and len(phases) < house.MAX_PHASES \
            and (kind or (action == "add-phase" and phases)):
        phases.append([{"kind": kind, "size": ""}] if kind
                      else [dict(part) for part in phases[-1]])
    elif words[:2] == ["remove", "phase"] and len(numbers) == 1 \
            and 0 <= numbers[0] < len(phases):
        del phases[numbers[0]]
    elif words[:2] == ["remove", "part"] and len(numbers) == 2 \
            and 0 <= numbers[0] < len(phases) and 0 <= numbers[1] < len(phases[numbers[0]]):
        del phases[numbers[0]][numbers[1]]
        if not phases[numbers[0]]:
            del phases[numbers[0]]
    elif words[:2] == ["add", "part"] and numbers and 0 <= numbers[0] < len(phases) \
            and len(phases[numbers[0]]) < MOST_PARTS \
            and (kind or action == f"add-part-{numbers[0] + 1}"):
        phases[numbers[0]].append({"kind": kind, "size": ""} if kind
                                  else dict(phases[numbers[0]][-1]))


_ADDED = re.compile(r"add-(?:phase|part-[0-9]{1,2})-(?P<kind>.+)")


def _kind_added(action: str) -> str:
    """The kind an add button names (``add-part-3-colour run``: ``colour run``), else ""."""
    found = _ADDED.fullmatch(action)
    return found["kind"] if found and found["kind"] in house.KINDS else ""


def _preview(house_rules: house.HouseRules | None) -> list[Phase]:
    """The phases as the sheet and the checker will show them: only rules that would be
    stored as they are (none while a problem is left)."""
    if house_rules is None:
        return []
    return [Phase(_PREVIEW, number, tuple(Part(kind, size) for kind, size in parts))
            for number, parts in enumerate(house_rules.table, start=1)]


_PREVIEW = Edition(key="preview", order=house.ORDER, name="", title="", tag="", table=(),
                   deck=house.CARD_DECK)


def _errors(error: house.HouseRulesRefused) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for field, reason in error.problems:
        found.setdefault(field, []).append(say(reason, sentence=True))
    return found


def _render(form: HouseRulesForm, data: dict[str, Any], errors: dict[str, list[str]], *,
            found: editions.HouseEdition | None = None, status: int = 200) -> tuple[str, int]:
    editable = found is None or found.editable
    form.name.errors = errors.get("name", [])
    return render_template(
        "editions/edit.html", form=form, data=data, errors=errors, found=found,
        rows=data["phases"], editable=editable,
        stored=None if found is None else found.rules.as_json(),
        unsaved=found is not None and _differs(data, found.rules),
        preview=_preview(_unnamed(data) if not errors else None), summary=_summary(errors),
        kinds=[(kind.value, kind) for kind in PartKind], presets=house.PRESETS,
        value_fields=house.VALUE_FIELDS, most_phases=house.MAX_PHASES,
        most_parts=MOST_PARTS), status


def _differs(data: dict[str, Any], stored: house.HouseRules) -> bool:
    """Whether the form shows rules other than the stored ones: then nothing starts from the
    page (a game, the checker and the blank sheet take the stored version) until they are
    saved."""
    return {**data, "name": data["name"].strip()} != stored.as_json()


def _unnamed(data: dict[str, Any]) -> house.HouseRules | None:
    """The rules as they would be stored, when nothing but perhaps the name is missing: the
    preview shows phases before the rules are named."""
    try:
        return house.read({**data, "name": data["name"].strip() or "-"})
    except house.HouseRulesRefused:
        return None


def _summary(errors: dict[str, list[str]]) -> list[tuple[str, str]]:
    """Every problem as (the id of its field, the sentence), in the page's order."""
    def anchor(field: str) -> str:
        if field.startswith("phase-"):
            return f"{field}-kind-1"
        return {"phases": "phases", "chooses_phase": "chooses_phase"}.get(field, field)
    return [(anchor(field), sentence) for field, sentences in errors.items()
            for sentence in sentences]


def _submitted(form: HouseRulesForm) -> tuple[dict[str, Any], house.HouseRules | None,
                                              dict[str, list[str]]]:
    data = _posted()
    if not form.validate_on_submit():  # the CSRF token
        return data, None, {"name": [_("The form had expired. Check it and press the button "
                                       "again.")]}
    try:
        return data, house.read(data), {}
    except house.HouseRulesRefused as error:
        return data, None, _errors(error)


def _action(form: HouseRulesForm, found: editions.HouseEdition | None = None
            ) -> tuple[str, int]:
    """An add or remove button: the rows changed, nothing stored, problems left for Preview
    and Store to name (the preview shows the rules once they would be stored)."""
    data = _posted()
    if not form.validate_on_submit():
        return _render(form, data, {"name": [_("The form had expired. Check it and press the "
                                               "button again.")]}, found=found)
    _edited(data, request.form.get("edit", ""))
    return _render(form, data, {}, found=found)


@bp.route("/new", methods=["GET", "POST"])
def new() -> tuple[str, int] | Response:
    """Compose house rules from a preset; preview them; store them."""
    form = HouseRulesForm()
    if request.method == "GET":
        chosen = request.args.get("preset", "")
        if chosen not in dict(house.PRESETS):  # one empty phase to fill in
            return _render(form, {**house.HouseRules("", ()).as_json(), "name": ""}, {})
        start = house.preset(chosen)
        data = start.as_json()
        data["name"] = ""
        form.chooses_phase.data = start.chooses_phase
        return _render(form, data, {})
    if request.form.get("edit"):
        return _action(form)
    data, house_rules, errors = _submitted(form)
    if house_rules is None or "preview" in request.form:
        return _render(form, data, errors, status=STATUS[Kind.REFUSED] if errors else 200)
    with work.unit():
        found = editions.create(house_rules)
    flash(_("House rules stored. Keep this page's address: it is the key to edit them."))
    return see_other("editions.page", key=found.row.edit_key)


@bp.route("/<key>", methods=["GET", "POST"])
def page(key: str) -> tuple[str, int] | Response:
    """House rules through their edit link (the editor) or read-only link (the rules)."""
    found = editions.find(key)
    if found is None:
        raise NotThere
    form = HouseRulesForm()
    if request.method == "GET":
        data = found.rules.as_json()
        form.name.data, form.chooses_phase.data = found.rules.name, found.rules.chooses_phase
        return _render(form, data, {}, found=found)
    if not found.editable:
        raise NotThere
    if request.form.get("edit"):
        return _action(form, found)
    data, house_rules, errors = _submitted(form)
    if house_rules is None or "preview" in request.form:
        return _render(form, data, errors, found=found,
                       status=STATUS[Kind.REFUSED] if errors else 200)
    with work.unit():
        edited = editions.edit(found, house_rules)
    flash(_("Saved as version %(number)s. Games started before keep the rules they began "
            "with.", number=edited.revision))
    return see_other("editions.page", key=key)
