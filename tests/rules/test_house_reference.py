"""House rules against brute force: random phase lists, as a table would compose them.

A house edition is built here as the registry would hold one (never registered): random
phases of 1–5 parts (set, run, colour group, colour run of any size, in any combination),
with the card game's deck or the board game's. ``plan`` accepts a phase or refuses it with a
reason; for every phase it accepts, with at most 10 cards (a hand), the engine must agree
with references that know nothing of its counts and templates:

* ``plan``'s refusals with :func:`deck_holds`, which counts a lay-down from the deck's
  make-up, and :func:`each_part_fits` for the shapes of the general search;
* the solver with the brute-force lay-down search of ``tests.kits.oracle``;
* the outs with adding every multiset of drawable cards (``tests.kits.oracle``);
* ``check_group``, ``check_laydown`` and ``check_hit`` with :func:`makes`, which reads a
  group position by position;
* the extras with laying the cards left one at a time, every way ``check_hit`` allows,
  also for two or three runs competing for the same numbers.

``HOUSE_EXAMPLES=3000`` makes a longer hunt (about ten minutes).
"""

from __future__ import annotations

import os
from itertools import permutations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.editions.base import Edition
from companion.refusals import Reason
from companion.rules import (
    SKIP,
    WILD,
    Card,
    Colour,
    Deck,
    Part,
    PartKind,
    Phase,
    PhaseError,
    check_group,
    check_hit,
    check_laydown,
    parse_cards,
    solve,
    solver,
)
from companion.rules.outs import find_outs, shortfall
from companion.rules.roles import Role, out_groups
from companion.rules.solver import plan
from tests.kits.oracle import (
    NATURALS,
    assert_solves_as_brute_force,
    assert_unseen_counted,
    concrete_groups,
    deck_holds,
    each_part_fits,
    extras_agree,
    fewest_wilds,
    fits_deck,
    hit_ends,
    makes,
    reference_outs,
)

pytestmark = pytest.mark.slow  # brute force: every arrangement of every hand

CARD_DECK = Deck(copies_per_card=2, wilds=8, skips=4, cards=108)
BOARD_DECK = Deck(copies_per_card=2, wilds=0, skips=0, cards=96)
HAND = 10
"""Cards a player is dealt: no phase a table can lay holds more."""
KINDS = list(PartKind)
#: The whole file in about a minute of CPU; each run draws new hands, so the runs add up; raise
#: for a longer hunt:
#: HOUSE_EXAMPLES=5000 pytest tests/rules/test_house_reference.py
EXAMPLES = int(os.environ.get("HOUSE_EXAMPLES", "150"))
#: The engine answers in milliseconds; the brute-force references take up to a second or two
#: on the largest hands: the deadline catches a search gone exponential, not a slow machine.
DEADLINE = 10_000
FAST = settings(max_examples=EXAMPLES, deadline=DEADLINE,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def house(table: tuple[tuple[tuple[PartKind, int], ...], ...], board: bool = False) -> Edition:
    """A house edition as the registry would hold one, with the card or the board deck."""
    return Edition(key="house-test", order=99, name="House", title="House rules", tag="House",
                   table=table, deck=BOARD_DECK if board else CARD_DECK, turned_jokers=board)


def tables(sizes: st.SearchStrategy[int], most: int = 4
           ) -> st.SearchStrategy[tuple[tuple[PartKind, int], ...]]:
    return st.lists(st.tuples(st.sampled_from(KINDS), sizes), min_size=1,
                    max_size=most).map(tuple)


@st.composite
def house_phases(draw: st.DrawFn) -> Phase:
    """A phase of a random house edition that ``plan`` accepts and a hand can hold."""
    table = draw(tables(st.integers(1, HAND), most=5).filter(
        lambda parts: sum(size for _, size in parts) <= HAND))
    phase = house((table,), board=draw(st.integers(0, 3)) == 0).phases[0]
    try:
        plan([phase])
    except PhaseError:
        assume(False)
    return phase


@st.composite
def hands(draw: st.DrawFn, phase: Phase) -> list[Card]:
    """Either a random complete lay-down of ``phase`` with up to three cards taken out and up
    to three put in (so most hands are 0–2 cards short), or up to 10 cards from a band of
    numbers in one to four colours; always within the deck's limits."""
    edition = phase.edition
    cards: list[Card] = []
    if draw(st.integers(0, 2)):
        for part in phase.parts:
            slots = draw(st.sampled_from(list(concrete_groups(part.kind, part.size))))
            for index, (number, colour) in enumerate(slots):
                if index and not edition.turned_jokers and draw(st.integers(0, 3)) == 0:
                    cards.append(WILD)
                else:
                    cards.append(Card.natural(number or draw(st.integers(1, 12)),
                                              colour or draw(st.sampled_from(list(Colour)))))
        for _ in range(draw(st.integers(0, min(3, len(cards))))):
            cards.pop(draw(st.integers(0, len(cards) - 1)))
        cards += draw(st.lists(st.sampled_from([*NATURALS, WILD, SKIP]), max_size=3))
    else:
        low = draw(st.integers(1, 10))
        band = st.integers(low, min(12, low + draw(st.integers(2, 4))))
        palette = st.sampled_from(draw(st.lists(st.sampled_from(list(Colour)), min_size=1,
                                                max_size=4, unique=True)))
        cards = draw(st.lists(st.builds(Card.natural, band, palette), max_size=HAND))
        cards += [WILD] * draw(st.integers(0, 3)) + [SKIP] * draw(st.integers(0, 1))
    kept: list[Card] = []
    for card in cards:
        if len(kept) < HAND + 1 and fits_deck(edition, [*kept, card]):
            kept.append(card)
    return draw(st.permutations(kept))


@st.composite
def phase_and_hand(draw: st.DrawFn) -> tuple[Phase, list[Card]]:
    phase = draw(house_phases())
    return phase, draw(hands(phase))


# ---- plan: what a house phase may be ------------------------------------------------------

def specialised(parts: tuple[Part, ...]) -> bool:
    """The shapes the built-in editions have, with a search of their own (solver.py): sets
    and runs with at most one run beside sets, or one or two runs alone; a colour group
    alone or with one set or run; a colour run alone. Any other shape goes to the general
    search, which takes phases of up to the 10 cards a player is dealt."""
    colours = [part for part in parts if part.kind.needs_one_colour]
    runs = sum(part.kind is PartKind.RUN for part in parts)
    if not colours:
        return runs <= 1 or runs == len(parts) <= 2
    return len(parts) == 1 or (len(parts) == 2 and len(colours) == 1
                               and colours[0].kind is PartKind.COLOUR)


@FAST
@given(tables(st.integers(-1, 14) | st.integers(15, 40), most=6), st.booleans())
def test_plan_accepts_or_refuses_with_a_reason(table, board) -> None:
    """Any list of parts is planned or refused with one of the engine's reasons (the one
    the house-rules editor shows): exactly a part of no cards, a run past 12, a phase of a
    shape the built-in editions do not have with more than the 10 cards a player is dealt,
    or one that one deck cannot hold, is refused."""
    phase = house((table,), board).phases[0]
    sizes_fit = all(part.size >= 1 and (part.size <= 12 or not part.kind.is_run)
                    for part in phase.parts)
    known = specialised(phase.parts)
    dealt = known or phase.card_count <= HAND
    holds = sizes_fit and dealt and (deck_holds(phase) if known else each_part_fits(phase))
    try:
        plan([phase])
    except PhaseError as error:
        assert isinstance(error.reason, Reason)
        assert error.reason.template in solver.TEMPLATES, error
        assert not holds, phase.parts
        if sizes_fit and dealt:
            assert error.reason.template == solver.NO_DECK, error
        return
    assert holds, phase.parts


@given(st.lists(tables(st.integers(1, 12)), min_size=1, max_size=12), st.booleans())
@settings(max_examples=50, deadline=DEADLINE)
def test_plan_names_the_first_phase_refused(table, board) -> None:
    """An edition of 1 to 12 phases is planned exactly when each of its phases is; a refusal
    is the first refused phase's."""
    edition = house(tuple(table), board)
    reasons = []
    for phase in edition.phases:
        try:
            plan([phase])
        except PhaseError as error:
            reasons.append(error.reason)
    try:
        plan(edition.phases)
    except PhaseError as error:
        assert reasons and error.reason == reasons[0]
    else:
        assert not reasons


S, R, C, CR = PartKind.SET, PartKind.RUN, PartKind.COLOUR, PartKind.COLOUR_RUN


@pytest.mark.parametrize(("parts", "board", "reason"), [
    (((S, 0),), False, "a group holds at least 1 card, not 0"),
    (((R, 4), (C, -2)), False, "a group holds at least 1 card, not -2"),
    (((R, 13),), False, "a run holds at most 12 cards (1 to 12, and 12 and 1 are not "
                        "neighbours), not 13"),
    (((CR, 14),), True, "a run holds at most 12 cards (1 to 12, and 12 and 1 are not "
                        "neighbours), not 14"),
    (((S, 2),) * 5 + ((CR, 2),), False,
     "a phase of 12 cards could never be laid: a player is dealt 10"),
    (((C, 4), (CR, 4), (S, 3)), False,
     "a phase of 11 cards could never be laid: a player is dealt 10"),
    # A set of 9 beside a colour group: the board game's deck has 8 of each number.
    (((S, 9), (C, 1)), True, "one deck cannot hold set of 9 + 1 cards of one colour"),
    # 8 naturals of a number and 8 wilds: a set of 16 is the most one card deck holds.
    (((S, 17),), False, "one deck cannot hold set of 17"),
    (((C, 33),), False, "one deck cannot hold 33 cards of one colour"),
    # The board game deals no jokers: a ninth card of a number is never drawn.
    (((S, 9),), True, "one deck cannot hold set of 9"),
    (((S, 8), (R, 12)), True, "one deck cannot hold set of 8 + run of 12"),
    (((C, 25),), True, "one deck cannot hold 25 cards of one colour"),
])
def test_plan_refuses(parts, board, reason) -> None:
    with pytest.raises(PhaseError) as refused:
        plan(house((parts,), board).phases)
    assert str(refused.value) == reason


@pytest.mark.parametrize(("parts", "board"), [
    (((S, 1),), False), (((R, 1),), False), (((C, 1),), True), (((CR, 1),), False),
    (((R, 12),), False), (((CR, 12),), True), (((R, 3), (R, 3), (R, 4)), False),
    (((S, 1), (S, 1), (S, 1), (S, 1)), True), (((S, 1), (S, 1), (S, 1), (R, 7)), True),
    (((S, 10),), False), (((C, 9), (R, 1)), False),
    (((C, 2), (S, 8)), False), (((S, 2), (S, 3), (S, 5)), True), (((S, 16),), False),
    (((C, 24),), True), (((S, 8), (R, 12)), False),
    # Shapes the checker refused before (issue 35), each one deck holds within 10 cards.
    (((S, 3), (CR, 6)), False), (((R, 4), (CR, 4)), False), (((C, 4), (C, 4)), False),
    (((R, 3), (S, 3), (CR, 3)), False), (((S, 3), (R, 3), (R, 3)), False),
    (((CR, 2),) * 5, False), (((R, 2),) * 5, True), (((S, 8), (C, 2)), True),
    (((S, 1),) * 10, False), (((C, 2), (CR, 2), (S, 2), (R, 2), (S, 2)), True),
])
def test_plan_accepts(parts, board) -> None:
    plan(house((parts,), board).phases)


@pytest.mark.parametrize("parts", [
    ((R, 1), (R, 2), (R, 3)), ((R, 2), (R, 3), (R, 5)), ((S, 1), (S, 2), (S, 3), (S, 4)),
    ((S, 1), (S, 1), (S, 1), (R, 7)), ((S, 2), (S, 2), (S, 2), (S, 2)),
    ((R, 2),) * 5, ((CR, 2),) * 5, ((CR, 3), (CR, 3), (CR, 4)), ((R, 3), (R, 3), (R, 4)),
    ((C, 2), (CR, 2), (S, 2), (R, 2), (S, 2)),
])
def test_the_costliest_phases_plan_and_solve(parts) -> None:
    """The shapes with the most plans a house phase may have are planned, and each hand gets
    its outs (the first and the last of which bring the hand a card closer). What they cost
    is a figure of ``benchmarks/house_cost.py``, not an assertion here."""
    phase = house((parts,)).phases[0]
    hands = [NATURALS[start::5][:10] for start in range(5)] + [[*NATURALS[:8], WILD, WILD]]
    plan([phase])
    for hand in hands:
        found = find_outs(phase, hand)
        assert 0 <= found.short <= phase.card_count
        assert all(find_outs(phase, [*hand, out]).short == found.short - 1
                   for out in {*found.outs[:1], *found.outs[-1:]}), (parts, hand)
        out_groups(phase, hand, found.outs)


# ---- the solver and the outs --------------------------------------------------------------

@FAST
@given(phase_and_hand())
def test_solver_agrees_with_brute_force(case: tuple[Phase, list[Card]]) -> None:
    """A lay-down exactly when brute force finds one: sound, minimal and with the fewest
    wilds; otherwise reasons."""
    assert_solves_as_brute_force(*case)


@settings(FAST, max_examples=max(50, EXAMPLES // 2))
@given(phase_and_hand())
def test_outs_agree_with_brute_force(case: tuple[Phase, list[Card]]) -> None:
    """The same short and outs as adding up to two cards, the solver deciding; and, for hands
    of up to 8 cards, one card deep with brute force deciding."""
    phase, hand = case
    short, outs = shortfall(phase, hand)
    expected = reference_outs(phase, hand)
    if expected is None:
        assert short > 2, (phase.parts, hand, short, outs)
    else:
        assert (short, list(outs)) == expected, (phase.parts, hand)
    if len(hand) > 8:
        return
    alone = reference_outs(phase, hand, 1, lambda phase, cards: fewest_wilds(phase, cards)
                           is not None)
    assert alone is None and short > 1 or alone == (short, list(outs)), (phase.parts, hand)


@FAST
@given(phase_and_hand(), st.lists(st.sampled_from([*NATURALS, WILD, SKIP]), max_size=6))
def test_outs_count_the_unseen_deck(case: tuple[Phase, list[Card]], seen: list[Card]) -> None:
    """Cards seen elsewhere leave short and outs alone and take their copies off the count;
    every out goes to one group of what it does."""
    phase, hand = case
    assume(fits_deck(phase.edition, hand + seen))
    found = assert_unseen_counted(phase, hand, seen)
    assert (found.short == 0) == found.solution.valid
    grouped = out_groups(phase, hand, found.outs)
    assert sorted(card for group in grouped for card in group.cards) == sorted(found.outs)
    for group in grouped:
        assert (group.role is Role.WILD) == (group.cards == (WILD,))
        assert group.part is None or 0 <= group.part < len(phase.parts)


# ---- groups, lay-downs and hits, read position by position --------------------------------


@st.composite
def laid_groups(draw: st.DrawFn, edition: Edition, part: Part) -> list[Card]:
    """A group meant for ``part``, as a player might lay it: a concrete group of its kind,
    perhaps a card or two longer, some cards wilds; now and then one card changed to any
    card, or the cards shuffled."""
    longer = [size for size in range(part.size, part.size + 3)
              if next(concrete_groups(part.kind, size), None) is not None]
    size = draw(st.sampled_from(longer))
    slots = draw(st.sampled_from(list(concrete_groups(part.kind, size))))
    cards = [Card.natural(number or draw(st.integers(1, 12)),
                          colour or draw(st.sampled_from(list(Colour))))
             for number, colour in slots]
    if not edition.turned_jokers or draw(st.booleans()):
        cards = [WILD if draw(st.integers(0, 3)) == 0 else card for card in cards]
    if draw(st.integers(0, 3)) == 0:
        cards[draw(st.integers(0, len(cards) - 1))] = draw(st.sampled_from([*NATURALS, WILD,
                                                                           SKIP]))
    if draw(st.integers(0, 3)) == 0:
        cards = draw(st.permutations(cards))
    return cards


@FAST
@given(st.data())
def test_laydown_checks_agree_with_reading_each_place(data: st.DataObject) -> None:
    """A group is its part exactly when :func:`makes` says so (within the deck's limits), and
    a lay-down is the phase exactly when its groups make the parts in some order."""
    phase = data.draw(house_phases())
    edition = phase.edition
    groups = [data.draw(laid_groups(edition, part)) for part in phase.parts]
    if data.draw(st.integers(0, 5)) == 0:
        groups = groups[1:] if data.draw(st.booleans()) else [*groups, groups[0]]
    for part, group in zip(phase.parts, groups, strict=False):
        expected = makes(edition, part.kind, group, part.size) and fits_deck(edition, group)
        assert check_group(edition, part, group).valid == expected, (part, group)
    matched = len(groups) == len(phase.parts) and any(
        all(makes(edition, part.kind, group, part.size)
            for part, group in zip(parts, groups, strict=True))
        for parts in set(permutations(phase.parts)))
    expected = matched and fits_deck(edition, [card for group in groups for card in group])
    check = check_laydown(phase, groups)
    assert check.valid == expected, (phase.parts, groups, check.reasons)
    assert check.valid or check.reasons


@FAST
@given(st.data())
def test_hits_agree_with_reading_each_place(data: st.DataObject) -> None:
    """A card may join a laid group exactly when the group with it, at that end, is still a
    group: same number, next number, same colour; wilds wherever they can stand."""
    board = data.draw(st.integers(0, 3)) == 0
    kind = data.draw(st.sampled_from(KINDS))
    size = data.draw(st.integers(1, 12))
    edition = house((((kind, size),),), board)
    group = data.draw(laid_groups(edition, Part(kind, size)))
    numbers = [card.number for card in group if card.number is not None] or [1]
    near = [card for card in NATURALS if card.number is not None
            and min(numbers) - len(group) <= card.number <= max(numbers) + len(group)]
    card = data.draw(st.sampled_from([*near, WILD, SKIP]) | st.sampled_from(NATURALS))
    hit = check_hit(edition, kind, group, card)
    assert (hit.valid, hit.where) == hit_ends(edition, kind, group, card), (kind, group, card)
    assert hit.valid or hit.reasons


@settings(FAST, max_examples=max(50, EXAMPLES // 2))
@given(phase_and_hand(), st.lists(st.sampled_from([*NATURALS, WILD, SKIP]), max_size=5))
def test_extras_agree_with_brute_force(case: tuple[Phase, list[Card]], more: list[Card]
                                       ) -> None:
    phase, hand = case
    assume(extras_agree(phase, hand + more if fits_deck(phase.edition, hand + more) else hand))


@st.composite
def runs_and_hand(draw: st.DrawFn) -> tuple[Phase, list[Card]]:
    """Two or three short runs (no built-in phase has three) and a hand of numbers close
    together, so that the runs compete for the cards beyond their ends."""
    sizes = draw(st.lists(st.integers(1, 4), min_size=2, max_size=3))
    phase = house((tuple((PartKind.RUN, size) for size in sizes),)).phases[0]
    low = draw(st.integers(1, 8))
    band = [card for card in NATURALS if card.number is not None
            and low <= card.number <= low + 4]
    hand = draw(st.lists(st.sampled_from(band), min_size=6, max_size=13))
    hand += [WILD] * draw(st.integers(0, 2))
    return phase, [card for index, card in enumerate(hand)
                   if card.is_wild or hand[:index].count(card) < 2]


@settings(FAST, max_examples=max(40, EXAMPLES // 5))
@given(runs_and_hand())
def test_extras_of_several_runs_agree_with_brute_force(case: tuple[Phase, list[Card]]) -> None:
    assume(extras_agree(*case))


@pytest.mark.parametrize(("sizes", "hand"), [
    ((3, 3, 3), "6b 8y 8r 6y 6g 9g 8g 8b 9r 7b 10b 7y W"),
    ((1, 3, 1), "2y 4r 3g 4y 2r 5g 3b W"),
    ((3, 3, 2), "12b 9r 10g 10b 11y 10y 11g 8b 9y 8y 10r"),
])
def test_three_runs_share_the_naturals_beyond_their_ends(sizes, hand) -> None:
    """Three runs growing to one number take one natural each, and wilds only for what the
    hand lacks: the extras used to count a natural once per run beyond two and laid wilds
    the hand did not hold."""
    phase = house((tuple((PartKind.RUN, size) for size in sizes),)).phases[0]
    assert extras_agree(phase, parse_cards(hand))


# ---- the general search: any mix of parts, up to the part count 10 dealt cards allow ------

@st.composite
def mixed_phase_and_hand(draw: st.DrawFn) -> tuple[Phase, list[Card]]:
    """A phase of 2 to 5 parts of 2 to 4 cards, kinds mixed freely (the shapes the general
    search takes), and a hand near it."""
    sizes = draw(st.lists(st.integers(2, 4), min_size=2, max_size=5).filter(
        lambda sizes: sum(sizes) <= HAND))
    table = tuple((draw(st.sampled_from(KINDS)), size) for size in sizes)
    phase = house((table,), board=draw(st.integers(0, 4)) == 0).phases[0]
    plan([phase])
    return phase, draw(hands(phase))


def general_agrees(phase: Phase, hand: list[Card]) -> None:
    """The solver and the outs as brute force finds them."""
    found = solve(phase, hand)
    wilds = fewest_wilds(phase, hand)
    assert found.valid == (wilds is not None), (phase.parts, hand)
    if found.laydown is not None:
        assert check_laydown(phase, found.laydown).valid, (phase.parts, hand, found)
        assert sum(group.count(WILD) for group in found.laydown) == wilds, (phase.parts, hand)
    short, outs = shortfall(phase, hand)
    expected = reference_outs(phase, hand, 1)
    if expected is None:
        assert short > 1, (phase.parts, hand, short)
    else:
        assert (short, list(outs)) == expected, (phase.parts, hand)


@settings(FAST, max_examples=max(30, EXAMPLES // 6))
@given(mixed_phase_and_hand())
def test_any_mix_of_parts_agrees_with_brute_force(case: tuple[Phase, list[Card]]) -> None:
    general_agrees(*case)


@pytest.mark.slow
@settings(FAST, max_examples=max(300, EXAMPLES * 2))
@given(mixed_phase_and_hand())
def test_any_mix_of_parts_agrees_with_brute_force_longer(case: tuple[Phase, list[Card]]
                                                        ) -> None:
    general_agrees(*case)
