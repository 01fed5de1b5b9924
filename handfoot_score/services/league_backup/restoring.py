"""A game of a league's backup rebuilt as if played again: every round scored anew by the
engine, its book taps and saved counts checked as a phone's would be."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from handfoot_score.engine.errors import N_, EngineError, Problem
from handfoot_score.engine.limits import most_books, most_red_threes
from handfoot_score.engine.rules import BOOK_TYPES, RuleSet
from handfoot_score.engine.scoresheet import Scoresheet
from handfoot_score.engine.tally import Tally
from handfoot_score.storage.models import Game, GameStatus, Round, TallyPart

from .. import leagues
from ..errors import InvalidInput, require_keys
from ..games.rounds import score_entered
from ..games.setup import game_of, set_up
from ..tallies import read_entered, tally_json
from .document import MAX_COUNT_VERSION

#: How many rounds a game of the backup lists, by its status (one sentence each).
_ROUNDS_LISTED = {
    GameStatus.FINISHED: N_("a finished game of these rules must list all %(rounds)s rounds"),
    GameStatus.PLAYING: N_("a playing game of these rules must list fewer than "
                           "%(rounds)s rounds"),
    GameStatus.ABANDONED: N_("an abandoned game of these rules must list fewer than "
                             "%(rounds)s rounds"),
}


def restore_game(rules: RuleSet, teams: object, first_dealer: object, status: object,
                 rounds: object) -> Game:
    """A game of a league's backup, rebuilt as if played again: every round is scored anew by
    the engine, so no stored score comes from the document.

    ``rounds`` is ``[{"teams": [tally, ...]}, ...]``. Returns the game unsaved, for
    ``leagues.seat_players``; raises an EngineError whose fields are relative to the game.
    """
    if not isinstance(status, str) or status not in tuple(GameStatus):
        raise InvalidInput(Problem(
            "status", N_("must be %(playing)s, %(finished)s or %(abandoned)s"),
            values={str(each): str(each) for each in GameStatus}))
    status = GameStatus(status)
    played = len(rules.rounds)
    if not isinstance(rounds, list) or not (
            len(rounds) == played if status == GameStatus.FINISHED else len(rounds) < played):
        raise InvalidInput(Problem("rounds", _ROUNDS_LISTED[status], values={"rounds": played}))
    game = game_of(set_up(rules, teams, first_dealer), rules)
    game.status = status
    names = [team.name for team in game.teams]
    sheet = Scoresheet(rules, len(names))
    for number, entry in enumerate(rounds, start=1):
        where = f"rounds[{number - 1}]."
        try:
            tallies = _round_tallies(entry, len(names))
            rows = score_entered(rules, names, sheet.totals, number, tallies)
        except EngineError as error:
            raise type(error)([replace(p, field=where + p.field)
                               for p in error.problems]) from None
        game.rounds.append(Round(number=number, tallies=rows))
        sheet = sheet.with_round([row.total for row in rows])
    leagues.check_seats(game)
    return game


def _round_tallies(entry: object, teams: int) -> list[Tally]:
    """A backup round's tallies. A list of other than one tally a team reads as
    none, so that ``score_entered`` asks for one a team before any tally is read."""
    tallies = require_keys(entry, ("teams",), required=("teams",))["teams"]
    if not isinstance(tallies, list) or len(tallies) != teams:
        return []
    return read_entered(tallies)


def restore_live_state(rules: RuleSet, game: Game, books: object, counts: object,
                       red_threes: object = None) -> bool:
    """Put a game in play's book and red-three taps and saved counts back; raises
    InvalidInput or InvalidTally naming the team and field. True once done."""
    teams = len(game.teams)
    if red_threes is not None:
        most = most_red_threes(rules.decks)
        if not isinstance(red_threes, list) or len(red_threes) != teams:
            raise InvalidInput(Problem("red_threes_down", N_(
                "must list the red threes laid down by each of the %(teams)s teams"),
                values={"teams": teams}))
        for position, count in enumerate(red_threes):
            if type(count) is not int or not 0 <= count <= most:
                raise InvalidInput(Problem("red_threes_down", N_("must be 0 to %(most)s"),
                                           position, {"most": most}))
            game.teams[position].red_threes_down = count
    if books is not None:
        if not isinstance(books, list) or len(books) != teams:
            raise InvalidInput(Problem("books", N_("must list the book taps of each of the "
                                                   "%(teams)s teams"), values={"teams": teams}))
        for position, taps in enumerate(books):
            game.teams[position].books_data = _book_taps(rules, taps, position)
    if counts is None:
        return True
    if not isinstance(counts, list) or len(counts) >= teams:
        raise InvalidInput(Problem("counts", N_("must list the saved counts of fewer than all "
                                                "%(teams)s teams (all of them make a round)"),
                                   values={"teams": teams}))
    number = len(game.rounds) + 1
    before = Scoresheet.of(rules, teams, ([tally.total for tally in r.tallies]
                                          for r in game.rounds)).totals
    counted: set[int] = set()
    for count in counts:
        data = require_keys(count, ("team", "version", "tally"),
                            required=("team", "version", "tally"))
        team, version, tally = data["team"], data["version"], data["tally"]
        if type(team) is not int or not 0 <= team < teams or team in counted:
            raise InvalidInput(Problem("counts.team", N_("must be a team number, 0 to %(last)s, "
                                                         "once each"),
                                       values={"last": teams - 1}))
        if type(version) is not int or not 1 <= version <= MAX_COUNT_VERSION:
            raise InvalidInput(Problem(
                "counts.version", N_("must be a whole number from 1 to %(most)s"), team,
                {"most": MAX_COUNT_VERSION}))
        checked = _check_count(rules, game.teams[team].name, before[team], number, team, tally)
        counted.add(team)
        game.parts.append(TallyPart(round_number=number, team_position=team,
                                    data=tally_json(checked), version=version))
    return True


def _book_taps(rules: RuleSet, taps: object, team: int) -> dict[str, int]:
    """One team's book taps, checked against its game's rules as a tap is."""
    most = most_books(rules.decks)
    if not isinstance(taps, Mapping):
        raise InvalidInput(Problem("books", N_("must be an object of book kinds and counts"),
                                   team))
    for kind, count in taps.items():
        if kind not in BOOK_TYPES and rules.special_book(kind) is None:
            raise InvalidInput(Problem("books", N_("%(kind)s is not a book of these rules"), team,
                                       {"kind": repr(kind)}))
        if kind == "wild" and rules.books.wild is None:
            raise InvalidInput(Problem("books.wild", N_("these rules allow no wild books"),
                                       team))
        if type(count) is not int or not 0 <= count <= most:
            raise InvalidInput(Problem(f"books.{kind}", N_("must be 0 to %(most)s"), team,
                                       {"most": most}))
    return dict(taps)


def _check_count(rules: RuleSet, name: str, before: int, number: int, team: int,
                 tally: object) -> Tally:
    """A team's saved count, read; raises InvalidTally if it could not be saved now: the
    checks a phone's save makes (the checks across teams wait for the last count)."""
    if not isinstance(tally, Mapping):
        raise InvalidInput(Problem("counts.tally", N_("must be a team's tally"), team))
    try:
        read = read_entered([tally])
        score_entered(rules, [name], [before], number, read)
    except EngineError as error:
        raise type(error)([replace(p, field="counts." + p.field, team=team)
                           for p in error.problems]) from None
    return read[0]

