"""The card game as Ravensburger prints it (docs/rules.md): ten phases, penalty points, variants."""

from companion.editions.base import Edition
from companion.refusals import N_
from companion.rules.phases import Deck, PartKind

S, R, C = PartKind.SET, PartKind.RUN, PartKind.COLOUR

EDITION = Edition(
    key="original", order=1, name=N_("Original"), title=N_("Phase 10 card game"),
    tag=N_("Card game"),
    table=(
        ((S, 3), (S, 3)),
        ((S, 3), (R, 4)),
        ((S, 4), (R, 4)),
        ((R, 7),),
        ((R, 8),),
        ((R, 9),),
        ((S, 4), (S, 4)),
        ((C, 7),),
        ((S, 5), (S, 2)),
        ((S, 5), (S, 3)),
    ),
    deck=Deck(copies_per_card=2, wilds=8, skips=4, cards=108),
    variants=True,
    start_hint=N_("Score sheet"), new_label=N_("New card game"),
)
