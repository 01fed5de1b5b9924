"""Notes on a game after its start: a short note, where and on which day it was played."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from wtforms import DateField, StringField
from wtforms.validators import Length, Optional

from handfoot_score.engine.errors import EngineError
from handfoot_score.services import games
from handfoot_score.services.games import GameState
from handfoot_score.services.words import gettext as _
from handfoot_score.services.words import lazy_gettext as _l
from handfoot_score.storage.models import NOTE_LENGTH, PLACE_LENGTH
from handfoot_score.web.shared.edit_codes import edit_code_for_game
from handfoot_score.web.shared.flask_form import FlaskForm, show_problems
from handfoot_score.web.shared.redirects import SEE_OTHER

bp = Blueprint("game_notes", __name__)


class NotesForm(FlaskForm):
    """A game's note, place and day, each optional (empty clears it)."""

    note = StringField(_l("Note"), validators=[Optional(), Length(max=NOTE_LENGTH)])
    place = StringField(_l("Where"), validators=[Optional(), Length(max=PLACE_LENGTH)])
    played_on = DateField(_l("Played on"), validators=[Optional()])


@bp.route("/games/<game_id>/notes", methods=["GET", "POST"])
def game_notes(game_id: str) -> ResponseReturnValue:
    """The game's notes in a small form; saved, back to the game. A league game with an edit
    code asks for it as its other changes do."""
    state = games.get_game(game_id)
    form = NotesForm(obj=state.notes)
    if not form.validate_on_submit():
        return _page(state, form, 422 if form.is_submitted() else 200)
    try:
        notes = games.read_notes(form.note.data, form.place.data, form.played_on.data)
        games.change_notes(game_id, notes, edit_code=edit_code_for_game(game_id))
    except EngineError as error:
        show_problems(form, error.problems, form.note)
        return _page(state, form, 422)
    flash(_("The notes on this game are saved."), "success")
    return redirect(url_for("play.game", game_id=game_id), SEE_OTHER)


def _page(state: GameState, form: NotesForm, status: int) -> ResponseReturnValue:
    return render_template("games/notes.html", state=state, form=form), status
