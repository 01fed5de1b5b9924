"""The scores: the scoreboard round by round, the game-over page, and playing again."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from handfoot_score.services import games
from handfoot_score.services.games import GameState
from handfoot_score.services.live import game_version
from handfoot_score.services.words import gettext as _
from handfoot_score.web.shared.chart import running_total_chart
from handfoot_score.web.shared.conditional_pages import conditional_page
from handfoot_score.web.shared.edit_codes import edit_code_for_game
from handfoot_score.web.shared.join_links import join_link
from handfoot_score.web.shared.redirects import SEE_OTHER
from handfoot_score.web.shared.round_screen import score_sheet

bp = Blueprint("results", __name__)

#: Up to this many teams a round's breakdown is a table with a column per team; more would
#: not fit a 360px screen, so each team gets a card of its own instead.
BREAKDOWN_COLUMNS = 2
#: The same for the final table, whose rows are only round totals.
FINAL_TABLE_COLUMNS = 3


@bp.get("/games/<game_id>/scoreboard")
def scoreboard(game_id: str) -> ResponseReturnValue:
    """Every recorded round, each team's score part by part, and the running totals; 304
    while the game's version and its join link (the computer's network address, when opened
    on the computer itself) hold."""
    version = game_version(game_id)
    return conditional_page((version, join_link("joining.join")),
                            lambda: _scoreboard(game_id))


def _scoreboard(game_id: str) -> ResponseReturnValue:
    state = games.get_game(game_id)
    number = state.current_round
    return render_template(
        "games/scoreboard.html", state=state,
        next_deal=None if number is None else state.deal(number),
        as_columns=_fits_columns(state, BREAKDOWN_COLUMNS), sheet=score_sheet(state),
    )


@bp.get("/games/<game_id>/over")
def game_over(game_id: str) -> ResponseReturnValue:
    """Who won, the totals by round, and a chart of the running totals; 304 while the
    game's version holds."""
    return conditional_page(game_version(game_id), lambda: _game_over(game_id))


def _game_over(game_id: str) -> ResponseReturnValue:
    state = games.get_game(game_id)
    if not state.finished:
        return redirect(url_for("play.game", game_id=state.id))
    return render_template(
        "games/over.html", state=state,
        winners=[state.teams[position] for position in state.winners],
        chart=running_total_chart([team.name for team in state.teams], state.running_totals),
        as_columns=_fits_columns(state, FINAL_TABLE_COLUMNS),
    )


@bp.post("/games/<game_id>/again")
def play_again(game_id: str) -> ResponseReturnValue:
    """Start a new game with the same rules and teams, and go to its first round."""
    state = games.play_again(game_id, edit_code=edit_code_for_game(game_id))
    flash(_("A new game with the same teams has started. The deal moves one seat on."))
    return redirect(url_for("play.game", game_id=state.id), SEE_OTHER)


def _fits_columns(state: GameState, most: int) -> bool:
    return len(state.teams) <= most
