"""The solver's searches for phases with a colour group or a colour run, and their lay-downs."""

from __future__ import annotations

from companion.rules.cards import MAX_NUMBER, WILD, Card, Colour
from companion.rules.hand_counts import (
    COLOUR_BITS,
    NUMBERS,
    UNSOLVED,
    Laydown,
    Strategy,
    Tally,
    natural_bit,
    present_mask,
    window_mask,
)
from companion.rules.phases import Part, PartKind


class OneColour(Strategy):
    """A colour group alone: the colour with the most naturals."""

    def __init__(self, size: int) -> None:
        self.size = size

    def find(self, tally: Tally) -> tuple[int, Laydown | None]:
        counts = _colour_counts(tally)
        colour = max(Colour, key=counts.__getitem__)
        need = self._need(counts[colour])
        if need > tally.wilds:
            return need, None
        cards = [card for number in NUMBERS for card in tally.cards[number]
                 if card.colour is colour][:self.size]
        return need, ((*cards, *[WILD] * need),)

    def fewest(self, tally: Tally, below: int = UNSOLVED) -> int:
        return min(below, self._need(max(_colour_counts(tally).values())))

    def improvers(self, tally: Tally, need: int) -> int:
        """One more card of a colour the hand holds most of (or of any colour, when the
        hand has no natural at all)."""
        counts = _colour_counts(tally)
        return sum(COLOUR_BITS[colour] for colour, count in counts.items()
                   if self._need(count + 1) < need)

    def _need(self, naturals: int) -> int:
        return max(0, self.size - naturals) if naturals else UNSOLVED


def _colour_counts(tally: Tally) -> dict[Colour, int]:
    return {colour: sum(tally.of_colour(colour)) for colour in Colour}


class ColourRun(Strategy):
    """A colour run alone: every colour and first number."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.windows = [(start, window_mask(start, size))
                        for start in range(1, MAX_NUMBER - size + 2)]

    def find(self, tally: Tally) -> tuple[int, Laydown | None]:
        best, found = self._search(tally, UNSOLVED)
        if found is None or best > tally.wilds:
            return best, None
        colour, start = found
        return best, (tuple(tally.take(number, colour) if tally.has(number, colour) else WILD
                            for number in range(start, start + self.size)),)

    def fewest(self, tally: Tally, below: int = UNSOLVED) -> int:
        return self._search(tally, below)[0]

    def improvers(self, tally: Tally, need: int) -> int:
        """A card of a colour and number the hand lacks, inside a window of that colour that
        needs ``need`` wilds: it fills one of them. (With no natural at all, any card.)"""
        found = 0
        for colour in Colour:
            present = present_mask(tally.of_colour(colour))
            lacking = 0  # the numbers of this colour that would fill a window's gap
            for _, window in self.windows:
                naturals = (present & window).bit_count()
                if need == UNSOLVED or (naturals and self.size - naturals == need):
                    lacking |= window & ~present
            found |= sum(natural_bit(number, colour) for number in NUMBERS
                         if lacking >> number & 1)
        return found

    def _search(self, tally: Tally, below: int) -> tuple[int, tuple[Colour, int] | None]:
        best, found = below, None
        for colour in Colour:
            present = present_mask(tally.of_colour(colour))
            for start, window in self.windows:
                naturals = (present & window).bit_count()
                if naturals and self.size - naturals < best:
                    best, found = self.size - naturals, (colour, start)
        return best, found


class ColourAndNumber(Strategy):
    """One colour group with one set or run."""

    def __init__(self, parts: tuple[Part, ...]) -> None:
        self.parts = parts
        self.colour_index = next(i for i, part in enumerate(parts) if part.kind.needs_one_colour)
        number = parts[1 - self.colour_index]
        self.kind, self.size = number.kind, number.size
        self.colour_size = parts[self.colour_index].size
        if number.kind is PartKind.RUN:
            self.templates = [(range(start, start + number.size),
                               window_mask(start, number.size))
                              for start in range(1, MAX_NUMBER - number.size + 2)]
        else:
            self.templates = [(range(value, value + 1), window_mask(value, 1))
                              for value in NUMBERS]

    def find(self, tally: Tally) -> tuple[int, Laydown | None]:
        best, found = self._search(tally, UNSOLVED)
        if found is None or best > tally.wilds:
            return best, None
        return best, self._lay(tally, *found)

    def fewest(self, tally: Tally, below: int = UNSOLVED) -> int:
        return self._search(tally, below)[0]

    def improvers(self, tally: Tally, need: int) -> int:
        """A card helps the colour group (one more card of its colour, for a number template
        that does not hold its number: worked out once per colour) or the number part (a
        template that holds its number). One card lowers a template's need by one at most,
        and one that cannot be laid yet to no less than the smaller part's size less one, so
        only the templates in ``close`` can help."""
        mine = {colour: tally.of_colour(colour) for colour in Colour}
        unlaid = need >= min(self.size, self.colour_size)
        shares, close, reach = {}, {}, 0
        for colour in Colour:
            others = [count - own for count, own in zip(tally.supply, mine[colour], strict=True)]
            shares[colour] = self._shares(mine[colour], others)
            total = sum(mine[colour])
            close[colour] = [index for index, share in enumerate(shares[colour])
                             if self._need(*share, total) == need
                             or unlaid and self._need(*share, total) == UNSOLVED]
            for index in close[colour]:
                reach |= self.templates[index][1]
        found = 0
        for colour in Colour:
            total = sum(mine[colour]) + 1
            held = -1  # the numbers every template that helps this way holds
            for (_, window), share in zip(self.templates, shares[colour], strict=True):
                if self._need(*share, total) < need:
                    held &= window
            for number in NUMBERS:
                if not held >> number & 1 or reach >> number & 1 and self._helps_part(
                        tally, mine, close, Card.natural(number, colour), need):
                    found |= natural_bit(number, colour)
        return found

    def _helps_part(self, tally: Tally, mine: dict[Colour, list[int]],
                    close: dict[Colour, list[int]], card: Card, need: int) -> bool:
        """Whether ``card`` lowers the need through a template in ``close`` that holds it."""
        assert card.number is not None and card.colour is not None
        number = card.number
        tally.add(card)
        mine[card.colour][number] += 1
        try:
            for colour, indices in close.items():
                holding = [self.templates[index][0] for index in indices
                           if self.templates[index][1] >> number & 1]
                if not holding:
                    continue
                own = mine[colour]
                others = [count - held for count, held in zip(tally.supply, own, strict=True)]
                total = sum(own)
                if any(self._need(*self._share(template, own, others), total) < need
                       for template in holding):
                    return True
            return False
        finally:
            mine[card.colour][number] -= 1
            tally.remove(card)

    def _search(self, tally: Tally, below: int) -> tuple[int, tuple[Colour, range, int] | None]:
        best = below
        found: tuple[Colour, range, int] | None = None
        for colour in Colour:
            mine = tally.of_colour(colour)
            total = sum(mine)
            if not total:
                continue
            others = [count - own for count, own in zip(tally.supply, mine, strict=True)]
            for template, (other, kept) in zip(self.templates, self._shares(mine, others),
                                               strict=True):
                need = self._need(other, kept, total)
                if need < best:
                    best, found = need, (colour, template[0], min(kept, total - 1))
        return best, found

    def _need(self, other: int, kept: int, total: int) -> int:
        """Wilds for the number part holding ``other`` naturals of other colours and ``kept``
        of the group's colour (it leaves the group one), and for the colour group holding the
        rest of the ``total`` naturals of its colour."""
        kept = min(kept, total - 1)
        if total <= 0 or other + kept == 0:
            return UNSOLVED
        return self.size - other - kept + max(0, self.colour_size - total + kept)

    def _shares(self, mine: list[int], others: list[int]) -> list[tuple[int, int]]:
        """Per number template: naturals of other colours the number part can take, and
        naturals of this colour it can take after them."""
        if self.kind is PartKind.RUN:
            other, own = present_mask(others), present_mask(mine)
            return [((other & mask).bit_count(), (own & mask & ~other).bit_count())
                    for _, mask in self.templates]
        return [self._share(template, mine, others) for template, _ in self.templates]

    def _share(self, template: range, mine: list[int], others: list[int]) -> tuple[int, int]:
        """The same for one template."""
        if self.kind is PartKind.RUN:
            other = sum(1 for number in template if others[number])
            return other, sum(1 for number in template if mine[number] and not others[number])
        taken = min(self.size, others[template.start])
        return taken, min(self.size - taken, mine[template.start])

    def _lay(self, tally: Tally, colour: Colour, template: range, kept: int) -> Laydown:
        per_number = 1 if self.kind is PartKind.RUN else self.size
        number_part: list[Card] = []
        for number in template:
            taken: list[Card] = []
            while len(taken) < per_number and tally.has(number, colour, other=True):
                taken.append(tally.take(number, colour, other=True))
            while len(taken) < per_number and kept and tally.has(number, colour):
                taken.append(tally.take(number, colour))
                kept -= 1
            number_part.extend(taken + [WILD] * (per_number - len(taken)))
        cards = [card for number in NUMBERS for card in tally.cards[number]
                 if card.colour is colour][:self.colour_size]
        colour_part = (*cards, *[WILD] * (self.colour_size - len(cards)))
        if self.kind is PartKind.SET:
            number_part.sort(key=lambda card: card.is_wild)
        groups = [tuple(number_part), colour_part]
        return tuple(groups) if self.colour_index == 1 else tuple(reversed(groups))
