"""Taking back the round just recorded, while nothing newer has been entered.

Undo carries the game version the phone saw when the round was recorded: any later write
(a book tap, a team's count, a correction, another undo) moves the game version on (see
``games.writes``), and the undo is then refused (409), so it never takes back what another
phone did unseen.

A finished game's result is the league's: in a league with an edit code, taking back the
last round of a finished game needs the code, as a correction does, so a game's link alone
cannot undo a result and record the round again with other scores. Taking back the round
just recorded of a game still being played needs none, as recording it needed none.
"""

from __future__ import annotations

from sqlalchemy import update

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.engine.tally import Tally
from handfoot_score.extensions import db
from handfoot_score.storage.models import GameStatus, LeagueSeat, LeagueTeam

from .errors import InvalidInput
from .games import GameConflict, GameState, StaleGame
from .games.access import require_edit_code
from .games.writes import game_write
from .locking import write_transaction
from .words import gettext


def read_game_version(value: object) -> int:
    """The game version an undo is based on, as the JSON API and the pages send it; raises
    InvalidInput naming ``version``."""
    if type(value) is not int:
        raise InvalidInput(Problem("version", N_("must be the game's version you saw after "
                                                 "the round was recorded")))
    return value


def can_undo(state: GameState, number: object, based_on: object) -> bool:
    """Whether round ``number`` can be taken back now on the game version ``based_on``: it
    is the last round recorded, in a game still being played or just finished, and nothing
    was written since (the game's last write is that round's record). The round screen
    offers its Undo while this holds."""
    return (_undoable(state, number) and type(based_on) is int
            and based_on == state.version)


def _undoable(state: GameState, number: object) -> bool:
    """Round ``number`` is the last recorded, in a game still being played or just finished."""
    return (state.status in (GameStatus.PLAYING, GameStatus.FINISHED)
            and type(number) is int and 0 < number == len(state.rounds))


@write_transaction
def undo_round(game_id: str, number: int, based_on: int, *, edit_code: str | None = None
               ) -> tuple[GameState, tuple[Tally, ...]]:
    """Take back round ``number``, the last one recorded; the game as it is now, and the
    tallies the round was recorded with (to count it again).

    ``based_on`` is the game version the phone saw once the round was recorded
    (``read_game_version``). The books and red threes laid down the round counted go back on the
    round screen's counters, as if tapped during play. A finished game in a league with an edit code
    needs ``edit_code``: raises EditCodeRequired or TooManyAttempts without it.
    """
    with game_write(game_id) as write:
        state, game = write.state, write.game
        if not _undoable(state, number):
            raise GameConflict(gettext("Round %(number)s cannot be taken back: only the last "
                                       "round recorded can, in a game still being played or "
                                       "just finished.", number=number), "round")
        if state.status == GameStatus.FINISHED:
            require_edit_code(game, edit_code)
        if based_on != state.version:
            raise StaleGame(
                gettext("Round %(number)s was not taken back: something was entered on "
                        "another phone since it was recorded. Correct round %(number)s on the "
                        "scoreboard instead.", number=number),
                "version", version=state.version)
        undone = state.round(number).tallies
        game.rounds.pop()
        for team, tally in zip(game.teams, undone):
            team.books_data = {kind: count for kind, count in tally.books.as_counts().items()
                               if count > 0}
            team.red_threes_down = tally.red_threes_down
        if game.status == GameStatus.FINISHED:
            game.status = GameStatus.PLAYING
            _forget_results([team.id for team in game.teams])
    return write.written, undone


def _forget_results(team_ids: list[int]) -> None:
    """A league game that is no longer finished leaves the standings until it is again."""
    for model in (LeagueTeam, LeagueSeat):
        db.session.execute(update(model).where(model.team_id.in_(team_ids))
                           .values(total=None, outcome=None))
