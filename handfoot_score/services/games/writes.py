"""The unit of work of a write to a game: ``with game_write(game_id) as write:``.

Every command that changes a game runs its change inside one: the unit begins the write
transaction and locks the game (``locking.lock_game``: writers to one game take turns),
loads the stored ``Game`` whole, once the lock is held, and builds its state once
(``write.game``, ``write.state``); the command checks what it must against the state and
changes the ``Game`` through the ORM; when the block ends the unit flushes (the game's
version moves on there if anything changed: below), builds the state the write left
once (``write.written``) and commits once. An error in the block leaves the unit without
committing; the command's ``locking.write_transaction`` rolls it back. A commit refused by
the unique indexes raises IntegrityError from the ``with``, nothing stored.

A phone's write names the counters it was based on, so that a write made on top of
something older than what is stored is refused rather than overwriting it unseen. There are
three counters:

- the **game version** (``Game.version``): moves on with every write to the game, whatever it
  changed; a page's live updates and Undo compare it, the API's ETag is it;
- a **round version** (``Round.version``): 1 when the round is recorded, one more each time it
  is corrected; a correction carries the one it started from;
- a **count version** (``TallyPart.version``): 1 when a team first saves its own count of the
  round being played, one more each time it saves it again; 0 means no count saved.

The game version is moved on here and nowhere else, by no command's hand: whenever the
session flushes a change to a stored game's rows (the game, its teams and their players, its
rounds and their tallies, its saved counts), ``_move_versions_on`` adds one to that game's
version, once per transaction however many times it flushes (``updated_at`` follows, as the
model's ``onupdate``). A write that changes nothing leaves the version as it was; a new game
starts at the model's default. So a command cannot forget it, and every page whose ETag is
the version follows every write.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session, SessionTransaction, UOWTransaction

from handfoot_score.extensions import db
from handfoot_score.storage.models import Game, Player, Round, TallyPart, TallyRecord, Team

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


#: Where a session keeps the ids of the games whose version this transaction moved on.
_MOVED = "games moved on"


def stored_game_of(row: object) -> Game | None:
    """The game a stored row belongs to (the game itself for a game), or None for a row of
    no game (a league's, say)."""
    if isinstance(row, Game):
        return row
    if isinstance(row, Team | Round | TallyPart):
        return row.game
    if isinstance(row, TallyRecord):
        return row.round.game if row.round is not None else None
    if isinstance(row, Player):
        return row.team.game if row.team is not None else None
    return None


@event.listens_for(Session, "before_flush")
def _move_versions_on(session: Session, _flush: UOWTransaction, _instances: Any) -> None:
    """Move on the version of every stored game this flush changes, if this transaction has
    not moved it on already."""
    moved: set[str] = session.info.setdefault(_MOVED, set())
    changed = [*session.new, *session.deleted,
               *(row for row in session.dirty if session.is_modified(row))]
    for row in changed:
        game = stored_game_of(row)
        if (game is None or game in session.new or game in session.deleted
                or game.id in moved):
            continue
        moved.add(game.id)
        game.version += 1


@event.listens_for(Session, "after_transaction_end")
def _forget_moved(session: Session, transaction: SessionTransaction) -> None:
    """A new transaction moves each game's version on afresh."""
    if transaction.parent is None:
        session.info.pop(_MOVED, None)
