"""club nights keep their tables as drawn

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05 00:30:00.000000

A night's tables were drawn again from its seed on every read, with ``random``'s shuffles,
which Python does not promise from one version to the next: an upgrade could reseat a night
half played. ``club_nights`` gains ``rotations``, every rotation's tables and who sits it out,
and each night stored before is drawn here once, by a copy of the draw as it is on the day of
this revision (``engine/seating_plan.py`` may change later; this copy must not), so it keeps
the tables it showed.

The column is added in place (``recreate="never"``: a rebuild of ``club_nights`` would drop
the table, and with foreign keys on that deletes the games started at its tables through ON
DELETE CASCADE). SQLite adds a NOT NULL column in place only with a default, so it is added
with an empty one, which PostgreSQL then drops; SQLite keeps it, unused, as every night
stored from now on is stored with its tables.
"""
import random
from collections import Counter
from dataclasses import dataclass
from itertools import combinations

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club_nights', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('rotations', sa.JSON(), nullable=False,
                                      server_default='[]'))

    nights = sa.table('club_nights', sa.column('id', sa.String), sa.column('players', sa.JSON),
                      sa.column('games_each', sa.Integer), sa.column('seed', sa.Integer),
                      sa.column('six_seats', sa.String), sa.column('rotations', sa.JSON))
    connection = op.get_bind()
    for night in connection.execute(sa.select(
            nights.c.id, nights.c.players, nights.c.games_each, nights.c.seed,
            nights.c.six_seats)).all():
        evening = draw_evening(night.players, night.games_each, night.seed, night.six_seats)
        connection.execute(nights.update().where(nights.c.id == night.id)
                           .values(rotations=as_data(evening)))

    if connection.dialect.name != 'sqlite':
        op.alter_column('club_nights', 'rotations', server_default=None)


def downgrade():
    with op.batch_alter_table('club_nights', schema=None, recreate='never') as batch_op:
        batch_op.drop_column('rotations')


# The draw as ``engine/seating_plan.py`` has it on the day of this revision, with the limits
# it imported written in, and the evening kept as ``Evening.as_data`` keeps it.

MAX_NIGHT_PLAYERS = 48
TABLE_OF_FOUR = 4
TABLE_OF_SIX = 6
MAX_PLAYERS_PER_TEAM = 3
GROUPINGS_TRIED = 8
EVENINGS_TRIED = 8
THREES = 'threes'


@dataclass(frozen=True)
class TablePlan:
    teams: tuple


@dataclass(frozen=True)
class Rotation:
    tables: tuple
    sitting_out: tuple


@dataclass(frozen=True)
class Evening:
    rotations: tuple


def as_data(evening):
    """The evening as the ``rotations`` column keeps it."""
    return [{"tables": [{"teams": [list(team) for team in table.teams]}
                        for table in rotation.tables],
             "sitting_out": list(rotation.sitting_out)} for rotation in evening.rotations]


def draw_evening(players, games_each, seed, six_seats):
    draw = random.Random(seed)
    best = None
    for _ in range(EVENINGS_TRIED):
        evening = _evening(players, games_each, six_seats, draw)
        repeats = sum(count - 1 for count in partnerships(evening).values())
        if best is None or repeats < best[0]:
            best = (repeats, evening)
        if repeats == 0:
            break
    return best[1]


def _evening(players, games_each, six_seats, draw):
    ring = list(players)
    draw.shuffle(ring)
    if len(ring) % 2:
        ring.append(None)
    chosen = draw.sample(range(len(ring) - 1), games_each)
    circles = [list(_circle_round(ring, number)) for number in chosen]
    rounds = [[(a, b) for a, b in pairs if a is not None and b is not None] for pairs in circles]
    partnered = set()
    faced = Counter()
    rotations = []
    for index, (pairs, playing) in enumerate(zip(circles, rounds)):
        sitting_out = tuple(p for pair in pairs if None in pair for p in pair if p is not None)
        later = {frozenset(pair) for pairs in rounds[index + 1:] for pair in pairs}
        tables = _tables(playing, six_seats, partnered | later, faced, draw)
        for table in tables:
            for team in table.teams:
                partnered.update(frozenset(two) for two in combinations(team, 2))
            faced.update(_opponents(table.teams))
        rotations.append(Rotation(tables, sitting_out))
    return Evening(tuple(rotations))


def partnerships(evening):
    return Counter(frozenset(two) for rotation in evening.rotations
                   for table in rotation.tables for team in table.teams
                   for two in combinations(team, 2))


def _circle_round(ring, number):
    rest = list(ring[1:])
    turned = [ring[0], *rest[-number:], *rest[:-number]] if number else list(ring)
    for place in range(len(turned) // 2):
        yield turned[place], turned[-1 - place]


def _tables(pairs, six_seats, partnered, faced, draw):
    best = None
    for _ in range(GROUPINGS_TRIED):
        order = pairs[:]
        draw.shuffle(order)
        tables = _greedy_tables(order, six_seats, partnered, faced)
        cost = sum(_cost(table.teams, partnered, faced) for table in tables)
        if best is None or cost < best[0]:
            best = (cost, tables)
    return best[1]


def _greedy_tables(order, six_seats, partnered, faced):
    left = order[:]
    tables = []
    pairs_at_six = TABLE_OF_SIX // 2 if len(left) % 2 else 0
    while left:
        seated = [left.pop(0)]
        size = pairs_at_six or TABLE_OF_FOUR // 2
        pairs_at_six = 0
        threes = size == TABLE_OF_SIX // 2 and six_seats == THREES
        while len(seated) < size:
            seated.append(min(left, key=lambda pair: _cost(
                _threes((*seated, pair), partnered, faced)
                if threes and len(seated) == size - 1 else (*seated, pair), partnered, faced)))
            left.remove(seated[-1])
        teams = tuple(seated)
        if threes:
            teams = _threes(teams, partnered, faced)
        tables.append(TablePlan(teams))
    return tuple(tables)


def _threes(pairs, partnered, faced):
    six = [name for pair in pairs for name in pair]
    first, rest = six[0], six[1:]
    splits = []
    for mates in combinations(rest, MAX_PLAYERS_PER_TEAM - 1):
        team = (first, *mates)
        splits.append((team, tuple(name for name in rest if name not in mates)))
    return min(splits, key=lambda teams: _cost(teams, partnered, faced))


def _cost(teams, partnered, faced):
    repeats = sum(frozenset(two) in partnered for team in teams
                  for two in combinations(team, 2))
    return repeats * MAX_NIGHT_PLAYERS ** 2 + sum(faced[two] ** 2 for two in _opponents(teams))


def _opponents(teams):
    for one, other in combinations(teams, 2):
        for a in one:
            for b in other:
                yield frozenset((a, b))
