"""The one mapping between a game's stored rows and the engine's values: a stored tally and
its team's score, a team's book taps and its table books, a stored game and its state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy.orm import joinedload, selectinload

from handfoot_score.engine.rules import BOOK_TYPES
from handfoot_score.engine.scoresheet import Scoresheet
from handfoot_score.engine.scoring import TeamScore
from handfoot_score.engine.tally import TableBooks
from handfoot_score.extensions import db
from handfoot_score.models import Game, Round, TallyRecord, Team

from ..rules import stored_rules
from .errors import GameNotFound
from .rows import SCORE_COLUMNS, GameRows, TallyRow
from .state import GameState, PartView, RoundView, TeamView

#: A game with everything ``state_of`` reads, in two queries however many rounds it has: the
#: game joined with its teams, their players and the counts saved, then its rounds joined
#: with their tallies. (The first join multiplies rows only by the few players and counts of
#: one table; joining the rounds too would multiply them by every tally.)
WHOLE_GAME = (joinedload(Game.teams).joinedload(Team.players),
              joinedload(Game.parts),
              selectinload(Game.rounds).joinedload(Round.tallies))


class StoredTally(Protocol):
    """A stored tally as the read side sees it: a ``TallyRecord``, or its row."""

    @property
    def data(self) -> dict[str, Any]: ...
    @property
    def melded_points(self) -> int: ...
    @property
    def book_points(self) -> int: ...
    @property
    def red_three_points(self) -> int: ...
    @property
    def going_out_points(self) -> int: ...
    @property
    def bonus_points(self) -> int: ...
    @property
    def left_points(self) -> int: ...
    @property
    def total(self) -> int: ...


class StoredRound(Protocol):
    """A stored round: its number, version and tallies in team order."""

    @property
    def number(self) -> int: ...
    @property
    def version(self) -> int: ...
    @property
    def tallies(self) -> Sequence[StoredTally]: ...


class StoredPlayer(Protocol):
    """A stored player: the name is all the read side needs."""

    @property
    def name(self) -> str: ...


class StoredTeam(Protocol):
    """A stored team with its book taps and players in seat order."""

    @property
    def position(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def books_data(self) -> dict[str, int]: ...
    @property
    def players(self) -> Sequence[StoredPlayer]: ...


class StoredPart(Protocol):
    """A team's saved count of a round."""

    @property
    def round_number(self) -> int: ...
    @property
    def team_position(self) -> int: ...
    @property
    def version(self) -> int: ...
    @property
    def data(self) -> dict[str, Any]: ...


class StoredGame(Protocol):
    """A stored game as ``state_of`` reads it: a ``Game`` with its rows loaded. The same rows
    read straight from the tables (``reads.get_game``) are ``GameRows``, which carry the
    rule set itself rather than its snapshot."""

    @property
    def id(self) -> str: ...
    @property
    def rules_data(self) -> dict[str, Any]: ...
    @property
    def status(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def updated_at(self) -> datetime | None: ...
    @property
    def join_code(self) -> str | None: ...
    @property
    def teams(self) -> Sequence[StoredTeam]: ...
    @property
    def rounds(self) -> Sequence[StoredRound]: ...
    @property
    def parts(self) -> Sequence[StoredPart]: ...


def scored_row(tally: Mapping[str, Any], score: TeamScore) -> TallyRow:
    """A team's tally as entered, with the score the engine gave it: the row it is stored
    as."""
    return TallyRow(dict(tally), *(getattr(score, column) for column in SCORE_COLUMNS))


def tally_values(position: int, row: TallyRow) -> dict[str, Any]:
    """A scored tally's columns, to insert as the row of team ``position`` in its round."""
    return {"team_position": position, "data": row.data,
            **{column: getattr(row, column) for column in SCORE_COLUMNS}}


def tally_record(position: int, row: TallyRow) -> TallyRecord:
    """A scored tally as the ORM stores it, for team ``position`` in its round."""
    return TallyRecord(**tally_values(position, row))


def team_score(record: StoredTally, name: str | None, meld_minimum: int) -> TeamScore:
    """The score a stored tally earned, as the engine gave it."""
    return TeamScore(
        name=name, melded_points=record.melded_points, book_points=record.book_points,
        red_three_points=record.red_three_points, going_out_points=record.going_out_points,
        bonus_points=record.bonus_points, left_points=record.left_points,
        meld_minimum=meld_minimum)


def replace_tally(stored: TallyRecord, new: TallyRow) -> None:
    """Put a corrected tally and its score in place of the stored one."""
    stored.data = new.data
    for column in SCORE_COLUMNS:
        setattr(stored, column, getattr(new, column))


def scoresheet_of(game: StoredGame | GameRows) -> Scoresheet:
    """The score sheet of a stored game (or one being rebuilt), from its stored round totals."""
    rules = game.rules if isinstance(game, GameRows) else stored_rules(game.rules_data)
    return Scoresheet.of(rules, len(game.teams),
                         ([tally.total for tally in r.tallies] for r in game.rounds))


def table_books(data: Mapping[str, int]) -> TableBooks:
    """A team's book taps as stored, as the engine counts them."""
    special = tuple(sorted((k, v) for k, v in data.items() if k not in BOOK_TYPES))
    return TableBooks(clean=data.get("clean", 0), dirty=data.get("dirty", 0),
                      wild=data.get("wild", 0), special=special)


def load(game_id: str) -> Game:
    """The stored game with everything its state reads; raises GameNotFound."""
    game = db.session.get(Game, game_id, options=WHOLE_GAME) \
        if isinstance(game_id, str) else None
    if game is None:
        raise GameNotFound(game_id)
    return game


def state_of(game: StoredGame | GameRows) -> GameState:
    """A stored game as the pages and the API see it."""
    sheet = scoresheet_of(game)
    names = [team.name for team in game.teams]
    rounds = tuple(_round_view(sheet, game_round, names) for game_round in game.rounds)
    return GameState(
        id=game.id,
        rules=sheet.rules,
        status=game.status,
        version=game.version,
        first_dealer=game.first_dealer,
        teams=tuple(TeamView(t.position, t.name, tuple(p.name for p in t.players))
                    for t in game.teams),
        rounds=rounds,
        books=tuple(table_books(t.books_data) for t in game.teams),
        updated_at=game.updated_at,
        join_code=game.join_code,
        parts=tuple(PartView(p.team_position, p.version, p.data) for p in game.parts
                    if p.round_number == len(rounds) + 1),
    )


def _round_view(sheet: Scoresheet, game_round: StoredRound, names: Sequence[str]) -> RoundView:
    minimums = sheet.meld_minimums(game_round.number)
    return RoundView(
        number=game_round.number,
        version=game_round.version,
        tallies=tuple(t.data for t in game_round.tallies),
        scores=tuple(team_score(t, name, minimum)
                     for t, name, minimum in zip(game_round.tallies, names, minimums)),
    )
