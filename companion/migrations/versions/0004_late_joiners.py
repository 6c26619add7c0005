"""Players who join a game late or leave it: player.joined_round and player.left_round.

Every player stored so far played from round 1 and is still at the table.

Revision ID: 0004
"""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.add_column(sa.Column("joined_round", sa.Integer(), nullable=False,
                                      server_default="1"))
        batch_op.add_column(sa.Column("left_round", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.drop_column("left_round")
        batch_op.drop_column("joined_round")
