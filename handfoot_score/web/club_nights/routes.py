"""Club night pages: who is here tonight and how many games each, the tables drawn for every
rotation (a page that prints as one line per table per rotation), drawing again, and each
table's game started in one tap."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from wtforms import RadioField, SelectField, SelectMultipleField, TextAreaField
from wtforms.validators import Length
from wtforms.widgets import CheckboxInput, ListWidget

from handfoot_score.engine.errors import EngineError
from handfoot_score.engine.seating_plan import (
    MAX_GAMES_EACH,
    MAX_NIGHT_PLAYERS,
    MIN_NIGHT_PLAYERS,
    SixSeats,
)
from handfoot_score.services import club_nights, leagues, rules
from handfoot_score.services.leagues import MAX_PLAYER_NAME, LeagueView
from handfoot_score.services.words import gettext
from handfoot_score.services.words import lazy_gettext as _l
from handfoot_score.web.shared.edit_codes import checked_edit_code_for, edit_code_for
from handfoot_score.web.shared.flask_form import FlaskForm, SelectChoice, show_problems
from handfoot_score.web.shared.redirects import SEE_OTHER

bp = Blueprint("club_nights", __name__)

#: The league's saved house rules offered beside the presets, the latest saved.
SAVED_RULES_OFFERED = 15
#: Typed names: a line each, for as many players as a night can have.
MAX_TYPED = MAX_NIGHT_PLAYERS * (MAX_PLAYER_NAME + 2)
DEFAULT_GAMES_EACH = 3


class NightForm(FlaskForm):
    """Who is here tonight (from the roster, or typed a line each), games each, the rules,
    and how a table of six plays."""

    present = SelectMultipleField(_l("Here tonight"), choices=[], validate_choice=True,
                                  option_widget=CheckboxInput(),
                                  widget=ListWidget(prefix_label=False))
    new_names = TextAreaField(_l("New players, one a line"), validators=[Length(max=MAX_TYPED)])
    games_each = SelectField(_l("Games each"), coerce=int, default=DEFAULT_GAMES_EACH,
                             choices=[SelectChoice(str(n)) for n in range(1, MAX_GAMES_EACH + 1)])
    rules = SelectField(_l("Rules"), choices=[])
    six_seats = RadioField(_l("A table of six plays as"), default=SixSeats.PAIRS.value,
                           choices=[SelectChoice(SixSeats.PAIRS.value, _l("three teams of two")),
                                    SelectChoice(SixSeats.THREES.value, _l("two teams of three"))])

    def players(self) -> list[str]:
        """The names ticked, then the names typed, in that order."""
        typed = [line.strip() for line in (self.new_names.data or "").splitlines()]
        return [*(self.present.data or []), *(name for name in typed if name)]


@bp.route("/leagues/<league_id>/club-nights/new", methods=["GET", "POST"])
def new_night(league_id: str) -> ResponseReturnValue:
    """Pick who is here tonight and how many games each; the tables are drawn on submit (a
    protected league's code asked first)."""
    league = leagues.get_league(league_id)
    code = checked_edit_code_for(league.id) if request.method == "POST" else None
    form = _night_form(league)
    if not form.validate_on_submit():
        return _new_page(league, form, 422 if form.is_submitted() else 200)
    try:
        setup = club_nights.night_setup(form.players(), form.games_each.data,
                                        form.rules.data, form.six_seats.data)
        night = club_nights.create_night(league.id, setup, edit_code=code)
    except EngineError as error:
        show_problems(form, error.problems, form.present)
        return _new_page(league, form, 422)
    return redirect(url_for("club_nights.night", league_id=league.id, night_id=night.id),
                    SEE_OTHER)


@bp.get("/leagues/<league_id>/club-nights/<night_id>")
def night(league_id: str, night_id: str) -> ResponseReturnValue:
    """Tonight's tables, rotation by rotation: a button starts each table's game, and once
    started its join code shows. Prints as one line per table per rotation."""
    night = club_nights.get_night(league_id, night_id)
    return render_template("leagues/club_night.html", night=night,
                           unlocked=edit_code_for(league_id) is not None)


@bp.post("/leagues/<league_id>/club-nights/<night_id>/draw-again")
def draw_again(league_id: str, night_id: str) -> ResponseReturnValue:
    """The same players and games drawn with another seed, as a new night."""
    if not FlaskForm().validate_on_submit():
        abort(400)
    night = club_nights.draw_again(league_id, night_id, edit_code=edit_code_for(league_id))
    return redirect(url_for("club_nights.night", league_id=league_id, night_id=night.id),
                    SEE_OTHER)


@bp.post("/leagues/<league_id>/club-nights/<night_id>/rotations/<int:rotation>/tables/"
         "<int:table>/start")
def start_table(league_id: str, night_id: str, rotation: int, table: int) -> ResponseReturnValue:
    """Start a table's game with its players and teams, in the league, and open it; a game
    already started there is opened instead."""
    if not FlaskForm().validate_on_submit():
        abort(400)
    started = club_nights.start_table(league_id, night_id, rotation, table,
                                      edit_code=edit_code_for(league_id))
    return redirect(url_for("play.game", game_id=started.game.id), SEE_OTHER)


def _night_form(league: LeagueView) -> NightForm:
    form = NightForm()
    form.present.choices = [SelectChoice(player.name) for player in league.players]
    form.rules.choices = [
        *(SelectChoice(preset.id, gettext(preset.name)) for preset in rules.list_presets()),
        *(SelectChoice(saved.id, saved.name)
          for saved in rules.league_saved_rules(league.id, SAVED_RULES_OFFERED))]
    return form


def _new_page(league: LeagueView, form: NightForm, status: int) -> ResponseReturnValue:
    return render_template("leagues/club_night_new.html", league=league, form=form,
                           least=MIN_NIGHT_PLAYERS, most=MAX_NIGHT_PLAYERS), status
