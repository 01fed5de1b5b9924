"""Reading games: one game (or only its rules and team names), the games in play, and a game
locked for a write, read once the lock is held. Each is a ``Game`` loaded through the ORM and
mapped to its state by ``records.state_of``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from sqlalchemy import select

from handfoot_score.engine.rules import RuleSet
from handfoot_score.extensions import db
from handfoot_score.models import Game, GameStatus, Team

from ..locking import lock_game
from ..rules import stored_rules
from .errors import GameNotFound
from .records import WHOLE_GAME, load, state_of
from .state import GameState

#: Games whose rule set and team names are kept, the most recently read.
SHAPES_KEPT = 1024


@dataclass(frozen=True)
class GameShape:
    """What a game's count form is made of: its rule set and its teams' names, both fixed
    when the game was set up."""

    rules: RuleSet
    team_names: tuple[str, ...]


def get_game(game_id: str) -> GameState:
    """The game with this id, read in two queries; raises GameNotFound."""
    return state_of(load(game_id))


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
    """A game's shape, kept by its database (part of the key only) and id, read in one query;
    a game not found is not kept."""
    rows = db.session.execute(
        select(Game.rules_data, Team.name).join(Team.game).where(Game.id == game_id)
        .order_by(Team.position)).all()
    if not rows:
        raise GameNotFound(game_id)
    return GameShape(stored_rules(rows[0].rules_data), tuple(row.name for row in rows))


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
