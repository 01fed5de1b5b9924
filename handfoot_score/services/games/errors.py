"""What can go wrong with a game as it stands: no such game, or a write that no longer fits."""

from __future__ import annotations

from typing import Any


class GameNotFound(LookupError):
    """No game has this id."""


class GameConflict(Exception):
    """A write that does not fit the game as it now stands (409): a stale version, a round
    that is not the next one, a game that is over.

    ``current`` holds what another phone stored meanwhile, where a stale version was the
    reason, so the page and the API can show it and let the user re-apply their own.
    """

    def __init__(self, message: str, field: str | None = None,
                 current: dict[str, Any] | None = None) -> None:
        self.message = message
        self.field = field
        self.current = current
        super().__init__(message)
