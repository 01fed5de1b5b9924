"""League standings: a read-only question answered by SQL aggregation.

Only finished games count. A team's points in a game are the sum of its round totals; the
strictly highest total wins, a shared highest total is a tie for those teams, and every
other team loses. A player's figures are their team's; a partnership is the set of league
players on a team (two or more), whoever else they played against.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from typing import Any

from sqlalchemy import bindparam, case, func, select

from handfoot_score.extensions import db
from handfoot_score.services.words import gettext
from handfoot_score.storage.models import (
    LeaguePlayer,
    LeagueSeat,
    LeagueTeam,
    SeasonGame,
    Team,
)

from .leagues import LeagueView, Outcome, get_league
from .ratings import START_RATING, ClubRatings, league_ratings
from .seasons import SeasonChoice, choose_season

ONE_PLACE = Decimal("0.1")


def in_tenths(amount: int, count: int) -> Decimal:
    """``amount / count`` to one decimal place, halves away from zero: the averages and
    percentages the standings and a player's page show.

    >>> in_tenths(200, 3), in_tenths(1, 20)
    (Decimal('66.7'), Decimal('0.1'))
    """
    return (Decimal(amount) / count).quantize(ONE_PLACE, ROUND_HALF_UP)


class Column(StrEnum):
    """A column the standings can be sorted by."""

    NAME = "name"
    RATING = "rating"
    GAMES = "games"
    WINS = "wins"
    TIES = "ties"
    LOSSES = "losses"
    POINTS = "points"
    AVG_POINTS = "avg_points"
    BEST = "best"
    WIN_PCT = "win_pct"


_COLUMN_NAMES = frozenset(column.value for column in Column)


@dataclass(frozen=True)
class Standing:
    """One line of the standings: a player or a partnership, over its finished games."""

    players: tuple[str, ...]
    player_ids: tuple[int, ...]
    games: int
    wins: int
    ties: int
    losses: int
    points: int
    best: int
    #: The club rating (``ratings``): the player's, or the partnership's own.
    rating: int = START_RATING

    @property
    def name(self) -> str:
        """The player's name, or the partners' names joined."""
        return " & ".join(self.players)

    @property
    def avg_points(self) -> Decimal:
        """Points per game, to one decimal place (halves away from zero)."""
        return in_tenths(self.points, self.games)

    @property
    def win_pct(self) -> Decimal:
        """Wins as a percentage of games, to one decimal place."""
        return in_tenths(100 * self.wins, self.games)


@dataclass(frozen=True)
class Standings:
    """A league's standings: its players and its partnerships, each in the order asked for."""

    league: LeagueView
    players: tuple[Standing, ...]
    teams: tuple[Standing, ...]
    sort: Column
    descending: bool
    #: The season they are of (or all time), and the league's seasons to choose another.
    seasons: SeasonChoice = SeasonChoice(None, ())


def league_standings(league_id: str, sort: str | None = None,
                     order: str | None = None, season: str | None = None) -> Standings:
    """The standings of a league, sorted by ``sort`` (a Column name; the rating by default),
    over the games of ``season`` (``seasons.choose_season``: by default the season being
    played, or all time in a league without seasons). The ratings carry across seasons: a
    player's rating is the one all the league's finished games give.

    Numbers sort highest first and names A to Z unless ``order`` is "asc" or "desc"; rows
    equal in that column come by wins, then points, then name. Anything else in ``sort`` or
    ``order`` is taken as not given. Raises LeagueNotFound, or InvalidInput naming
    ``season``.
    """
    league = get_league(league_id)
    chosen = choose_season(league.id, season)
    season_id = chosen.season_id
    column = Column(sort) if sort in _COLUMN_NAMES else Column.RATING
    descending = order == "desc" if order in ("asc", "desc") else column is not Column.NAME
    club = league_ratings(league.id)
    players = [replace(row, rating=club.of_player(row.player_ids[0]).rating)
               for row in _player_standings(league.id,
                                            names={p.id: p.name for p in league.players},
                                            season_id=season_id)]
    teams = [_rated_partnership(row, club)
             for row in _partnership_standings(league, season_id)]
    return Standings(league=league, players=_sorted(players, column, descending),
                     teams=_sorted(teams, column, descending), sort=column,
                     descending=descending, seasons=chosen)


def standings_csv(league_id: str, season: str | None = None) -> Iterator[str]:
    """The standings of ``season`` (as ``league_standings`` reads it) as CSV lines, most
    wins first: players first, then partnerships. The standings are read at once (raising
    as ``league_standings`` does), the lines written as they are asked for."""
    return _csv_lines(league_standings(league_id, sort=Column.WINS, season=season))


def _csv_lines(standings: Standings) -> Iterator[str]:
    writer = csv.writer(_Echo(), lineterminator="\r\n")
    # The spreadsheet's words are the reader's; its figures stay as a machine writes them.
    yield writer.writerow([gettext("kind"), gettext("name"), gettext("games"),
                           gettext("wins"), gettext("ties"), gettext("losses"),
                           gettext("points"), gettext("avg_points"), gettext("best_game"),
                           gettext("win_pct")])
    for kind, rows in ((gettext("player"), standings.players),
                       (gettext("partnership"), standings.teams)):
        for row in rows:
            yield writer.writerow([kind, _spreadsheet_safe(row.name), row.games, row.wins,
                                   row.ties, row.losses, row.points, row.avg_points,
                                   row.best, row.win_pct])


class _Echo:
    """A file whose ``write`` hands back what it is given: a csv writer's ``writerow`` then
    returns the line it wrote (the streaming recipe of Django's documentation)."""

    def write(self, line: str) -> str:
        return line


def player_standing(league_id: str, player_id: int, season_id: int | None = None
                    ) -> Standing | None:
    """One player's line (over one season's games if given), or None before their first
    finished game."""
    return next(iter(_player_standings(league_id, player_id, season_id=season_id)), None)


def _figures(outcome: Any, total: Any) -> list[Any]:
    """The aggregate columns of a standings line."""
    def count(kind: Outcome) -> Any:
        return func.sum(case((outcome == kind.value, 1), else_=0))

    return [func.count().label("games"), count(Outcome.WIN).label("wins"),
            count(Outcome.TIE).label("ties"), count(Outcome.LOSS).label("losses"),
            func.sum(total).label("points"), func.max(total).label("best")]


#: The aggregates, built once: a page only binds its league (and player, and season).
_PLAYER_LINES = (
    select(LeagueSeat.league_player_id, *_figures(LeagueSeat.outcome, LeagueSeat.total))
    .where(LeagueSeat.league_id == bindparam("league_id"), LeagueSeat.outcome.is_not(None))
    .group_by(LeagueSeat.league_player_id)
)
_ONE_PLAYER_LINE = _PLAYER_LINES.where(LeagueSeat.league_player_id == bindparam("player_id"))
_PARTNERSHIP_LINES = (
    select(LeagueTeam.partnership, *_figures(LeagueTeam.outcome, LeagueTeam.total))
    .where(LeagueTeam.league_id == bindparam("league_id"), LeagueTeam.outcome.is_not(None),
           LeagueTeam.partnership.contains("-"))
    .group_by(LeagueTeam.partnership)
)
#: The teams of one season's games.
_SEASON_TEAMS = (select(Team.id).join(SeasonGame, SeasonGame.game_id == Team.game_id)
                 .where(SeasonGame.season_id == bindparam("season_id")))
_SEASON_PLAYER_LINES = _PLAYER_LINES.where(LeagueSeat.team_id.in_(_SEASON_TEAMS))
_SEASON_PARTNERSHIP_LINES = _PARTNERSHIP_LINES.where(LeagueTeam.team_id.in_(_SEASON_TEAMS))
_SEASON_ONE_PLAYER_LINE = _ONE_PLAYER_LINE.where(LeagueSeat.team_id.in_(_SEASON_TEAMS))


def _player_standings(league_id: str, player_id: int | None = None,
                      names: Mapping[int, str] | None = None,
                      season_id: int | None = None) -> list[Standing]:
    """Every player's line (or one player's), over the games of a season if given: one
    aggregate over the league's seats. ``names`` are the roster's, when the caller has them
    already."""
    if player_id is not None:
        rows = db.session.execute(
            _ONE_PLAYER_LINE if season_id is None else _SEASON_ONE_PLAYER_LINE,
            {"league_id": league_id, "player_id": player_id, "season_id": season_id}).all()
    elif season_id is not None:
        rows = db.session.execute(_SEASON_PLAYER_LINES,
                                  {"league_id": league_id, "season_id": season_id}).all()
    else:
        rows = db.session.execute(_PLAYER_LINES, {"league_id": league_id}).all()
    if names is None:
        names = _roster_names(league_id)
    return [Standing(players=(names[row.league_player_id],),
                     player_ids=(row.league_player_id,), **_counts(row))
            for row in rows]


def _partnership_standings(league: LeagueView, season_id: int | None = None
                           ) -> list[Standing]:
    """Every partnership's line, over the games of a season if given: one aggregate over the
    league's teams of two or more."""
    names = {player.id: player.name for player in league.players}
    standings = []
    rows = db.session.execute(_PARTNERSHIP_LINES, {"league_id": league.id}) \
        if season_id is None else db.session.execute(
            _SEASON_PARTNERSHIP_LINES, {"league_id": league.id, "season_id": season_id})
    for row in rows:
        players = sorted((names[int(i)], int(i)) for i in row.partnership.split("-"))
        standings.append(Standing(players=tuple(name for name, _ in players),
                                  player_ids=tuple(i for _, i in players), **_counts(row)))
    return standings


def _rated_partnership(row: Standing, club: ClubRatings) -> Standing:
    skill = club.of_partnership(row.player_ids)
    return row if skill is None else replace(row, rating=skill.rating)


def _roster_names(league_id: str) -> dict[int, str]:
    return dict(db.session.execute(
        select(LeaguePlayer.id, LeaguePlayer.name).where(LeaguePlayer.league_id == league_id)
    ).all())


def _counts(row: Any) -> dict[str, int]:
    return {key: int(getattr(row, key))
            for key in ("games", "wins", "ties", "losses", "points", "best")}


def _default_order(row: Standing) -> tuple[Any, ...]:
    return (-row.wins, -row.points, row.name.casefold(), row.player_ids)


def _sorted(rows: Sequence[Standing], column: Column, descending: bool
            ) -> tuple[Standing, ...]:
    """Rows in the default order, then stably by ``column``."""
    ordered = sorted(rows, key=_default_order)
    if column is Column.NAME:
        return tuple(sorted(ordered, key=lambda s: s.name.casefold(), reverse=descending))
    return tuple(sorted(ordered, key=lambda s: getattr(s, column.value), reverse=descending))


def _spreadsheet_safe(text: str) -> str:
    """Text a spreadsheet will not run as a formula (a name may start with ``=``)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text

