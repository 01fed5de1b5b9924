"""Counting a round team by team: each team saves its own count from its own phone, and the
round is recorded the moment the last team's count is in.

A saved count carries its count version, as a recorded round does its round version: a phone
saves on top of the count version it showed, and a save on top of an older one is refused
with the newer count, so nobody's count is overwritten unseen. The round is recorded through
``games.add_round`` with a request key made from the round's number, the one way a round is
recorded, so it cannot be recorded twice.
"""

from __future__ import annotations

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.engine.tally import Tally
from handfoot_score.storage.models import Game, TallyPart

from . import games
from .errors import InvalidInput
from .games import GameConflict, GameState, SavedCount, StaleRound, StaleTeamCount
from .games.rounds import add_round
from .games.writes import game_write
from .locking import write_transaction
from .tallies import tally_json
from .words import gettext


def request_key(number: int) -> str:
    """The request key of a round recorded from its teams' saved counts."""
    return f"parts-{number}"


def read_count_version(value: object, team: int) -> int:
    """The count version of ``team``'s saved count a phone based its own on, 0 for none, as
    the JSON API and the count page send it; raises InvalidInput naming ``version``."""
    if type(value) is not int or value < 0:
        raise InvalidInput(Problem(
            "version",
            N_("must be the version of the team's count you started from, 0 for none"), team))
    return value


@write_transaction
def save_part(game_id: str, number: int, team: int, tally: Tally,
              based_on: int) -> tuple[GameState, bool]:
    """Save one team's count of the round being played; returns the game and whether this
    count was the last one in, so the round is now recorded.

    ``based_on`` is the count version of the team's saved count the phone showed, 0 for none
    (``read_count_version``). The count is checked on its own at once; the checks across
    teams (only one team goes out, no more cards than the decks hold) run when the last count
    comes in, and refuse that one if they fail, saving nothing. Like a whole round, it is
    written in the game's unit of work (``games.writes``).
    """
    with game_write(game_id) as write:
        state = write.state
        _require_round_being_counted(state, number)
        if type(team) is not int or not 0 <= team < len(state.teams):
            raise InvalidInput(Problem("team", N_("no such team")))
        saved = state.part(team)
        now = saved.version if saved else 0
        if based_on != now:
            name = state.teams[team].name
            raise StaleTeamCount(
                gettext("The count for %(name)s was saved on another phone meanwhile: look "
                        "at it, then save again to put yours in its place.", name=name),
                "version", SavedCount(team, now, saved.tally if saved else None))
        games.check_team_tally(state, number, team, tally)
        counted = {part.team: part.tally for part in state.parts} | {team: tally}
        last_in = len(counted) == len(state.teams)
        if last_in:
            # The other teams' counts as saved; recording the round clears them all, this
            # one with them.
            add_round(write.game, state, [counted[t.position] for t in state.teams],
                      request_key(number))
        else:
            _store(write.game, number, team, tally, now + 1)
    return write.written, last_in


def _require_round_being_counted(state: GameState, number: int) -> None:
    current = state.current_round
    if current is None:
        raise GameConflict(gettext("The game is over: correct a round instead."), "round")
    if type(number) is not int or number > current:
        raise GameConflict(gettext("Round %(number)s cannot be counted now: round %(current)s "
                                   "is being played.", number=number, current=current),
                           "round")
    if number < current:
        recorded = state.round(number)
        raise StaleRound(
            gettext("Round %(number)s was recorded meanwhile: correct it on the scoreboard if "
                    "something is wrong.", number=number), "round",
            number=number, version=recorded.version, tallies=recorded.tallies)


def _store(game: Game, number: int, team: int, tally: Tally, version: int) -> None:
    """Store a team's count of round ``number`` as count ``version``, in place of the one it
    saved before if any, uncommitted."""
    saved = next((part for part in game.parts
                  if part.round_number == number and part.team_position == team), None)
    # Count version 1 is the team's first count of the round; a later one takes its place.
    if saved is None:
        game.parts.append(TallyPart(round_number=number, team_position=team,
                                    data=tally_json(tally), version=version))
    else:
        saved.data, saved.version = tally_json(tally), version
