"""Head-to-head (issue 24): how every two players of a group fared against each other, kept
with every write like the other records.

- pair_game: one row per finished game of two players of a group, with who finished ahead and
  the run of games in a row that went the same way (the longest streak is read from it);
- the group's ``tallies`` gain the pairs' sums, and each game's ``facts`` its players' ranks:
  every group's tallies are set back to NULL, so each is derived again, with its pairs, on its
  next view (companion.services.groups.tallies_of), as after 0008.

Revision ID: 0009
"""
import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pair_game",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey(
            "game_group.id", ondelete="CASCADE", name="pair_game_group_fk"), nullable=False),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey(
            "game.id", ondelete="CASCADE", name="pair_game_game_fk"), nullable=False),
        sa.Column("first", sa.Text(), nullable=False),
        sa.Column("second", sa.Text(), nullable=False),
        sa.Column("seq", sa.Text().with_variant(sa.Text(collation="C"), "postgresql"),
                  nullable=False),
        sa.Column("ahead", sa.Integer(), nullable=False),
        sa.Column("run", sa.Integer(), nullable=False),
    )
    op.create_index("pair_game_order", "pair_game", ["group_id", "first", "second", "seq"])
    op.create_index("pair_game_runs", "pair_game",
                    ["group_id", "first", "second", "ahead", "run"])
    op.create_index("pair_game_game", "pair_game", ["game_id"])
    op.execute(sa.text("UPDATE game_group SET tallies = NULL"))


def downgrade() -> None:
    op.drop_table("pair_game")
    op.execute(sa.text("UPDATE game_group SET tallies = NULL"))
