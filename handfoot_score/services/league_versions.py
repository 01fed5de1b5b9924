"""How far a league's games have come: a few numbers that change whenever its standings, its
ratings or its players' pages can, so the pages answer 304 and the ratings are worked out
again only when they change."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, Select, bindparam, func, select, true

from handfoot_score.extensions import db
from handfoot_score.services.leagues import LeagueNotFound
from handfoot_score.storage.models import (
    Game,
    GameStatus,
    League,
    LeagueGame,
    LeagueImport,
    Season,
)


def _version_of(counted: ColumnElement[bool], *more: Any) -> Select[Any]:
    """The number and the sum of the versions of a league's games that ``counted`` keeps,
    and ``more``: one row for a league, none for no such league or one being imported."""
    return (
        select(func.count(Game.id), func.coalesce(func.sum(Game.version), 0), *more)
        .select_from(League)
        .outerjoin(LeagueGame, LeagueGame.league_id == League.id)
        .outerjoin(Game, (Game.id == LeagueGame.game_id) & counted)
        .where(League.id == bindparam("league_id"),
               League.id.not_in(select(LeagueImport.league_id)))
        .group_by(League.id))


def _numbers(query: Select[Any], league_id: str) -> list[int] | None:
    """The numbers ``query`` gives for the league, or None for no such league."""
    if not isinstance(league_id, str):
        return None
    row = db.session.execute(query, {"league_id": league_id}).first()
    return None if row is None else [int(value) for value in row]


#: What a league's page shows changes only with its games and its seasons: every write to a
#: game moves its version on, a new game adds one (and its players to the roster), a new
#: season starts, and nothing else of a league changes once it is stored. So the number of
#: its games, the sum of their versions and the number of its seasons change whenever the
#: standings can; one query, built once.
_STANDINGS_VERSION = _version_of(
    true(), select(func.count(Season.id)).where(Season.league_id == League.id)
    .scalar_subquery())


def standings_version(league_id: str) -> tuple[int, int, int]:
    """What the league's standings are as of now, as three numbers that change whenever
    they can (its games, the sum of their versions, its seasons); LeagueNotFound if there
    is no such league, or it is still being imported."""
    numbers = _numbers(_STANDINGS_VERSION, league_id)
    if numbers is None:
        raise LeagueNotFound(league_id)
    return numbers[0], numbers[1], numbers[2]


#: The same over the league's finished games alone: what its ratings rest on. A round of a
#: game in play leaves it, so the ratings are not worked out again at every round.
_FINISHED_VERSION = _version_of(Game.status == GameStatus.FINISHED)


def finished_version(league_id: str) -> tuple[int, int] | None:
    """What the league's finished games are as of now: their number and the sum of their
    versions, which change whenever a game finishes, is corrected or taken back; None if
    there is no such league, or it is still being imported."""
    numbers = _numbers(_FINISHED_VERSION, league_id)
    return None if numbers is None else (numbers[0], numbers[1])
