"""Games known by their final result (issue 44): typed from a paper sheet or read from
another app's log, without rounds. Each player's line of it goes with the player: ``place``
(1 for the winners; set for every player of such a game and no other), and the phases
completed, the points and the board game's marker, each NULL where not known.

Revision ID: 0013
"""
import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.add_column(sa.Column("place", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("final_phases", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("final_points", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("final_marker", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.drop_column("final_marker")
        batch_op.drop_column("final_points")
        batch_op.drop_column("final_phases")
        batch_op.drop_column("place")
