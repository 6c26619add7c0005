"""A game knows the game after it at the same table (issue 46): its rematch, or its group's
"Next game". Unique, so two phones asking for the rematch at the same moment reach one game;
a rematch that is deleted leaves the game without one.

Revision ID: 0012
"""
import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("rematch_id", sa.Integer(), nullable=True))
        batch.create_unique_constraint("game_rematch_id_key", ["rematch_id"])
        batch.create_foreign_key("game_rematch_fk", "game", ["rematch_id"], ["id"],
                                 ondelete="SET NULL")


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_constraint("game_rematch_fk", type_="foreignkey")
        batch.drop_constraint("game_rematch_id_key", type_="unique")
        batch.drop_column("rematch_id")
