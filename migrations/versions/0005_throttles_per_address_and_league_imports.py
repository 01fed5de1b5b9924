"""wrong codes per client address, join-code guesses, and the league import under way

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30 22:40:00.000000

``edit_code_failures`` gains a nullable column, added in place (``recreate="never"``: no
table is rebuilt); wrong codes recorded before it count against no address. The other two
are new tables.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('edit_code_failures', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('client', sa.String(length=64), nullable=True))
        batch_op.drop_index('ix_edit_code_failures_league_id')
        batch_op.create_index('ix_edit_code_failures_league_id',
                              ['league_id', 'client', 'failed_at'], unique=False)

    op.create_table('join_code_failures',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('client', sa.String(length=64), nullable=True),
    sa.Column('failed_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_join_code_failures'))
    )
    with op.batch_alter_table('join_code_failures', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_join_code_failures_client'), ['client', 'failed_at'], unique=False)

    op.create_table('league_imports',
    sa.Column('slot', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('league_id', sa.String(length=32), nullable=False),
    sa.Column('touched_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_league_imports_league_id_leagues'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('slot', name=op.f('pk_league_imports'))
    )


def downgrade():
    op.drop_table('league_imports')
    with op.batch_alter_table('join_code_failures', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_join_code_failures_client'))
    op.drop_table('join_code_failures')
    with op.batch_alter_table('edit_code_failures', schema=None, recreate='never') as batch_op:
        batch_op.drop_index('ix_edit_code_failures_league_id')
        batch_op.create_index('ix_edit_code_failures_league_id', ['league_id', 'failed_at'],
                              unique=False)
        batch_op.drop_column('client')
