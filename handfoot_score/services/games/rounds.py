"""Recording, correcting and previewing rounds.

Every write here is one transaction: it locks its game (``locking.lock_game``), so writers
to one game take turns, carries the version it was based on where another phone could have
changed the same thing (a correction its round version, a whole round the teams' count
versions), and moves the game version on (``versions.game_changed``).
"""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy.exc import IntegrityError

from handfoot_score.engine.errors import N_, EngineError, Problem
from handfoot_score.engine.scoring import TeamScore
from handfoot_score.extensions import db
from handfoot_score.models import Game, GameStatus, Round, TallyRecord

from .. import leagues
from ..errors import InvalidInput, require_keys
from ..locking import write_transaction
from ..typed_in import untypable
from ..words import gettext, names_list
from .access import require_edit_code
from .errors import GameConflict, SavedCount, StaleRound, StaleTeamCounts
from .reads import commit_write, get_game, locked_game
from .records import load, replace_tally, state_of, team_score
from .scoring import score_tallies
from .state import GameState
from .versions import game_changed


@write_transaction
def record_round(game_id: str, body: object) -> tuple[GameState, bool]:
    """Record the next round from every team's tally; returns the game and whether it is new.

    ``{"round"?, "teams": [tally, ...], "request_key"?, "part_versions"?}``. A request key
    already used answers with the game as it stands, so a double tap or a retry records one
    round. ``part_versions`` are the count versions of the teams' saved counts the submitter saw
    (0 for none): if a team saved its count since, the round is refused, so that count is
    not lost unseen.
    """
    data = require_keys(body, ("round", "teams", "request_key", "part_versions"),
                        required=("teams",))
    key = data.get("request_key")
    if key is not None and (not isinstance(key, str) or not 1 <= len(key) <= 64
                            or untypable(key) is not None):
        raise InvalidInput(Problem("request_key", N_("must be text of 1 to 64 characters, "
                                                     "no control characters")))
    game, state = locked_game(game_id)
    if key is not None and any(r.request_key == key for r in game.rounds):
        return state, False
    if state.current_round is None:
        raise GameConflict(gettext("The game is over: correct a round instead."), "round")
    number = state.current_round
    asked = data.get("round", number)
    if type(asked) is not int:
        raise InvalidInput(Problem("round", N_("must be a round number")))
    if asked != number:
        raise GameConflict(
            gettext("Round %(asked)s cannot be recorded now: the next round is %(number)s.",
                    asked=asked, number=number), "round")
    if "part_versions" in data:
        _require_part_versions(state, data["part_versions"])
    add_round(game, state, data["teams"], key)
    try:
        return commit_write(game), True
    except IntegrityError:
        db.session.rollback()
        return _retry_of_same_round(game_id, key, number)


def add_round(game: Game, state: GameState, teams: object, key: str | None) -> None:
    """Score the round being played from every team's tally and add it to the locked game,
    uncommitted: the one way a round is recorded, whole or team by team."""
    number = state.current_round
    assert number is not None
    rows = _score(state, number, teams)
    game.rounds.append(Round(number=number, request_key=key, tallies=rows))
    for team in game.teams:
        team.books_data = {}
    game.parts = [part for part in game.parts if part.round_number != number]
    if number == len(state.rules.rounds):
        game.status = GameStatus.FINISHED
        leagues.record_results(game)
    game_changed(game)


def check_team_tally(state: GameState, number: int, team: int, tally: object) -> None:
    """Raise InvalidTally (or InvalidInput) if one team's tally cannot be true on its own;
    the checks across teams wait until every team's tally is in."""
    try:
        score_tallies(state.rules, [state.teams[team].name], [state.totals_before(number)[team]],
                      number, [tally])
    except EngineError as error:
        raise type(error)([replace(p, team=team if p.team == 0 else p.team)
                           for p in error.problems]) from None


@write_transaction
def correct_round(game_id: str, number: int, body: object, *,
                  edit_code: str | None = None) -> GameState:
    """Replace a recorded round's tallies: ``{"teams": [...], "version"}``; totals follow.

    In a league with an edit code, ``edit_code`` must be its code.
    """
    data = require_keys(body, ("teams", "version"), required=("teams", "version"))
    game, state = locked_game(game_id)
    require_edit_code(game, edit_code)
    recorded = state.round(number)
    if data["version"] != recorded.version:
        raise StaleRound(
            gettext("Round %(number)s was changed meanwhile (now version %(version)s): "
                    "look at it again and re-apply your change.", number=number,
                    version=recorded.version), "version",
            number=number, version=recorded.version, tallies=recorded.tallies)
    rows = _score(state, number, data["teams"])
    stored = game.rounds[number - 1]
    for old, new in zip(stored.tallies, rows):
        replace_tally(old, new)
    stored.version += 1  # the round version: the next correction is based on this one
    game_changed(game)
    leagues.record_results(game)
    return commit_write(game)


def preview_round(game_id: str, number: int, teams: object) -> tuple[TeamScore, ...]:
    """Score a round's tallies without storing them (the live preview while counting)."""
    state = get_game(game_id)
    if not 1 <= number <= len(state.rounds) + (state.current_round is not None):
        raise GameConflict(gettext("Round %(number)s cannot be entered now.", number=number),
                           "round")
    entered = _score(state, number, teams)
    return tuple(team_score(row, team.name, minimum)
                 for row, team, minimum in zip(entered, state.teams,
                                               state.meld_minimums(number)))


def _require_part_versions(state: GameState, seen: object) -> None:
    """Refuse a whole round if a team saved its own count since the submitter looked."""
    if not isinstance(seen, list) or len(seen) != len(state.teams) or \
            any(type(version) is not int for version in seen):
        raise InvalidInput(Problem(
            "part_versions", N_("must list a version for each of the %(teams)s teams"),
            values={"teams": len(state.teams)}))
    changed = [part for part in state.parts if part.version != seen[part.team]]
    if changed:
        names = names_list([state.teams[part.team].name for part in changed])
        raise StaleTeamCounts(
            gettext("%(names)s saved their count on another phone meanwhile: look at it, then "
                    "save again to record the round with what you see.", names=names),
            "part_versions", tuple(SavedCount(p.team, p.version, p.tally) for p in changed))


def _score(state: GameState, number: int, teams: object) -> list[TallyRecord]:
    return score_tallies(state.rules, [team.name for team in state.teams],
                         state.totals_before(number), number, teams)


def _retry_of_same_round(game_id: str, key: str | None, number: int) -> tuple[GameState, bool]:
    game = load(game_id)
    if key is not None and any(r.request_key == key for r in game.rounds):
        return state_of(game), False
    raise GameConflict(gettext("Round %(number)s was recorded from another device just now.",
                               number=number), "round")
