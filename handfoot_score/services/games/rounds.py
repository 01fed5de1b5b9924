"""Recording, correcting and previewing rounds.

Every write here is one transaction in the request's session: it locks its game, so writers
to one game take turns, carries the version it was based on where another phone could have
changed the same thing (a correction its round version, a whole round the teams' count
versions), and moves the game version on (``versions``). A correction locks and loads the
``Game`` (``reads.locked_game``) and writes through the ORM; recording a round, the write a
table makes most, locks the game's row and reads its rows after the lock
(``reads.locked_rows``), then writes them with Core statements (``add_round``): the round and
its tallies inserted, the teams' book taps and the round's saved counts cleared, the game's
status and version moved on in one UPDATE. A league game's last round also stores its league
results through the ORM (``leagues.record_results``), in the same transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime

from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from handfoot_score.engine.errors import N_, EngineError, Problem
from handfoot_score.engine.scoring import TeamScore
from handfoot_score.extensions import db
from handfoot_score.models import (
    Game,
    GameStatus,
    LeagueGame,
    Round,
    TallyPart,
    TallyRecord,
    Team,
)

from .. import leagues
from ..errors import InvalidInput
from ..locking import reloaded, write_transaction
from ..tallies import EnteredTally
from ..words import gettext, names_list
from .access import require_edit_code
from .errors import GameConflict, GameNotFound, SavedCount, StaleRound, StaleTeamCounts
from .reads import commit_write, get_game, locked_game, locked_rows
from .records import WHOLE_GAME, replace_tally, state_of, tally_values, team_score
from .rows import GameRows, RoundRow, TallyRow, game_rows
from .scoring import score_entered
from .state import GameState
from .versions import game_changed, game_row_changed

_ROUNDS, _TALLIES, _TEAMS = Round.__table__, TallyRecord.__table__, Team.__table__
_PARTS, _LEAGUE_GAMES = TallyPart.__table__, LeagueGame.__table__
#: A round's statements, built once (a round only binds its values): the round and its
#: tallies stored, the book taps of play and the teams' saved counts of the round cleared.
_ADD_ROUND = (insert(_ROUNDS).values(
    game_id=bindparam("game_id"), number=bindparam("number"), version=1,
    request_key=bindparam("request_key"), created_at=bindparam("moment"),
    updated_at=bindparam("moment")).returning(_ROUNDS.c.id))
_ADD_TALLIES = insert(_TALLIES).values(
    {column: bindparam(column.name) for column in _TALLIES.c if not column.primary_key})
_CLEAR_BOOKS = (update(_TEAMS).where(_TEAMS.c.game_id == bindparam("game"))
                .values(books_data={}))
_DROP_COUNTS = delete(_PARTS).where(_PARTS.c.game_id == bindparam("game"),
                                    _PARTS.c.round_number == bindparam("round"))
_LEAGUE_GAME = select(_LEAGUE_GAMES.c.game_id).where(_LEAGUE_GAMES.c.game_id == bindparam("game"))


@write_transaction
def record_round(game_id: str, tallies: Sequence[EnteredTally], *,
                 round_number: int | None = None, based_on: Sequence[int] | None = None,
                 request_key: str | None = None) -> tuple[GameState, bool]:
    """Record the next round from every team's tally; returns the game and whether it is new.

    ``round_number``, if given, must be the round being played. A ``request_key`` already
    used answers with the game as it stands, so a double tap or a retry records one round.
    ``based_on`` are the count versions of the teams' saved counts the submitter saw (0 for
    none): if a team saved its count since, the round is refused, so that count is not lost
    unseen. (``round_requests`` reads each of these from what a phone sends.)
    """
    try:
        recorded = _record_round(game_id, tallies, round_number, based_on, request_key)
        db.session.commit()
    except _RoundTaken as taken:
        db.session.rollback()
        return _retry_of_same_round(game_id, request_key, taken.number)
    return recorded


class _RoundTaken(Exception):
    """The round could not be stored: one of its number or request key is stored already."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


def _record_round(game_id: str, tallies: Sequence[EnteredTally], round_number: int | None,
                  based_on: Sequence[int] | None, request_key: str | None
                  ) -> tuple[GameState, bool]:
    """``record_round`` in this request's write transaction, begun here, uncommitted."""
    rows = locked_rows(game_id)
    state = state_of(rows)
    if request_key is not None and any(r.request_key == request_key for r in rows.rounds):
        return state, False
    if state.current_round is None:
        raise GameConflict(gettext("The game is over: correct a round instead."), "round")
    number = state.current_round
    if round_number is not None and round_number != number:
        raise GameConflict(
            gettext("Round %(asked)s cannot be recorded now: the next round is %(number)s.",
                    asked=round_number, number=number), "round")
    if based_on is not None:
        _require_part_versions(state, based_on)
    try:
        recorded = add_round(rows, state, tallies, request_key)
    except IntegrityError as error:
        raise _RoundTaken(number) from error
    return state_of(recorded), True


def add_round(rows: GameRows, state: GameState, tallies: Sequence[EnteredTally],
              key: str | None) -> GameRows:
    """Score the round being played from every team's tally and store it in the locked game
    (``rows``, read under the lock), uncommitted: the one way a round is recorded, whole or
    team by team. Returns the game's rows as this write leaves them. The last round of a
    league game also stores the league's results.

    Raises IntegrityError if a round of that number or key is stored already.
    """
    number = state.current_round
    assert number is not None
    finished = number == len(state.rules.rounds)
    scored = _score(state, number, tallies)
    moment = datetime.now(UTC)
    round_id = db.session.execute(_ADD_ROUND, {
        "game_id": rows.id, "number": number, "request_key": key, "moment": moment}
    ).scalar_one()
    db.session.execute(_ADD_TALLIES, [{"round_id": round_id, **tally_values(position, row)}
                                      for position, row in enumerate(scored)])
    if any(team.books_data for team in rows.teams):
        db.session.execute(_CLEAR_BOOKS, {"game": rows.id})
    if any(part.round_number == number for part in rows.parts):
        db.session.execute(_DROP_COUNTS, {"game": rows.id, "round": number})
    ended = GameStatus.FINISHED.value if finished else None
    # The status is written only when it changes: an UPDATE naming it rewrites its index.
    changed_at = game_row_changed(rows.id, ended)
    if finished and _in_league(rows.id):
        leagues.record_results(_loaded(rows.id))
    return replace(
        rows, status=ended or rows.status, version=rows.version + 1, updated_at=changed_at,
        teams=tuple(replace(team, books_data={}) for team in rows.teams),
        rounds=(*rows.rounds, RoundRow(number, 1, tuple(scored), key)),
        parts=tuple(part for part in rows.parts if part.round_number != number))


def check_team_tally(state: GameState, number: int, team: int, tally: EnteredTally) -> None:
    """Raise InvalidTally (or InvalidInput) if one team's tally cannot be true on its own;
    the checks across teams wait until every team's tally is in."""
    try:
        score_entered(state.rules, [state.teams[team].name], [state.totals_before(number)[team]],
                      number, [tally])
    except EngineError as error:
        raise type(error)([replace(p, team=team if p.team == 0 else p.team)
                           for p in error.problems]) from None


@write_transaction
def correct_round(game_id: str, number: int, tallies: Sequence[EnteredTally], *,
                  version: int, edit_code: str | None = None) -> GameState:
    """Replace a recorded round's tallies; totals follow. ``version`` is the round version
    the correction was based on: if the round was corrected since, it is refused.

    In a league with an edit code, ``edit_code`` must be its code.
    """
    game, state = locked_game(game_id)
    require_edit_code(game, edit_code)
    recorded = state.round(number)
    if version != recorded.version:
        raise StaleRound(
            gettext("Round %(number)s was changed meanwhile (now version %(version)s): "
                    "look at it again and re-apply your change.", number=number,
                    version=recorded.version), "version",
            number=number, version=recorded.version, tallies=recorded.tallies)
    rows = _score(state, number, tallies)
    stored = game.rounds[number - 1]
    for old, new in zip(stored.tallies, rows):
        replace_tally(old, new)
    stored.version += 1  # the round version: the next correction is based on this one
    game_changed(game)
    leagues.record_results(game)
    return commit_write(game)


def preview_round(game_id: str, number: int, tallies: Sequence[EnteredTally]
                  ) -> tuple[TeamScore, ...]:
    """Score a round's tallies without storing them (the live preview while counting)."""
    state = get_game(game_id)
    if not 1 <= number <= len(state.rounds) + (state.current_round is not None):
        raise GameConflict(gettext("Round %(number)s cannot be entered now.", number=number),
                           "round")
    entered = _score(state, number, tallies)
    return tuple(team_score(row, team.name, minimum)
                 for row, team, minimum in zip(entered, state.teams,
                                               state.meld_minimums(number)))


def _require_part_versions(state: GameState, seen: Sequence[int]) -> None:
    """Refuse a whole round if a team saved its own count since the submitter looked."""
    if len(seen) != len(state.teams):
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


def _score(state: GameState, number: int, tallies: Sequence[EnteredTally]
           ) -> list[TallyRow]:
    return score_entered(state.rules, [team.name for team in state.teams],
                         state.totals_before(number), number, tallies)


def _in_league(game_id: str) -> bool:
    """Whether the game is played in a league (whose standings keep its results)."""
    return db.session.execute(_LEAGUE_GAME, {"game": game_id}).first() is not None


def _loaded(game_id: str) -> Game:
    """The game loaded through the ORM as this write has left it so far (its new round
    included)."""
    game = reloaded(game_id, WHOLE_GAME)
    assert game is not None, "the game is locked by this write"
    return game


def _retry_of_same_round(game_id: str, key: str | None, number: int) -> tuple[GameState, bool]:
    rows = game_rows(game_id)
    if rows is None:
        raise GameNotFound(game_id)
    if key is not None and any(r.request_key == key for r in rows.rounds):
        return state_of(rows), False
    raise GameConflict(gettext("Round %(number)s was recorded from another device just now.",
                               number=number), "round")
