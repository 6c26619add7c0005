"""Reading JSON request bodies into domain values, with messages a person can act on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import editions, scoring
from .editions import Edition
from .limits import MAX_POINTS
from .numbers import whole_number
from .rules import Card, PartKind, get_phase, parse_cards
from .rules.errors import RulesError, Term
from .services import GameSpec


class PayloadError(RulesError):
    """Malformed input: answered with 400 and the reason."""


def _require(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    value = data.get(key)
    if value is None or isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
        raise PayloadError("“%(key)s” must be %(what)s", key=key, what=Term(what))
    return value


def edition_of(data: Mapping[str, Any]) -> Edition:
    return editions.get(data.get("edition", "original"))


def cards_of(value: Any, key: str) -> list[Card]:
    if not isinstance(value, list):
        raise PayloadError("“%(key)s” must be a list of cards like \"7r\" or \"W\"", key=key)
    return parse_cards(value)


def check_request(
        data: Mapping[str, Any]) -> tuple[Any, list[list[Card]] | None, list[Card] | None]:
    """(phase, groups or None, hand or None) from a /api/check body."""
    phase = get_phase(edition_of(data), data.get("phase"))
    if "groups" in data and "hand" in data:
        raise PayloadError("give either “groups” (a lay-down) or “hand” (the cards in a hand), "
                           "not both")
    if "groups" in data:
        groups = data["groups"]
        if not isinstance(groups, list) or not groups:
            raise PayloadError("“groups” must be a list of groups, each a list of cards")
        return phase, [cards_of(group, "groups") for group in groups], None
    if "hand" in data:
        return phase, None, cards_of(data["hand"], "hand")
    raise PayloadError("give either “groups” (a lay-down) or “hand” (the cards in a hand)")


def hit_request(data: Mapping[str, Any]) -> tuple[Edition, PartKind, list[Card], Card]:
    edition = edition_of(data)
    group = _require(data, "group", dict, "an object with “part” and “cards”")
    kinds = {kind.value: kind for kind in PartKind}
    part = group.get("part")
    if not isinstance(part, str) or part not in kinds:
        raise PayloadError("“part” must be set, run, colour or colour run")
    card = _require(data, "card", str, "one card, like \"6b\"")
    return edition, kinds[part], cards_of(group.get("cards"), "cards"), Card.parse(card)


def game_spec(data: Mapping[str, Any]) -> GameSpec:
    edition = edition_of(data)
    players = _require(data, "players", list, "a list of 2 to 6 names")
    if not all(isinstance(name, str) for name in players):
        raise PayloadError("“players” must be a list of 2 to 6 names")
    phases = data.get("phases", list(edition.phase_numbers))
    if not isinstance(phases, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) for n in phases):
        raise PayloadError("“phases” must be a list of phase numbers from 1 to 10")
    first = data.get("dealer", data.get("starter"))
    if first is not None and not isinstance(first, str):
        raise PayloadError("“dealer” must be the name of a player")
    flags = {key: data.get(key, False) for key in ("ten_rounds", "knocking")}
    for key, value in flags.items():
        if not isinstance(value, bool):
            raise PayloadError("“%(key)s” must be true or false", key=key)
    return GameSpec(edition, tuple(players), tuple(phases), flags["ten_rounds"],
                    flags["knocking"], first)


def _result(item: Any, edition: Edition) -> scoring.Result:
    if not isinstance(item, dict):
        raise PayloadError("each result must be an object with “player”, “phase” and “points”")
    player = _require(item, "player", str, "a player's name")
    phase = item.get("phase", False)
    if edition.chooses_phase and isinstance(phase, int) and not isinstance(phase, bool):
        if phase not in edition.phase_numbers:
            raise PayloadError("“phase” must be false or a phase number from 1 to 10")
        laid, number = True, phase
    elif isinstance(phase, bool):
        laid, number = phase, None
    else:
        raise PayloadError("“phase” must be true or false (Masters: a phase number or false)")
    points = item.get("points")
    if points is not None and (isinstance(points, bool) or not isinstance(points, int)):
        raise PayloadError("points must be a whole number, like 35 (%(player)s)", player=player)
    if points is not None and points > MAX_POINTS:
        raise PayloadError("no hand is worth more than 1000 points (%(player)s)", player=player)
    if points is None and not edition.markers:
        raise PayloadError("points are missing for %(player)s", player=player)
    went_out = item.get("went_out", False)
    if not isinstance(went_out, bool):
        raise PayloadError("“went_out” must be true or false")
    return scoring.Result(player=player, laid=laid, points=points, went_out=went_out, phase=number)


def _bad_guard(key: str) -> PayloadError:
    if key == "number":
        return PayloadError("“number” must be the round number, a whole number like 3")
    return PayloadError("“revision” must be the revision of the game you last saw, "
                        "a whole number like 5")


def guard(value: Any, key: str) -> int | None:
    """A write's guard (``number`` or ``revision``) from JSON: None or a whole number ≥ 1."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _bad_guard(key)
    return value


def query_guard(text: str | None, key: str) -> int | None:
    """The same guard from a query string (``?number=3&revision=5``)."""
    if text is None:
        return None
    number = whole_number(text)
    if number is None or number < 1:
        raise _bad_guard(key)
    return number


def round_request(data: Mapping[str, Any],
                  edition: Edition) -> tuple[scoring.Round, int | None, bool]:
    """(round, the client's round number or None, confirm) from a round body."""
    results = _require(data, "results", list, "a list with one result per player")
    number = guard(data.get("number"), "number")
    confirm = data.get("confirm", False)
    if not isinstance(confirm, bool):
        raise PayloadError("“confirm” must be true or false")
    return scoring.Round(tuple(_result(item, edition) for item in results)), number, confirm
