"""The game's length (issue 24): when each game ended and how long it took, and the group's
average and longest game kept with its other records.

- game: ``last_round_at``, when its latest round was entered (with the game finished: when it
  ended), filled in from the rounds already stored;
- standing: ``seconds``, how long the game took, where the group's longest game is looked up
  again once the game that held it changed;
- game_group: the tallies stored so far lack the sums of the games' lengths, so they are set
  back to NULL: each group derives them once from its games on its next view, as after 0005.

Revision ID: 0006
"""
import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("last_round_at", sa.DateTime(), nullable=True))
    with op.batch_alter_table("standing", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seconds", sa.Integer(), nullable=True))
        batch_op.create_index("standing_length", ["group_id", "seconds"])
    game, round_ = sa.table("game", sa.column("id"), sa.column("last_round_at")), sa.table(
        "round", sa.column("game_id"), sa.column("created_at"))
    op.execute(game.update().values(last_round_at=sa.select(sa.func.max(round_.c.created_at))
                                    .where(round_.c.game_id == game.c.id).scalar_subquery()))
    # Derived again, with the lengths, on each group's next view.
    op.execute("UPDATE game_group SET tallies = NULL")


def downgrade() -> None:
    with op.batch_alter_table("standing", schema=None) as batch_op:
        batch_op.drop_index("standing_length")
        batch_op.drop_column("seconds")
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("last_round_at")
