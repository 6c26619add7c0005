"""Extra cards that fit: once a hand's phase is laid, which of the cards left in hand can go
onto the new groups right away (the rule book's "extra cards that fit"), as many as can.

Sets take every card of their number, colour groups every card of their colour; runs grow
at either end, one number at a time, a wild standing for a number that is missing. A wild
fits any set or colour group, and in the board game any run, even a full one. The search
tries every order of growing the runs (few cards are left after a lay-down), and always
lays a natural where one fits, which is never worse than a wild there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import MAX_NUMBER, MIN_NUMBER, WILD, Card, Colour
from .phases import Edition, PartKind, Phase
from .tally import NATURALS, Laydown, natural_index


@dataclass(frozen=True)
class Extra:
    """One card laid onto group ``group`` (its index in the lay-down); ``where`` is the end
    of a run it goes to ("low" or "high"), empty for sets and colour groups."""

    card: Card
    group: int
    where: str = ""


Run = tuple[int, int, int, Colour | None]  # group index, lowest number, highest, colour
Others = tuple[tuple[int, PartKind, int | Colour | None], ...]  # index, kind, number or colour


def extras(phase: Phase, laydown: Laydown, hand: Sequence[Card]) -> tuple[Extra, ...]:
    """As many of the cards ``hand`` keeps after ``laydown`` as fit its groups, with where.

    >>> from .cards import parse_cards
    >>> from .phases import get_phase
    >>> laid = (tuple(parse_cards("8r 8g 8b")), tuple(parse_cards("3y 4y 5r 6b")))
    >>> hand = parse_cards("8r 8g 8b 8y 3y 4y 5r 6b W 8b 12g 2r S")
    >>> [(str(extra.card), extra.group, extra.where)
    ...  for extra in extras(get_phase(Edition.ORIGINAL, 2), laid, hand)]
    [('2r', 1, 'low'), ('8b', 0, ''), ('8y', 0, ''), ('W', 0, '')]
    """
    left = Counter(card for card in hand if not card.is_skip)
    left.subtract(card for group in laydown for card in group)
    pool = [0] * len(NATURALS)
    for card, count in left.items():
        if card.is_natural and count > 0:
            assert card.number is not None and card.colour is not None
            pool[natural_index(card.number, card.colour)] = count
    runs, others = _groups(phase, laydown)
    board = phase.edition is Edition.BOARD
    sink = bool(others) or board  # somewhere a wild always fits
    plan = _grow(tuple(runs), tuple(pool), max(0, left[WILD]), others, sink)[1]
    placed = list(plan)
    used = Counter(extra.card for extra in plan)
    for card in sorted(natural for natural, count in left.items() if natural.is_natural
                       for _ in range(count - used[natural])):
        group = next((index for index, kind, key in others
                      if key in (card.number, card.colour)), None)
        if group is not None:
            placed.append(Extra(card, group))
    wilds = left[WILD] - used[WILD]
    if wilds > 0 and sink:
        group = others[0][0] if others else runs[0][0]
        placed += [Extra(WILD, group, "" if others else "high")] * wilds
    return tuple(placed)


def _groups(phase: Phase, laydown: Laydown) -> tuple[list[Run], Others]:
    """The lay-down's runs, and its sets (by number) and colour groups (by colour)."""
    runs: list[Run] = []
    others: list[tuple[int, PartKind, int | Colour | None]] = []
    for index, (part, group) in enumerate(zip(phase.parts, laydown, strict=True)):
        natural = next(card for card in group if card.is_natural)
        assert natural.number is not None
        if part.kind.is_run:
            low = natural.number - group.index(natural)
            colour = natural.colour if part.kind is PartKind.COLOUR_RUN else None
            runs.append((index, low, low + len(group) - 1, colour))
        else:
            key = natural.number if part.kind is PartKind.SET else natural.colour
            others.append((index, part.kind, key))
    return runs, tuple(others)


def _grow(runs: tuple[Run, ...], pool: tuple[int, ...], wilds: int, others: Others,
          sink: bool) -> tuple[int, tuple[Extra, ...]]:
    """The most cards that can be laid when the runs take cards from ``pool`` and
    ``wilds`` first (what they leave counts where it fits), and the cards the runs take."""
    keys = {key for _, _, key in others}
    fits = [card.number in keys or card.colour in keys for card in NATURALS]
    seen: dict[tuple[tuple[Run, ...], tuple[int, ...], int],
               tuple[int, tuple[Extra, ...]]] = {}

    def grow(runs: tuple[Run, ...], pool: tuple[int, ...], wilds: int
             ) -> tuple[int, tuple[Extra, ...]]:
        if (runs, pool, wilds) in seen:
            return seen[runs, pool, wilds]
        best: tuple[int, tuple[Extra, ...]] = (
            sum(count for count, fit in zip(pool, fits, strict=True) if fit)
            + (wilds if sink else 0), ())
        for place, (index, low, high, colour) in enumerate(runs):
            for where, number in (("low", low - 1), ("high", high + 1)):
                card = _natural(pool, number, colour)
                if not MIN_NUMBER <= number <= MAX_NUMBER or card is None and not wilds:
                    continue
                rest = list(pool)
                if card is not None:
                    assert card.colour is not None
                    rest[natural_index(number, card.colour)] -= 1
                grown = (index, min(low, number), max(high, number), colour)
                count, plan = grow(runs[:place] + (grown,) + runs[place + 1:], tuple(rest),
                                   wilds - (card is None))
                if count + 1 > best[0]:
                    best = (count + 1, (Extra(card or WILD, index, where), *plan))
        seen[runs, pool, wilds] = best
        return best

    return grow(runs, pool, wilds)


def _natural(pool: Sequence[int], number: int, colour: Colour | None) -> Card | None:
    """A natural of ``number`` (and ``colour``) left in the pool, if any."""
    if not MIN_NUMBER <= number <= MAX_NUMBER:
        return None
    first = natural_index(number, Colour.RED)
    for index in range(first, first + len(Colour)):
        card = NATURALS[index]
        if pool[index] and (colour is None or card.colour is colour):
            return card
    return None
