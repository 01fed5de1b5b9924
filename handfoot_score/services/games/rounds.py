"""Recording, correcting and previewing rounds; scoring a round's tallies, ready to store;
reading what a phone sends with a round besides the tallies (``tallies.read_entered``): the
one reader of each field, for the JSON API and the count page alike, so the commands take
typed values and every mistake is named as it always was.

Every write here is one transaction in the request's session, written through the ORM: it
runs in the game's unit of work (``writes.game_write``), so writers to one game take turns,
and carries the version it was based on where another phone could have changed the same
thing (a correction its round version, a whole round the teams' count versions); the game
version moves on by itself (``writes``). A new round is added to the loaded ``Game`` by
``add_round``, the one way a round is recorded, whole or team by team; a correction changes
its tallies in place. A game's last round, or a correction of a finished game, also stores
its league results (``leagues.record_results``) in the same transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sqlalchemy.exc import IntegrityError

from handfoot_score.engine.checks import team_problems
from handfoot_score.engine.errors import N_, EngineError, Problem
from handfoot_score.engine.limits import MAX_ROUNDS
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.scoring import SCORE_PARTS, TeamScore, score_round, score_team
from handfoot_score.engine.tally import Tally
from handfoot_score.extensions import db
from handfoot_score.storage.models import Game, GameStatus, Round, TallyRecord

from .. import leagues
from ..errors import InvalidInput
from ..locking import write_transaction
from ..typed_in import STORED_INT_MAX, text_problem, untypable
from ..words import gettext, names_list
from .access import require_edit_code
from .errors import GameConflict, SavedCount, StaleRound, StaleTeamCounts
from .records import load, replace_tally, state_of, tally_record, team_score
from .state import GameState
from .writes import game_write


@write_transaction
def record_round(game_id: str, tallies: Sequence[Tally], *,
                 round_number: int | None = None, based_on: Sequence[int] | None = None,
                 request_key: str | None = None) -> tuple[GameState, bool]:
    """Record the next round from every team's tally; returns the game and whether it is new.

    ``round_number``, if given, must be the round being played. A ``request_key`` already
    used answers with the game as it stands, so a double tap or a retry records one round.
    ``based_on`` are the count versions of the teams' saved counts the submitter saw (0 for
    none): if a team saved its count since, the round is refused, so that count is not lost
    unseen. (``read_round_number`` and its kin below read each from what a phone sends.)
    """
    try:
        with game_write(game_id) as write:
            state = write.state
            if request_key is not None and any(r.request_key == request_key
                                               for r in write.game.rounds):
                return state, False
            if state.current_round is None:
                raise GameConflict(gettext("The game is over: correct a round instead."),
                                   "round")
            number = state.current_round
            if round_number is not None and round_number != number:
                raise GameConflict(
                    gettext("Round %(asked)s cannot be recorded now: the next round is "
                            "%(number)s.", asked=round_number, number=number), "round")
            if based_on is not None:
                _require_part_versions(state, based_on)
            add_round(write.game, state, tallies, request_key)
    except IntegrityError:
        # The lock lets one writer at a time read and write; should a round of this number
        # or key be stored meanwhile all the same, the unique indexes refuse this one.
        db.session.rollback()
        return _retry_of_same_round(game_id, request_key, number)
    return write.written, True


def add_round(game: Game, state: GameState, tallies: Sequence[Tally],
              key: str | None) -> None:
    """Score the round being played from every team's tally and add it to the locked game
    (``state`` its state as read under the lock), uncommitted: the one way a round is
    recorded, whole or team by team. The teams' book and red-three taps and the round's
    saved counts are cleared; the last round ends the game and stores a league game's results."""
    number = state.current_round
    assert number is not None
    game.rounds.append(Round(number=number, request_key=key,
                             tallies=_score(state, number, tallies)))
    for team in game.teams:
        if team.books_data:  # an unchanged value is not written
            team.books_data = {}
        if team.red_threes_down:
            team.red_threes_down = 0
    for part in [part for part in game.parts if part.round_number == number]:
        game.parts.remove(part)
    if number == len(state.rules.rounds):
        game.status = GameStatus.FINISHED
        leagues.record_results(game)


def check_team_tally(state: GameState, number: int, team: int, tally: Tally) -> None:
    """Raise InvalidTally (or InvalidInput) if one team's tally cannot be true on its own;
    the checks across teams wait until every team's tally is in."""
    try:
        score_entered(state.rules, [state.teams[team].name], [state.totals_before(number)[team]],
                      number, [tally])
    except EngineError as error:
        raise type(error)([replace(p, team=team if p.team == 0 else p.team)
                           for p in error.problems]) from None


@write_transaction
def correct_round(game_id: str, number: int, tallies: Sequence[Tally], *,
                  version: int, edit_code: str | None = None) -> GameState:
    """Replace a recorded round's tallies; totals follow. ``version`` is the round version
    the correction was based on: if the round was corrected since, it is refused.

    In a league with an edit code, ``edit_code`` must be its code.
    """
    with game_write(game_id) as write:
        require_edit_code(write.game, edit_code)
        recorded = write.state.round(number)
        if version != recorded.version:
            raise StaleRound(
                gettext("Round %(number)s was changed meanwhile (now version %(version)s): "
                        "look at it again and re-apply your change.", number=number,
                        version=recorded.version), "version",
                number=number, version=recorded.version, tallies=recorded.tallies)
        stored = write.game.rounds[number - 1]
        for old, new in zip(stored.tallies, _score(write.state, number, tallies)):
            replace_tally(old, new)
        stored.version += 1  # the round version: the next correction is based on this one
        leagues.record_results(write.game)
    return write.written


def preview_round(state: GameState, number: int, tallies: Sequence[Tally]
                  ) -> tuple[TeamScore, ...]:
    """Score a round's tallies against the game as read (``state``) without storing them:
    the live preview while counting, and the page's look before it asks about a team with
    nothing counted."""
    if not 1 <= number <= len(state.rounds) + (state.current_round is not None):
        raise GameConflict(gettext("Round %(number)s cannot be entered now.", number=number),
                           "round")
    entered = _score(state, number, tallies)
    return tuple(team_score(row, team.name, minimum)
                 for row, team, minimum in zip(entered, state.teams,
                                               state.meld_minimums(number)))


def preview_each_team(state: GameState, number: int, counts: Sequence[Tally | None],
                      problems: Sequence[Problem]) -> tuple[TeamScore | None, ...]:
    """While the round cannot be scored as a whole (``problems``), each team's score on its
    own count as soon as that count can be scored, so one team's score shows while another
    still counts: none for a team whose count could not be read (``None`` in ``counts``), that
    one of ``problems`` names, or whose count has a problem of its own. A problem of the
    round (who went out, say) stops no team's score."""
    named = {problem.team for problem in problems}
    before = state.totals_before(number)
    scores: list[TeamScore | None] = []
    for position, (tally, team) in enumerate(zip(counts, state.teams)):
        counted = None if tally is None or position in named else replace(
            tally, name=team.name, score_before=before[position])
        if counted is None or team_problems(state.rules, number, counted):
            scores.append(None)
        else:
            scores.append(score_team(state.rules, number, counted))
    return tuple(scores)


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


def _score(state: GameState, number: int, tallies: Sequence[Tally]
           ) -> list[TallyRecord]:
    return score_entered(state.rules, [team.name for team in state.teams],
                         state.totals_before(number), number, tallies)


def _retry_of_same_round(game_id: str, key: str | None, number: int) -> tuple[GameState, bool]:
    game = load(game_id)
    if key is not None and any(r.request_key == key for r in game.rounds):
        return state_of(game), False
    raise GameConflict(gettext("Round %(number)s was recorded from another device just now.",
                               number=number), "round")


#: The most a round can score for or against a team: even a game of the most rounds a rule
#: set may have keeps its totals within what the database's integer columns store.
ROUND_TOTAL_MAX = STORED_INT_MAX // MAX_ROUNDS


def score_entered(rules: RuleSet, names: Sequence[str], before: Sequence[int], number: int,
                  tallies: Sequence[Tally]) -> list[TallyRecord]:
    """Every team's tally of round ``number`` checked and scored, as rows to store, in team
    order (each tally as counted: the names and scores before are filled in only to score
    it); raises InvalidTally or InvalidInput naming the team and field."""
    if len(tallies) != len(names):
        raise _one_tally_a_team(len(names))
    scored = [replace(tally, name=tally.name or name, score_before=score)
              for tally, name, score in zip(tallies, names, before)]
    result = score_round(rules, number, scored)
    too_big = [Problem("teams", N_("a round total of %(total)s is more than a score sheet "
                                   "holds (at most %(most)s either way)"), position,
                       {"total": score.total, "most": ROUND_TOTAL_MAX})
               for position, score in enumerate(result.teams)
               if not all(abs(points) <= ROUND_TOTAL_MAX for points in (
                   *(getattr(score, part) for part in SCORE_PARTS), score.total))]
    if too_big:
        raise InvalidInput(too_big)
    return [tally_record(position, tally, score)
            for position, (tally, score) in enumerate(zip(tallies, result.teams))]


def _one_tally_a_team(teams: int) -> InvalidInput:
    return InvalidInput(Problem("teams", N_("must list a tally for each of the %(teams)s teams"),
                                values={"teams": teams}))


#: The longest request key: a phone makes one for each round it sends (32 hex digits).
MAX_REQUEST_KEY = 64


def read_request_key(value: object) -> str | None:
    """The request key a round is sent with, if any: text of 1 to 64 characters without
    control characters; raises InvalidInput naming ``request_key``."""
    if value is not None and (not isinstance(value, str)
                              or not 1 <= len(value) <= MAX_REQUEST_KEY
                              or untypable(value) is not None):
        raise InvalidInput(text_problem("request_key", MAX_REQUEST_KEY))
    return value


def read_round_number(value: object) -> int:
    """The round a request names; raises InvalidInput naming ``round``."""
    if type(value) is not int:
        raise InvalidInput(Problem("round", N_("must be a round number")))
    return value


def read_count_versions(value: object) -> tuple[int, ...]:
    """The count version of each team's saved count the sender saw (0 for none), in team
    order. What is no list of whole numbers lists none: the game then refuses it, saying how
    many it must list."""
    if not isinstance(value, list) or any(type(version) is not int for version in value):
        return ()
    return tuple(value)


def read_round_version(value: object) -> int:
    """The round version a correction was based on. What is no whole number is 0, a version
    no round ever had: the correction is refused as stale, with the round as stored now."""
    return value if type(value) is int else 0
