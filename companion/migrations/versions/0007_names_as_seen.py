"""Names count what a person sees (issue 24): 30 grapheme clusters, so a name of emoji joined
by zero-width joiners holds far more than 30 code points. The name columns (a player's name,
the player a result names, a group's aliases) widen from 30 to 400 code points, the stored
bound of companion.limits.MAX_NAME_STORED; what is stored is unchanged.

Revision ID: 0007
"""
import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_COLUMNS = (("player", "name"), ("result", "player"), ("group_alias", "alias"),
            ("group_alias", "name"))


def upgrade() -> None:
    for table, column in _COLUMNS:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column(column, existing_type=sa.String(30), type_=sa.String(400),
                                  existing_nullable=False)


def downgrade() -> None:
    for table, column in _COLUMNS:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column(column, existing_type=sa.String(400), type_=sa.String(30),
                                  existing_nullable=False)
