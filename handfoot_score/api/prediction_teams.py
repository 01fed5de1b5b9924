"""The body of a prediction in the JSON API (``POST /leagues/<id>/predictions``), read at the
edge into the teams' names the ratings predict."""

from __future__ import annotations

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.engine.limits import MAX_PLAYERS_PER_TEAM, MAX_TEAMS, MIN_TEAMS
from handfoot_score.services.errors import InvalidInput, require_keys
from handfoot_score.services.leagues import MAX_PLAYER_NAME, name_key
from handfoot_score.services.typed_in import read_names


def read_teams(body: object) -> tuple[tuple[str, ...], ...]:
    """The teams of a prediction from ``{"teams": [["Ann", "Bob"], ["Cy", "Di"]]}``, names
    tidied; raises InvalidInput naming the field (and the team) that cannot be."""
    data = require_keys(body, ("teams",), required=("teams",))["teams"]
    if not isinstance(data, list) or not MIN_TEAMS <= len(data) <= MAX_TEAMS:
        raise InvalidInput(Problem("teams", N_("must list %(least)s to %(most)s teams"),
                                   values={"least": MIN_TEAMS, "most": MAX_TEAMS}))
    problems: list[Problem] = []
    teams: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for index, team in enumerate(data):
        names = read_names(team, MAX_PLAYER_NAME, MAX_PLAYERS_PER_TEAM, "teams", index)
        if isinstance(names, Problem):
            problems.append(names)
            names = ()
        elif not names:
            problems.append(Problem("teams", N_("must name at least one player of the league"),
                                    index))
        tidy = names
        for name in tidy:
            if name_key(name) in seen:
                problems.append(Problem("teams", N_("%(name)s cannot sit at the table twice"),
                                        index, {"name": name}))
            seen.add(name_key(name))
        teams.append(tidy)
    if problems:
        raise InvalidInput(problems)
    return tuple(teams)
