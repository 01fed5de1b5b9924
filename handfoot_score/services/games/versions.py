"""The counters a phone's write is based on, so that a write made on top of something older
than what is stored is refused rather than overwriting it unseen. Three of them:

- the **game version** (``Game.version``): moves on with every write to the game, whatever it
  changed; a page's live updates and Undo compare it, the API's ETag is it;
- a **round version** (``Round.version``): 1 when the round is recorded, one more each time it
  is corrected; a correction carries the one it started from;
- a **count version** (``TallyPart.version``): 1 when a team first saves its own count of the
  round being played, one more each time it saves it again; 0 means no count saved.

Every write moves the game version on here and nowhere else: ``game_changed`` for a write
made through a loaded ``Game``, ``game_row_changed`` for one made with plain statements on the
game's rows (recording a round, saving a team's count).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, update

from handfoot_score.extensions import db
from handfoot_score.models import Game

_GAMES = Game.__table__
#: Built once: the columns named in what it is executed with are set too.
_CHANGED = (update(_GAMES).where(_GAMES.c.id == bindparam("game"))
            .values(version=_GAMES.c.version + 1))


def game_changed(game: Game) -> None:
    """Move the game version on by one: this write changed the game, so whatever a phone
    showed of it before is now stale."""
    game.version += 1


def game_row_changed(game_id: str, **changes: Any) -> datetime:
    """Move the stored game's version on by one, as ``game_changed`` does, in an UPDATE of its
    row that also sets ``changes`` (its status, say); when it changed (its ``updated_at``)."""
    result = db.session.connection().execute(_CHANGED, {"game": game_id, **changes})
    changed = result.last_updated_params()
    assert isinstance(changed, dict)
    moment: datetime = changed["updated_at"]
    return moment
