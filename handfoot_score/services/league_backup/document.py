"""What a league document is: its format, how big it may be, and what it can hold wrong."""

from __future__ import annotations

from handfoot_score.engine.errors import EngineError

from ..leagues import MAX_ROSTER_PLAYERS as MAX_ROSTER_PLAYERS
from ..locking import DatabaseBusy
from ..words import gettext

FORMAT = "handfoot_score.league"
#: Version 2 added a league's seasons and a game's notes, both optional: a file of version
#: 1 imports as a league without seasons whose games have no notes.
VERSION = 2
READ_VERSIONS = (1, 2)
#: A season of thousands of games fits; anything bigger is refused before it is read.
MAX_DOCUMENT_BYTES = 16 * 1024 * 1024
#: What the restore page's form adds to its file: boundaries, each part's headers (the file's
#: name among them), the CSRF token and the edit code. The page takes every file the API does.
FORM_BYTES = 64 * 1024
MAX_GAMES = 10_000
#: A league holds as many rule sets as its games bring: each game may be played under rules
#: of its own. (Its roster is bounded where players join it.)
MAX_RULE_SETS = MAX_GAMES
#: A hostile document could hold a mistake in every game; the first ones are enough to fix.
MAX_PROBLEMS = 50
#: A saved count's version goes up by one a save: no table saves a million times.
MAX_COUNT_VERSION = 1_000_000

DOCUMENT_KEYS = ("format", "version", "name", "created_at", "rules", "players", "games")
#: A league's seasons, oldest first: ``[{"name", "starts_on"}]`` (version 2).
SEASON_KEYS = ("name", "starts_on")
GAME_KEYS = ("played_at", "status", "rules", "first_dealer", "teams", "rounds")
#: What a game may have besides (version 2): its season's place in ``seasons``, its notes.
GAME_EXTRA_KEYS = ("season", "note", "place", "played_on")
#: A club starts a season a month or so: a league's seasons over many years.
MAX_SEASONS = 1_000
#: A game in play also has these: its teams' book and red-three taps, and the counts saved
#: of its round (a file from before red threes were tapped has none of those).
LIVE_KEYS = ("books", "red_threes_down", "counts")


class InvalidBackup(EngineError):
    """A league document that cannot be imported; each problem names where it is."""


class ImportUnderWay(DatabaseBusy):
    """Another league is being imported just now; nothing was stored (503)."""

    def __init__(self) -> None:
        super().__init__(gettext("Another league is being restored just now and this one was "
                                 "not: try again in a minute."))
