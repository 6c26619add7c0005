"""House rules (issue 25): editions a table makes on a page, behind an edit link and a read-only
twin like games, each save a new revision that never changes. A game stores the key of the
revision it started with in its edition column (16 characters, as ever): ``h`` and 15 random
letters and digits, so a game keeps its rules however the edition is edited later.

Revision ID: 0011
"""
import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "house_edition",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("edit_key", sa.String(length=64), nullable=False),
        sa.Column("view_key", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("current", sa.String(length=16), nullable=False),
        sa.PrimaryKeyConstraint("id", name="house_edition_pkey"),
        sa.UniqueConstraint("edit_key", name="house_edition_edit_key_key"),
        sa.UniqueConstraint("view_key", name="house_edition_view_key_key"),
    )
    op.create_table(
        "house_revision",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=16), nullable=False),
        sa.Column("edition_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("definition", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["edition_id"], ["house_edition.id"], ondelete="CASCADE",
                                name="house_revision_edition_fk"),
        sa.PrimaryKeyConstraint("id", name="house_revision_pkey"),
        sa.UniqueConstraint("key", name="house_revision_key_key"),
        sa.UniqueConstraint("edition_id", "number", name="house_revision_number"),
    )
    with op.batch_alter_table("house_revision") as batch:
        batch.create_index("ix_house_revision_edition_id", ["edition_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("house_revision") as batch:
        batch.drop_index("ix_house_revision_edition_id")
    op.drop_table("house_revision")
    op.drop_table("house_edition")
