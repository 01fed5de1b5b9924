"""What can go wrong with a game as it stands: no such game, or a write that no longer fits.

A write refused because another phone changed the same thing meanwhile says what that phone
stored, each kind of change in its own type, so the page and the API each show it one way:

- ``StaleRound``: a round was corrected, or recorded, meanwhile (its round version, tallies);
- ``StaleTeamCount`` and ``StaleTeamCounts``: teams saved their own counts meanwhile;
- ``StaleBookCount``: a team's count of one kind of book was tapped meanwhile;
- ``StaleRedThreeCount``: a team's count of red threes laid down was tapped meanwhile;
- ``StaleGame``: anything at all was entered meanwhile (the game's version moved on).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from handfoot_score.engine.errors import N_
from handfoot_score.engine.tally import Tally

from ..errors import NotFound
from ..tallies import tally_json


class GameNotFound(NotFound):
    """No game has this id."""

    message = N_("There is no game at this address.")


class GameConflict(Exception):
    """A write that does not fit the game as it now stands (409): a round that is not the
    next one, a game that is over; a stale version is one of the subclasses below.

    ``message`` is said to the user as it is; ``field`` names what the write got wrong.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        self.message = message
        self.field = field
        super().__init__(message)

    def current_data(self) -> dict[str, Any] | None:
        """What another phone stored meanwhile, as the JSON API's ``current`` shows it; None
        when the refusal is not about a change made meanwhile."""
        return None


class StaleRound(GameConflict):
    """A round was corrected or recorded on another phone meanwhile: it as stored now."""

    def __init__(self, message: str, field: str, *, number: int, version: int,
                 tallies: tuple[Tally, ...]) -> None:
        super().__init__(message, field)
        self.number = number
        #: The round version: how many times the round was stored, first time included.
        self.version = version
        self.tallies = tallies

    def current_data(self) -> dict[str, Any]:
        """``{"round", "version", "teams": [tally, ...]}``."""
        return {"round": self.number, "version": self.version,
                "teams": [tally_json(tally) for tally in self.tallies]}


@dataclass(frozen=True)
class SavedCount:
    """A team's own count of the round being played as saved now: its count version (0 and
    no tally when none is saved)."""

    team: int
    version: int
    tally: Tally | None

    def as_data(self) -> dict[str, Any]:
        """``{"team", "version", "tally"}``, as the JSON API shows a saved count."""
        return {"team": self.team, "version": self.version,
                "tally": None if self.tally is None else tally_json(self.tally)}


class StaleTeamCounts(GameConflict):
    """Teams saved their own counts on another phone since the submitter looked."""

    def __init__(self, message: str, field: str, counts: tuple[SavedCount, ...]) -> None:
        super().__init__(message, field)
        self.counts = counts

    def current_data(self) -> dict[str, Any]:
        """``{"parts": [saved count, ...]}``."""
        return {"parts": [count.as_data() for count in self.counts]}


class StaleTeamCount(StaleTeamCounts):
    """One team's own count was saved on another phone since this phone showed it: the
    one saved count, shown as the others are."""

    def __init__(self, message: str, field: str, count: SavedCount) -> None:
        super().__init__(message, field, (count,))

    def current_data(self) -> dict[str, Any]:
        """The saved count itself, ``{"team", "version", "tally"}``."""
        return self.counts[0].as_data()


class StaleBookCount(GameConflict):
    """A team's count of one kind of book was changed on another phone since this one
    showed it: the count as it is now."""

    def __init__(self, message: str, field: str, *, team: int, kind: str, count: int) -> None:
        super().__init__(message, field)
        self.team = team
        self.kind = kind
        self.count = count

    def current_data(self) -> dict[str, Any]:
        """``{"team", "kind", "count"}``."""
        return {"team": self.team, "kind": self.kind, "count": self.count}


class StaleRedThreeCount(GameConflict):
    """A team's count of red threes laid down was changed on another phone since this one
    showed it: the count as it is now."""

    def __init__(self, message: str, field: str, *, team: int, count: int) -> None:
        super().__init__(message, field)
        self.team = team
        self.count = count

    def current_data(self) -> dict[str, Any]:
        """``{"team", "count"}``."""
        return {"team": self.team, "count": self.count}


class StaleGame(GameConflict):
    """Something was entered on another phone since this one looked: the game version now."""

    def __init__(self, message: str, field: str, *, version: int) -> None:
        super().__init__(message, field)
        self.version = version

    def current_data(self) -> dict[str, Any]:
        """``{"version"}``: the game version as it is now."""
        return {"version": self.version}
