"""Reading games: one game, the games in play, and a game locked for a write, read once the
lock is held. Each is a ``Game`` loaded through the ORM and mapped to its state by
``records.state_of``."""

from __future__ import annotations

from sqlalchemy import select

from handfoot_score.extensions import db
from handfoot_score.storage.models import Game, GameStatus

from ..locking import lock_game
from .errors import GameNotFound
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


def locked_game(game_id: str) -> tuple[Game, GameState]:
    """The game, its row locked for this write transaction, and its state; raises
    GameNotFound."""
    game = lock_game(game_id, WHOLE_GAME)
    if game is None:
        raise GameNotFound(game_id)
    return game, state_of(game)


def commit_write(game: Game) -> GameState:
    """Commit the write to a locked game; the game as this write left it, even if another
    write follows at once. Raises IntegrityError, nothing stored, if a row it adds clashes
    with one stored meanwhile."""
    db.session.flush()
    state = state_of(game)
    db.session.commit()
    return state
