"""How far a league's games have come: a few numbers that change whenever its standings, its
ratings or its players' pages can, so the pages answer 304 and the ratings are worked out
again only when they change."""

from __future__ import annotations

from sqlalchemy import bindparam, func, select

from handfoot_score.extensions import db
from handfoot_score.storage.models import (
    Game,
    GameStatus,
    League,
    LeagueGame,
    LeagueImport,
    Season,
)

#: What a league's page shows changes only with its games and its seasons: every write to a
#: game moves its version on, a new game adds one (and its players to the roster), a new
#: season starts, and nothing else of a league changes once it is stored. So the number of
#: its games, the sum of their versions and the number of its seasons change whenever the
#: standings can; one query, built once.
_STANDINGS_VERSION = (
    select(func.count(Game.id), func.coalesce(func.sum(Game.version), 0),
           select(func.count(Season.id)).where(Season.league_id == League.id)
           .scalar_subquery())
    .select_from(League)
    .outerjoin(LeagueGame, LeagueGame.league_id == League.id)
    .outerjoin(Game, Game.id == LeagueGame.game_id)
    .where(League.id == bindparam("league_id"),
           League.id.not_in(select(LeagueImport.league_id)))
    .group_by(League.id))


def standings_version(league_id: str) -> tuple[int, int, int] | None:
    """What the league's standings are as of now, as three numbers that change whenever
    they can (its games, the sum of their versions, its seasons); None if there is no such
    league, or it is still being imported."""
    if not isinstance(league_id, str):
        return None
    row = db.session.execute(_STANDINGS_VERSION, {"league_id": league_id}).first()
    return None if row is None else (int(row[0]), int(row[1]), int(row[2]))


#: The same over the league's finished games alone: what its ratings rest on. A round of a
#: game in play leaves it, so the ratings are not worked out again at every round.
_FINISHED_VERSION = (
    select(func.count(Game.id), func.coalesce(func.sum(Game.version), 0))
    .select_from(League)
    .outerjoin(LeagueGame, LeagueGame.league_id == League.id)
    .outerjoin(Game, (Game.id == LeagueGame.game_id) & (Game.status == GameStatus.FINISHED))
    .where(League.id == bindparam("league_id"),
           League.id.not_in(select(LeagueImport.league_id)))
    .group_by(League.id))


def finished_version(league_id: str) -> tuple[int, int] | None:
    """What the league's finished games are as of now: their number and the sum of their
    versions, which change whenever a game finishes, is corrected or taken back; None if
    there is no such league, or it is still being imported."""
    if not isinstance(league_id, str):
        return None
    row = db.session.execute(_FINISHED_VERSION, {"league_id": league_id}).first()
    return None if row is None else (int(row[0]), int(row[1]))
