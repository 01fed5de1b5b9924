"""join codes for games, and tally parts saved team by team

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29 14:10:00.000000

``games`` gains a nullable column and a unique index: SQLite adds both in place, so the batch
below never rebuilds ``games`` (``recreate="never"`` makes sure: a rebuild would drop the
table, and with foreign keys on that deletes every team and round through ON DELETE CASCADE).
Games stored before this revision get a code here.
"""
import secrets

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None

#: As ``services/join_codes.py`` has it on the day of this revision: no 0, O, 1, I or L.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 6


def upgrade():
    with op.batch_alter_table('games', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('join_code', sa.String(length=6), nullable=True))
        batch_op.create_index(batch_op.f('ix_games_join_code'), ['join_code'], unique=True)

    games = sa.table('games', sa.column('id', sa.String), sa.column('join_code', sa.String))
    connection = op.get_bind()
    taken = set()
    for (game_id,) in connection.execute(sa.select(games.c.id)).all():
        code = _new_code(taken)
        taken.add(code)
        connection.execute(games.update().where(games.c.id == game_id).values(join_code=code))

    op.create_table('tally_parts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('round_number', sa.Integer(), nullable=False),
    sa.Column('team_position', sa.Integer(), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_tally_parts_game_id_games'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tally_parts')),
    sa.UniqueConstraint('game_id', 'round_number', 'team_position', name=op.f('uq_tally_parts_game_id_round_number_team_position'))
    )


def downgrade():
    op.drop_table('tally_parts')
    with op.batch_alter_table('games', schema=None, recreate='never') as batch_op:
        batch_op.drop_index(batch_op.f('ix_games_join_code'))
        batch_op.drop_column('join_code')


def _new_code(taken):
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        if code not in taken:
            return code
