"""The games the ratings are fed, read from the database: a league's finished teams, game by
game in the order played, each team's players by roster id."""

from __future__ import annotations

from sqlalchemy import bindparam, select

from handfoot_score.extensions import db
from handfoot_score.storage.models import Game, LeagueTeam, Team

from .model import PlayedGame


def league_games(league_id: str) -> list[PlayedGame]:
    """A league's finished games in the order they were played, players by roster id."""
    games: dict[str, tuple[list[tuple[int, ...]], list[int]]] = {}
    for row in db.session.execute(_FINISHED_TEAMS, {"league_id": league_id}):
        teams, totals = games.setdefault(row.game_id, ([], []))
        teams.append(tuple(int(i) for i in row.partnership.split("-")))
        totals.append(int(row.total))
    return [PlayedGame(tuple(teams), tuple(totals)) for teams, totals in games.values()]


#: Every finished team of a league, game by game in the order played: one query, built once.
_FINISHED_TEAMS = (
    select(Game.id.label("game_id"), LeagueTeam.partnership, LeagueTeam.total)
    .join(Team, Team.id == LeagueTeam.team_id)
    .join(Game, Game.id == Team.game_id)
    .where(LeagueTeam.league_id == bindparam("league_id"), LeagueTeam.outcome.is_not(None))
    .order_by(Game.created_at, Game.id, Team.position))
