"""The solver's searches for phases with a colour group or a colour run, and their lay-downs."""

from __future__ import annotations

from .cards import MAX_NUMBER, WILD, Card, Colour
from .phases import Part, PartKind
from .tally import NUMBERS, UNSOLVED, Laydown, Strategy, Tally, present_mask, window_mask


class OneColour(Strategy):
    """A colour group alone: the colour with the most naturals."""

    def __init__(self, size: int) -> None:
        self.size = size

    def find(self, tally: Tally) -> tuple[int, Laydown | None]:
        counts = {colour: sum(tally.of_colour(colour)) for colour in Colour}
        colour = max(Colour, key=counts.__getitem__)
        if not counts[colour]:
            return UNSOLVED, None
        need = max(0, self.size - counts[colour])
        if need > tally.wilds:
            return need, None
        cards = [card for number in NUMBERS for card in tally.cards[number]
                 if card.colour is colour][:self.size]
        return need, ((*cards, *[WILD] * need),)


class ColourRun(Strategy):
    """A colour run alone: every colour and first number."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.windows = [(start, window_mask(start, size))
                        for start in range(1, MAX_NUMBER - size + 2)]

    def find(self, tally: Tally) -> tuple[int, Laydown | None]:
        best, found = UNSOLVED, None
        for colour in Colour:
            present = present_mask(tally.of_colour(colour))
            for start, window in self.windows:
                naturals = (present & window).bit_count()
                if naturals and self.size - naturals < best:
                    best, found = self.size - naturals, (colour, start)
        if found is None or best > tally.wilds:
            return best, None
        colour, start = found
        return best, (tuple(tally.take(number, colour) if tally.has(number, colour) else WILD
                            for number in range(start, start + self.size)),)


class ColourAndNumber(Strategy):
    """One colour group with one set or run."""

    def __init__(self, parts: tuple[Part, ...]) -> None:
        self.parts = parts
        self.colour_index = next(i for i, part in enumerate(parts) if part.kind.needs_one_colour)
        number = parts[1 - self.colour_index]
        self.kind, self.size = number.kind, number.size
        if number.kind is PartKind.RUN:
            self.templates = [(range(start, start + number.size),
                               window_mask(start, number.size))
                              for start in range(1, MAX_NUMBER - number.size + 2)]
        else:
            self.templates = [(range(value, value + 1), window_mask(value, 1))
                              for value in NUMBERS]

    def find(self, tally: Tally) -> tuple[int, Laydown | None]:
        best = UNSOLVED
        found: tuple[Colour, range, int] | None = None
        colour_size = self.parts[self.colour_index].size
        for colour in Colour:
            mine = tally.of_colour(colour)
            total = sum(mine)
            if not total:
                continue
            others = [count - own for count, own in zip(tally.supply, mine, strict=True)]
            for template, window in self._shares(mine, others):
                other, kept = window  # naturals of other colours, and of this colour
                kept = min(kept, total - 1)
                if other + kept == 0:
                    continue
                need = self.size - other - kept + max(0, colour_size - total + kept)
                if need < best:
                    best, found = need, (colour, template, kept)
        if found is None or best > tally.wilds:
            return best, None
        return best, self._lay(tally, *found)

    def _shares(self, mine: list[int], others: list[int]
                ) -> list[tuple[range, tuple[int, int]]]:
        """Per number template: naturals of other colours the number part can take, and
        naturals of this colour it can take after them."""
        if self.kind is PartKind.RUN:
            other, own = present_mask(others), present_mask(mine)
            return [(template, ((other & mask).bit_count(), (own & mask & ~other).bit_count()))
                    for template, mask in self.templates]
        shares = []
        for template, _ in self.templates:
            taken = min(self.size, others[template.start])
            shares.append((template, (taken, min(self.size - taken, mine[template.start]))))
        return shares

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
        colour_size = self.parts[self.colour_index].size
        cards = [card for number in NUMBERS for card in tally.cards[number]
                 if card.colour is colour][:colour_size]
        colour_part = (*cards, *[WILD] * (colour_size - len(cards)))
        if self.kind is PartKind.SET:
            number_part.sort(key=lambda card: card.is_wild)
        groups = [tuple(number_part), colour_part]
        return tuple(groups) if self.colour_index == 1 else tuple(reversed(groups))
