"""edit codes hashed for new leagues, counted per client address

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 22:30:00.000000

A new table only: nothing stored before is changed.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('edit_codes_hashed',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('client', sa.String(length=64), nullable=True),
    sa.Column('hashed_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_edit_codes_hashed'))
    )
    with op.batch_alter_table('edit_codes_hashed', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_edit_codes_hashed_client'), ['client', 'hashed_at'], unique=False)


def downgrade():
    with op.batch_alter_table('edit_codes_hashed', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_edit_codes_hashed_client'))
    op.drop_table('edit_codes_hashed')
