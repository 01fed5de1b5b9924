"""A league's games as the board and the printed report show them: the games in play, each
with its round and totals so far, and the finished games, the latest first. A read-only
question, answered by plain queries (as ``standings`` is)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, select

from handfoot_score.extensions import db
from handfoot_score.storage.models import Game, GameStatus, LeagueGame, SeasonGame

from .games import GameState
from .games.records import WHOLE_GAME, state_of
from .leagues import get_league

#: The most games in play a board shows: a club night's tables, with room to spare.
MOST_IN_PLAY = 24


def games_in_play(league_id: str, limit: int = MOST_IN_PLAY) -> list[GameState]:
    """The league's unfinished games, the longest running first (their order on a board
    stays put as rounds are recorded); raises LeagueNotFound."""
    return _games(league_id, GameStatus.PLAYING, Game.created_at.asc(), limit)


def finished_games(league_id: str, limit: int | None = None,
                   season_id: int | None = None) -> list[GameState]:
    """The league's finished games, the last finished first (all of them without
    ``limit``), of one season's if ``season_id`` is given; raises LeagueNotFound."""
    return _games(league_id, GameStatus.FINISHED, Game.updated_at.desc(), limit, season_id)


def _games(league_id: str, status: GameStatus, order: ColumnElement[Any],
           limit: int | None, season_id: int | None = None) -> list[GameState]:
    get_league(league_id)
    query = (select(Game).join(LeagueGame, LeagueGame.game_id == Game.id)
             .where(LeagueGame.league_id == league_id, Game.status == status)
             .order_by(order, Game.id).limit(limit).options(*WHOLE_GAME))
    if season_id is not None:
        query = query.join(SeasonGame, SeasonGame.game_id == Game.id).where(
            SeasonGame.season_id == season_id)
    return [state_of(game) for game in db.session.scalars(query).unique()]


def games_by_id(league_id: str, ids: Sequence[str]) -> dict[str, GameState]:
    """The league's games with these ids (a night's tables), by id; raises LeagueNotFound."""
    get_league(league_id)
    query = (select(Game).join(LeagueGame, LeagueGame.game_id == Game.id)
             .where(LeagueGame.league_id == league_id, Game.id.in_(ids))
             .options(*WHOLE_GAME))
    return {game.id: state_of(game) for game in db.session.scalars(query).unique()}
