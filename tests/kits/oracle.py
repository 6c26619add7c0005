"""The brute-force references of the rules engine (the oracle): lay-downs, outs and extras
found by trying every arrangement, knowing nothing of the engine's counts and templates."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from itertools import combinations_with_replacement, product

from hypothesis import strategies as st

from companion import editions
from companion.editions.base import Edition
from companion.rules import (
    SKIP,
    WILD,
    Card,
    Colour,
    PartKind,
    Phase,
    check_hit,
    check_laydown,
    solve,
)
from companion.rules.extras import extras
from companion.rules.outs import Outs, find_outs, out_order, shortfall
from companion.rules.runs import plain

ALL_PHASES = [phase for edition in editions.all_editions() for phase in edition.phases]


@cache
def could_be(kind: PartKind, cards: tuple[Card, ...]) -> bool:
    """Whether these cards, each wild standing for whatever the group lacks, make a group."""
    naturals = [card for card in cards if card.is_natural]
    if not naturals or len(naturals) + cards.count(WILD) != len(cards):
        return False
    return any(fits(naturals, slots) for slots in concrete_groups(kind, len(cards)))


Slot = tuple[int | None, Colour | None]  # what a place in a group takes; None: anything


def fits(naturals: list[Card], slots: list[Slot]) -> bool:
    """Whether every natural takes its own slot (the wilds take the rest)."""
    free = list(slots)
    for card in naturals:
        place = next((slot for slot in free if slot[0] in (None, card.number)
                      and slot[1] in (None, card.colour)), None)
        if place is None:
            return False
        free.remove(place)
    return True


def concrete_groups(kind: PartKind, size: int) -> Iterator[list[Slot]]:
    """Every group of ``kind`` and ``size`` as slots: a set of one number, a colour group of
    one colour, a run from each first number (and of each colour for colour runs)."""
    if kind is PartKind.SET:
        for number in range(1, 13):
            yield [(number, None)] * size
    elif kind is PartKind.COLOUR:
        for colour in Colour:
            yield [(None, colour)] * size
    else:
        colours: list[Colour | None] = list(Colour) if kind is PartKind.COLOUR_RUN else [None]
        for colour in colours:
            for start in range(1, 14 - size):
                yield [(number, colour) for number in range(start, start + size)]


def fewest_wilds(phase: Phase, hand: list[Card]) -> int | None:
    """The fewest wilds a minimal lay-down of ``phase`` picked from ``hand`` holds, or None
    when no lay-down can be picked."""
    kinds = sorted(Counter(card for card in hand if not card.is_skip).items())
    cards = tuple(card for card, _ in kinds)

    @cache
    def search(part: int, counts: tuple[int, ...]) -> int | None:
        if part == len(phase.parts):
            return 0
        wanted = phase.parts[part]
        options = [pick.count(WILD) + rest_wilds
                   for pick, rest in picks(cards, counts, wanted.size)
                   if could_be(wanted.kind, pick)
                   and (rest_wilds := search(part + 1, rest)) is not None]
        return min(options, default=None)

    return search(0, tuple(count for _, count in kinds))


def reference(phase: Phase, hand: list[Card]) -> bool:
    """Whether some minimal lay-down of ``phase`` can be picked from ``hand``."""
    return fewest_wilds(phase, hand) is not None


def picks(cards: tuple[Card, ...], counts: tuple[int, ...], size: int
          ) -> Iterator[tuple[tuple[Card, ...], tuple[int, ...]]]:
    """Every sub-multiset of ``size`` cards, with what remains."""
    if size == 0:
        yield (), counts
        return
    if not counts:
        return
    for taken in range(min(size, counts[0]), -1, -1):
        for pick, rest in picks(cards[1:], counts[1:], size - taken):
            yield (cards[0],) * taken + pick, (counts[0] - taken, *rest)


def narrow_hands(edition: Edition) -> st.SearchStrategy[list[Card]]:
    """Up to 10 cards from a band of 3–5 numbers, 0–3 wilds, within the deck's limits."""
    @st.composite
    def build(draw: st.DrawFn) -> list[Card]:
        low = draw(st.integers(1, 10))
        band = range(low, min(12, low + draw(st.integers(2, 4))) + 1)
        wilds = draw(st.integers(0, 3))
        skips = draw(st.integers(0, 1)) if edition.skips else 0
        naturals = draw(st.lists(st.tuples(st.sampled_from(band), st.sampled_from(list(Colour))),
                                 max_size=10 - wilds - skips))
        counted = Counter(naturals)
        hand = [Card.natural(number, colour)
                for (number, colour), count in counted.items() for _ in range(min(count, 2))]
        hand += [WILD] * wilds + [SKIP] * skips
        return draw(st.permutations(hand))
    return build()


NATURALS = [Card.natural(number, colour) for number in range(1, 13) for colour in Colour]


#: How many cards the reference adds at most: every multiset of up to this many.
LIMIT = 2


def fits_deck(edition: Edition, cards: list[Card]) -> bool:
    deck, counts = edition.deck, Counter(cards)
    if edition.turned_jokers:
        return not counts[SKIP] and len(cards) <= deck.cards and all(
            count <= deck.copies_per_card for card, count in counts.items() if card.is_natural)
    return (counts[WILD] <= deck.wilds and counts[SKIP] <= deck.skips
            and all(count <= deck.copies_per_card
                    for card, count in counts.items() if card.is_natural))


def drawable(edition: Edition) -> list[Card]:
    """The distinct cards the deck could still give: no wilds in the board game."""
    return NATURALS + ([] if edition.turned_jokers else [WILD])


Complete = Callable[[Phase, list[Card]], bool]


def by_solver(phase: Phase, cards: list[Card]) -> bool:
    return solve(phase, cards).valid


def still_fits(edition: Edition, held: Counter[Card], added: tuple[Card, ...]) -> bool:
    """``fits_deck(edition, hand + added)`` for a hand that fits, whose cards ``held``
    counts: only the added cards' counts can pass a limit (wilds and naturals; skips and the
    board game's wilds are never drawable)."""
    deck = edition.deck
    for card in set(added):
        count = held[card] + added.count(card)
        if count > (deck.wilds if card == WILD else deck.copies_per_card):
            return False
    return not edition.turned_jokers or sum(held.values()) + len(added) <= deck.cards


def reference_outs(phase: Phase, hand: list[Card], limit: int = LIMIT,
                   complete: Complete = by_solver) -> tuple[int, list[Card]] | None:
    """(short, outs) by adding every multiset of up to ``limit`` drawable cards, or None
    when none of them completes the phase. ``complete`` says whether cards complete it."""
    if not fits_deck(phase.edition, hand):  # more cards never fit where fewer did not
        return None
    held = Counter(hand)
    # A lay-down takes at least its parts' sizes in cards, none of them a skip: with fewer,
    # no multiset of this size can complete the phase, whatever it holds.
    needed = sum(part.size for part in phase.parts)
    usable = len(hand) - held[SKIP]
    for size in range(limit + 1):
        if usable + size < needed:
            continue
        completing: set[Card] = set()
        found = False
        for added in combinations_with_replacement(drawable(phase.edition), size):
            if found and completing.issuperset(added):
                continue  # it could only say again that these cards are outs
            if still_fits(phase.edition, held, added) and complete(phase, hand + list(added)):
                found = True
                completing.update(added)
        if found:
            return size, sorted(completing, key=out_order)
    return None


def plain_reference_outs(phase: Phase, hand: list[Card]) -> tuple[int, list[Card]] | None:
    """:func:`reference_outs` without its shortcuts: every multiset, every time."""
    for size in range(LIMIT + 1):
        completing: set[Card] = set()
        found = False
        for added in combinations_with_replacement(drawable(phase.edition), size):
            cards = hand + list(added)
            if fits_deck(phase.edition, cards) and by_solver(phase, cards):
                found = True
                completing.update(added)
        if found:
            return size, sorted(completing, key=out_order)
    return None


def most_extras(phase: Phase, groups: list[list[Card]], left: Counter[Card]) -> int:
    """The most cards of ``left`` that can be added one at a time, each where ``check_hit``
    allows it, trying every card on every group and end."""
    best = 0
    for card in [card for card, count in left.items() if count > 0]:
        for index, (part, group) in enumerate(zip(phase.parts, groups, strict=True)):
            hit = check_hit(phase.edition, part.kind, group, card)
            for where in hit.where or (("",) if hit.valid else ()):
                grown = [*groups[:index], [card, *group] if where == "low" else [*group, card],
                         *groups[index + 1:]]
                left[card] -= 1
                best = max(best, 1 + most_extras(phase, grown, left))
                left[card] += 1
    return best


def each_part_fits(phase: Phase) -> bool:
    """Whether the deck's wilds make up what each part on its own lacks: a set beyond the
    naturals of one number, a colour group beyond those of one colour (no wilds in the
    board game)."""
    deck = phase.edition.deck
    wilds = 0 if phase.edition.turned_jokers else deck.wilds
    per = {PartKind.SET: 4 * deck.copies_per_card, PartKind.COLOUR: 12 * deck.copies_per_card}
    return sum(max(0, part.size - per.get(part.kind, part.size))
               for part in phase.parts) <= wilds


def deck_holds(phase: Phase) -> bool:
    """Whether one deck of the phase's edition holds a lay-down of it, counted from the
    deck's make-up: each number's naturals, each colour's, and the wilds for what they lack
    (no wilds in the board game, whose deck deals none). Sets go on distinct numbers, the
    biggest where the runs ask least; a set beside a colour group takes the group's colour
    only when the other colours run out."""
    deck = phase.edition.deck
    wilds = 0 if phase.edition.turned_jokers else deck.wilds
    per_number, per_colour = 4 * deck.copies_per_card, 12 * deck.copies_per_card
    colour = [part for part in phase.parts if part.kind.needs_one_colour]
    others = [part for part in phase.parts if not part.kind.needs_one_colour]
    if colour:  # one colour part, alone or with one set or run (specialised)
        if colour[0].kind is PartKind.COLOUR_RUN:
            return True
        own = 0  # cards of the group's colour that a set beside it must take
        lack = 0
        if others and others[0].kind is PartKind.SET:
            size = others[0].size
            own = max(0, min(size, per_number) - (per_number - deck.copies_per_card))
            lack = max(0, size - per_number)
        return lack + max(0, colour[0].size - (per_colour - own)) <= wilds
    sets = sorted((part.size for part in others if part.kind is PartKind.SET), reverse=True)
    runs = [part.size for part in others if part.kind is PartKind.RUN]
    for starts in product(*(range(1, 14 - size) for size in runs)):
        asked = Counter({number: 0 for number in range(1, 13)})
        for start, size in zip(starts, runs, strict=True):
            asked.update(range(start, start + size))
        least = sorted(asked, key=asked.__getitem__)
        for size, number in zip(sets, least, strict=False):
            asked[number] += size
        if sum(max(0, count - per_number) for count in asked.values()) <= wilds:
            return True
    return False


def makes(phase_edition: Edition, kind: PartKind, cards: list[Card] | tuple[Card, ...],
          size: int = 1) -> bool:
    """Whether ``cards`` as laid make a group of ``kind`` of at least ``size`` cards: no
    skip, a natural, and some concrete group (a number, a colour, a first number) whose
    every place takes the card laid there. A run without wilds may lie in any order; in the
    board game wilds may lie beyond the ends of a run that covers all of 1 to 12."""
    if len(cards) < size or any(card.is_skip for card in cards):
        return False
    naturals = [card for card in cards if card.is_natural]
    if not naturals:
        return False
    if kind is PartKind.SET:
        return len({card.number for card in naturals}) == 1
    if kind is PartKind.COLOUR:
        return len({card.colour for card in naturals}) == 1
    if kind is PartKind.COLOUR_RUN and len({card.colour for card in naturals}) > 1:
        return False
    laid = list(cards) if WILD in cards else sorted(cards, key=lambda card: card.number or 0)
    return reads_as_run(phase_edition, laid)


def reads_as_run(edition: Edition, cards: list[Card]) -> bool:
    """Whether some first number makes every card, place by place, the number its place
    gives (a wild any)."""
    for first in range(2 - len(cards), 13):
        last = first + len(cards) - 1
        inside = first >= 1 and last <= 12
        full = edition.turned_jokers and first <= 1 and last >= 12
        if (inside or full) and all(card.is_wild or card.number == first + index
                                    for index, card in enumerate(cards)):
            return True
    return False


def hit_ends(edition: Edition, kind: PartKind, group: list[Card], card: Card
             ) -> tuple[bool, tuple[str, ...]]:
    """Whether ``card`` may join ``group`` and at which ends of a run: the group with it is
    still a group of ``kind``, within the deck's limits."""
    if not makes(edition, kind, group) or card.is_skip or not fits_deck(edition,
                                                                        [*group, card]):
        return False, ()
    if not kind.is_run:
        return makes(edition, kind, [*group, card]), ()
    laid = list(plain(group))
    ends = tuple(end for end, grown in (("low", [card, *laid]), ("high", [*laid, card]))
                 if reads_as_run(edition, grown)
                 and (kind is PartKind.RUN or makes(edition, PartKind.COLOUR, grown)))
    return bool(ends), ends


def extras_agree(phase: Phase, hand: list[Card], most_left: int = 5) -> bool:
    """As many extra cards as laying them one by one allows, each where it may go; False
    when the hand does not lay the phase or keeps more than ``most_left`` cards (too many to
    try every order)."""
    laydown = solve(phase, hand).laydown
    if laydown is None:
        return False
    left = Counter(card for card in hand if not card.is_skip)
    left.subtract(card for group in laydown for card in group)
    if left.total() > most_left:
        return False
    groups = [list(group) for group in laydown]
    placed = extras(phase, laydown, hand)
    for extra in placed:
        part = phase.parts[extra.group]
        hit = check_hit(phase.edition, part.kind, groups[extra.group], extra.card)
        assert hit.valid and (extra.where in hit.where or not hit.where), (phase.parts, hand,
                                                                           extra)
        group = groups[extra.group]
        groups[extra.group] = ([extra.card, *group] if extra.where == "low"
                               else [*group, extra.card])
        left[extra.card] -= 1
        assert left[extra.card] >= 0, ("a card the hand does not hold", phase.parts, hand)
    assert len(placed) == most_extras(phase, [list(group) for group in laydown],
                                      +left + Counter(extra.card for extra in placed))
    return True


def assert_solves_as_brute_force(phase: Phase, hand: list[Card]) -> None:
    """A lay-down exactly when brute force finds one: sound (the checker accepts it), minimal,
    from the hand and with the fewest wilds; otherwise reasons."""
    found = solve(phase, hand)
    wilds = fewest_wilds(phase, hand)
    assert found.valid == (wilds is not None), (phase.parts, hand, found)
    if found.laydown is None:
        assert found.reasons
        return
    check = check_laydown(phase, found.laydown)
    assert check.valid, (phase.parts, hand, found, check)
    assert [len(group) for group in found.laydown] == [part.size for part in phase.parts]
    assert [group.part for group in check.groups] == list(phase.parts)
    assert not Counter(card for group in found.laydown for card in group) - Counter(hand)
    assert found.wilds == tuple(group.wilds for group in check.groups)
    assert sum(group.count(WILD) for group in found.laydown) == wilds, "not the fewest wilds"


def assert_unseen_counted(phase: Phase, hand: list[Card], seen: list[Card]) -> Outs:
    """Cards seen elsewhere leave short and outs alone and take their copies off the count
    (the board game's jokers are cards unseen too); answers the outs found."""
    found = find_outs(phase, hand, seen)
    assert (found.short, found.outs) == shortfall(phase, hand)
    deck = phase.edition.deck
    unseen = Counter({card: deck.copies_per_card for card in NATURALS})
    if not phase.edition.turned_jokers:
        unseen[WILD], unseen[SKIP] = deck.wilds, deck.skips
    unseen.subtract(Counter(hand + seen))
    assert found.unseen == deck.cards - len(hand) - len(seen)
    copies = sum(max(0, unseen[card]) for card in found.outs)
    assert found.out_copies == min(copies, found.unseen)
    return found
