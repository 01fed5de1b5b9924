"""The score sheet: running totals, scores before a round, minimums that follow the score,
and the winners, from the round totals alone."""

import doctest
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from handfoot_score.engine import scoresheet
from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.rules import ScoreMinimum
from handfoot_score.engine.scoresheet import Scoresheet

CLASSIC = PRESETS["classic"]
#: Canasta-style minimums: 50 below 1,500, 90 below 3,000, 120 from there.
BY_SCORE = replace(CLASSIC, meld_minimum_by_score=(
    ScoreMinimum(None, 50), ScoreMinimum(1_500, 90), ScoreMinimum(3_000, 120)))


def test_docstring_examples_hold() -> None:
    assert doctest.testmod(scoresheet).failed == 0


def test_an_empty_sheet_has_nothing_on_it() -> None:
    sheet = Scoresheet(CLASSIC, 3)
    assert sheet.running_totals == ()
    assert sheet.totals == (0, 0, 0)
    assert sheet.totals_before(1) == (0, 0, 0)
    assert sheet.meld_minimums(1) == (50, 50, 50)
    assert sheet.winners == ()


@pytest.mark.parametrize(
    ("rounds", "running"),
    [
        ([(100, 200)], [(100, 200)]),
        ([(100, 200), (-50, 300)], [(100, 200), (50, 500)]),
        ([(0, 0), (0, 0), (10, -10)], [(0, 0), (0, 0), (10, -10)]),
        ([(1_000, -400), (2_500, 900), (-300, 1_200), (40, 40)],
         [(1_000, -400), (3_500, 500), (3_200, 1_700), (3_240, 1_740)]),
    ],
)
def test_running_totals_add_each_round(rounds: list[tuple[int, int]],
                                       running: list[tuple[int, int]]) -> None:
    sheet = Scoresheet.of(CLASSIC, 2, rounds)
    assert sheet.running_totals == tuple(running)
    assert sheet.totals == running[-1]
    assert [sheet.totals_before(n) for n in range(1, len(rounds) + 2)] == \
        [(0, 0), *running]


def test_meld_minimums_follow_each_teams_score_before_the_round() -> None:
    sheet = Scoresheet.of(BY_SCORE, 3, [(1_600, 400, 3_100)])
    assert sheet.meld_minimums(1) == (50, 50, 50)
    assert sheet.meld_minimums(2) == (90, 50, 120)


def test_meld_minimums_follow_the_round_where_the_rules_say_so() -> None:
    sheet = Scoresheet.of(CLASSIC, 2, [(5_000, 0), (0, 0)])
    assert sheet.meld_minimums(3) == (120, 120)


@pytest.mark.parametrize(
    ("rounds", "winners"),
    [
        ([(100, 0)] * 4, (0,)),
        ([(0, 100, 100)] * 4, (1, 2)),
        ([(100, 0)] * 3, ()),
    ],
)
def test_winners_once_every_round_is_played(rounds: list[tuple[int, ...]],
                                            winners: tuple[int, ...]) -> None:
    sheet = Scoresheet.of(CLASSIC, len(rounds[0]), rounds)
    assert sheet.complete == (len(rounds) == len(CLASSIC.rounds))
    assert sheet.winners == winners


def test_a_round_added_leaves_the_old_sheet_as_it_was() -> None:
    before = Scoresheet.of(CLASSIC, 2, [(10, 20)])
    after = before.with_round((5, 5))
    assert before.totals == (10, 20)
    assert after.totals == (15, 25)


@pytest.mark.parametrize(
    ("team_count", "rounds", "message"),
    [
        (0, [], "at least one team"),
        (2, [(1, 2, 3)], "round 1 has 3 totals for 2 teams"),
        (2, [(0, 0)] * 5, "4 rounds, not 5"),
    ],
)
def test_a_sheet_that_cannot_be_is_refused(team_count: int, rounds: list[tuple[int, ...]],
                                           message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Scoresheet.of(CLASSIC, team_count, rounds)


def test_a_round_not_yet_reached_has_no_score_before() -> None:
    with pytest.raises(ValueError, match="round 3 does not follow"):
        Scoresheet.of(CLASSIC, 2, [(0, 0)]).totals_before(3)


@given(st.lists(st.tuples(st.integers(-5_000, 5_000), st.integers(-5_000, 5_000)),
                max_size=4))
def test_totals_are_the_sums_of_the_rounds(rounds: list[tuple[int, int]]) -> None:
    sheet = Scoresheet.of(CLASSIC, 2, rounds)
    assert sheet.totals == (sum(r[0] for r in rounds), sum(r[1] for r in rounds))
    for number in range(1, len(rounds) + 1):
        assert sheet.totals_before(number + 1) == sheet.running_totals[number - 1]
