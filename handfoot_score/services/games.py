"""Games at the table: set-up, recording and correcting rounds, book taps, game over.

Every function here is one transaction: it reads, calls the engine, and commits. A write
locks its game first (``locking.lock_game``), so writers to one game take turns, and carries
the version it was based on where another phone could have changed the same thing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from handfoot_score.engine.errors import EngineError, Problem
from handfoot_score.engine.going_out import books_lacking
from handfoot_score.engine.rules import BOOK_TYPES, MAX_ROUNDS, RuleSet
from handfoot_score.engine.rules_json import rules_from_dict, rules_to_dict
from handfoot_score.engine.scoring import TeamScore, score_round
from handfoot_score.engine.table import Deal, Seat, deal, seating, winners
from handfoot_score.engine.tally import TableBooks, Tally
from handfoot_score.extensions import db
from handfoot_score.models import (
    ABANDONED, FINISHED, PLAYING, Game, Player, Round, TallyRecord, Team,
)

from . import edit_codes, join_codes, leagues
from .errors import InvalidInput, require_keys
from .locking import begin_write, lock_game, write_transaction
from .rules import resolve_rules
from .tallies import read_tallies
from .typed_in import STORED_INT_MAX, tidy_name, untypable

MAX_TEAMS = 6
MAX_PLAYERS_PER_TEAM = 4
MAX_NAME = 60
#: The most a round can score for or against a team: even a game of the most rounds a rule
#: set may have keeps its totals within what the database's integer columns store.
ROUND_TOTAL_MAX = STORED_INT_MAX // MAX_ROUNDS


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


@dataclass(frozen=True)
class TeamView:
    """A team as the table sees it."""

    position: int
    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class RoundView:
    """A recorded round: the tallies as entered and each team's score."""

    number: int
    version: int
    tallies: tuple[dict[str, Any], ...]
    scores: tuple[TeamScore, ...]


@dataclass(frozen=True)
class PartView:
    """One team's count of the round being played, saved from its own phone."""

    team: int
    version: int
    tally: dict[str, Any]


@dataclass(frozen=True)
class TeamCount:
    """Whether a team has saved its own count of the round being played."""

    team: int
    name: str
    saved: bool


@dataclass(frozen=True)
class GameState:
    """Everything a page or the API shows of a game; totals and the deal are derived."""

    id: str
    rules: RuleSet
    status: str
    version: int
    first_dealer: int
    teams: tuple[TeamView, ...]
    rounds: tuple[RoundView, ...]
    books: tuple[TableBooks, ...]
    updated_at: datetime | None = None
    join_code: str | None = None
    #: The counts saved team by team for the round being played, by team position.
    parts: tuple[PartView, ...] = ()

    @property
    def finished(self) -> bool:
        """All rounds are recorded."""
        return self.status == FINISHED

    @property
    def current_round(self) -> int | None:
        """The round being played, or None once the game is over."""
        if self.status != PLAYING:
            return None
        return len(self.rounds) + 1

    @cached_property
    def running_totals(self) -> tuple[tuple[int, ...], ...]:
        """Each team's total after each round."""
        totals = [0] * len(self.teams)
        rows = []
        for game_round in self.rounds:
            totals = [t + s.total for t, s in zip(totals, game_round.scores)]
            rows.append(tuple(totals))
        return tuple(rows)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each team's total so far."""
        return self.running_totals[-1] if self.rounds else (0,) * len(self.teams)

    def totals_before(self, round_number: int) -> tuple[int, ...]:
        """Each team's total before ``round_number`` was played."""
        if round_number <= 1:
            return (0,) * len(self.teams)
        return self.running_totals[round_number - 2]

    @property
    def winners(self) -> tuple[int, ...]:
        """Team positions with the highest total, once the game is over."""
        return winners(self.totals) if self.finished else ()

    def meld_minimums(self, round_number: int) -> tuple[int, ...]:
        """Each team's opening-meld minimum in a round (they differ where it follows the score)."""
        before = self.totals_before(round_number)
        return tuple(self.rules.meld_minimum(round_number, score) for score in before)

    @cached_property
    def seats(self) -> tuple[Seat, ...]:
        """Who sits where, partners apart."""
        return seating([team.players or (team.name,) for team in self.teams])

    def deal(self, round_number: int) -> Deal:
        """Who deals hands and feet and who plays first in a round."""
        return deal(self.seats, self.first_dealer, round_number)

    def books_lacking(self, team: int) -> dict[str, int]:
        """The books a team still needs to go out in the current round (from its taps)."""
        if self.current_round is None:
            return {}
        return books_lacking(self.rules, self.current_round, self.books[team])

    def part(self, team: int) -> PartView | None:
        """The count a team saved for the round being played, if it saved one."""
        return next((part for part in self.parts if part.team == team), None)

    @property
    def counting(self) -> tuple[TeamCount, ...]:
        """Which teams have saved their own count of the round being played; none once the
        game is over, or while no team has saved one (everyone counts on one phone then)."""
        if self.current_round is None or not self.parts:
            return ()
        return tuple(TeamCount(team.position, team.name, self.part(team.position) is not None)
                     for team in self.teams)

    def part_versions(self) -> tuple[int, ...]:
        """Each team's saved count's version, 0 where it saved none yet."""
        return tuple(part.version if (part := self.part(team.position)) else 0
                     for team in self.teams)

    def round(self, number: int) -> RoundView:
        """A recorded round; raises GameConflict if it is not recorded."""
        if not 1 <= number <= len(self.rounds):
            raise GameConflict(f"Round {number} has not been recorded.", "round")
        return self.rounds[number - 1]


@write_transaction
def create_game(body: object, *, edit_code: str | None = None) -> GameState:
    """Start a game: ``{"rules", "teams": [{"name", "players": [...]}], "first_dealer"?,
    "league"?}``.

    In a league, players are names on its roster (a new name joins it), and a league with an
    edit code needs ``edit_code``: raises EditCodeRequired or TooManyAttempts.
    """
    data = require_keys(body, ("rules", "teams", "first_dealer", "league"),
                        required=("rules", "teams"))
    begin_write()
    league = None
    if data.get("league") is not None:
        league = leagues.league_for_change(data["league"], edit_code)
    game = _new_game(resolve_rules(data["rules"]), data["teams"], data.get("first_dealer", 0))
    if league is not None:
        leagues.seat_players(league, game)
    db.session.add(game)
    db.session.commit()
    return _state(game)


def get_game(game_id: str) -> GameState:
    """The game with this id; raises GameNotFound."""
    return _state(_load(game_id))


def games_in_play(limit: int = 20) -> list[GameState]:
    """Unfinished games, the most recently played first, to resume from the home page."""
    query = (select(Game).where(Game.status == PLAYING)
             .order_by(Game.updated_at.desc()).limit(limit))
    return [_state(game) for game in db.session.scalars(query)]


@write_transaction
def record_round(game_id: str, body: object) -> tuple[GameState, bool]:
    """Record the next round from every team's tally; returns the game and whether it is new.

    ``{"round"?, "teams": [tally, ...], "request_key"?, "part_versions"?}``. A request key
    already used answers with the game as it stands, so a double tap or a retry records one
    round. ``part_versions`` are the versions of the teams' saved counts the submitter saw
    (0 for none): if a team saved its count since, the round is refused, so that count is
    not lost unseen.
    """
    data = require_keys(body, ("round", "teams", "request_key", "part_versions"),
                        required=("teams",))
    key = data.get("request_key")
    if key is not None and (not isinstance(key, str) or not 1 <= len(key) <= 64
                            or untypable(key) is not None):
        raise InvalidInput(Problem("request_key", "must be text of 1 to 64 characters, "
                                                  "no control characters"))
    game, state = locked_game(game_id)
    if key is not None and any(r.request_key == key for r in game.rounds):
        return state, False
    if state.current_round is None:
        raise GameConflict("The game is over: correct a round instead.", "round")
    number = state.current_round
    asked = data.get("round", number)
    if type(asked) is not int:
        raise InvalidInput(Problem("round", "must be a round number"))
    if asked != number:
        raise GameConflict(
            f"Round {asked} cannot be recorded now: the next round is {number}.", "round")
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
        game.status = FINISHED
        leagues.record_results(game)
    game.version += 1


def commit_write(game: Game) -> GameState:
    """Commit the write to a locked game; the game as this write left it, even if another
    write follows at once."""
    db.session.flush()
    state = _state(game)
    db.session.commit()
    return state


def locked_game(game_id: str) -> tuple[Game, GameState]:
    """The game, its row locked for this write transaction, and its state; raises
    GameNotFound."""
    game = lock_game(game_id, _WHOLE_GAME)
    if game is None:
        raise GameNotFound(game_id)
    return game, _state(game)


def check_team_tally(state: GameState, number: int, team: int, tally: object) -> None:
    """Raise InvalidTally (or InvalidInput) if one team's tally cannot be true on its own;
    the checks across teams wait until every team's tally is in."""
    try:
        _score_tallies(state.rules, [state.teams[team].name], [state.totals_before(number)[team]],
                       number, [tally])
    except EngineError as error:
        raise type(error)([Problem(p.field, p.message, team if p.team == 0 else p.team)
                           for p in error.problems]) from None


def _require_part_versions(state: GameState, seen: object) -> None:
    """Refuse a whole round if a team saved its own count since the submitter looked."""
    if not isinstance(seen, list) or len(seen) != len(state.teams) or \
            any(type(version) is not int for version in seen):
        raise InvalidInput(Problem(
            "part_versions", f"must list a version for each of the {len(state.teams)} teams"))
    changed = [part for part in state.parts if part.version != seen[part.team]]
    if changed:
        names = " and ".join(state.teams[part.team].name for part in changed)
        raise GameConflict(
            f"{names} saved their count on another phone meanwhile: look at it, then save "
            "again to record the round with what you see.", "part_versions",
            {"parts": [{"team": p.team, "version": p.version, "tally": p.tally}
                       for p in changed]})


@write_transaction
def correct_round(game_id: str, number: int, body: object, *,
                  edit_code: str | None = None) -> GameState:
    """Replace a recorded round's tallies: ``{"teams": [...], "version"}``; totals follow.

    In a league with an edit code, ``edit_code`` must be its code.
    """
    data = require_keys(body, ("teams", "version"), required=("teams", "version"))
    game, state = locked_game(game_id)
    _require_edit_code(game, edit_code)
    recorded = state.round(number)
    if data["version"] != recorded.version:
        raise GameConflict(
            f"Round {number} was changed meanwhile (now version {recorded.version}): "
            "look at it again and re-apply your change.", "version",
            {"round": number, "version": recorded.version, "teams": list(recorded.tallies)})
    rows = _score(state, number, data["teams"])
    stored = game.rounds[number - 1]
    for old, new in zip(stored.tallies, rows):
        for column in ("data", *_SCORE_COLUMNS):
            setattr(old, column, getattr(new, column))
    stored.version += 1
    game.version += 1
    leagues.record_results(game)
    return commit_write(game)


def preview_round(game_id: str, number: int, teams: object) -> tuple[TeamScore, ...]:
    """Score a round's tallies without storing them (the live preview while counting)."""
    state = get_game(game_id)
    if not 1 <= number <= len(state.rounds) + (state.current_round is not None):
        raise GameConflict(f"Round {number} cannot be entered now.", "round")
    entered = _score(state, number, teams)
    return tuple(
        TeamScore(name=team.name, meld_minimum=minimum,
                  **{c: getattr(row, c) for c in _SCORE_COLUMNS if c != "total"})
        for row, team, minimum in zip(entered, state.teams, state.meld_minimums(number))
    )


@write_transaction
def tap_book(game_id: str, team: int, kind: str, change: int,
             seen: int | None = None) -> GameState:
    """Count a book a team completed during play (or take one back).

    ``seen`` is the count the phone showed: if another phone changed it since, the tap is
    refused (both phones may have seen the same book made), telling the count as it is now.
    """
    if type(change) is not int or change not in (1, -1):
        raise InvalidInput(Problem("change", "must be 1 or -1"))
    if seen is not None and type(seen) is not int:
        raise InvalidInput(Problem("seen", "must be the count the phone showed"))
    if not isinstance(kind, str):
        raise InvalidInput(Problem("kind", "must be a kind of book"))
    game, state = locked_game(game_id)
    if state.current_round is None:
        raise GameConflict("The game is over.", "books")
    if type(team) is not int or not 0 <= team < len(game.teams):
        raise InvalidInput(Problem("team", "no such team"))
    if kind not in BOOK_TYPES and state.rules.special_book(kind) is None:
        raise InvalidInput(Problem("books", f"{kind!r} is not a book of these rules", team))
    if kind == "wild" and state.rules.books.wild is None:
        raise InvalidInput(Problem("books.wild", "these rules allow no wild books", team))
    row = game.teams[team]
    now = row.books_data.get(kind, 0)
    if seen is not None and seen != now:
        raise GameConflict(
            f"Another phone changed {row.name}'s {_book_name(state.rules, kind)} to {now} "
            "meanwhile: tap again if you still mean to change it.", f"books.{kind}",
            {"team": team, "kind": kind, "count": now})
    count = max(0, now + change)
    row.books_data = {**row.books_data, kind: count}
    game.version += 1
    return commit_write(game)


@write_transaction
def abandon_game(game_id: str, *, edit_code: str | None = None) -> None:
    """Stop a game without finishing it; its rounds stay stored.

    In a league with an edit code, ``edit_code`` must be its code.
    """
    game = lock_game(game_id)
    if game is None:
        raise GameNotFound(game_id)
    if game.status == PLAYING:
        _require_edit_code(game, edit_code)
        game.status = ABANDONED
        game.version += 1
        db.session.commit()


def play_again(game_id: str, *, edit_code: str | None = None) -> GameState:
    """A new game with the same rules, teams and players; the first deal moves one seat on.

    A league game's rematch is in the same league, so it needs the league's edit code if any.
    """
    game = _load(game_id)
    old = _state(game)
    league = leagues.league_of_game(game.id)
    return create_game({
        "rules": rules_to_dict(old.rules),
        "teams": [{"name": t.name, "players": list(t.players)} for t in old.teams],
        "first_dealer": (old.first_dealer + 1) % len(old.seats),
        "league": league.id if league is not None else None,
    }, edit_code=edit_code)


_SCORE_COLUMNS = ("melded_points", "book_points", "red_three_points", "going_out_points",
                  "bonus_points", "left_points", "total")


def _score(state: GameState, number: int, teams: object) -> list[TallyRecord]:
    return _score_tallies(state.rules, [team.name for team in state.teams],
                          state.totals_before(number), number, teams)


def _score_tallies(rules: RuleSet, names: Sequence[str], before: Sequence[int], number: int,
                   teams: object) -> list[TallyRecord]:
    if not isinstance(teams, list) or len(teams) != len(names):
        raise InvalidInput(Problem("teams", f"must list a tally for each of the "
                                            f"{len(names)} teams"))
    entered = read_tallies(teams)
    tallies = [
        Tally(**{**_fields(tally), "name": tally.name or name, "score_before": score})
        for tally, name, score in zip(entered, names, before)
    ]
    result = score_round(rules, number, tallies)
    too_big = [Problem("teams", f"a round total of {score.total:,} is more than a score sheet "
                                f"holds (at most {ROUND_TOTAL_MAX:,} either way)", position)
               for position, score in enumerate(result.teams)
               if not all(abs(getattr(score, column)) <= ROUND_TOTAL_MAX
                          for column in _SCORE_COLUMNS)]
    if too_big:
        raise InvalidInput(too_big)
    return [
        TallyRecord(team_position=position, data=dict(raw),
                    **{column: getattr(score, column) for column in _SCORE_COLUMNS})
        for position, (raw, score) in enumerate(zip(teams, result.teams))
    ]


def _book_name(rules: RuleSet, kind: str) -> str:
    special = rules.special_book(kind)
    return f"{kind} books" if special is None else special.name


def _fields(tally: Tally) -> dict[str, Any]:
    return {name: getattr(tally, name) for name in tally.__dataclass_fields__}


def _retry_of_same_round(game_id: str, key: str | None, number: int) -> tuple[GameState, bool]:
    game = _load(game_id)
    if key is not None and any(r.request_key == key for r in game.rounds):
        return _state(game), False
    raise GameConflict(f"Round {number} was recorded from another device just now.", "round")


#: A game with everything ``_state`` reads, in four queries however many rounds it has.
_WHOLE_GAME = (selectinload(Game.teams).selectinload(Team.players),
               selectinload(Game.rounds).selectinload(Round.tallies),
               selectinload(Game.parts))


def _load(game_id: str) -> Game:
    game = db.session.get(Game, game_id, options=_WHOLE_GAME) \
        if isinstance(game_id, str) else None
    if game is None:
        raise GameNotFound(game_id)
    return game


def _state(game: Game) -> GameState:
    rules = rules_from_dict(game.rules_data)
    names = [team.name for team in game.teams]
    totals = [0] * len(names)
    rounds = []
    for game_round in game.rounds:
        rounds.append(_round_view(rules, game_round, names, totals))
        totals = [t + s.total for t, s in zip(totals, rounds[-1].scores)]
    return GameState(
        id=game.id,
        rules=rules,
        status=game.status,
        version=game.version,
        first_dealer=game.first_dealer,
        teams=tuple(TeamView(t.position, t.name, tuple(p.name for p in t.players))
                    for t in game.teams),
        rounds=tuple(rounds),
        books=tuple(_table_books(t.books_data) for t in game.teams),
        updated_at=game.updated_at,
        join_code=game.join_code,
        parts=tuple(PartView(p.team_position, p.version, p.data) for p in game.parts
                    if p.round_number == len(rounds) + 1),
    )


def _round_view(rules: RuleSet, game_round: Round, names: Sequence[str],
                before: Sequence[int]) -> RoundView:
    return RoundView(
        number=game_round.number,
        version=game_round.version,
        tallies=tuple(t.data for t in game_round.tallies),
        scores=tuple(
            TeamScore(name=name, meld_minimum=rules.meld_minimum(game_round.number, score),
                      **{c: getattr(t, c) for c in _SCORE_COLUMNS if c != "total"})
            for t, name, score in zip(game_round.tallies, names, before)
        ),
    )


def _table_books(data: Mapping[str, int]) -> TableBooks:
    special = tuple(sorted((k, v) for k, v in data.items() if k not in BOOK_TYPES))
    return TableBooks(clean=data.get("clean", 0), dirty=data.get("dirty", 0),
                      wild=data.get("wild", 0), special=special)


def _new_game(rules: RuleSet, teams_data: object, first_dealer: object) -> Game:
    teams = _read_teams(teams_data)
    seat_count = len(seating([players or (name,) for name, players in teams]))
    if type(first_dealer) is not int or not 0 <= first_dealer < seat_count:
        raise InvalidInput(Problem(
            "first_dealer", f"must be a seat number from 0 to {seat_count - 1}"))
    game = Game(rules_data=rules_to_dict(rules), first_dealer=first_dealer,
                join_code=join_codes.new_join_code())
    for position, (name, players) in enumerate(teams):
        team = Team(position=position, name=name, books_data={})
        team.players = [Player(position=i, name=p) for i, p in enumerate(players)]
        game.teams.append(team)
    return game


def _read_teams(data: object) -> list[tuple[str, tuple[str, ...]]]:
    if not isinstance(data, list) or not 2 <= len(data) <= MAX_TEAMS:
        raise InvalidInput(Problem("teams", f"must list 2 to {MAX_TEAMS} teams"))
    problems: list[Problem] = []
    teams: list[tuple[str, tuple[str, ...]]] = []
    for index, item in enumerate(data):
        if not isinstance(item, Mapping) or set(item) - {"name", "players"}:
            problems.append(Problem("team", "must be {\"name\", \"players\": [...]}", index))
            continue
        name = _name(item.get("name") or f"Team {index + 1}")
        if name is None:
            problems.append(Problem("name", f"must be text of 1 to {MAX_NAME} characters, "
                                            "no control characters", index))
        players = item.get("players", [])
        names = [_name(p) for p in players] if isinstance(players, list) else [None]
        if None in names or len(names) > MAX_PLAYERS_PER_TEAM:
            problems.append(Problem(
                "players", f"must list up to {MAX_PLAYERS_PER_TEAM} names of 1 to "
                           f"{MAX_NAME} characters, no control characters", index))
        teams.append((name or "", tuple(n for n in names if n)))
    if problems:
        raise InvalidInput(problems)
    return teams


def _name(value: object) -> str | None:
    return tidy_name(value, MAX_NAME)


# Games in a league: the edit-code check, and rebuilding a game from a league's backup.


def restore_game(rules: RuleSet, teams: object, first_dealer: object, status: object,
                 rounds: object) -> Game:
    """A game of a league's backup, rebuilt as if played again: every round is scored anew by
    the engine, so no stored score comes from the document.

    ``rounds`` is ``[{"teams": [tally, ...]}, ...]``. Returns the game unsaved, for
    ``leagues.seat_players``; raises an EngineError whose fields are relative to the game.
    """
    if status not in (PLAYING, FINISHED, ABANDONED):
        raise InvalidInput(Problem("status", f"must be {PLAYING}, {FINISHED} or {ABANDONED}"))
    played = len(rules.rounds)
    if not isinstance(rounds, list) or not (
            len(rounds) == played if status == FINISHED else len(rounds) < played):
        raise InvalidInput(Problem("rounds", (
            f"a {status} game of these rules must list "
            + (f"all {played} rounds" if status == FINISHED else f"fewer than {played} rounds"))))
    game = _new_game(rules, teams, first_dealer)
    game.status = status
    names = [team.name for team in game.teams]
    totals = [0] * len(names)
    for number, entry in enumerate(rounds, start=1):
        where = f"rounds[{number - 1}]."
        try:
            tallies = require_keys(entry, ("teams",), required=("teams",))["teams"]
            rows = _score_tallies(rules, names, totals, number, tallies)
        except EngineError as error:
            raise type(error)([Problem(where + p.field, p.message, p.team)
                               for p in error.problems]) from None
        game.rounds.append(Round(number=number, tallies=rows))
        totals = [total + row.total for total, row in zip(totals, rows)]
    leagues.check_seats(game)
    return game


def _require_edit_code(game: Game, edit_code: str | None) -> None:
    league = leagues.league_of_game(game.id)
    if league is not None:
        edit_codes.require_edit_code(league, edit_code)
