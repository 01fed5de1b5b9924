"""Each team's chance to win as the new-game page and the round screen show it: the
ratings' prediction in whole percentages that add up to 100."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from handfoot_score.engine.limits import MIN_TEAMS
from handfoot_score.services.leagues import LeagueNotFound, league_id_of_game
from handfoot_score.services.ratings import predict


def percentages(chances: Sequence[float]) -> tuple[int, ...]:
    """Chances as whole percentages that add up to 100 (the largest remainders rounded up).

    >>> percentages([0.62, 0.38]), percentages([1 / 3, 1 / 3, 1 / 3])
    ((62, 38), (34, 33, 33))
    """
    exact = [chance * 100 for chance in chances]
    whole = [int(share) for share in exact]
    by_remainder = sorted(range(len(exact)), key=lambda i: (whole[i] - exact[i], i))
    for index in by_remainder[:100 - sum(whole)]:
        whole[index] += 1
    return tuple(whole)


@dataclass(frozen=True)
class TeamChance:
    """A team's chance to win as a page shows it: its name and a whole percentage."""

    team: str
    percent: int


def table_chances(league_id: str | None, teams: Sequence[tuple[str, Sequence[str]]]
                  ) -> tuple[TeamChance, ...]:
    """Each team's chance to win, from its name and its players' names, the percentages
    adding up to 100; none outside a league, or while a team has no player named."""
    if not league_id or len(teams) < MIN_TEAMS or not all(players for _, players in teams):
        return ()
    try:
        predictions = predict(league_id, [players for _, players in teams])
    except LeagueNotFound:
        return ()
    shares = percentages([team.win_probability for team in predictions])
    return tuple(TeamChance(name, share) for (name, _), share in zip(teams, shares))


def game_chances(game_id: str, teams: Sequence[tuple[str, Sequence[str]]]
                 ) -> tuple[TeamChance, ...]:
    """The chances of a league game's teams as the league's finished games rate them now
    (before its own end, what they were when it started, unless other games ended since);
    none for a game outside a league."""
    return table_chances(league_id_of_game(game_id), teams)
