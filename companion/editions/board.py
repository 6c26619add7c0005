"""The board game: phase markers move along a track to the laurel wreath; no points."""

from companion.editions.base import Edition
from companion.refusals import N_
from companion.rules.phases import Deck, PartKind

S, R, C = PartKind.SET, PartKind.RUN, PartKind.COLOUR

EDITION = Edition(
    key="board", order=3, name=N_("Board game"), title=N_("Phase 10 board game"),
    tag=N_("Board game"),
    table=(
        ((C, 5), (R, 3)),
        ((S, 2), (S, 2), (S, 2), (S, 2)),
        ((S, 3), (R, 4)),
        ((R, 4), (R, 4)),
        ((C, 6), (S, 3)),
        ((R, 8),),
        ((S, 2), (S, 3), (S, 4)),
        ((S, 4), (S, 4)),
        ((R, 9),),
        ((S, 5), (S, 3)),
    ),
    # 96 number cards and no skips; a joker is a number card turned round.
    deck=Deck(copies_per_card=2, wilds=96, skips=0, cards=96),
    markers=True,
    turned_jokers=True,
    kind=N_("Board game"), start_hint=N_("Phase markers"), new_label=N_("New board game"),
    first_label=N_("Starts the first round (by the rules: the youngest player)"),
    phases_title=N_("Board game: how hard is each phase?"), note=N_("board game"),
    sheet_template="games/board.html", round_template="games/board_round.html",
)
