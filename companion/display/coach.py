"""The checker as a coach for a hand: which cards it still needs and what each does, the odds
of drawing one, the extra cards that fit once the phase is laid, and in Masters the phase to
try. The answers come from the rules engine (``rules.outs``, ``rules.roles``,
``rules.extras``); this module only puts them in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import format_percent, ngettext
from flask_babel import gettext as _

from companion.forms.checker import CoachForm
from companion.i18n import colour_name, say, say_part, say_phase
from companion.rules import Card, PartKind, Phase, deck_reasons
from companion.rules.extras import extras
from companion.rules.outs import DRAWS, DeckError, Outs, find_outs
from companion.rules.roles import OutGroup, Role, out_groups


def coach(form: CoachForm, phase: Phase, hand: list[Card], seen: list[Card]
          ) -> dict[str, Any] | None:
    """What the verdict on a hand shows besides the lay-down; None (with the reason on the
    seen field) when the hand and the cards seen hold more of a card than the deck."""
    if deck_reasons(phase.edition, hand):
        return {}  # the solver's reasons say what is wrong with the hand
    try:
        found = find_outs(phase, hand, seen)
    except DeckError as error:
        form.seen.errors = [*form.seen.errors, say(error.reason, sentence=True)]
        return None
    laydown = found.solution.laydown
    advice: dict[str, Any] = {"found": found, "odds": _odds(found),
                              "groups": [_group_row(found, group) for group in
                                         out_groups(phase, hand, found.outs)]}
    if laydown is not None:
        advice["extras"] = _extra_rows(phase, extras(phase, laydown, hand))
    if phase.edition.chooses_phase:
        advice["ranking"] = _ranking(hand, seen, _done(form), phase)
    return advice


def phase_to_judge(form: CoachForm, phase: Phase, hand: list[Card], seen: list[Card]
                   ) -> Phase:
    """Masters: the phase the verdict judges. A phase the player has completed is not tried
    again: then the open phase the ranking puts first, chosen in the form too."""
    done = _done(form)
    if not phase.edition.chooses_phase or phase.number not in done or deck_reasons(
            phase.edition, hand):
        return phase
    try:
        ranking = _ranking(hand, seen, done, phase)
    except DeckError:
        return phase  # the coach puts the reason on the seen field
    if not ranking:
        return phase  # every phase done: nothing else to judge
    form.phase.data = str(ranking[0]["number"])
    return next(other for other in phase.edition.phases if other.number == ranking[0]["number"])


def _done(form: CoachForm) -> set[int]:
    return {int(number) for number in form.done.data or ()}


def percent(chance: float) -> str:
    """A chance as a whole percentage in the page's language; "< 1 %" rather than 0."""
    if 0 < chance < 0.005:
        return "< " + str(format_percent(0.01))
    return str(format_percent(chance))


def _odds(found: Outs) -> dict[str, Any]:
    helping = ngettext("%(num)s of the %(unseen)s cards you have not seen helps.",
                       "%(num)s of the %(unseen)s cards you have not seen help.",
                       found.out_copies, unseen=found.unseen)
    draws = [{"label": ngettext("next card", "within %(num)s cards", count),
              "percent": percent(chance)}
             for count, chance in zip(DRAWS, found.chances, strict=True)]
    return {"helping": helping, "draws": draws}


def _group_row(found: Outs, group: OutGroup) -> dict[str, Any]:
    """One kind of out in words: the part it goes to, its cards, what it does."""
    part = found.phase.parts[group.part] if group.part is not None else None
    chips = _chips(part.kind if part else None, group.cards)
    count = len(chips)
    if group.role is Role.WILD:
        text = _("fills any gap")
    elif group.role is Role.FIRST:
        text = _("Every group needs a number card first: any number card gets you one card "
                 "closer.")
    elif group.role is Role.FREES:
        text = ngettext("frees your wild for a gap elsewhere",
                        "any of these frees your wild for a gap elsewhere", count)
    elif found.short == 1:
        text = ngettext("completes the phase", "any of these completes the phase", count)
    else:
        text = ngettext("gets you one card closer", "any of these gets you one card closer",
                        count)
    return {"role": group.role.value, "part": _capital(say_part(part)) if part else None,
            "chips": chips, "text": text}


def _chips(kind: PartKind | None, cards: Sequence[Card]) -> list[dict[str, str]]:
    """Cards as chips: a number of any colour for sets and runs, a colour for colour groups,
    the very cards for colour runs."""
    if kind in (PartKind.SET, PartKind.RUN):
        numbers = dict.fromkeys(card.number for card in cards)
        return [{"text": str(number), "class": "card-any", "hidden": _("any colour")}
                for number in numbers]
    if kind is PartKind.COLOUR:
        colours = dict.fromkeys(card.colour.value for card in cards if card.colour)
        return [{"text": colour_name(letter), "class": f"card-{letter} card-word",
                 "hidden": ""} for letter in colours]
    return [_card_chip(card) for card in cards if kind is not None or card.is_wild]


def _card_chip(card: Card) -> dict[str, str]:
    if card.colour is None:
        return {"text": str(card), "class": "card-w", "hidden": _("wild")}
    return {"text": str(card.number), "class": f"card-{card.colour.value}",
            "hidden": colour_name(card.colour.value)}


def _extra_rows(phase: Phase, placed: Sequence[Any]) -> list[dict[str, Any]]:
    """The extra cards that fit, per group of the lay-down."""
    rows: dict[int, list[dict[str, str]]] = {}
    for extra in placed:
        rows.setdefault(extra.group, []).append(_card_chip(extra.card))
    return [{"part": _capital(say_part(phase.parts[group])), "chips": chips}
            for group, chips in sorted(rows.items())]


def _ranking(hand: list[Card], seen: list[Card], done: set[int], current: Phase
             ) -> list[dict[str, Any]]:
    """The open Masters phases, closest first (then the likelier out), with the odds."""
    rows: list[dict[str, Any]] = []
    for phase in current.edition.phases:
        if phase.number in done:
            continue
        found = find_outs(phase, hand, seen)
        rows.append({"number": phase.number, "name": say_phase(phase), "short": found.short,
                     "chance": found.chances[0], "current": phase == current,
                     "words": _("complete now") if not found.short else ngettext(
                         "%(num)s card short", "%(num)s cards short", found.short),
                     "odds": percent(found.chances[0]) if found.short else ""})
    rows.sort(key=lambda row: (row["short"], -row["chance"], row["number"]))
    return rows


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
