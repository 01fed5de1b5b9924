"""The size of a game, defined once in the engine and used by its checks."""

import doctest
from dataclasses import replace

import pytest

from handfoot_score import engine
from handfoot_score.engine import limits, rules
from handfoot_score.engine.checks import tally_problems
from handfoot_score.engine.errors import InvalidRules
from handfoot_score.engine.presets import CLASSIC
from handfoot_score.engine.tally import Tally


def test_limits_doctests_pass() -> None:
    assert doctest.testmod(limits).failed == 0


def test_the_rules_say_two_to_six_players_and_teams_of_up_to_three() -> None:
    assert (limits.MIN_PLAYERS, limits.MAX_PLAYERS) == (2, 6)
    assert (limits.MIN_TEAMS, limits.MAX_TEAMS) == (2, 6)
    assert limits.MAX_PLAYERS_PER_TEAM == 3
    assert limits.MAX_ROUNDS == 20


def test_the_engine_package_and_the_rules_module_give_the_same_limits() -> None:
    assert rules.MAX_ROUNDS is limits.MAX_ROUNDS
    assert (engine.MAX_TEAMS, engine.MAX_PLAYERS_PER_TEAM, engine.MAX_ROUNDS) == (
        limits.MAX_TEAMS, limits.MAX_PLAYERS_PER_TEAM, limits.MAX_ROUNDS)


@pytest.mark.parametrize("teams", [limits.MAX_TEAMS + 1, 0])
def test_a_round_of_too_many_or_no_teams_is_refused(teams: int) -> None:
    assert [(p.field, p.text) for p in tally_problems(CLASSIC, 1, [Tally()] * teams)] == [
        ("teams", f"must list 1 to {limits.MAX_TEAMS} teams, not {teams}")]


def test_a_round_of_the_most_teams_is_checked_team_by_team() -> None:
    problems = tally_problems(CLASSIC, 1, [Tally()] * limits.MAX_TEAMS)
    assert all(problem.field != "teams" for problem in problems)


def test_exact_draws_stop_at_one_per_player_at_the_table() -> None:
    tallies = [replace(Tally(), exact_draws=limits.MAX_PLAYERS + 1), Tally()]
    assert (0, "exact_draws") in {(p.team, p.field) for p in tally_problems(CLASSIC, 1, tallies)}


def test_a_rule_set_of_more_rounds_than_the_limit_is_refused() -> None:
    too_many = CLASSIC.rounds * (limits.MAX_ROUNDS // len(CLASSIC.rounds) + 1)
    with pytest.raises(InvalidRules) as error:
        replace(CLASSIC, rounds=too_many)
    assert "rounds" in {problem.field for problem in error.value.problems}
