"""when a league was restored from its file

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02 02:00:00.000000

A new column that may be empty: every league stored before was started here (or its restore
date is not known), and keeps None.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('leagues', schema=None) as batch_op:
        batch_op.add_column(sa.Column('restored_at', sa.DateTime(timezone=True), nullable=True))


def downgrade():
    with op.batch_alter_table('leagues', schema=None) as batch_op:
        batch_op.drop_column('restored_at')
