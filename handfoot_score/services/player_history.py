"""A player's games in a league: a read-only question answered by plain queries, and what
they add up to: the player's round average, their best partner and the opponent they met
most, each with their record."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

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
    SeasonGame,
    TallyRecord,
    Team,
)

from .games.state import GameNotes
from .leagues import LeagueView, Outcome, get_league, roster_player, utc
from .ratings import Skill, league_ratings
from .seasons import ALL_TIME, SeasonChoice, choose_season
from .standings import Standing, in_tenths, player_standing


@dataclass(frozen=True)
class Record:
    """How a player's finished games with (or against) someone ended for the player."""

    name: str
    wins: int = 0
    ties: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        """The finished games counted."""
        return self.wins + self.ties + self.losses

    @property
    def win_pct(self) -> Decimal:
        """Wins as a percentage of games, to one decimal place.

        >>> Record("Bob", wins=2, losses=1).win_pct
        Decimal('66.7')
        """
        return in_tenths(100 * self.wins, self.games)

    def counted(self, outcome: Outcome) -> Record:
        """This record with one more game that ended so."""
        return Record(self.name, self.wins + (outcome is Outcome.WIN),
                      self.ties + (outcome is Outcome.TIE),
                      self.losses + (outcome is Outcome.LOSS))


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
class PlayerGame:
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
    notes: GameNotes = GameNotes()

    @property
    def day(self) -> date:
        """The day the game was played: the one the table wrote down, else the day it
        started (in UTC)."""
        return self.notes.played_on or self.played_at.date()


@dataclass(frozen=True)
class PlayerHistory:
    """A league player's games, oldest first, with their standing."""

    league: LeagueView
    player_id: int
    name: str
    games: tuple[PlayerGame, ...]
    standing: Standing | None
    #: The points the player's teams scored in the rounds of their finished games, and how
    #: many rounds those were.
    round_points: int = 0
    rounds: int = 0
    #: The season the games are of (or all time), and the league's seasons.
    seasons: SeasonChoice = SeasonChoice(None, ())
    #: The player's club rating after each of their finished games, oldest first: over all
    #: the league's games, whatever the season (the ratings carry across seasons).
    ratings: tuple[Skill, ...] = ()

    @property
    def results(self) -> tuple[PlayerGame, ...]:
        """The finished games only, oldest first: what the chart shows."""
        return tuple(game for game in self.games if game.outcome is not None)

    @property
    def round_average(self) -> Decimal | None:
        """Points per round of the finished games, to one decimal place; None before any."""
        if not self.rounds:
            return None
        return in_tenths(self.round_points, self.rounds)

    @property
    def best_partner(self) -> Record | None:
        """The partner the player did best with: the highest win rate over finished games
        together, then more games, more wins, fewer losses, then the name A to Z."""
        return _first(partner_records(self.results),
                      lambda r: (-r.win_pct, -r.games, -r.wins, r.losses, r.name.casefold()))

    @property
    def most_met_opponent(self) -> Record | None:
        """The player met most across the table in finished games, with the player's
        record against them: the most games, then the name A to Z."""
        return _first(opponent_records(self.results), lambda r: (-r.games, r.name.casefold()))


def partner_records(games: Iterable[PlayerGame]) -> tuple[Record, ...]:
    """The player's record with each partner, over the finished games among ``games``."""
    return _records((partner, game.outcome) for game in games if game.outcome is not None
                    for partner in game.partners)


def opponent_records(games: Iterable[PlayerGame]) -> tuple[Record, ...]:
    """The player's record against each player met across the table (a team with nobody
    named counts by its name), over the finished games among ``games``."""
    return _records((name, game.outcome) for game in games if game.outcome is not None
                    for team in game.opponents for name in (team.players or (team.name,)))


def _records(results: Iterable[tuple[str, Outcome | None]]) -> tuple[Record, ...]:
    records: dict[str, Record] = {}
    for name, outcome in results:
        if outcome is not None:
            records[name] = records.get(name, Record(name)).counted(outcome)
    return tuple(records.values())


def _first(records: tuple[Record, ...], key: Callable[[Record], Any]) -> Record | None:
    return min(records, key=key) if records else None


def player_history(league_id: str, player_id: int, season: str | None = ALL_TIME
                   ) -> PlayerHistory:
    """A league player's games, oldest first: their partners, the other teams, every team's
    points and how each game ended; all of them, or one season's (``season`` as
    ``seasons.choose_season`` reads it); and their club rating game by game.

    Raises LeagueNotFound for an unknown league, or a player who is not on its roster, or
    InvalidInput naming ``season``.
    """
    league = get_league(league_id)
    player = roster_player(league.id, player_id)
    chosen = choose_season(league.id, season)
    season_id = chosen.season_id
    in_season = (Team.game_id.in_(select(SeasonGame.game_id).where(
        SeasonGame.season_id == season_id)),) if season_id is not None else ()
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
               points.label("points"), best_other.label("best_other"), Game.note,
               Game.place, Game.played_on)
        .join(LeagueSeat, LeagueSeat.team_id == Team.id)
        .join(LeagueTeam, LeagueTeam.team_id == Team.id)
        .join(Game, Game.id == Team.game_id)
        .where(LeagueSeat.league_player_id == player.id, *in_season)
        .order_by(Game.created_at, Game.id)
    ).all()
    partners = _partners(player.id)
    opponents = _opponents(player.id, points)
    games = tuple(
        PlayerGame(game_id=row.game_id, played_at=utc(row.created_at), status=row.status,
                   partners=partners.get(row.id, ()), points=row.points,
                   best_other=row.best_other,
                   outcome=Outcome(row.outcome) if row.outcome is not None else None,
                   opponents=opponents.get(row.game_id, ()),
                   notes=GameNotes(row.note, row.place, row.played_on))
        for row in rows
    )
    round_points, rounds = db.session.execute(
        select(func.coalesce(func.sum(TallyRecord.total), 0), func.count(TallyRecord.id))
        .join(Round, Round.id == TallyRecord.round_id)
        .join(Team, (Team.game_id == Round.game_id)
              & (Team.position == TallyRecord.team_position))
        .join(LeagueSeat, LeagueSeat.team_id == Team.id)
        .where(LeagueSeat.league_player_id == player.id, LeagueSeat.outcome.is_not(None),
               *in_season)
    ).one()
    return PlayerHistory(league=league, player_id=player.id, name=player.name, games=games,
                         standing=player_standing(league.id, player.id, season_id),
                         round_points=int(round_points), rounds=int(rounds),
                         seasons=chosen,
                         ratings=league_ratings(league.id).history_of(player.id))


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
