"""The players of a group's games not finished are found through an index (issue 24).

Renaming a player of a group, and merging two spellings, ask which names its games still in
progress hold: the finished games' players are in the group's tallies already. An index on
the game's group and status finds those games without passing over the finished ones, so
the question costs the same at a group's 10th and 1,000th game.

Revision ID: 0010
"""
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("game_group_status", "game", ["group_id", "status"])


def downgrade() -> None:
    op.drop_index("game_group_status", table_name="game")
