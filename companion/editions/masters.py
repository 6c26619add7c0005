"""Phase 10 Masters: each player chooses which open phase to attempt every round."""

from companion.editions.base import Edition
from companion.refusals import N_
from companion.rules.phases import Deck, PartKind

S, R, C, CR = PartKind.SET, PartKind.RUN, PartKind.COLOUR, PartKind.COLOUR_RUN

EDITION = Edition(
    key="masters", order=2, name=N_("Masters"), title=N_("Phase 10 Masters"),
    tag=N_("Masters"),
    table=(
        ((S, 3), (S, 3), (S, 3)),
        ((S, 2), (S, 2), (S, 2), (S, 2)),
        ((S, 5), (R, 4)),
        ((S, 3), (S, 3), (R, 3)),
        ((S, 3), (R, 6)),
        ((R, 4), (R, 4)),
        ((R, 4), (C, 4)),
        ((CR, 5),),
        ((C, 8),),
        ((C, 9),),
    ),
    deck=Deck(copies_per_card=2, wilds=8, skips=4, cards=108),
    chooses_phase=True,
    saves_cards=True,
)
