"""Tally entry: one screen per round on which every team counts its cards.

For the round being played the screen records it; for an earlier round it corrects it.
With ``?team=N`` it takes one team's own count of the round being played, saved from that
team's phone; the round is recorded when every team's count is in. Steppers work without
JavaScript (a step shows the form again, saving nothing); with it, ``static/js/tally.js``
steps in place and asks ``tally_preview`` for the score as it goes.

Every save carries what it was based on (the round's version, each team's saved count's
version): a stale one is refused with what the other phone stored, the user's input kept,
and the form now based on the stored version, so saving again puts theirs in its place.
"""

from __future__ import annotations

from typing import Any
from uuid import uuid4

from flask import abort, flash, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from handfoot_score.engine.errors import InvalidTally, Problem
from handfoot_score.extensions import csrf
from handfoot_score.services import games, tally_parts
from handfoot_score.services.errors import InvalidInput
from handfoot_score.services.games import GameConflict, GameNotFound, GameState
from handfoot_score.services.locking import DatabaseBusy
from handfoot_score.services.scoring import team_score_to_dict
from handfoot_score.services.typed_in import whole_number
from handfoot_score.web import bp
from handfoot_score.web.league_access import edit_code_for_game
from handfoot_score.web.tally_form import NOBODY_WENT_OUT, ErrorLink, RoundTallyForm
from handfoot_score.web.tally_words import tally_words

#: The parts of a team's round score the preview lists, as the page names them.
PREVIEW_PARTS = (
    ("melded_points", "Melded"), ("book_points", "Books"), ("red_three_points", "Red threes"),
    ("going_out_points", "Going out"), ("bonus_points", "Bonus"), ("left_points", "Left"),
)
#: Said when Save found a points switch flipped whose inputs the page had not shown yet.
SWITCHED = "The counts now show as the switch asks: fill them in, then save."


@bp.route("/games/<game_id>/rounds/<int:number>", methods=["GET", "POST"])
def tally(game_id: str, number: int) -> ResponseReturnValue:
    """Count a round: record the round being played, save one team's own count of it
    (``?team=N``), or correct a round recorded earlier."""
    state = _game(game_id, number)
    team = _only_team(state, number)
    form = RoundTallyForm.for_game(state.rules, [t.name for t in state.teams])
    if request.method == "GET":
        _fill(form, state, number, team)
        return _page(state, number, form, team)
    pressed = request.form.get("step")
    if pressed is not None:
        form.step(pressed)
        form.show_chosen_modes()
        return _page(state, number, form, team)
    if form.mode_changed():
        form.show_chosen_modes()
        return _page(state, number, form, team, notice=SWITCHED)
    if not form.validate():
        return _page(state, number, form, team, errors=form.refusals(), status=400)
    try:
        return redirect(_save(game_id, number, form, team), code=303)
    except (InvalidTally, InvalidInput) as error:
        return _page(state, number, form, team, errors=form.attach(error.problems), status=422)
    except GameConflict as error:
        return _page(state, number, form, team, errors=_refused(state, form, error),
                     status=409)
    except DatabaseBusy as error:
        return _page(state, number, form, team, errors=[ErrorLink(error.message, None)],
                     status=503)


@bp.post("/games/<game_id>/rounds/<int:number>/preview")
def tally_preview(game_id: str, number: int) -> ResponseReturnValue:
    """Score the form as it stands, storing nothing: the preview while counting."""
    state = _game(game_id, number)
    form = RoundTallyForm.for_game(state.rules, [team.name for team in state.teams])
    body, status = _preview(state, number, form)
    return jsonify(body), status


# The tally form checks its own CSRF token when it saves, so a token that expired while a
# long round was counted shows the form again with everything typed, not an error page.
# Steps and previews store nothing and need no token.
csrf.exempt(tally)
csrf.exempt(tally_preview)


def _game(game_id: str, number: int) -> GameState:
    """The game, if ``number`` is a round that can be counted or corrected in it."""
    try:
        state = games.get_game(game_id)
    except GameNotFound:
        abort(404)
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
    """A new round starts from each team's saved count, or else from the books tapped
    during play; a recorded one shows as entered."""
    if number == state.current_round:
        form.from_teams([part.tally if (part := state.part(t.position)) else
                         {"books": books.as_counts()} for t, books in zip(state.teams,
                                                                         state.books)])
        form.show_part_versions(state.part_versions())
        form.request_key.data = uuid4().hex
        if team is not None:
            part = state.part(team)
            form.went_out.data = str(team) if part and part.tally.get("went_out") \
                else NOBODY_WENT_OUT
    else:
        recorded = state.round(number)
        form.from_teams(recorded.tallies)
        form.version.data = str(recorded.version)


def _save(game_id: str, number: int, form: RoundTallyForm, team: int | None) -> str:
    """Save the form; where to go next."""
    if team is not None:
        return _save_part(game_id, number, form, team)
    teams = form.to_teams()
    if form.version.data:
        games.correct_round(game_id, number, {"teams": teams,
                                              "version": _number(form.version.data)},
                            edit_code=edit_code_for_game(game_id))
    else:
        games.record_round(game_id, {"round": number, "teams": teams,
                                     "request_key": form.request_key.data or None,
                                     "part_versions": form.part_versions()})
    return url_for("web.scoreboard", game_id=game_id)


def _save_part(game_id: str, number: int, form: RoundTallyForm, team: int) -> str:
    based_on = _number(form.teams[team].part_version.data or "0")
    state, recorded = tally_parts.save_part(game_id, number, team, form.part(team), based_on)
    if recorded:
        flash(f"Every team's count is in: round {number} is recorded.")
        return url_for("web.scoreboard", game_id=game_id)
    waiting = [count.name for count in state.counting if not count.saved]
    flash(f"{state.teams[team].name}'s count is saved. Still counting: {', '.join(waiting)}.")
    return url_for("web.game", game_id=game_id)


def _number(typed: str) -> int | str:
    """A version as the form sent it: a number, or the text to be refused as it is."""
    number = whole_number(typed)
    return typed if number is None else number


def _refused(state: GameState, form: RoundTallyForm, error: GameConflict) -> list[ErrorLink]:
    """The lines saying why a save was refused and what the other phone stored; the form is
    then based on what is stored now, so saving again puts the user's input in its place."""
    lines = [ErrorLink(error.message, None)]
    current = error.current or {}
    if "teams" in current:
        if form.version.data:
            form.version.data = str(current["version"])
        lines += [_theirs(state, team, tally) for team, tally in enumerate(current["teams"])]
    parts = current.get("parts", [current] if "tally" in current else [])
    for part in parts:
        form.teams[part["team"]].part_version.data = str(part["version"])
        if part["tally"] is not None:
            lines.append(_theirs(state, part["team"], part["tally"]))
    if len(lines) > 1:
        lines.append(ErrorLink("What you entered is still below: save again to put it in "
                               "place of theirs, or change it first.", None))
    return lines


def _theirs(state: GameState, team: int, tally: dict[str, Any]) -> ErrorLink:
    return ErrorLink(f"{state.teams[team].name} on the other phone: {tally_words(tally)}.", None)


def _preview(state: GameState, number: int, form: RoundTallyForm
             ) -> tuple[dict[str, Any], int]:
    """Each team's score for the form as it stands, or what stops it being scored."""
    try:
        scores = games.preview_round(state.id, number, form.to_teams())
    except (InvalidTally, InvalidInput) as error:
        return {"teams": [], "errors": _problems(form, error.problems)}, 422
    except GameConflict as error:
        return {"teams": [], "errors": _problems(
            form, [Problem(error.field or "round", error.message)])}, 409
    before = state.totals_before(number)
    teams = [{**team_score_to_dict(score), "total_after": total + score.total}
             for score, total in zip(scores, before)]
    return {"teams": teams, "errors": []}, 200


def _problems(form: RoundTallyForm, problems: tuple[Problem, ...] | list[Problem]
              ) -> list[dict[str, Any]]:
    return [{**problem.as_dict(), **form.describe(problem).as_dict()} for problem in problems]


def _page(state: GameState, number: int, form: RoundTallyForm, team: int | None,
          errors: list[ErrorLink] | None = None, status: int = 200,
          notice: str | None = None) -> ResponseReturnValue:
    correcting = bool(form.version.data)
    typed = request.method == "POST"
    saved = [not correcting and not typed and state.part(t.position) is not None
             for t in state.teams]
    tapped = [not correcting and not is_saved and any(books.as_counts().values())
              for books, is_saved in zip(state.books, saved)]
    preview = None if errors else _preview(state, number, form)[0]
    if number != state.current_round:
        live_page = f"correct-{number}-{state.round(number).version}"
        changed = f"Round {number} was changed on another phone."
    else:
        live_page, changed = f"record-{number}", f"Round {number} was recorded on another phone."
    page = render_template(
        "games/tally.html", state=state, number=number, form=form, errors=errors or [],
        correcting=correcting, tapped=tapped, saved=saved, hints=form.hints(),
        preview=preview, preview_parts=PREVIEW_PARTS, notice=notice, only_team=team,
        live_page=live_page, live_changed=changed, typed=typed,
    )
    return page, status
