"""The unit of work of a write to a game: ``with game_write(game_id) as write:``.

Every command that changes a game runs its change inside one: the unit begins the write
transaction and locks the game (``locking.lock_game``: writers to one game take turns),
loads the stored ``Game`` whole, once the lock is held, and builds its state once
(``write.game``, ``write.state``); the command checks what it must against the state and
changes the ``Game`` through the ORM; when the block ends the unit flushes (the game's
version moves on there if anything changed: ``versions``), builds the state the write left
once (``write.written``) and commits once. An error in the block leaves the unit without
committing; the command's ``locking.write_transaction`` rolls it back. A commit refused by
the unique indexes raises IntegrityError from the ``with``, nothing stored.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from handfoot_score.extensions import db
from handfoot_score.storage.models import Game

from ..locking import lock_game
from .errors import GameNotFound
from .records import WHOLE_GAME, state_of
from .state import GameState


class GameWrite:
    """One write to a game under its lock: the stored game to change, its state as read
    under the lock, and, once the write is committed, the state it left."""

    def __init__(self, game: Game, state: GameState) -> None:
        self.game = game
        self.state = state
        self._written: GameState | None = None

    @property
    def written(self) -> GameState:
        """The game as this write left it (even if another write follows at once); asked
        after the ``with`` block."""
        if self._written is None:
            raise RuntimeError("the write is not committed yet")
        return self._written

    def commit(self) -> None:
        """Flush what the write changed (the game's version moves on there), read the state
        it left, and commit."""
        db.session.flush()
        self._written = state_of(self.game)
        db.session.commit()


@contextmanager
def game_write(game_id: str) -> Iterator[GameWrite]:
    """Lock and load a game for a write, and commit what the block changed; raises
    GameNotFound if there is no such game."""
    game = lock_game(game_id, WHOLE_GAME)
    if game is None:
        raise GameNotFound(game_id)
    write = GameWrite(game, state_of(game))
    yield write
    write.commit()
