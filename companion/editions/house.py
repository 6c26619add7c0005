"""House rules: an edition a table composes from parts the engine understands (issue 25).

A :class:`HouseRules` is the definition as a person gives it (a name, phases as parts, card
values, whether players choose their phase as in Masters); :func:`problems` says what is wrong
with one, each reason next to the field it concerns; :func:`edition` turns a definition that
has none into an :class:`~companion.editions.base.Edition` the engine, the sheet, the pads and
the PDFs use like a built-in one. Pure: the database keeps definitions as JSON
(``companion.services.editions``), this module never sees it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion import editions
from companion.editions.base import MATTEL, RAVENSBURGER, CardValues, Edition, PhaseTable
from companion.limits import MAX_GROUP_NAME
from companion.player_names import clean, length, refusal
from companion.refusals import N_, Kind, Reason, Term
from companion.rules.cards import MAX_NUMBER
from companion.rules.errors import PhaseError, RulesError
from companion.rules.phases import Deck, Part, PartKind, Phase
from companion.rules.solver import plan

HAND = 10
"""Cards dealt to each player: no phase can hold more."""
MAX_PHASES = 12
MAX_VALUE = 100
"""The most one card may cost (a sane bound: the rule book's dearest card costs 20)."""
MAX_NAME = MAX_GROUP_NAME
ORDER = 100
"""House editions come after the built-in ones in lists."""
CARD_DECK = Deck(copies_per_card=2, wilds=8, skips=4, cards=108)
"""The card game's 108 cards: every house edition is played with them."""
VALUE_FIELDS = ("low", "high", "skip", "wild")
KINDS = {kind.value: kind for kind in PartKind}

#: Problems as (field, reason): ``name``, ``phases``, ``phase-3`` (the third phase),
#: ``values-wild``.
Problems = tuple[tuple[str, Reason], ...]


@dataclass(frozen=True)
class HouseRules:
    """One house edition's rules, as made on the editor page or sent to the API."""

    name: str
    table: PhaseTable
    values: CardValues = RAVENSBURGER
    chooses_phase: bool = False
    """Players choose which open phase to try each round, as in Masters."""
    presets: tuple[str, ...] = field(default=(), compare=False)

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name,
                "phases": [[{"kind": kind.value, "size": size} for kind, size in parts]
                           for parts in self.table],
                "values": {name: getattr(self.values, name) for name in VALUE_FIELDS},
                "chooses_phase": self.chooses_phase}


class HouseRulesRefused(RulesError):
    """A definition with problems; ``problems`` has each as (field, reason), ``reason`` the
    first."""

    kind = Kind.REFUSED

    def __init__(self, problems: Problems) -> None:
        super().__init__(problems[0][1])
        self.problems = problems
        self.args = ("; ".join(f"{name}: {reason}" for name, reason in problems),)


def _table_of(phases: Mapping[str, Any] | Any, found: list[tuple[str, Reason]]) -> PhaseTable:
    if not isinstance(phases, list):
        found.append(("phases", Reason("the phases are a list, each a list of parts")))
        return ()
    table: list[tuple[tuple[PartKind, int], ...]] = []
    for number, parts in enumerate(phases, start=1):
        read: list[tuple[PartKind, int]] = []
        for part in parts if isinstance(parts, list) else [None]:
            kind = KINDS.get(str(part.get("kind"))) if isinstance(part, dict) else None
            size = part.get("size") if isinstance(part, dict) else None
            if kind is not None and isinstance(size, str) and _not_digits(size):
                found.append((f"phase-{number}", Reason(
                    "phase %(phase)s: write the number of cards with the digits 0 to 9, "
                    "not “%(size)s”", {"phase": number, "size": size})))
                break
            if kind is None or isinstance(size, bool) or not isinstance(size, int):
                found.append((f"phase-{number}", Reason(
                    "phase %(phase)s: each part is a kind (set, run, colour or colour run) "
                    "and a number of cards", {"phase": number})))
                break
            read.append((kind, size))
        table.append(tuple(read))
    return tuple(table)


def _not_digits(text: str) -> bool:
    """Typed text that is no number in ASCII digits (``³``, ``٣``, ``five``): the editor
    hands on what it could not read as one, and is told to write digits. (A JSON string of
    digits is told that a size is a number.)"""
    stripped = text.strip()
    return bool(stripped) and re.fullmatch(r"[+-]?[0-9]+", stripped) is None


def _values_of(data: Any, found: list[tuple[str, Reason]]) -> CardValues:
    if data is None:
        return RAVENSBURGER
    if not isinstance(data, dict):
        found.append(("values", Reason("the card values are low, high, skip and wild")))
        return RAVENSBURGER
    values: dict[str, int] = {}
    for name in VALUE_FIELDS:
        value = data.get(name, getattr(RAVENSBURGER, name))
        if isinstance(value, bool) or not isinstance(value, int):
            found.append((f"values-{name}", Reason(
                "a card's value is a whole number of points, not “%(value)s”", {"value": value})))
        else:
            values[name] = value
    return CardValues(**values)


def read(data: object) -> HouseRules:
    """A definition from its JSON form; HouseRulesRefused says every problem."""
    found: list[tuple[str, Reason]] = []
    if not isinstance(data, dict):
        raise HouseRulesRefused((("name", Reason("house rules are an object with a name, "
                                                 "phases and card values")),))
    name = data.get("name")
    if not isinstance(name, str):
        found.append(("name", Reason("give the house rules a name")))
        name = ""
    chooses = data.get("chooses_phase", False)
    if not isinstance(chooses, bool):
        found.append(("chooses_phase", Reason("“chooses_phase” must be true or false")))
        chooses = False
    rules = HouseRules(clean(name), _table_of(data.get("phases"), found),
                       _values_of(data.get("values"), found), chooses)
    named = {field for field, _ in found}  # a field misread has its reason already
    found += (problem for problem in problems(rules) if problem[0] not in named)
    if found:
        raise HouseRulesRefused(tuple(found))
    return rules


def problems(rules: HouseRules) -> Problems:
    """Everything that keeps ``rules`` from being played, each with the field it concerns."""
    found: list[tuple[str, Reason]] = []
    found += _name_problems(rules.name)
    if not 1 <= len(rules.table) <= MAX_PHASES:
        found.append(("phases", Reason("house rules have 1 to %(most)s phases, not %(count)s",
                                       {"most": MAX_PHASES, "count": len(rules.table)})))
    else:
        for number, parts in enumerate(rules.table, start=1):
            found += ((f"phase-{number}", reason) for reason in _phase_problems(number, parts))
    for name in VALUE_FIELDS:
        value = getattr(rules.values, name)
        if not 0 <= value <= MAX_VALUE:
            found.append((f"values-{name}", Reason(
                "a card costs 0 to %(most)s points, not %(value)s",
                {"most": MAX_VALUE, "value": value})))
    return tuple(found)


def _name_problems(name: str) -> list[tuple[str, Reason]]:
    if not name:
        return [("name", Reason("give the house rules a name"))]
    if length(name) > MAX_NAME:
        return [("name", Reason("a name of house rules has at most %(most)s characters, "
                                "not %(count)s", {"most": MAX_NAME, "count": length(name)}))]
    refused = refusal(name, MAX_NAME)  # the rule of every name (companion.player_names)
    return [("name", refused)] if refused is not None else []


def _phase_problems(number: int, parts: tuple[tuple[PartKind, int], ...]) -> list[Reason]:
    params: dict[str, object] = {"phase": number}
    if not parts:
        return [Reason("phase %(phase)s has no part: give it at least one", params)]
    found = []
    for kind, size in parts:
        if size < 2:
            found.append(Reason("phase %(phase)s: a group has at least 2 cards, not %(size)s",
                                {**params, "size": size}))
        elif kind.is_run and size > MAX_NUMBER:
            found.append(Reason("phase %(phase)s: a run holds at most %(most)s cards (1 to "
                                "12, and 12 and 1 are not neighbours), not %(size)s",
                                {**params, "most": MAX_NUMBER, "size": size}))
    if found:
        return found
    cards = sum(size for _, size in parts)
    if cards > HAND:
        return [Reason("phase %(phase)s needs %(cards)s cards, but each player is dealt "
                       "%(hand)s: it could never be laid", {**params, "cards": cards,
                                                            "hand": HAND})]
    try:
        plan((Phase(_PLANNING, number, tuple(Part(kind, size) for kind, size in parts)),))
    except PhaseError as error:
        return [error.reason]  # one deck cannot hold it: the engine's own sentence names it
    return []


def edition(key: str, rules: HouseRules) -> Edition:
    """The edition that plays ``rules``, under ``key`` (its stored revision's key)."""
    return Edition(
        key=key, order=ORDER, name=rules.name, title=rules.name, tag=N_("House rules"),
        table=rules.table, deck=CARD_DECK, values=rules.values,
        chooses_phase=rules.chooses_phase, variants=not rules.chooses_phase,
        kind=N_("House rules"), new_label="", house=True,
        # Where phases of several editions are listed together (a group's records), the
        # rules' own name says which (names are not message ids: shown as typed).
        phases_title=rules.name, note=rules.name,
    )


def preset(key: str) -> HouseRules:
    """A definition to start from: ``original`` (Ravensburger values), ``mattel`` (the same
    phases, a wild costs 25) or ``masters``."""
    if key == "masters":
        masters = editions.get("masters")
        return HouseRules("Masters", masters.table, masters.values, True)
    original = editions.get("original")
    if key == "mattel":
        return HouseRules("Mattel", original.table, MATTEL)
    return HouseRules("Original", original.table, original.values)


PRESETS = (("original", Term(N_("Original (Ravensburger values)"))),
           ("mattel", Term(N_("Mattel values (wild 25)"))), ("masters", Term(N_("Masters"))))
"""The presets the editor starts from, with their labels (message ids, as Terms: a page
translates a Term and shows any other value as text)."""

_PLANNING = Edition(key="planning", order=ORDER, name="", title="", tag="", table=(),
                    deck=CARD_DECK)
"""An edition for the phases being planned to belong to while they are checked."""
