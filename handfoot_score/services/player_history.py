"""A player's games in a league: a read-only question answered by plain queries."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import aliased
from sqlalchemy.sql.selectable import ScalarSelect

from handfoot_score.extensions import db
from handfoot_score.storage.models import (
    Game,
    LeagueSeat,
    LeagueTeam,
    Player,
    Round,
    TallyRecord,
    Team,
)

from .leagues import LeagueView, Outcome, get_league, roster_player, utc
from .standings import Standing, player_standing


@dataclass(frozen=True)
class Opponent:
    """Another team at the table of one of a player's games, as it ended (or stands)."""

    name: str
    players: tuple[str, ...]
    points: int

    @property
    def named(self) -> str:
        """The team as a league player knows it: by its players ("Cy & Di"), the names a
        league keeps (a team's name is often only "Team 2"); by its name when nobody at it
        is named.

        >>> Opponent("Team 2", ("Cy", "Di"), 0).named, Opponent("Foxes", (), 0).named
        ('Cy & Di', 'Foxes')
        """
        return " & ".join(self.players) or self.name


@dataclass(frozen=True)
class PlayedGame:
    """One of a player's league games, as it ended (or stands) for their team."""

    game_id: str
    played_at: datetime
    status: str
    partners: tuple[str, ...]
    points: int
    #: The best total of the other teams, once the game is finished.
    best_other: int | None
    outcome: Outcome | None
    #: The other teams at the table, in their seats' order.
    opponents: tuple[Opponent, ...] = ()


@dataclass(frozen=True)
class PlayerHistory:
    """A league player's games, oldest first, with their standing."""

    league: LeagueView
    player_id: int
    name: str
    games: tuple[PlayedGame, ...]
    standing: Standing | None

    @property
    def results(self) -> tuple[PlayedGame, ...]:
        """The finished games only, oldest first: what the chart shows."""
        return tuple(game for game in self.games if game.outcome is not None)


def player_history(league_id: str, player_id: int) -> PlayerHistory:
    """A league player's games, oldest first: their partners, the other teams, every team's
    points and how each game ended.

    Raises LeagueNotFound for an unknown league, or a player who is not on its roster.
    """
    league = get_league(league_id)
    player = roster_player(league.id, player_id)
    points = (select(func.coalesce(func.sum(TallyRecord.total), 0))
              .join(Round, Round.id == TallyRecord.round_id)
              .where(Round.game_id == Team.game_id, TallyRecord.team_position == Team.position)
              .scalar_subquery())
    other_team, other_result = aliased(Team), aliased(LeagueTeam)
    best_other = (select(func.max(other_result.total))
                  .join(other_team, other_team.id == other_result.team_id)
                  .where(other_team.game_id == Team.game_id, other_team.id != Team.id)
                  .scalar_subquery())
    rows = db.session.execute(
        select(Team.id, Team.game_id, Game.created_at, Game.status, LeagueTeam.outcome,
               points.label("points"), best_other.label("best_other"))
        .join(LeagueSeat, LeagueSeat.team_id == Team.id)
        .join(LeagueTeam, LeagueTeam.team_id == Team.id)
        .join(Game, Game.id == Team.game_id)
        .where(LeagueSeat.league_player_id == player.id)
        .order_by(Game.created_at, Game.id)
    ).all()
    partners = _partners(player.id)
    opponents = _opponents(player.id, points)
    games = tuple(
        PlayedGame(game_id=row.game_id, played_at=utc(row.created_at), status=row.status,
                   partners=partners.get(row.id, ()), points=row.points,
                   best_other=row.best_other,
                   outcome=Outcome(row.outcome) if row.outcome is not None else None,
                   opponents=opponents.get(row.game_id, ()))
        for row in rows
    )
    return PlayerHistory(league=league, player_id=player.id, name=player.name, games=games,
                         standing=player_standing(league.id, player.id))


def _partners(player_id: int) -> dict[int, tuple[str, ...]]:
    """The names of the player's partners, in seat order, by team id."""
    mine = select(LeagueSeat.team_id).where(LeagueSeat.league_player_id == player_id)
    partners: dict[int, tuple[str, ...]] = {}
    for team_id, name in db.session.execute(
        select(Player.team_id, Player.name)
        .where(Player.team_id.in_(mine))
        .join(LeagueSeat, LeagueSeat.player_id == Player.id)
        .where(LeagueSeat.league_player_id != player_id)
        .order_by(Player.team_id, Player.position)
    ):
        partners[team_id] = (*partners.get(team_id, ()), name)
    return partners


def _opponents(player_id: int, points: ScalarSelect[int]) -> dict[str, tuple[Opponent, ...]]:
    """The other teams of each of the player's games, in seat order, by game id: two
    queries, whatever the number of games."""
    mine = select(LeagueSeat.team_id).where(LeagueSeat.league_player_id == player_id)
    others = (Team.game_id.in_(select(Team.game_id).where(Team.id.in_(mine))),
              Team.id.not_in(mine))
    teams = db.session.execute(
        select(Team.id, Team.game_id, Team.name, points.label("points"))
        .where(*others).order_by(Team.game_id, Team.position)
    ).all()
    players: dict[int, list[str]] = {}
    for team_id, name in db.session.execute(
        select(Player.team_id, Player.name)
        .where(Player.team_id.in_(select(Team.id).where(*others)))
        .order_by(Player.team_id, Player.position)
    ):
        players.setdefault(team_id, []).append(name)
    found: dict[str, tuple[Opponent, ...]] = {}
    for team in teams:
        found[team.game_id] = (*found.get(team.game_id, ()), Opponent(
            team.name, tuple(players.get(team.id, ())), team.points))
    return found
