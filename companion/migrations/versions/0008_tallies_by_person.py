"""A group's tallies are kept per person, not per spelling (issue 24): their key is now
companion.player_names.key (NFC, trimmed, case folded, runs of spaces as one) instead of the name
casefolded, so "Zoë" typed with a combining accent counts with "Zoë".

The tallies stored under the old keys are marked as not derived (``tallies`` NULL, as for a
group stored before 0005): each group's next view derives them again from its games, once,
with its ``standing`` rows (companion.services.groups.tallies_of). Nothing else changes; the
aliases keep their spelling and are read through the new key.

Revision ID: 0008
"""
import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def _rederive() -> None:
    op.execute(sa.text("UPDATE game_group SET tallies = NULL"))


def upgrade() -> None:
    _rederive()


def downgrade() -> None:
    _rederive()  # the older code derives them again under its own keys
