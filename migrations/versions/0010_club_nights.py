"""club nights: who is present, games each, the seed of the draw, and the games started

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02 06:00:00.000000

Two new tables; no table is changed.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('club_nights',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('league_id', sa.String(length=32), nullable=False),
    sa.Column('players', sa.JSON(), nullable=False),
    sa.Column('games_each', sa.Integer(), nullable=False),
    sa.Column('seed', sa.Integer(), nullable=False),
    sa.Column('six_seats', sa.String(length=8), nullable=False),
    sa.Column('rules_id', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_club_nights_league_id_leagues'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_nights'))
    )
    with op.batch_alter_table('club_nights', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_nights_league_id'), ['league_id'], unique=False)

    op.create_table('club_night_games',
    sa.Column('night_id', sa.String(length=32), nullable=False),
    sa.Column('rotation', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('table', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_club_night_games_game_id_games'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['night_id'], ['club_nights.id'], name=op.f('fk_club_night_games_night_id_club_nights'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('night_id', 'rotation', 'table', name=op.f('pk_club_night_games')),
    sa.UniqueConstraint('game_id', name=op.f('uq_club_night_games_game_id'))
    )


def downgrade():
    op.drop_table('club_night_games')
    with op.batch_alter_table('club_nights', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_nights_league_id'))
    op.drop_table('club_nights')
