"""seasons of a league, and notes on a game

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02 05:30:00.000000

Two new tables, and three nullable columns on ``games`` that SQLite adds in place
(``recreate="never"``: a rebuild of ``games`` would cascade-delete its teams and rounds).
Leagues stored before have no season, and their games no note.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('note', sa.String(length=200), nullable=True))
        batch_op.add_column(sa.Column('place', sa.String(length=100), nullable=True))
        batch_op.add_column(sa.Column('played_on', sa.Date(), nullable=True))

    op.create_table('seasons',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('league_id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('starts_on', sa.Date(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_seasons_league_id_leagues'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_seasons'))
    )
    with op.batch_alter_table('seasons', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seasons_league_id'), ['league_id'], unique=False)

    op.create_table('season_games',
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('season_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_season_games_game_id_games'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['season_id'], ['seasons.id'], name=op.f('fk_season_games_season_id_seasons'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', name=op.f('pk_season_games'))
    )
    with op.batch_alter_table('season_games', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_season_games_season_id'), ['season_id'], unique=False)


def downgrade():
    op.drop_table('season_games')
    op.drop_table('seasons')
    with op.batch_alter_table('games', schema=None, recreate='never') as batch_op:
        batch_op.drop_column('played_on')
        batch_op.drop_column('place')
        batch_op.drop_column('note')
