"""A group's records kept as running tallies (issue 22): a change to one game no longer
replays every game of its group.

- game: its line in the group's list (``status``, ``winners``, ``played_rounds``) and what it
  added to its group's records (``facts``, ``counted_in``), kept with every write;
- game_group: ``revision`` (grows with every change to its games or spellings) and
  ``tallies`` (NULL for a group stored before: derived once from its games on its next view);
- standing: one row per player of a finished game of a group, for the lookups a sum cannot
  keep (a player's best and worst game once the game that held it changed).

Revision ID: 0005
"""
import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("status", sa.String(16), nullable=True))
        batch_op.add_column(sa.Column("winners", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("played_rounds", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("facts", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("counted_in", sa.Integer(), nullable=True))
        batch_op.create_index("game_group_listed", ["group_id", "created_at", "id"])
    with op.batch_alter_table("game_group", schema=None) as batch_op:
        batch_op.add_column(sa.Column("revision", sa.Integer(), nullable=False,
                                      server_default="1"))
        batch_op.add_column(sa.Column("tallies", sa.Text(), nullable=True))
    op.create_table(
        "standing",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey(
            "game_group.id", ondelete="CASCADE", name="standing_group_fk"), nullable=False),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey(
            "game.id", ondelete="CASCADE", name="standing_game_fk"), nullable=False),
        sa.Column("spelling", sa.Text(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=True),
        sa.Column("played_at", sa.Text(), nullable=False),
        sa.Column("view_key", sa.String(64), nullable=False),
    )
    op.create_index("standing_game", "standing", ["game_id"])
    op.create_index("standing_points", "standing", ["group_id", "spelling", "points"])
    op.create_index("standing_first", "standing", ["group_id", "spelling", "played_at"])


def downgrade() -> None:
    op.drop_table("standing")
    with op.batch_alter_table("game_group", schema=None) as batch_op:
        batch_op.drop_column("tallies")
        batch_op.drop_column("revision")
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_index("game_group_listed")
        for name in ("counted_in", "facts", "played_rounds", "winners", "status"):
            batch_op.drop_column(name)
