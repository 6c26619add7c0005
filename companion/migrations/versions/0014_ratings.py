"""Ratings (issue 45): who is really best in a group, and how sure that is, kept with every
write like the records.

- rating_step: one row per player of a finished game of a group, with their place and their
  rating after the game (companion.services.ratings), so a change to an old game rates again
  only from it on;
- the group's ``ratings``: each person's rating as it stands, per kind of game; NULL for every
  group stored before, so each is rated once from its games' facts on its next view.

Revision ID: 0014
"""
import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_group", sa.Column("ratings", sa.Text(), nullable=True))
    op.create_table(
        "rating_step",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey(
            "game_group.id", ondelete="CASCADE", name="rating_step_group_fk"), nullable=False),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey(
            "game.id", ondelete="CASCADE", name="rating_step_game_fk"), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("seq", sa.Text().with_variant(sa.Text(collation="C"), "postgresql"),
                  nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("spelling", sa.Text(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("person", sa.Text(), nullable=True),
        sa.Column("mu", sa.Double(), nullable=True),
        sa.Column("sigma", sa.Double(), nullable=True),
    )
    op.create_index("rating_step_order", "rating_step", ["group_id", "kind", "seq"])
    op.create_index("rating_step_person", "rating_step", ["group_id", "kind", "person", "seq"])
    op.create_index("rating_step_game", "rating_step", ["game_id"])


def downgrade() -> None:
    op.drop_table("rating_step")
    op.drop_column("game_group", "ratings")
