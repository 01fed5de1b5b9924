"""Games in a league with an edit code: a change to one needs the league's code."""

from __future__ import annotations

from handfoot_score.storage.models import Game

from .. import edit_codes, leagues


def require_edit_code(game: Game, edit_code: str | None) -> None:
    """Let a change to a league game through, or raise EditCodeRequired or TooManyAttempts;
    a game in no league needs no code."""
    league = leagues.league_of_game(game.id)
    if league is not None:
        edit_codes.require_edit_code(league, edit_code)
