"""Tonight's tables: who plays with whom, rotation by rotation, through a club's evening.

The draw is a round robin (the circle method) over the players present, in an order the
seed shuffles: each rotation pairs everyone with a partner they have not had tonight, and
where the number present is odd, the one paired with nobody sits out, a different player each
rotation. The pairs then meet at tables of four (two teams of two); where the pairs are odd
in number, three of them sit at a table of six, as three teams of two or split into two teams
of three (``SixSeats``). Which pairs meet is chosen so the same players face each other as
seldom as the draw can manage. The same players, games and seed give the same evening on
one version of Python, which does not promise its shuffles across versions: so a club night
stores its evening when drawn (``Evening.as_data``), and is never drawn again to be read.

Teams of two never partner anyone twice. Teams of three add partners the round robin did not
plan, so the split is chosen to avoid those it had or will have, and where that fails the
evening is drawn again in another order (``EVENINGS_TRIED``); ten or eleven players for five
or six games may still see a partner twice (ten for six games must: eight partnerships a
rotation, forty-five pairs in all).

>>> evening = draw_evening([f"P{n}" for n in range(9)], games_each=3, seed=7)
>>> [len(rotation.sitting_out) for rotation in evening.rotations]
[1, 1, 1]
>>> evening == draw_evening([f"P{n}" for n in range(9)], games_each=3, seed=7)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import Any

from .limits import MAX_PLAYERS, MAX_PLAYERS_PER_TEAM

#: A club night has this many players present, at least and at most.
MIN_NIGHT_PLAYERS = 8
MAX_NIGHT_PLAYERS = 48
#: Each player plays at most this many games in an evening: one a rotation.
MAX_GAMES_EACH = 6
#: The usual table: two teams of two.
TABLE_OF_FOUR = 4
#: The table an odd number of pairs adds: as many players as the rules let sit together.
TABLE_OF_SIX = MAX_PLAYERS
#: Shuffles of a rotation's pairs tried, the one whose opponents met least kept.
GROUPINGS_TRIED = 8
#: Evenings drawn at most, the first with no partners twice kept (else the fewest): tables
#: of two teams of three make partners the round robin did not plan, and another order of
#: players or rounds may leave room for them. Teams of two never need a second evening.
EVENINGS_TRIED = 8


class SixSeats(StrEnum):
    """How a table of six plays: three teams of two, or two teams of three."""

    PAIRS = "pairs"
    THREES = "threes"


@dataclass(frozen=True)
class TablePlan:
    """One table of one rotation: its teams, each a tuple of player names."""

    teams: tuple[tuple[str, ...], ...]

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone at the table, team by team."""
        return tuple(name for team in self.teams for name in team)


@dataclass(frozen=True)
class Rotation:
    """One round of games played at the same time: the tables, and who sits this one out."""

    tables: tuple[TablePlan, ...]
    sitting_out: tuple[str, ...]


@dataclass(frozen=True)
class Evening:
    """Every rotation of a club night, in the order they are played."""

    rotations: tuple[Rotation, ...]

    def as_data(self) -> list[dict[str, Any]]:
        """The evening as JSON keeps it, to store it as drawn: a draw is not drawn again
        when read, since Python does not promise the same shuffles from one version to
        the next.

        >>> Evening((Rotation((TablePlan((("Ann", "Bob"), ("Cy", "Di"))),), ("Eve",)),)
        ...         ).as_data()
        [{'tables': [{'teams': [['Ann', 'Bob'], ['Cy', 'Di']]}], 'sitting_out': ['Eve']}]
        """
        return [{"tables": [{"teams": [list(team) for team in table.teams]}
                            for table in rotation.tables],
                 "sitting_out": list(rotation.sitting_out)} for rotation in self.rotations]

    @classmethod
    def from_data(cls, data: Sequence[Mapping[str, Any]]) -> Evening:
        """The evening ``as_data`` stored."""
        return cls(tuple(
            Rotation(tuple(TablePlan(tuple(tuple(team) for team in table["teams"]))
                           for table in rotation["tables"]),
                     tuple(rotation["sitting_out"]))
            for rotation in data))


Pair = tuple[str, str]


def draw_evening(players: Sequence[str], games_each: int, seed: int,
                 six_seats: SixSeats = SixSeats.PAIRS) -> Evening:
    """The tables of an evening of ``games_each`` rotations for these players (distinct
    names), drawn with ``seed``; raises ValueError for a number of players or games the
    evening cannot have."""
    if not MIN_NIGHT_PLAYERS <= len(players) <= MAX_NIGHT_PLAYERS:
        raise ValueError(f"an evening has {MIN_NIGHT_PLAYERS} to {MAX_NIGHT_PLAYERS} players")
    if len(set(players)) != len(players):
        raise ValueError("each player is present once")
    if not 1 <= games_each <= MAX_GAMES_EACH:
        raise ValueError(f"each player plays 1 to {MAX_GAMES_EACH} games")
    draw = random.Random(seed)
    best: tuple[int, Evening] | None = None
    for _ in range(EVENINGS_TRIED):
        evening = _evening(players, games_each, six_seats, draw)
        repeats = sum(count - 1 for count in partnerships(evening).values())
        if best is None or repeats < best[0]:
            best = (repeats, evening)
        if repeats == 0:
            break
    assert best is not None
    return best[1]


def _evening(players: Sequence[str], games_each: int, six_seats: SixSeats,
             draw: random.Random) -> Evening:
    """One evening drawn: the players in the order ``draw`` shuffles them, a round robin's
    rounds it picks, and tables seated as ``_tables`` seats them."""
    ring: list[str | None] = list(players)
    draw.shuffle(ring)
    if len(ring) % 2:
        ring.append(None)  # whoever is paired with nobody sits out
    chosen = draw.sample(range(len(ring) - 1), games_each)
    circles = [list(_circle_round(ring, number)) for number in chosen]
    rounds = [[(a, b) for a, b in pairs if a is not None and b is not None] for pairs in circles]
    partnered: set[frozenset[str]] = set()
    faced: Counter[frozenset[str]] = Counter()
    rotations = []
    for index, (pairs, playing) in enumerate(zip(circles, rounds)):
        sitting_out = tuple(p for pair in pairs if None in pair for p in pair if p is not None)
        # Two teams of three make partners the round robin did not plan: not those it pairs
        # in a later rotation either.
        later = {frozenset(pair) for pairs in rounds[index + 1:] for pair in pairs}
        tables = _tables(playing, six_seats, partnered | later, faced, draw)
        for table in tables:
            for team in table.teams:
                partnered.update(frozenset(two) for two in combinations(team, 2))
            faced.update(_opponents(table.teams))
        rotations.append(Rotation(tables, sitting_out))
    return Evening(tuple(rotations))


def partnerships(evening: Evening) -> Counter[frozenset[str]]:
    """How often each two players were partners over the evening."""
    return Counter(frozenset(two) for rotation in evening.rotations
                   for table in rotation.tables for team in table.teams
                   for two in combinations(team, 2))


def _circle_round(ring: Sequence[str | None], number: int
                  ) -> Iterator[tuple[str | None, str | None]]:
    """Round ``number`` of the circle method: the first stays, the others turn one place
    each round, and the two ends of the line pair off inwards; over ``len(ring) - 1`` rounds
    everyone partners everyone once."""
    rest = list(ring[1:])
    turned = [ring[0], *rest[-number:], *rest[:-number]] if number else list(ring)
    for place in range(len(turned) // 2):
        yield turned[place], turned[-1 - place]


def _tables(pairs: list[Pair], six_seats: SixSeats, partnered: set[frozenset[str]],
            faced: Counter[frozenset[str]], draw: random.Random) -> tuple[TablePlan, ...]:
    """The rotation's pairs at tables, tried in a few orders, keeping the seating whose
    players have faced (and, at a table of threes, partnered) each other least."""
    best: tuple[int, tuple[TablePlan, ...]] | None = None
    for _ in range(GROUPINGS_TRIED):
        order = pairs[:]
        draw.shuffle(order)
        tables = _greedy_tables(order, six_seats, partnered, faced)
        cost = sum(_cost(table.teams, partnered, faced) for table in tables)
        if best is None or cost < best[0]:
            best = (cost, tables)
    assert best is not None
    return best[1]


def _greedy_tables(order: list[Pair], six_seats: SixSeats, partnered: set[frozenset[str]],
                   faced: Counter[frozenset[str]]) -> tuple[TablePlan, ...]:
    """Each pair in turn takes a table and is joined by the pair it has faced least (then,
    at the one table of six an odd number of pairs needs, by the pair both have faced
    least)."""
    left = order[:]
    tables = []
    pairs_at_six = TABLE_OF_SIX // 2 if len(left) % 2 else 0
    while left:
        seated = [left.pop(0)]
        size = pairs_at_six or TABLE_OF_FOUR // 2
        pairs_at_six = 0
        threes = size == TABLE_OF_SIX // 2 and six_seats is SixSeats.THREES
        while len(seated) < size:
            seated.append(min(left, key=lambda pair: _cost(
                _threes((*seated, pair), partnered, faced)
                if threes and len(seated) == size - 1 else (*seated, pair), partnered, faced)))
            left.remove(seated[-1])
        teams: tuple[tuple[str, ...], ...] = tuple(seated)
        if threes:
            teams = _threes(teams, partnered, faced)
        tables.append(TablePlan(teams))
    return tuple(tables)


def _threes(pairs: tuple[tuple[str, ...], ...], partnered: set[frozenset[str]],
            faced: Counter[frozenset[str]]) -> tuple[tuple[str, ...], ...]:
    """Six players as two teams of three, split so as few as can be were partners before."""
    six = [name for pair in pairs for name in pair]
    first, rest = six[0], six[1:]
    splits = []
    for mates in combinations(rest, MAX_PLAYERS_PER_TEAM - 1):
        team = (first, *mates)
        splits.append((team, tuple(name for name in rest if name not in mates)))
    return min(splits, key=lambda teams: _cost(teams, partnered, faced))


def _cost(teams: Sequence[Sequence[str]], partnered: set[frozenset[str]],
          faced: Counter[frozenset[str]]) -> int:
    """How much a table repeats: a repeated partnership weighs far more than any number of
    opponents met again."""
    repeats = sum(frozenset(two) in partnered for team in teams
                  for two in combinations(team, 2))
    return repeats * MAX_NIGHT_PLAYERS ** 2 + sum(faced[two] ** 2 for two in _opponents(teams))


def _opponents(teams: Sequence[Sequence[str]]) -> Iterator[frozenset[str]]:
    """Every two players at a table on different teams."""
    for one, other in combinations(teams, 2):
        for a in one:
            for b in other:
                yield frozenset((a, b))
