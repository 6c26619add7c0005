"""One result per player and position in a round, round numbers from 1.

Before this, two phones correcting the same round at once could each add a full set of results,
and an undo racing the next round could leave a game whose only round was number 2 (it then
refused every further round). Such games are repaired first: of a player's doubled results the
newest set is kept (the last correction sent), and a game's rounds are numbered 1, 2, 3, … in
their order.

Revisions now start at 1 (a guard of 0 would be no guard): every game's revision moves on by
one, which also makes phones that follow a repaired game reload it.

Revision ID: 0002
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

game = sa.table("game", sa.column("id", sa.Integer), sa.column("revision", sa.Integer))
round_ = sa.table("round", sa.column("id", sa.Integer), sa.column("game_id", sa.Integer),
                  sa.column("number", sa.Integer))
result = sa.table("result", sa.column("id", sa.Integer), sa.column("round_id", sa.Integer),
                  sa.column("player", sa.String), sa.column("position", sa.Integer))


def _drop_doubled_results(connection: sa.Connection) -> None:
    """Keep each player's newest result per round."""
    rows = connection.execute(sa.select(result.c.id, result.c.round_id, result.c.player)
                              .order_by(result.c.id.desc())).all()
    kept: set[tuple[int, str]] = set()
    doubled: list[int] = []
    for row in rows:
        if (row.round_id, row.player) in kept:
            doubled.append(row.id)
        kept.add((row.round_id, row.player))
    if not doubled:
        return
    connection.execute(result.delete().where(result.c.id.in_(doubled)))
    dropped = set(doubled)
    for round_id in {row.round_id for row in rows if row.id in dropped}:
        # The kept results take positions 0, 1, 2, … again.
        ids = connection.execute(sa.select(result.c.id).where(result.c.round_id == round_id)
                                 .order_by(result.c.position, result.c.id)).scalars().all()
        for position, result_id in enumerate(ids):
            connection.execute(result.update().where(result.c.id == result_id)
                               .values(position=position))


def _renumber_rounds(connection: sa.Connection) -> None:
    """Number every game's rounds 1, 2, 3, … in order."""
    rows = connection.execute(sa.select(round_.c.id, round_.c.game_id, round_.c.number)
                              .order_by(round_.c.game_id, round_.c.number)).all()
    expected: dict[int, int] = {}
    wrong: list[tuple[int, int]] = []
    for row in rows:
        expected[row.game_id] = expected.get(row.game_id, 0) + 1
        if row.number != expected[row.game_id]:
            wrong.append((row.id, expected[row.game_id]))
    # Two steps, so that no number is taken twice in between (the pair is unique).
    for round_id, _number in wrong:
        connection.execute(round_.update().where(round_.c.id == round_id)
                           .values(number=-round_.c.number))
    for round_id, number in wrong:
        connection.execute(round_.update().where(round_.c.id == round_id).values(number=number))


def upgrade() -> None:
    connection = op.get_bind()
    _drop_doubled_results(connection)
    _renumber_rounds(connection)
    connection.execute(game.update().values(revision=game.c.revision + 1))
    with op.batch_alter_table("result") as batch:
        batch.create_unique_constraint("result_one_per_player", ["round_id", "player"])
        batch.create_unique_constraint("result_one_per_position", ["round_id", "position"])
    with op.batch_alter_table("round") as batch:
        batch.create_check_constraint("round_number_positive", "number >= 1")


def downgrade() -> None:
    with op.batch_alter_table("round") as batch:
        batch.drop_constraint("round_number_positive", type_="check")
    with op.batch_alter_table("result") as batch:
        batch.drop_constraint("result_one_per_position", type_="unique")
        batch.drop_constraint("result_one_per_player", type_="unique")
