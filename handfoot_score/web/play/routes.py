"""The round screen, the book and red-three counters tapped during play, and stopping a
game."""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, abort, flash, redirect, render_template, session, url_for
from flask.typing import ResponseReturnValue
from wtforms import IntegerField, StringField
from wtforms.validators import AnyOf, InputRequired, Length, Optional

from handfoot_score.services import games
from handfoot_score.services.errors import InvalidInput
from handfoot_score.services.games import GameConflict
from handfoot_score.services.live import game_version
from handfoot_score.services.words import gettext as _
from handfoot_score.web.shared.conditional_pages import conditional_page
from handfoot_score.web.shared.edit_codes import edit_code_for_game
from handfoot_score.web.shared.flask_form import FlaskForm
from handfoot_score.web.shared.redirects import SEE_OTHER
from handfoot_score.web.shared.round_screen import (
    JUST_RECORDED,
    book_kinds,
    book_phrase,
    score_sheet,
    team_panels,
    undo_offer,
)
from handfoot_score.web.shared.typed_fields import StoredCountField
from handfoot_score.web.shared.win_chances import game_chances

bp = Blueprint("play", __name__)



class CounterTapForm(FlaskForm):
    """One tap on a team's counter (its red threes, as it is): which team, one more or one
    fewer, and the count the page showed (another phone may have changed it since)."""

    team = StoredCountField(validators=[InputRequired()])
    change = IntegerField(validators=[InputRequired(), AnyOf([1, -1])])
    seen = StoredCountField(validators=[Optional()])


class BookTapForm(CounterTapForm):
    """One tap on a book counter: a counter's tap and which kind of book."""

    kind = StringField(validators=[InputRequired(), Length(max=32)])


@bp.get("/games/<game_id>")
def game(game_id: str) -> ResponseReturnValue:
    """The round being played: the score sheet, its minimum, the deal, the book counters, and
    what it asks folded away, with the Undo of the round this phone just recorded while
    nothing was written since; 304 while the game's version holds (the offer goes with it)."""
    return conditional_page(game_version(game_id), lambda: _round_screen(game_id))


def _round_screen(game_id: str) -> ResponseReturnValue:
    state = games.get_game(game_id)
    if state.finished:
        return redirect(url_for("results.game_over", game_id=state.id))
    number = state.current_round
    if number is None:
        return render_template("games/stopped.html", state=state)
    game_round = state.rules.round(number)
    return render_template(
        "games/round.html", state=state, number=number, game_round=game_round,
        deal=state.deal(number), panels=team_panels(state, number),
        going_out_books=book_phrase(game_round.going_out_books),
        book_kinds=book_kinds(state.rules), sheet=score_sheet(state),
        offer=undo_offer(state, session.get(JUST_RECORDED)),
        chances=game_chances(state.id, [(t.name, t.players) for t in state.teams]),
    )


@bp.post("/games/<game_id>/books")
def tap_book(game_id: str) -> ResponseReturnValue:
    """Count a book a team just completed, or take one back; then show the round again."""
    form = BookTapForm()
    kind = form.kind.data
    if kind is None:  # InputRequired: the form is not valid without it
        abort(400)
    return _tap(game_id, form, lambda team, change, seen: games.tap_book(
        game_id, team, kind, change, seen=seen))


@bp.post("/games/<game_id>/red-threes")
def tap_red_threes(game_id: str) -> ResponseReturnValue:
    """Count a red three a team just laid down, or take one back; then show the round
    again."""
    return _tap(game_id, CounterTapForm(), lambda team, change, seen: games.tap_red_threes(
        game_id, team, change, seen=seen))


def _tap(game_id: str, form: CounterTapForm,
         count: Callable[[int, int, int | None], object]) -> ResponseReturnValue:
    """A tap on one of a team's counters, as ``count`` keeps it; then the round again, at the
    team (a tap another phone overtook says so there)."""
    team, change = form.team.data, form.change.data
    # A valid form has both (InputRequired); the None checks say so to the type checker.
    if not form.validate() or team is None or change is None:
        abort(400)
    try:
        count(team, change, form.seen.data)
    except GameConflict as error:
        flash(error.message, "error")
        return redirect(url_for("play.game", game_id=game_id), SEE_OTHER)
    except InvalidInput:
        abort(400)
    return redirect(url_for("play.game", game_id=game_id, _anchor=f"team-{team}"), SEE_OTHER)


@bp.get("/games/<game_id>/abandon")
def confirm_abandon(game_id: str) -> ResponseReturnValue:
    """Ask before stopping a game; a game already over has nothing to stop."""
    state = games.get_game(game_id)
    if state.current_round is None:
        return redirect(url_for("play.game", game_id=state.id))
    return render_template("games/abandon.html", state=state)


@bp.post("/games/<game_id>/abandon")
def abandon_game(game_id: str) -> ResponseReturnValue:
    """Stop the game: its rounds stay saved, and it leaves the list of games in play."""
    state = games.get_game(game_id)
    if state.current_round is None:
        return redirect(url_for("play.game", game_id=state.id), SEE_OTHER)
    games.abandon_game(game_id, edit_code=edit_code_for_game(game_id))
    flash(_("The game was stopped. Its rounds stay saved."))
    return redirect(url_for("home.home"), SEE_OTHER)
