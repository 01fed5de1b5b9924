"""A game's rows read straight from its tables, in two queries: the read side's fast path,
and what recording a round reads once it holds the game's lock (``reads.locked_rows``).

They are the rows ``records.state_of`` maps from a loaded ``Game``, as frozen values: a read
changes nothing, so it needs none of the ORM's bookkeeping of the objects it loads; a write
of plain statements returns them as it left them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any

from sqlalchemy import Text, and_, bindparam, cast, select

from handfoot_score.engine.rules import RuleSet
from handfoot_score.extensions import db
from handfoot_score.models import Game, Player, Round, TallyPart, TallyRecord, Team

from ..rules import rules_of_snapshot


@dataclass(frozen=True)
class PlayerRow:
    """A player's name."""

    name: str


@dataclass(frozen=True)
class TeamRow:
    """A team with its book taps and players."""

    position: int
    name: str
    books_data: dict[str, int]
    players: tuple[PlayerRow, ...]


@dataclass(frozen=True)
class TallyRow:
    """A stored tally as entered, and the score it earned."""

    data: dict[str, Any]
    melded_points: int
    book_points: int
    red_three_points: int
    going_out_points: int
    bonus_points: int
    left_points: int
    total: int


#: A stored tally's score, column by column, in the order ``TallyRow`` has them.
SCORE_COLUMNS = tuple(field.name for field in fields(TallyRow))[1:]


@dataclass(frozen=True)
class RoundRow:
    """A recorded round and its tallies in team order, with the request key it was recorded
    with (so a write sees whether a retried request recorded it already)."""

    number: int
    version: int
    tallies: tuple[TallyRow, ...]
    request_key: str | None = None


@dataclass(frozen=True)
class PartRow:
    """A team's saved count of a round."""

    round_number: int
    team_position: int
    version: int
    data: dict[str, Any]


@dataclass(frozen=True)
class GameRows:
    """A stored game's rows, all that its state is made of; its rule set read from the
    snapshot's stored text, once per snapshot."""

    id: str
    rules: RuleSet
    status: str
    version: int
    first_dealer: int
    updated_at: datetime | None
    join_code: str | None
    teams: tuple[TeamRow, ...]
    rounds: tuple[RoundRow, ...]
    parts: tuple[PartRow, ...]


_GAMES, _TEAMS, _PLAYERS = Game.__table__.c, Team.__table__.c, Player.__table__.c
_PARTS, _ROUNDS, _TALLIES = TallyPart.__table__.c, Round.__table__.c, TallyRecord.__table__.c
#: Built once: a read only binds the game's id (and skips the ORM, which a read of plain
#: rows does not need). The rules snapshot comes as its stored text, the key of the parsed
#: rule set: a row for each player would otherwise decode it again.
_HEADS = (
    select(_GAMES.id, cast(_GAMES.rules_data, Text).label("rules_text"), _GAMES.status,
           _GAMES.version, _GAMES.first_dealer, _GAMES.updated_at, _GAMES.join_code,
           _TEAMS.position, _TEAMS.name, _TEAMS.books_data, _PLAYERS.position.label("seat"),
           _PLAYERS.name.label("player"), _PARTS.round_number, _PARTS.version.label("part_version"),
           _PARTS.data.label("part_data"))
    .join(Team.__table__, _TEAMS.game_id == _GAMES.id)
    .outerjoin(Player.__table__, _PLAYERS.team_id == _TEAMS.id)
    .outerjoin(TallyPart.__table__, and_(_PARTS.game_id == _GAMES.id,
                                         _PARTS.team_position == _TEAMS.position))
    .where(_GAMES.id == bindparam("game_id"))
    .order_by(_TEAMS.position, _PLAYERS.position, _PARTS.round_number))
_ROUNDS_AND_TALLIES = (
    # The round's three columns, then a TallyRow's, in its order.
    select(_ROUNDS.number, _ROUNDS.version, _ROUNDS.request_key, _TALLIES.data,
           *(_TALLIES[column] for column in SCORE_COLUMNS))
    .join(TallyRecord.__table__, _TALLIES.round_id == _ROUNDS.id)
    .where(_ROUNDS.game_id == bindparam("game_id"))
    .order_by(_ROUNDS.number, _TALLIES.team_position))


@dataclass(frozen=True)
class GameShape:
    """What a game's count form is made of: its rule set and its teams' names, both fixed
    when the game was set up."""

    rules: RuleSet
    team_names: tuple[str, ...]


_SHAPE = (select(cast(_GAMES.rules_data, Text).label("rules_text"), _TEAMS.name)
          .join(Team.__table__, _TEAMS.game_id == _GAMES.id)
          .where(_GAMES.id == bindparam("game_id")).order_by(_TEAMS.position))


def game_shape(game_id: str) -> GameShape | None:
    """The game's rule set and team names, in one query; None if no game has this id."""
    rows = db.session.execute(_SHAPE, {"game_id": game_id}).all()
    if not rows:
        return None
    return GameShape(rules_of_snapshot(rows[0].rules_text), tuple(row.name for row in rows))


def game_rows(game_id: str) -> GameRows | None:
    """The game's rows, or None if no game has this id: the game joined with its teams,
    players and saved counts (a few rows: one a player and count), then its rounds joined
    with their tallies, read in the request's session."""
    heads = db.session.execute(_HEADS, {"game_id": game_id}).all()
    if not heads:
        return None
    teams: dict[int, tuple[Any, dict[int, str]]] = {}
    parts: dict[tuple[int, int], PartRow] = {}
    for row in heads:
        team, players = teams.setdefault(row.position, (row, {}))
        if row.seat is not None:
            players[row.seat] = row.player
        if row.round_number is not None:
            parts[(row.round_number, row.position)] = PartRow(
                row.round_number, row.position, row.part_version, row.part_data)
    rounds: dict[int, tuple[int, str | None, list[TallyRow]]] = {}
    for row in db.session.execute(_ROUNDS_AND_TALLIES, {"game_id": game_id}):
        rounds.setdefault(row.number, (row.version, row.request_key, []))[2].append(
            TallyRow(*row[3:]))
    game = heads[0]
    return GameRows(
        id=game.id, rules=rules_of_snapshot(game.rules_text), status=game.status,
        version=game.version, first_dealer=game.first_dealer, updated_at=game.updated_at,
        join_code=game.join_code,
        teams=tuple(TeamRow(team.position, team.name, team.books_data,
                            tuple(PlayerRow(name) for name in players.values()))
                    for team, players in teams.values()),
        rounds=tuple(RoundRow(number, version, tuple(tallies), key)
                     for number, (version, key, tallies) in rounds.items()),
        parts=tuple(sorted(parts.values(), key=lambda part: part.team_position)),
    )
