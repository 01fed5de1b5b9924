"""Reading games: one game, and the games in play. Each is a ``Game`` loaded through the ORM
and mapped to its state by ``records.state_of``; a game read for a write is read by its
unit of work (``writes.game_write``), once the lock is held."""

from __future__ import annotations

from sqlalchemy import select

from handfoot_score.extensions import db
from handfoot_score.storage.models import Game, GameStatus

from .records import WHOLE_GAME, load, state_of
from .state import GameState


def get_game(game_id: str) -> GameState:
    """The game with this id, read in two queries; raises GameNotFound."""
    return state_of(load(game_id))


def games_in_play(limit: int = 20) -> list[GameState]:
    """Unfinished games, the most recently played first, to resume from the home page."""
    query = (select(Game).where(Game.status == GameStatus.PLAYING)
             .order_by(Game.updated_at.desc()).limit(limit).options(*WHOLE_GAME))
    return [state_of(game) for game in db.session.scalars(query).unique()]
