"""Counting a round team by team: each team saves its own count from its own phone, and the
round is recorded the moment the last team's count is in.

A saved count carries its count version, as a recorded round does its round version: a phone
saves on top of the count version it showed, and a save on top of an older one is refused
with the newer count, so nobody's count is overwritten unseen. The round is recorded through
``games.add_round`` with a request key made from the round's number, the one way a round is
recorded, so it cannot be recorded twice.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import bindparam, insert, update

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.extensions import db
from handfoot_score.models import TallyPart

from . import games
from .errors import InvalidInput
from .games import GameConflict, GameState, SavedCount, StaleRound, StaleTeamCount
from .games.reads import locked_rows
from .games.records import state_of
from .games.rounds import add_round
from .games.rows import GameRows, PartRow
from .games.versions import game_row_changed
from .locking import write_transaction
from .tallies import EnteredTally, read_entered
from .words import gettext

_PARTS = TallyPart.__table__
#: Built once: a team's count of a round stored, the first time and again.
_SAVE = insert(_PARTS).values(game_id=bindparam("game"), round_number=bindparam("round"),
                              team_position=bindparam("team"), data=bindparam("tally"),
                              version=bindparam("version"))
_SAVE_AGAIN = (update(_PARTS)
               .where(_PARTS.c.game_id == bindparam("game"),
                      _PARTS.c.round_number == bindparam("round"),
                      _PARTS.c.team_position == bindparam("team"))
               .values(data=bindparam("tally"), version=bindparam("version")))


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
def save_part(game_id: str, number: int, team: int, tally: EnteredTally,
              based_on: int) -> tuple[GameState, bool]:
    """Save one team's count of the round being played; returns the game and whether this
    count was the last one in, so the round is now recorded.

    ``based_on`` is the count version of the team's saved count the phone showed, 0 for none
    (``read_count_version``). The count is checked on its own at once; the checks across
    teams (only one team goes out, no more cards than the decks hold) run when the last count
    comes in, and refuse that one if they fail, saving nothing. Like a whole round, it locks
    the game's row and reads its rows after the lock, and writes plain statements.
    """
    rows = locked_rows(game_id)
    state = state_of(rows)
    _require_round_being_counted(state, number)
    if type(team) is not int or not 0 <= team < len(state.teams):
        raise InvalidInput(Problem("team", N_("no such team")))
    saved = state.part(team)
    now = saved.version if saved else 0
    if based_on != now:
        name = state.teams[team].name
        raise StaleTeamCount(
            gettext("%(name)s's count was saved on another phone meanwhile: look at it, then "
                    "save again to put yours in its place.", name=name), "version",
            SavedCount(team, now, saved.tally if saved else None))
    games.check_team_tally(state, number, team, tally)
    counted = {part.team: part.tally for part in state.parts} | {team: tally.as_entered}
    last_in = len(counted) == len(state.teams)
    if last_in:
        # The other teams' counts as saved, each read when it was saved; recording the
        # round clears them all, this one with them.
        tallies = read_entered([counted[t.position] for t in state.teams])
        stored = add_round(rows, state, tallies, request_key(number))
    else:
        stored = _store(rows, number, team, tally.as_entered, now + 1)
    db.session.commit()
    return state_of(stored), last_in


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


def _store(rows: GameRows, number: int, team: int, tally: dict[str, Any],
           version: int) -> GameRows:
    """Store a team's count of round ``number`` as count ``version``, in place of the one it
    saved before if any, uncommitted; the game's rows as this write leaves them."""
    # Count version 1 is the team's first count of the round; a later one takes its place.
    db.session.execute(_SAVE_AGAIN if version > 1 else _SAVE, {
        "game": rows.id, "round": number, "team": team, "tally": tally, "version": version})
    changed_at = game_row_changed(rows.id)
    parts = [p for p in rows.parts if not (p.round_number == number and p.team_position == team)]
    parts.append(PartRow(number, team, version, tally))
    return replace(rows, version=rows.version + 1, updated_at=changed_at,
                   parts=tuple(sorted(parts, key=lambda p: (p.team_position, p.round_number))))
