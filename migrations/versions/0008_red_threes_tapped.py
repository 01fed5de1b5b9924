"""red threes laid down, tapped during play

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02 05:30:00.000000

Each team counts the red threes it lays down during play, as it counts its books; a team
stored before has tapped none (0).
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('teams', schema=None) as batch_op:
        batch_op.add_column(sa.Column('red_threes_down', sa.Integer(), nullable=False,
                                      server_default='0'))


def downgrade():
    with op.batch_alter_table('teams', schema=None) as batch_op:
        batch_op.drop_column('red_threes_down')
