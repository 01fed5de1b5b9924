"""A league's finished games as their results only: when each ended, its teams, their
totals and who won, read from the league's results (``league_teams``) a few hundred rows at
a time, never the games' rounds: the league's report lists thousands of games in the memory
of a few.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from itertools import groupby
from typing import TypeVarTuple

from sqlalchemy import Select, func, select

from handfoot_score.extensions import db
from handfoot_score.storage.models import (
    Game,
    GameStatus,
    LeagueGame,
    LeagueTeam,
    Player,
    SeasonGame,
    Team,
)

from .leagues import Outcome

Columns = TypeVarTuple("Columns")

#: Rows read from the database at a time.
ROWS_AT_A_TIME = 500


@dataclass(frozen=True)
class TeamResult:
    """A team of a finished game: its name, its players in their seats, its final total and
    whether it won (alone or in a tie)."""

    name: str
    players: tuple[str, ...]
    total: int
    won: bool


@dataclass(frozen=True)
class GameResult:
    """A finished game's result: when it ended and its teams in their places."""

    game_id: str
    updated_at: datetime
    teams: tuple[TeamResult, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each team's final total, in the teams' order."""
        return tuple(team.total for team in self.teams)

    @property
    def winners(self) -> tuple[int, ...]:
        """The positions of the teams with the highest total."""
        return tuple(place for place, team in enumerate(self.teams) if team.won)


def finished_count(league_id: str, season_id: int | None = None) -> int:
    """How many of the league's games are finished (of one season's, if given)."""
    query = _finished(select(func.count(Game.id)), league_id, season_id)
    return int(db.session.scalar(query) or 0)


def finished_results(league_id: str, season_id: int | None = None) -> Iterator[GameResult]:
    """The league's finished games' results, the last finished first (of one season's, if
    given), read a few hundred rows at a time as they are asked for."""
    query = _finished(
        select(Game.id, Game.updated_at, Team.position, Team.name, LeagueTeam.total,
               LeagueTeam.outcome, Player.name.label("player"))
        .join(Team, Team.game_id == Game.id)
        .join(LeagueTeam, LeagueTeam.team_id == Team.id)
        .outerjoin(Player, Player.team_id == Team.id), league_id, season_id)
    rows = db.session.execute(
        query.order_by(Game.updated_at.desc(), Game.id, Team.position, Player.position)
        .execution_options(yield_per=ROWS_AT_A_TIME))
    for (game_id, updated_at), game_rows in groupby(rows, lambda row: (row.id, row.updated_at)):
        teams = []
        for _, team_rows in groupby(game_rows, lambda row: row.position):
            seats = list(team_rows)
            first = seats[0]
            teams.append(TeamResult(
                name=first.name, players=tuple(row.player for row in seats if row.player),
                total=int(first.total or 0),
                won=first.outcome in (Outcome.WIN.value, Outcome.TIE.value)))
        yield GameResult(game_id, updated_at, tuple(teams))


def _finished(query: Select[*Columns], league_id: str, season_id: int | None
              ) -> Select[*Columns]:
    """``query`` narrowed to the league's finished games (of one season's, if given)."""
    query = query.select_from(Game).join(LeagueGame, LeagueGame.game_id == Game.id).where(
        LeagueGame.league_id == league_id, Game.status == GameStatus.FINISHED)
    if season_id is not None:
        query = query.join(SeasonGame, SeasonGame.game_id == Game.id).where(
            SeasonGame.season_id == season_id)
    return query
