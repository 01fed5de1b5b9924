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

from datetime import UTC, datetime

from sqlalchemy import bindparam, update

from handfoot_score.extensions import db
from handfoot_score.models import Game

_GAMES = Game.__table__
#: Built once: the game's version moved on, when it changed set, and (when a game ends) its
#: status.
_CHANGED = (update(_GAMES).where(_GAMES.c.id == bindparam("game"))
            .values(version=_GAMES.c.version + 1, updated_at=bindparam("changed_at")))
_CHANGED_STATUS = _CHANGED.values(status=bindparam("status"))


def game_changed(game: Game) -> None:
    """Move the game version on by one: this write changed the game, so whatever a phone
    showed of it before is now stale."""
    game.version += 1


def game_row_changed(game_id: str, status: str | None = None) -> datetime:
    """Move the stored game's version on by one, as ``game_changed`` does, in an UPDATE of its
    row in the request's session that also sets its ``status`` if given; when it changed (its
    ``updated_at``)."""
    moment = datetime.now(UTC)
    values = {"game": game_id, "changed_at": moment}
    if status is None:
        db.session.execute(_CHANGED, values)
    else:
        db.session.execute(_CHANGED_STATUS, values | {"status": status})
    return moment
