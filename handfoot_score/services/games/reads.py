"""Reading games: one game (or only its rules and team names), the games in play, and a game
locked for a write: as a loaded ``Game`` (``locked_game``) or, for a write made with plain
statements, as its rows (``locked_rows``); either is read once the lock is held."""

from __future__ import annotations

from functools import lru_cache

from sqlalchemy import select

from handfoot_score.extensions import db
from handfoot_score.models import Game, GameStatus

from ..locking import lock_game, lock_game_row
from .errors import GameNotFound
from .records import WHOLE_GAME, state_of
from .rows import GameRows, GameShape, game_rows, game_shape
from .state import GameState

#: Games whose rule set and team names are kept, the most recently read.
SHAPES_KEPT = 1024


def get_game(game_id: str) -> GameState:
    """The game with this id, read in two queries; raises GameNotFound."""
    rows = game_rows(game_id) if isinstance(game_id, str) else None
    if rows is None:
        raise GameNotFound(game_id)
    return state_of(rows)


def get_game_shape(game_id: str) -> GameShape:
    """The rule set and team names of the game with this id: what a count form is read with
    before its save reads the game; raises GameNotFound.

    Both are fixed once a game is set up, and a game's id is never given to another, so they
    are kept once read (``SHAPES_KEPT`` games): the saves of a game's rounds after its first
    read nothing before the save's own read under the lock.
    """
    if not isinstance(game_id, str):
        raise GameNotFound(game_id)
    return _kept_shape(str(db.engine.url), game_id)


@lru_cache(maxsize=SHAPES_KEPT)
def _kept_shape(database: str, game_id: str) -> GameShape:
    """A game's shape, kept by its database (part of the key only) and id; a game not found
    is not kept."""
    shape = game_shape(game_id)
    if shape is None:
        raise GameNotFound(game_id)
    return shape


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
    request's write transaction, begun here, and read after the lock; raises GameNotFound."""
    if not isinstance(game_id, str):
        raise GameNotFound(game_id)
    lock_game_row(game_id)
    rows = game_rows(game_id)
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
