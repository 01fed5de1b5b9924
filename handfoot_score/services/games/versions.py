"""The counters a phone's write is based on, so that a write made on top of something older
than what is stored is refused rather than overwriting it unseen. Three of them:

- the **game version** (``Game.version``): moves on with every write to the game, whatever it
  changed; a page's live updates and Undo compare it, the API's ETag is it;
- a **round version** (``Round.version``): 1 when the round is recorded, one more each time it
  is corrected; a correction carries the one it started from;
- a **count version** (``TallyPart.version``): 1 when a team first saves its own count of the
  round being played, one more each time it saves it again; 0 means no count saved.

Every write moves the game version on here and nowhere else: ``game_changed``, on the loaded
``Game`` the write changes (its ``updated_at`` follows, as the model's ``onupdate``).
"""

from __future__ import annotations

from handfoot_score.storage.models import Game


def game_changed(game: Game) -> None:
    """Move the game version on by one: this write changed the game, so whatever a phone
    showed of it before is now stale."""
    game.version += 1
