"""Groups of games: a game night's capability links, merged spellings, and game.group_id.

A group gathers the games a group of friends plays; its records are derived from the games'
rounds and never stored. ``group_alias`` holds the spellings merged into one player (the games
themselves keep the names as typed). Deleting a group leaves its games, just ungrouped.

Revision ID: 0003
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_group",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("edit_key", sa.String(length=64), nullable=False),
        sa.Column("view_key", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="game_group_pkey"),
        sa.UniqueConstraint("edit_key", name="game_group_edit_key_unique"),
        sa.UniqueConstraint("view_key", name="game_group_view_key_unique"),
    )
    op.create_table(
        "group_alias",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("alias", sa.String(length=30), nullable=False),
        sa.Column("name", sa.String(length=30), nullable=False),
        sa.ForeignKeyConstraint(["group_id"], ["game_group.id"], ondelete="CASCADE",
                                name="group_alias_group_fk"),
        sa.PrimaryKeyConstraint("id", name="group_alias_pkey"),
        sa.UniqueConstraint("group_id", "alias", name="group_alias_one_per_spelling"),
    )
    with op.batch_alter_table("group_alias") as batch:
        batch.create_index("ix_group_alias_group_id", ["group_id"], unique=False)
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("group_id", sa.Integer(), nullable=True))
        batch.create_foreign_key("game_group_fk", "game_group", ["group_id"], ["id"],
                                 ondelete="SET NULL")
        batch.create_index("ix_game_group_id", ["group_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_index("ix_game_group_id")
        batch.drop_constraint("game_group_fk", type_="foreignkey")
        batch.drop_column("group_id")
    with op.batch_alter_table("group_alias") as batch:
        batch.drop_index("ix_group_alias_group_id")
    op.drop_table("group_alias")
    op.drop_table("game_group")
