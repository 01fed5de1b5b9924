"""The one mapping between a stored game and the engine's values: a team's count, stored as
``tallies.tally_json`` writes it and read back as the ``Tally`` it was, with its team's
score; a team's book taps and its table books; a stored game and its state (``state_from``, the one
read model, built from the game's stored rows); and the reads: one game, read as plain rows,
the games in play (a game read for a write is loaded through the ORM by its unit of work,
``writes``, once the lock is held, and mapped by the same ``state_from``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import groupby
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload, selectinload

from handfoot_score.engine.rules import BOOK_TYPES
from handfoot_score.engine.scoresheet import Scoresheet
from handfoot_score.engine.scoring import SCORE_PARTS, TeamScore
from handfoot_score.engine.tally import TableBooks, Tally
from handfoot_score.extensions import db
from handfoot_score.storage.models import (
    Game,
    GameStatus,
    Player,
    Round,
    TallyPart,
    TallyRecord,
    Team,
)

from ..rules import stored_rules
from ..tallies import read_entered_tally, tally_json
from .errors import GameNotFound
from .state import GameNotes, GameState, PartView, RoundView, TeamView

#: A game with everything ``state_of`` reads, in two queries however many rounds it has: the
#: game joined with its teams, their players and the counts saved, then its rounds joined
#: with their tallies. (The first join multiplies rows only by the few players and counts of
#: one table; joining the rounds too would multiply them by every tally.)
WHOLE_GAME = (joinedload(Game.teams).joinedload(Team.players),
              joinedload(Game.parts),
              selectinload(Game.rounds).joinedload(Round.tallies))


def tally_record(position: int, tally: Tally, score: TeamScore) -> TallyRecord:
    """Team ``position``'s tally, with the score the engine gave it: the row it is stored as
    in its round."""
    return TallyRecord(team_position=position, data=tally_json(tally), total=score.total,
                       **{part: getattr(score, part) for part in SCORE_PARTS})


def team_score(record: TallyRecord, name: str | None, meld_minimum: int) -> TeamScore:
    """The score a stored tally earned, as the engine gave it."""
    return TeamScore(name=name, meld_minimum=meld_minimum,
                     **{part: getattr(record, part) for part in SCORE_PARTS})


def replace_tally(stored: TallyRecord, new: TallyRecord) -> None:
    """Put a corrected tally and its score in place of the stored one."""
    stored.data, stored.total = new.data, new.total
    for part in SCORE_PARTS:
        setattr(stored, part, getattr(new, part))


def stored_tally(data: Mapping[str, Any], team: int) -> Tally:
    """A count as stored (a recorded round's tally, a team's saved count), read back: the
    ``Tally`` it was stored from. It was read when it came in, so it reads again."""
    return read_entered_tally(data, team)


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


def state_of(game: Game) -> GameState:
    """A game loaded through the ORM (a write's) as the pages and the API see it."""
    return state_from(game, [(team, [player.name for player in team.players])
                             for team in game.teams],
                      [(game_round, game_round.tallies) for game_round in game.rounds],
                      game.parts)


def state_from(game: Any, teams: Sequence[tuple[Any, Sequence[str]]],
               rounds: Sequence[tuple[Any, Sequence[Any]]], parts: Sequence[Any]) -> GameState:
    """A stored game as the pages and the API see it, from its rows, read by their columns'
    names (ORM objects or plain rows alike): the game's; each team's in order, with its
    players' names in order; each round's in order, with its tallies in team order; and the
    counts saved team by team."""
    rules = stored_rules(game.rules_data)
    sheet = Scoresheet.of(rules, len(teams),
                          ([tally.total for tally in tallies] for _, tallies in rounds))
    names = [team.name for team, _ in teams]
    round_views = tuple(_round_view(sheet, game_round, tallies, names)
                        for game_round, tallies in rounds)
    return GameState(
        id=game.id,
        rules=rules,
        status=game.status,
        version=game.version,
        first_dealer=game.first_dealer,
        teams=tuple(TeamView(team.position, team.name, tuple(players))
                    for team, players in teams),
        rounds=round_views,
        books=tuple(table_books(team.books_data) for team, _ in teams),
        red_threes=tuple(team.red_threes_down or 0 for team, _ in teams),
        updated_at=game.updated_at,
        join_code=game.join_code,
        # A count saved in this write is last in the list, whatever its team.
        parts=tuple(sorted((PartView(p.team_position, p.version,
                                     stored_tally(p.data, p.team_position))
                            for p in parts
                            if p.round_number == len(round_views) + 1),
                           key=lambda p: p.team)),
        notes=GameNotes(game.note, game.place, game.played_on),
    )


def _round_view(sheet: Scoresheet, game_round: Any, tallies: Sequence[Any],
                names: Sequence[str]) -> RoundView:
    minimums = sheet.meld_minimums(game_round.number)
    return RoundView(
        number=game_round.number,
        version=game_round.version,
        tallies=tuple(stored_tally(t.data, t.team_position) for t in tallies),
        scores=tuple(team_score(t, name, minimum)
                     for t, name, minimum in zip(tallies, names, minimums)),
    )


GAMES, TEAMS, PLAYERS, ROUNDS, TALLIES, PARTS = (
    model.__table__ for model in (Game, Team, Player, Round, TallyRecord, TallyPart))
#: Built once, the four statements a game's state is read in, as plain rows: the game's row;
#: its teams' joined with their players' names; its rounds' joined with their tallies; the
#: counts saved team by team.
_GAME_ROW = select(GAMES).where(GAMES.c.id == bindparam("game_id"))
_TEAM_ROWS = (select(TEAMS, PLAYERS.c.name.label("player"))
              .outerjoin(PLAYERS, PLAYERS.c.team_id == TEAMS.c.id)
              .where(TEAMS.c.game_id == bindparam("game_id"))
              .order_by(TEAMS.c.position, PLAYERS.c.position))
_ROUND_ROWS = (select(ROUNDS.c.number, ROUNDS.c.version, TALLIES)
               .outerjoin(TALLIES, TALLIES.c.round_id == ROUNDS.c.id)
               .where(ROUNDS.c.game_id == bindparam("game_id"))
               .order_by(ROUNDS.c.number, TALLIES.c.team_position))
_PART_ROWS = (select(PARTS).where(PARTS.c.game_id == bindparam("game_id"))
              .order_by(PARTS.c.team_position))


def get_game(game_id: str) -> GameState:
    """The game with this id, read in four queries of plain rows and mapped by
    ``state_from``; raises GameNotFound. A read changes nothing, so it needs no ORM objects
    (loading them took a page longer than reading and mapping the rows)."""
    if not isinstance(game_id, str):
        raise GameNotFound(game_id)
    key = {"game_id": game_id}
    game = db.session.execute(_GAME_ROW, key).one_or_none()
    if game is None:
        raise GameNotFound(game_id)
    teams = [(rows[0], [row.player for row in rows if row.player is not None])
             for rows in _grouped(db.session.execute(_TEAM_ROWS, key), "position")]
    rounds = [(rows[0], [row for row in rows if row.team_position is not None])
              for rows in _grouped(db.session.execute(_ROUND_ROWS, key), "number")]
    return state_from(game, teams, rounds, db.session.execute(_PART_ROWS, key).all())


def _grouped(rows: Any, column: str) -> list[list[Any]]:
    """Rows ordered by ``column``, in runs of the same value: a team's rows joined with each
    of its players, a round's with each of its tallies."""
    return [list(run) for _, run in groupby(rows, key=lambda row: getattr(row, column))]


def games_in_play(limit: int = 20) -> list[GameState]:
    """Unfinished games, the most recently played first, to resume from the home page."""
    query = (select(Game).where(Game.status == GameStatus.PLAYING)
             .order_by(Game.updated_at.desc()).limit(limit).options(*WHOLE_GAME))
    return [state_of(game) for game in db.session.scalars(query).unique()]
