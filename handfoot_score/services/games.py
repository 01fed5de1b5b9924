"""Games at the table: set-up, recording and correcting rounds, book taps, game over.

Every function here is one transaction: it reads, calls the engine, and commits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from handfoot_score.engine.errors import Problem
from handfoot_score.engine.going_out import books_lacking
from handfoot_score.engine.rules import BOOK_TYPES, RuleSet
from handfoot_score.engine.rules_json import rules_from_dict, rules_to_dict
from handfoot_score.engine.scoring import TeamScore, score_round
from handfoot_score.engine.table import Deal, Seat, deal, seating, winners
from handfoot_score.engine.tally import TableBooks, Tally
from handfoot_score.extensions import db
from handfoot_score.models import ABANDONED, FINISHED, PLAYING, Game, Player, Round, TallyRecord, Team

from .errors import InvalidInput, require_keys
from .rules import resolve_rules
from .tallies import read_tallies

MAX_TEAMS = 6
MAX_PLAYERS_PER_TEAM = 4
MAX_NAME = 60


class GameNotFound(LookupError):
    """No game has this id."""


class GameConflict(Exception):
    """A write that does not fit the game as it now stands (409): a stale version, a round
    that is not the next one, a game that is over."""

    def __init__(self, message: str, field: str | None = None) -> None:
        self.message = message
        self.field = field
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

    def round(self, number: int) -> RoundView:
        """A recorded round; raises GameConflict if it is not recorded."""
        if not 1 <= number <= len(self.rounds):
            raise GameConflict(f"Round {number} has not been recorded.", "round")
        return self.rounds[number - 1]


def create_game(body: object) -> GameState:
    """Start a game: ``{"rules", "teams": [{"name", "players": [...]}], "first_dealer"?}``."""
    data = require_keys(body, ("rules", "teams", "first_dealer"), required=("rules", "teams"))
    rules = resolve_rules(data["rules"])
    teams = _read_teams(data["teams"])
    seat_count = len(seating([players or (name,) for name, players in teams]))
    first_dealer = data.get("first_dealer", 0)
    if type(first_dealer) is not int or not 0 <= first_dealer < seat_count:
        raise InvalidInput(Problem(
            "first_dealer", f"must be a seat number from 0 to {seat_count - 1}"))
    game = Game(rules_data=rules_to_dict(rules), first_dealer=first_dealer)
    for position, (name, players) in enumerate(teams):
        team = Team(position=position, name=name, books_data={})
        team.players = [Player(position=i, name=p) for i, p in enumerate(players)]
        game.teams.append(team)
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


def record_round(game_id: str, body: object) -> tuple[GameState, bool]:
    """Record the next round from every team's tally; returns the game and whether it is new.

    ``{"round"?, "teams": [tally, ...], "request_key"?}``. A request key already used
    answers with the game as it stands, so a double tap or a retry records one round.
    """
    data = require_keys(body, ("round", "teams", "request_key"), required=("teams",))
    key = data.get("request_key")
    if key is not None and (not isinstance(key, str) or not 1 <= len(key) <= 64):
        raise InvalidInput(Problem("request_key", "must be text of 1 to 64 characters"))
    game = _load(game_id)
    if key is not None and any(r.request_key == key for r in game.rounds):
        return _state(game), False
    state = _state(game)
    if state.current_round is None:
        raise GameConflict("The game is over: correct a round instead.", "round")
    number = state.current_round
    asked = data.get("round", number)
    if type(asked) is not int:
        raise InvalidInput(Problem("round", "must be a round number"))
    if asked != number:
        raise GameConflict(
            f"Round {asked} cannot be recorded now: the next round is {number}.", "round")
    rows = _score(state, number, data["teams"])
    game.rounds.append(Round(number=number, request_key=key, tallies=rows))
    for team in game.teams:
        team.books_data = {}
    if number == len(state.rules.rounds):
        game.status = FINISHED
    game.version += 1
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        return _retry_of_same_round(game_id, key, number)
    return _state(game), True


def correct_round(game_id: str, number: int, body: object) -> GameState:
    """Replace a recorded round's tallies: ``{"teams": [...], "version"}``; totals follow."""
    data = require_keys(body, ("teams", "version"), required=("teams", "version"))
    game = _load(game_id)
    state = _state(game)
    recorded = state.round(number)
    if data["version"] != recorded.version:
        raise GameConflict(
            f"Round {number} was changed meanwhile (now version {recorded.version}): "
            "look at it again and re-apply your change.", "version")
    rows = _score(state, number, data["teams"])
    stored = game.rounds[number - 1]
    for old, new in zip(stored.tallies, rows):
        for column in ("data", *_SCORE_COLUMNS):
            setattr(old, column, getattr(new, column))
    stored.version += 1
    game.version += 1
    db.session.commit()
    return _state(game)


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


def tap_book(game_id: str, team: int, kind: str, change: int) -> GameState:
    """Count a book a team completed during play (or take one back)."""
    game = _load(game_id)
    state = _state(game)
    if state.current_round is None:
        raise GameConflict("The game is over.", "books")
    if not 0 <= team < len(game.teams):
        raise InvalidInput(Problem("team", "no such team"))
    if kind not in BOOK_TYPES and state.rules.special_book(kind) is None:
        raise InvalidInput(Problem("books", f"{kind!r} is not a book of these rules", team))
    if kind == "wild" and state.rules.books.wild is None:
        raise InvalidInput(Problem("books.wild", "these rules allow no wild books", team))
    row = game.teams[team]
    count = max(0, row.books_data.get(kind, 0) + change)
    row.books_data = {**row.books_data, kind: count}
    game.version += 1
    db.session.commit()
    return _state(game)


def abandon_game(game_id: str) -> None:
    """Stop a game without finishing it; its rounds stay stored."""
    game = _load(game_id)
    if game.status == PLAYING:
        game.status = ABANDONED
        game.version += 1
        db.session.commit()


def play_again(game_id: str) -> GameState:
    """A new game with the same rules, teams and players; the first deal moves one seat on."""
    old = _state(_load(game_id))
    return create_game({
        "rules": rules_to_dict(old.rules),
        "teams": [{"name": t.name, "players": list(t.players)} for t in old.teams],
        "first_dealer": (old.first_dealer + 1) % len(old.seats),
    })


_SCORE_COLUMNS = ("melded_points", "book_points", "red_three_points", "going_out_points",
                  "bonus_points", "left_points", "total")


def _score(state: GameState, number: int, teams: object) -> list[TallyRecord]:
    if not isinstance(teams, list) or len(teams) != len(state.teams):
        raise InvalidInput(Problem("teams", f"must list a tally for each of the "
                                            f"{len(state.teams)} teams"))
    before = state.totals_before(number)
    entered = read_tallies(teams)
    tallies = [
        Tally(**{**_fields(tally), "name": tally.name or team.name, "score_before": score})
        for tally, team, score in zip(entered, state.teams, before)
    ]
    result = score_round(state.rules, number, tallies)
    return [
        TallyRecord(team_position=position, data=dict(raw),
                    **{column: getattr(score, column) for column in _SCORE_COLUMNS})
        for position, (raw, score) in enumerate(zip(teams, result.teams))
    ]


def _fields(tally: Tally) -> dict[str, Any]:
    return {name: getattr(tally, name) for name in tally.__dataclass_fields__}


def _retry_of_same_round(game_id: str, key: str | None, number: int) -> tuple[GameState, bool]:
    game = _load(game_id)
    if key is not None and any(r.request_key == key for r in game.rounds):
        return _state(game), False
    raise GameConflict(f"Round {number} was recorded from another device just now.", "round")


def _load(game_id: str) -> Game:
    game = db.session.get(Game, game_id) if isinstance(game_id, str) else None
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
            problems.append(Problem("name", f"must be text of 1 to {MAX_NAME} characters", index))
        players = item.get("players", [])
        names = [_name(p) for p in players] if isinstance(players, list) else [None]
        if None in names or len(names) > MAX_PLAYERS_PER_TEAM:
            problems.append(Problem(
                "players", f"must list up to {MAX_PLAYERS_PER_TEAM} names of 1 to "
                           f"{MAX_NAME} characters", index))
        teams.append((name or "", tuple(n for n in names if n)))
    if problems:
        raise InvalidInput(problems)
    return teams


def _name(value: object) -> str | None:
    if not isinstance(value, str) or not 0 < len(value.strip()) <= MAX_NAME:
        return None
    return " ".join(value.split())
