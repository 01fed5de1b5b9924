"""Games at the table: set-up, recording and correcting rounds, book taps, game over.

Every write is one transaction in the request's session, in the game's unit of work
(``writes.game_write``): it locks and loads its game, calls the engine, changes the loaded
``Game`` through the ORM and commits once. Writers to one game take turns; a write carries
the version it was based on where another phone could have changed the same thing, and the
game version moves on by itself with any change to the game's rows (``writes``: the game
version, a round version, a count version).

- ``state``: the read model (``GameState`` and its parts), totals asked of its score sheet;
- ``records``: the one mapping between the ORM's stored game and the engine's values, and
  the reads: a game, the games in play;
- ``writes``: the unit of work of a write, and the counters writes are based on;
- ``setup``, ``rounds``, ``play``: the commands, which take typed values: a ``GameSetup``
  (``read_setup``), tallies (``tallies.read_entered``), and what else a phone sends with a
  round (read in ``rounds``, which also scores a round's tallies, ready to store);
  ``access``: the league edit-code check; ``notes``: what a table writes down about a
  game; ``errors``: what the commands refuse with.
"""

from .errors import (
    GameConflict,
    GameNotFound,
    SavedCount,
    StaleBookCount,
    StaleGame,
    StaleRedThreeCount,
    StaleRound,
    StaleTeamCount,
    StaleTeamCounts,
)
from .notes import NOTE_KEYS, change_notes, read_notes
from .play import abandon_game, tap_book, tap_red_threes
from .records import games_in_play, get_game
from .rounds import (
    ROUND_TOTAL_MAX,
    add_round,
    check_team_tally,
    correct_round,
    preview_each_team,
    preview_round,
    read_count_versions,
    read_request_key,
    read_round_number,
    read_round_version,
    record_round,
)
from .setup import MAX_NAME, GameSetup, TeamSetup, create_game, play_again, read_setup
from .state import GameNotes, GameState, PartView, RoundView, TeamCount, TeamView

# Importing ``writes`` sets the game version moving on with every flushed change.
from .writes import GameWrite, game_write, stored_game_of

__all__ = [
    "MAX_NAME", "NOTE_KEYS", "ROUND_TOTAL_MAX", "GameConflict", "GameNotFound", "GameNotes",
    "GameSetup", "GameState", "PartView", "RoundView", "SavedCount", "StaleBookCount",
    "StaleGame", "StaleRedThreeCount", "StaleRound", "StaleTeamCount", "StaleTeamCounts",
    "TeamCount", "TeamSetup",
    "TeamView", "GameWrite", "abandon_game", "add_round", "change_notes", "check_team_tally",
    "correct_round", "create_game", "game_write", "games_in_play",
    "get_game", "play_again", "preview_each_team", "preview_round", "read_count_versions",
    "read_notes", "read_request_key", "read_round_number", "read_round_version",
    "read_setup", "record_round", "stored_game_of", "tap_book", "tap_red_threes",
]
