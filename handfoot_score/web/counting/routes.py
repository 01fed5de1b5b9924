"""Tally entry: one screen per round on which every team counts its cards.

For the round being played the screen records it; for an earlier round it corrects it.
With ``?team=N`` it takes one team's own count of the round being played, saved from that
team's phone; the round is recorded when every team's count is in. The page is one address
(``/games/<id>/rounds/<n>``); each of its commands posts to its own (``.../record``,
``.../correct``, ``.../teams/<t>``, ``.../show``), reading the bound form once, with
Flask-WTF's CSRF check as shipped. Nothing saves by
accident: who went out must be answered, Enter in a count only shows the score again, and a
team with nothing counted makes the save ask once. ``static/js/tally.js`` scores as the
counts are typed and keeps them in the phone's storage until they are saved.

Every save carries what it was based on (the round's version, each team's saved count's
version): a stale one is refused with what the other phone stored, the user's input kept,
and the form now based on the stored version, so saving again puts theirs in its place.
Once a round is recorded the table lands on the next round (or the result) with what each
team scored and an Undo.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any
from uuid import uuid4

from flask import (
    Blueprint,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from handfoot_score.engine.errors import InvalidTally, Problem
from handfoot_score.engine.scoring import TeamScore
from handfoot_score.engine.tally import Points, Tally
from handfoot_score.engine.warnings import each_team_warnings, tally_warnings
from handfoot_score.extensions import csrf
from handfoot_score.languages.i18n import say
from handfoot_score.services import games, tally_parts, undo
from handfoot_score.services.errors import InvalidInput, NotFound
from handfoot_score.services.games import (
    GameConflict,
    GameState,
    StaleRound,
    StaleTeamCounts,
)
from handfoot_score.services.locking import DatabaseBusy
from handfoot_score.services.scoring import team_score_to_dict
from handfoot_score.services.tallies import (
    read_entered,
    read_entered_tally,
    seats_of,
    tally_json,
)
from handfoot_score.services.typed_in import whole_number
from handfoot_score.services.words import gettext as _
from handfoot_score.services.words import lazy_gettext as _l
from handfoot_score.serving.errors import handle_http_error, not_found
from handfoot_score.web.counting.corrections import what_changed
from handfoot_score.web.counting.tally_form import NOBODY_WENT_OUT, ErrorLink, RoundTallyForm
from handfoot_score.web.shared.edit_codes import edit_code_for_game
from handfoot_score.web.shared.round_screen import JUST_RECORDED
from handfoot_score.web.shared.tally_words import tally_words

bp = Blueprint("counting", __name__)

#: The parts of a team's round score the preview lists, as the page names them.
PREVIEW_PARTS = (
    ("melded_points", _l("Melded")), ("book_points", _l("Books")),
    ("red_three_points", _l("Red threes")), ("going_out_points", _l("Going out")),
    ("bonus_points", _l("Bonus")), ("left_points", _l("Left")),
)
#: Said when Save found a points switch flipped whose inputs the page had not shown yet.
SWITCHED = _l("The counts now show as the switch asks: fill them in, then save.")
#: Said when a save's token no longer held: the form is shown again with a new one.
TOO_OLD = _l("This page was open a long time, so it was checked again: press Save once more.")
#: What a save can be refused with, each shown on the page again (not an error page).
SAVE_REFUSALS = (InvalidTally, InvalidInput, GameConflict, DatabaseBusy)
#: The flash category of "Round 4 recorded — ... · Undo" after a game's last round, shown
#: once on the result page with its Undo form (while a game goes on, the round screen shows
#: the same offer from the session until something else is written: ``JUST_RECORDED``).
RECORDED = "recorded"
#: Where the tallies of a round just taken back wait for its count page, in the session.
UNDONE = "undone"


@bp.get("/games/<game_id>/rounds/<int:number>")
def tally(game_id: str, number: int) -> ResponseReturnValue:
    """The count page of a round: the round being played (or, with ``?team=N``, one team's
    own count of it), or a round recorded earlier, to correct."""
    state = _game(game_id, number)
    team = _only_team(state, number)
    form = _form(state)
    _fill(form, state, number, team)
    return _page(state, number, form, team)


@bp.post("/games/<game_id>/rounds/<int:number>/show")
def show_count(game_id: str, number: int) -> ResponseReturnValue:
    """The page again with the score of what was typed, storing nothing: Enter in a count,
    or a points switch flipped, without scripts."""
    state = _game(game_id, number)
    team = _only_team(state, number)
    form = _form(state)
    notice = str(SWITCHED) if form.mode_changed() else None
    form.show_chosen_modes()
    return _page(state, number, form, team, notice=notice)


@bp.post("/games/<game_id>/rounds/<int:number>/record")
def record_round(game_id: str, number: int) -> ResponseReturnValue:
    """Record the round being played from every team's count on this phone."""
    state = _game(game_id, number)
    form = _form(state)
    if (shown := _not_ready(state, number, form, None)) is not None:
        return shown
    try:
        saved, new = games.record_round(
            state.id, read_entered(form.to_teams()), round_number=number,
            based_on=games.read_count_versions(form.part_versions()),
            request_key=games.read_request_key(form.request_key.data or None))
    except SAVE_REFUSALS as error:
        return _refusal(state, number, form, None, error)
    if not new:
        # A second tap on Save: the first one's notice already says what was recorded.
        return redirect(url_for("play.game", game_id=state.id), code=303)
    return redirect(_recorded(saved, number), code=303)


@bp.post("/games/<game_id>/rounds/<int:number>/correct")
def correct_round(game_id: str, number: int) -> ResponseReturnValue:
    """Correct a round recorded earlier; a finished game of a protected league asks for its
    edit code first."""
    state = _game(game_id, number)
    form = _form(state)
    if (shown := _not_ready(state, number, form, None)) is not None:
        return shown
    try:
        corrected = games.correct_round(
            state.id, number, read_entered(form.to_teams()),
            version=games.read_round_version(_number(form.version.data or "")),
            edit_code=edit_code_for_game(state.id))
    except SAVE_REFUSALS as error:
        return _refusal(state, number, form, None, error)
    flash(what_changed(state, corrected, number))
    return redirect(url_for("results.scoreboard", game_id=state.id), code=303)


@bp.post("/games/<game_id>/rounds/<int:number>/teams/<int:team>")
def save_team_count(game_id: str, number: int, team: int) -> ResponseReturnValue:
    """Save one team's own count of the round being played, from that team's phone; the
    round is recorded when every team's count is in."""
    state = _game(game_id, number)
    if team >= len(state.teams):
        abort(404)
    form = _form(state)
    if (shown := _not_ready(state, number, form, team)) is not None:
        return shown
    try:
        based_on = tally_parts.read_count_version(
            _number(form.teams[team].part_version.data or "0"), team)
        saved, recorded = tally_parts.save_part(state.id, number, team,
                                                read_entered_tally(form.part(team), team),
                                                based_on)
    except SAVE_REFUSALS as error:
        return _refusal(state, number, form, team, error)
    if recorded:
        return redirect(_recorded(saved, number), code=303)
    waiting = [count.name for count in saved.counting if not count.saved]
    flash(_("Count saved for %(team)s. Still counting: %(teams)s.",
            team=saved.teams[team].name, teams=", ".join(waiting)))
    return redirect(url_for("play.game", game_id=state.id), code=303)


#: The saves of the count page, whose expired token shows the form again (``page_too_old``).
SAVES = ("counting.record_round", "counting.correct_round", "counting.save_team_count")


@bp.errorhandler(CSRFError)
def page_too_old(error: CSRFError) -> ResponseReturnValue:
    """A save whose token no longer holds (the phone's session ended while a long round was
    counted, say) shows the form again with everything typed, not an error page."""
    args = request.view_args or {}
    if request.endpoint not in SAVES:
        return handle_http_error(error)
    try:
        state = _game(args["game_id"], args["number"])
        team = args.get("team")
        if team is not None and team >= len(state.teams):
            abort(404)
    except HTTPException as refused:
        return handle_http_error(refused)
    except NotFound as missing:  # raised in an error handler, the app's would not see it
        return not_found(missing)
    form = _form(state)
    return _page(state, number=args["number"], form=form, team=team,
                 errors=[ErrorLink(str(TOO_OLD), None)], status=400)


@bp.post("/games/<game_id>/rounds/<int:number>/preview")
def tally_preview(game_id: str, number: int) -> ResponseReturnValue:
    """Score the form as it stands, storing nothing: the preview while counting."""
    state = _game(game_id, number)
    form = _form(state)
    body, status = _preview(state, number, form)
    return jsonify(body), status


@bp.post("/games/<game_id>/rounds/<int:number>/undo")
def undo_round(game_id: str, number: int) -> ResponseReturnValue:
    """Take back the round just recorded and count it again; refused (409) if anything was
    entered since. A finished game of a protected league asks for its edit code first."""
    version = request.form.get("version", "")
    try:
        state, undone = undo.undo_round(game_id, number,
                                        undo.read_game_version(_number(version)),
                                        edit_code=edit_code_for_game(game_id))
    except (GameConflict, InvalidInput) as error:
        message = error.message if isinstance(error, GameConflict) else \
            _("Undo: the page was too old to say which round to take back.")
        flash(message, "error")
        return redirect(url_for("play.game", game_id=game_id), 303)
    session[UNDONE] = {"game": state.id, "round": number,
                       "teams": [tally_json(tally) for tally in undone]}
    flash(_("Round %(number)s was taken back: what was counted is below, change it and save "
            "again.", number=number))
    return redirect(url_for("counting.tally", game_id=game_id, number=number), 303)


# Neither stores anything, so a page whose token expired still shows its score; a forged
# request gains nothing, as another site cannot read the answer. The saves carry the token.
csrf.exempt(show_count)
csrf.exempt(tally_preview)


def _not_ready(state: GameState, number: int, form: RoundTallyForm, team: int | None
               ) -> ResponseReturnValue | None:
    """The page again instead of a save, or None where the save may go ahead: a points
    switch flipped whose inputs the page had not shown yet, what the form refuses, or a team
    with nothing counted or a count worth a second look, each asked about once (only of a
    round that would save: one that cannot shows what to fix first)."""
    if form.mode_changed():
        form.show_chosen_modes()
        return _page(state, number, form, team, notice=str(SWITCHED))
    if not form.validate_on_submit():
        return _page(state, number, form, team, errors=form.refusals(team), status=400)
    preview, status = _preview(state, number, form)
    if status != 200:
        return None
    # One question at a time is asked once: a team with nothing counted, or else the counts
    # warned about; asked about the first, the save takes the second as seen (shown below).
    empty = form.nothing_counted(team)
    notice = form.ask_about(empty) if empty else None
    if warned := form.not_asked_yet(preview["warnings"], team):
        asked = form.ask_about_warnings(warned)
        notice = notice or asked
    return None if notice is None else _page(state, number, form, team, notice=notice)


def _form(state: GameState) -> RoundTallyForm:
    """The count form of the game's rules and teams, bound to what was posted."""
    return RoundTallyForm.for_game(state.rules, [team.name for team in state.teams])


def _refusal(state: GameState, number: int, form: RoundTallyForm, team: int | None,
             error: Exception) -> ResponseReturnValue:
    """The page again with the form as posted, saying why the save was refused."""
    if isinstance(error, (InvalidTally, InvalidInput)):
        return _page(state, number, form, team, errors=form.attach(error.problems), status=422)
    if isinstance(error, GameConflict):
        return _page(state, number, form, team, errors=_refused(state, form, error),
                     status=409)
    assert isinstance(error, DatabaseBusy)
    return _page(state, number, form, team, errors=[ErrorLink(error.message, None)],
                 status=503)


def _game(game_id: str, number: int) -> GameState:
    """The game, if ``number`` is a round that can be counted or corrected in it."""
    state = games.get_game(game_id)
    if not 1 <= number <= len(state.rounds) + (state.current_round is not None):
        abort(404)
    return state


def _only_team(state: GameState, number: int) -> int | None:
    """The team whose own count the page takes (``?team=N``), for the round being played."""
    asked = request.args.get("team")
    if asked is None or number != state.current_round:
        return None
    team = whole_number(asked)
    if team is None or team >= len(state.teams):
        abort(404)
    return team


def _fill(form: RoundTallyForm, state: GameState, number: int, team: int | None) -> None:
    """A new round starts from the round just taken back, each team's saved count, or the
    books and red threes tapped during play; a recorded one shows as entered."""
    if number == state.current_round:
        undone = session.pop(UNDONE, None)
        if undone and undone.get("game") == state.id and undone.get("round") == number:
            form.went_out.data = NOBODY_WENT_OUT
            # Kept in the session as JSON, read back by the one reader.
            form.from_tallies(read_entered(undone["teams"]))
        else:
            form.from_tallies([part.tally if (part := state.part(t.position)) else
                               _from_play(state, t.position) for t in state.teams])
        form.show_part_versions(state.part_versions())
        form.request_key.data = uuid4().hex
        # One team's own page asks who went out with nothing chosen (books tapped during
        # play may be fewer than those made: a guess of "No" cost the team that went out its
        # bonus when nobody changed it), unless the team saved its count already.
        if team is not None and (part := state.part(team)):
            form.went_out.data = str(team) if part.tally.went_out else NOBODY_WENT_OUT
    else:
        recorded = state.round(number)
        form.went_out.data = NOBODY_WENT_OUT
        form.from_tallies(recorded.tallies)
        form.version.data = str(recorded.version)


def _from_play(state: GameState, team: int) -> Tally:
    """What a team's count starts from before anything is typed: the books and red threes
    laid down tapped during play, counted in points if the team counted its last round so."""
    start = Tally(books=state.books[team], red_threes_down=state.red_threes[team])
    last = state.rounds[-1].tallies[team] if state.rounds else Tally()
    if any(isinstance(cards, Points) for cards in (last.melded, last.left)):
        start = replace(start, melded=Points(0), left=Points(0))
    return start


def _recorded(state: GameState, number: int) -> str:
    """Say what each team scored in the round just recorded, with an Undo; where to go: the
    next round, or the result after the last one."""
    if len(state.rounds) < number:
        # A retried save: the round was recorded from another phone, with its own scores.
        return url_for("play.game", game_id=state.id)
    scores = state.round(number).scores
    # What the message says, not its HTML: the next page writes it (games/_recorded.html),
    # in its own language, with its own token.
    message = {"game": state.id, "round": number, "version": state.version,
               "scored": [[team.name, score.total] for team, score in zip(state.teams, scores)]}
    if state.finished:
        # The result page shows it once (templates/_flashes.html reads it back): a flashed
        # message is text.
        flash(json.dumps(message), RECORDED)
    else:
        # The round screen shows it, with its Undo, until something else is written.
        session[JUST_RECORDED] = message
    return url_for("play.game", game_id=state.id)


def _number(typed: str) -> int | str:
    """A version as the form sent it: a number, or the text, for its reader to refuse."""
    number = whole_number(typed)
    return typed if number is None else number


def _refused(state: GameState, form: RoundTallyForm, error: GameConflict) -> list[ErrorLink]:
    """The lines saying why a save was refused and what the other phone stored; the form is
    then based on what is stored now, so saving again puts the user's input in its place."""
    lines = [ErrorLink(error.message, None)]
    if isinstance(error, StaleRound):
        if form.version.data:
            form.version.data = str(error.version)
        lines += [_theirs(state, team, tally) for team, tally in enumerate(error.tallies)]
    elif isinstance(error, StaleTeamCounts):
        for count in error.counts:
            form.teams[count.team].part_version.data = str(count.version)
            if count.tally is not None:
                lines.append(_theirs(state, count.team, count.tally))
    if len(lines) > 1:
        lines.append(ErrorLink(_("What you entered is still below: save again to put it in "
                                 "place of theirs, or change it first."), None))
    return lines


def _theirs(state: GameState, team: int, tally: Tally) -> ErrorLink:
    return ErrorLink(_("%(team)s on the other phone: %(tally)s.", team=state.teams[team].name,
                       tally=tally_words(tally)), None)


def _preview(state: GameState, number: int, form: RoundTallyForm
             ) -> tuple[dict[str, Any], int]:
    """Each team's score for the form as it stands, what stops it being scored, and what is
    worth a second look before saving."""
    seats = seats_of([team.players for team in state.teams])
    try:
        tallies = read_entered(form.to_teams())
        scores = games.preview_round(state, number, tallies)
    except (InvalidTally, InvalidInput) as error:
        # Each team's score as soon as its own count can be scored, the others "—"; and
        # with a team's score, what in its counts is worth a second look.
        counts = _each_count(form)
        each = games.preview_each_team(state, number, counts, error.problems)
        warnings = each_team_warnings(state.rules, [
            count if score else None for count, score in zip(counts, each)], seats)
        return {"teams": _scored(state, number, each),
                "errors": _problems(form, error.problems),
                "warnings": _problems(form, _worth_a_look(form, warnings))}, 422
    except GameConflict as error:
        return {"teams": [], "errors": _problems(
            form, [Problem(error.field or "round", error.message)]), "warnings": []}, 409
    return {"teams": _scored(state, number, scores), "errors": [], "warnings": _problems(
        form, _worth_a_look(form, tally_warnings(state.rules, tallies, seats)))}, 200


def _worth_a_look(form: RoundTallyForm, warnings: Sequence[Problem]) -> list[Problem]:
    """The warnings the page shows: whether a team went out once the page has been answered,
    a team's counts once it has counted a card (a team with none is asked about on Save)."""
    answered = form.went_out.data is not None
    return [warning for warning in warnings
            if (answered or warning.field != "went_out")
            and (warning.team is None or form.has_counts(warning.team))]


def _each_count(form: RoundTallyForm) -> list[Tally | None]:
    """Each team's count read on its own: None for one that cannot be read."""
    counts: list[Tally | None] = []
    for team in range(len(form.teams)):
        try:
            counts.append(read_entered_tally(form.part(team), team))
        except (InvalidTally, InvalidInput):
            counts.append(None)
    return counts


def _scored(state: GameState, number: int, scores: Sequence[TeamScore | None]
            ) -> list[dict[str, Any] | None]:
    """The preview's scores, each with the team's total after the round (None for a team
    not scored yet)."""
    after = state.scoresheet.totals_after(number, [score.total if score else 0
                                                   for score in scores])
    return [{**team_score_to_dict(score), "total_after": total} if score else None
            for score, total in zip(scores, after)]


def _problems(form: RoundTallyForm, problems: tuple[Problem, ...] | list[Problem]
              ) -> list[dict[str, Any]]:
    return [{**problem.as_dict(), "message": say(problem), **form.describe(problem).as_dict()}
            for problem in problems]


def _page(state: GameState, number: int, form: RoundTallyForm, team: int | None,
          errors: list[ErrorLink] | None = None, status: int = 200,
          notice: str | None = None) -> ResponseReturnValue:
    correcting = bool(form.version.data)
    typed = request.method == "POST"
    saved = [not correcting and not typed and state.part(t.position) is not None
             for t in state.teams]
    tapped = [not correcting and not is_saved and (any(books.as_counts().values()) or threes)
              for books, threes, is_saved in zip(state.books, state.red_threes, saved)]
    preview = None if errors else _preview(state, number, form)[0]
    if number != state.current_round:
        version = state.round(number).version
        live_page = f"correct-{number}-{version}"
        changed = _("Round %(number)s was changed on another phone.", number=number)
        stored_as = f"{number}:{version}"
    else:
        live_page = f"record-{number}"
        changed = _("Round %(number)s was recorded on another phone.", number=number)
        stored_as = f"{number}:new"
    page = render_template(
        "games/tally.html", state=state, number=number, form=form, errors=errors or [],
        correcting=correcting, tapped=tapped, saved=saved, hints=form.hints(),
        preview=preview, preview_parts=PREVIEW_PARTS, notice=notice, only_team=team,
        live_page=live_page, live_changed=changed, typed=typed, stored_as=stored_as,
        nobody=NOBODY_WENT_OUT,
    )
    return page, status
