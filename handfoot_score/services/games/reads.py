"""Reading games: one game, the games in play, and a game locked for a write: as a loaded
``Game`` (``locked_game``) or, for a write made with plain statements, as its rows
(``locked_rows``); either is read once the lock is held."""

from __future__ import annotations

from sqlalchemy import select

from handfoot_score.extensions import db
from handfoot_score.models import Game, GameStatus

from ..locking import lock_game, lock_game_row
from .errors import GameNotFound
from .records import WHOLE_GAME, state_of
from .rows import GameRows, game_rows
from .state import GameState


def get_game(game_id: str) -> GameState:
    """The game with this id, read in two queries; raises GameNotFound."""
    rows = game_rows(game_id) if isinstance(game_id, str) else None
    if rows is None:
        raise GameNotFound(game_id)
    return state_of(rows)


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


def locked_rows(game_id: str) -> GameRows:
    """The game's rows (``rows.game_rows``, two queries, no ORM), its row locked for this
    write transaction and read after the lock; raises GameNotFound."""
    rows = game_rows(game_id) if lock_game_row(game_id) else None
    if rows is None:
        raise GameNotFound(game_id)
    return rows


def commit_write(game: Game) -> GameState:
    """Commit the write to a locked game; the game as this write left it, even if another
    write follows at once."""
    db.session.flush()
    state = state_of(game)
    db.session.commit()
    return state
