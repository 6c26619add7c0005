"""The rules checker page: lay-downs, hands and single cards, with reasons in words."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request
from flask_babel import gettext as _
from wtforms import Field

from companion import editions
from companion.display.coach import coach, phase_to_judge
from companion.forms.checker import CoachForm
from companion.forms.games import choices, edition_choices
from companion.i18n import say, say_phase
from companion.infra.planning import off_the_loop
from companion.rules import (
    Card,
    CardError,
    PartKind,
    Phase,
    PhaseError,
    check_hit,
    check_laydown,
    get_phase,
    parse_cards,
    solve,
)
from companion.services.editions import revision_numbers

bp = Blueprint("checker", __name__, url_prefix="/checker")


def _cards(field: Field, *, required: bool = True) -> list[Card] | None:
    """The field's cards, or None with the reason attached to the field."""
    try:
        cards = parse_cards(field.data or "")
    except CardError as error:
        field.errors = [*field.errors, say(error.reason, sentence=True)]
        return None
    if required and not cards:
        field.errors = [*field.errors, _("Enter some cards, e.g. 7r 7b W.")]
        return None
    return cards


def _verdict(form: CoachForm) -> dict[str, Any] | None:
    edition = editions.get(form.edition.data)
    try:
        phase = get_phase(edition, int(form.phase.data or 1))
    except PhaseError as error:  # a phase number beyond this edition's last phase
        form.phase.errors = [*form.phase.errors, say(error.reason, sentence=True)]
        return None
    if form.mode.data == "groups":
        groups = [_cards(entry, required=False) for entry in form.groups.entries]
        if any(group is None for group in groups):
            return None
        laid = [group for group in groups if group]
        if not laid:
            form.groups.entries[0].errors = [_("Enter the cards of each group you lay.")]
            return None
        return {"mode": "groups", "phase": phase, "result": check_laydown(phase, laid)}
    if form.mode.data == "hit":
        group, card = _cards(form.hit_group), _cards(form.hit_card)
        if group is None or card is None:
            return None
        if len(card) != 1:
            form.hit_card.errors = [_("Enter exactly one card.")]
            return None
        kind = PartKind(form.hit_kind.data)
        return {"mode": "hit", "card": card[0], "group": group,
                "result": check_hit(edition, kind, group, card[0])}
    hand, seen = _cards(form.hand), _cards(form.seen, required=False)
    saved = _cards(form.saved, required=False) if edition.saves_cards else []
    if hand is None or seen is None or saved is None:
        return None
    # The save pile is the player's own: each saved card can be taken back instead of a draw,
    # so the coach plans with the hand and the saved cards together.
    return off_the_loop(_hand_verdict, form, phase, [*hand, *saved], seen, saved)


def _hand_verdict(form: CoachForm, phase: Phase, cards: list[Card], seen: list[Card],
                  saved: list[Card]) -> dict[str, Any] | None:
    """The coach's plans for a hand: the phase to judge, the lay-down, the outs and odds."""
    phase = phase_to_judge(form, phase, cards, seen)
    advice = coach(form, phase, cards, seen)
    if advice is None:
        return None
    return {"mode": "hand", "phase": phase, "result": solve(phase, cards), "saved": saved,
            **advice}


def edition_data(house: editions.Edition | None = None) -> dict[str, dict[str, Any]]:
    """What checker.js needs of each edition, ready made: its phases in words with their
    parts as data (a lay-down has one group field per part, so "2 sets of 3" has two), and
    which of the page's hints and cards apply."""
    return {edition.key: {
        "phases": [{"name": say_phase(phase),
                    "parts": [{"kind": part.kind.value, "size": part.size}
                              for part in phase.parts]} for phase in edition.phases],
        "turned_jokers": edition.turned_jokers, "chooses_phase": edition.chooses_phase,
        "saves_cards": edition.saves_cards, "skips": edition.skips}
        for edition in (*editions.all_editions(), *((house,) if house is not None else ()))}


@bp.route("", methods=["GET", "POST"])
def page() -> str:
    """Check a lay-down, search a hand, or check a card against a group."""
    form = CoachForm()
    house = form.offer_house(request.values.get("edition"))
    if request.method == "GET":
        _asked(form, house)
    if house is not None and not request.args.get("partial"):
        _name_revision(form, house)
    verdict = _verdict(form) if form.validate_on_submit() else None
    problems = [error for field in form for error in _errors(field)]
    # A choice that is not on offer has its error above; the page shows the defaults again.
    for field in (form.edition, form.phase):
        if field.data not in {value for value, _label, *_rest in field.iter_choices()}:
            field.data = field.default
    template = "checker/_verdict.html" if request.args.get("partial") else "checker/index.html"
    data = edition_data(house)
    shown = editions.get(form.edition.data)
    phases = data[shown.key]["phases"]
    number = int(form.phase.data or 1)
    return render_template(template, form=form, verdict=verdict, problems=problems,
                           edition_data=data, edition=shown,
                           phase_name=phases[number - 1]["name"] if number <= len(phases)
                           else "")


def _asked(form: CoachForm, house: editions.Edition | None) -> None:
    """What a link asks the page to start on (a game's sheet: its edition, or the revision of
    house rules it plays by, and a player's phase and phases done); anything not on offer is
    left at its default."""
    if house is not None:
        form.edition.data = house.key  # the checker of house rules, by their link
    elif request.args.get("edition") in set(editions.keys()):
        form.edition.data = request.args["edition"]
    offered = {value for value, _label, *_rest in form.phase.iter_choices()}
    if request.args.get("phase") in offered:
        form.phase.data = request.args["phase"]
    done = [number for number in request.args.getlist("done") if number in offered]
    if done:
        form.done.data = done


def _name_revision(form: CoachForm, house: editions.Edition) -> None:
    """A game's house rules edited since it started: the choice says which revision it is,
    so nobody mistakes it for the rules as their page shows them now."""
    numbers = revision_numbers(house)
    if numbers is None or numbers[0] == numbers[1]:
        return
    label = _("%(name)s (version %(number)s of %(newest)s)", name=house.name,
              number=numbers[0], newest=numbers[1])
    form.edition.choices = [*edition_choices(), *choices((house.key, label))]


def _errors(field: Field) -> list[str]:
    if hasattr(field, "entries"):
        return [error for entry in field.entries for error in entry.errors]
    return [error for error in field.errors if isinstance(error, str)]
