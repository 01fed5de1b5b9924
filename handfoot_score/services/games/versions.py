"""The counters a phone's write is based on, so that a write made on top of something older
than what is stored is refused rather than overwriting it unseen. Three of them:

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

from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session, SessionTransaction, UOWTransaction

from handfoot_score.storage.models import Game, Player, Round, TallyPart, TallyRecord, Team

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
