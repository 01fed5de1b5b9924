"""Tonight's tables: every evening from 8 to 48 players and 1 to 6 games each, drawn with no
app, and checked for what a club night promises."""

from __future__ import annotations

import doctest
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handfoot_score.engine import seating_plan
from handfoot_score.engine.seating_plan import (
    MAX_GAMES_EACH,
    MAX_NIGHT_PLAYERS,
    MIN_NIGHT_PLAYERS,
    Evening,
    SixSeats,
    draw_evening,
    partnerships,
)

EVENINGS = [(count, games) for count in range(MIN_NIGHT_PLAYERS, MAX_NIGHT_PLAYERS + 1)
            for games in range(1, MAX_GAMES_EACH + 1)]


def names(count: int) -> list[str]:
    return [f"Player {number}" for number in range(count)]


def check_evening(evening: Evening, players: list[str], games: int) -> None:
    """Everyone plays or sits out each rotation exactly once, at tables of four (two teams of
    two) or six (three teams of two, or two of three), and sit-outs differ by at most one."""
    assert len(evening.rotations) == games
    sat_out: Counter[str] = Counter()
    for rotation in evening.rotations:
        seated = [name for table in rotation.tables for name in table.players]
        assert sorted(seated + list(rotation.sitting_out)) == sorted(players)
        for table in rotation.tables:
            shape = sorted(len(team) for team in table.teams)
            assert shape in ([2, 2], [2, 2, 2], [3, 3])
        sat_out.update(rotation.sitting_out)
        # Nobody sits out while a table could still take them: at most one odd player out,
        # or one who cannot make up a table of four or six with the rest.
        assert len(rotation.sitting_out) == len(players) % 2
    counts = [sat_out[name] for name in players]
    assert max(counts) - min(counts) <= 1


def test_the_docstrings() -> None:
    assert doctest.testmod(seating_plan).failed == 0


@pytest.mark.parametrize(("count", "games"), EVENINGS)
def test_every_evening_seats_everyone_once_a_rotation_and_never_repeats_partners(
        count: int, games: int) -> None:
    players = names(count)
    evening = draw_evening(players, games, seed=count * 10 + games)
    check_evening(evening, players, games)
    # Each player has at least seven others to partner and plays at most six games: a new
    # partner each game is always possible, so a repeat is never allowed.
    assert max(partnerships(evening).values()) == 1


#: Evenings of two teams of three at the table of six whose draw partners someone twice:
#: ten players for six games cannot help it (eight partnerships a rotation, 45 pairs in all);
#: for the others the draw finds no way round it. How many repeats, at most.
THREES_REPEATING = {(10, 5): 2, (10, 6): 6, (11, 6): 2}


@pytest.mark.parametrize(("count", "games"), EVENINGS)
def test_tables_of_six_as_two_teams_of_three(count: int, games: int) -> None:
    players = names(count)
    evening = draw_evening(players, games, seed=count * 10 + games, six_seats=SixSeats.THREES)
    check_evening(evening, players, games)
    threes = [table for rotation in evening.rotations for table in rotation.tables
              if len(table.teams) == 2 and len(table.teams[0]) == 3]
    assert bool(threes) == (count % 4 in (2, 3))
    repeats = sum(times - 1 for times in partnerships(evening).values())
    assert repeats <= THREES_REPEATING.get((count, games), 0)


def test_opponents_are_spread() -> None:
    """Sixteen players for six games: four tables a rotation, so nobody need face anyone
    more than twice, and the draw manages that."""
    evening = draw_evening(names(16), 6, seed=1)
    faced = Counter(frozenset((a, b)) for rotation in evening.rotations
                    for table in rotation.tables for one, other in combinations(table.teams, 2)
                    for a in one for b in other)
    assert max(faced.values()) <= 2


@settings(max_examples=25, deadline=None)
@given(count=st.integers(MIN_NIGHT_PLAYERS, MAX_NIGHT_PLAYERS),
       games=st.integers(1, MAX_GAMES_EACH), seed=st.integers(0, 2**31 - 1),
       six_seats=st.sampled_from(SixSeats))
def test_the_same_seed_gives_the_same_draw(count: int, games: int, seed: int,
                                           six_seats: SixSeats) -> None:
    players = names(count)
    assert draw_evening(players, games, seed, six_seats) == \
        draw_evening(list(players), games, seed, six_seats)


def test_another_seed_gives_another_draw() -> None:
    players = names(12)
    draws = {draw_evening(players, 3, seed) for seed in range(5)}
    assert len(draws) == 5


@pytest.mark.parametrize(("players", "games"), [
    (names(MIN_NIGHT_PLAYERS - 1), 3),
    (names(MAX_NIGHT_PLAYERS + 1), 3),
    (names(8)[:7] + ["Player 0"], 3),
    (names(8), 0),
    (names(8), MAX_GAMES_EACH + 1),
])
def test_an_evening_that_cannot_be_is_refused(players: list[str], games: int) -> None:
    with pytest.raises(ValueError):
        draw_evening(players, games, seed=1)
