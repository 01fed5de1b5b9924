"""The one mapping between a stored game and the engine's values: a team's count, stored as
``tallies.tally_json`` writes it and read back as the ``Tally`` it was, with its team's
score; a team's book taps and its table books; a stored game and its state (``state_of``,
the one read model, built from the ORM's ``Game``); and the reads: one game, the games in
play (a game read for a write is read by its unit of work, ``writes``, once the lock is
held)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import joinedload, selectinload

from handfoot_score.engine.rules import BOOK_TYPES
from handfoot_score.engine.scoresheet import Scoresheet
from handfoot_score.engine.scoring import SCORE_PARTS, TeamScore
from handfoot_score.engine.tally import TableBooks, Tally
from handfoot_score.extensions import db
from handfoot_score.storage.models import Game, GameStatus, Round, TallyRecord, Team

from ..scoring import scoresheet_of
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
        red_threes=tuple(t.red_threes_down or 0 for t in game.teams),
        updated_at=game.updated_at,
        join_code=game.join_code,
        # A count saved in this write is last in the list, whatever its team.
        parts=tuple(sorted((PartView(p.team_position, p.version,
                                     stored_tally(p.data, p.team_position))
                            for p in game.parts
                            if p.round_number == len(rounds) + 1), key=lambda p: p.team)),
        notes=GameNotes(game.note, game.place, game.played_on),
    )


def _round_view(sheet: Scoresheet, game_round: Round, names: Sequence[str]) -> RoundView:
    minimums = sheet.meld_minimums(game_round.number)
    return RoundView(
        number=game_round.number,
        version=game_round.version,
        tallies=tuple(stored_tally(t.data, t.team_position) for t in game_round.tallies),
        scores=tuple(team_score(t, name, minimum)
                     for t, name, minimum in zip(game_round.tallies, names, minimums)),
    )


def get_game(game_id: str) -> GameState:
    """The game with this id, read in two queries; raises GameNotFound."""
    return state_of(load(game_id))


def games_in_play(limit: int = 20) -> list[GameState]:
    """Unfinished games, the most recently played first, to resume from the home page."""
    query = (select(Game).where(Game.status == GameStatus.PLAYING)
             .order_by(Game.updated_at.desc()).limit(limit).options(*WHOLE_GAME))
    return [state_of(game) for game in db.session.scalars(query).unique()]
