"""The unlock page of a protected league: its edit code asked for once per device, and
forgotten again on request. What is remembered, and how the pages read it, is
``shared/edit_codes.py``."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue

from handfoot_score.services import leagues
from handfoot_score.services.edit_codes import EditCodeRequired, TooManyAttempts
from handfoot_score.services.words import gettext as _
from handfoot_score.web.shared.edit_codes import (
    SESSION_KEY,
    ForgetForm,
    UnlockForm,
    carried_fields,
    edit_code_for,
    remember,
)
from handfoot_score.web.shared.redirects import SEE_OTHER, safe_next

bp = Blueprint("league_access", __name__)

#: Sends the browser back to post the same form again, to the page that asked for the code.
POST_AGAIN = 307


@bp.route("/leagues/<league_id>/unlock", methods=["GET", "POST"])
def unlock_league(league_id: str) -> ResponseReturnValue:
    """Ask for a league's edit code; once right, this device may change the league's games."""
    league = leagues.get_league(league_id)
    form = UnlockForm(next=request.args.get("next", ""))
    carried = carried_fields() if form.repost.data else []
    if not form.validate_on_submit():
        return render_template("leagues/unlock.html", league=league, form=form,
                               remembered=edit_code_for(league.id) is not None,
                               forget=ForgetForm(), carried=carried)
    try:
        remember(league.id, leagues.unlock(league.id, form.edit_code.data))
    except EditCodeRequired as error:
        form.edit_code.errors = [error.message]
        return render_template("leagues/unlock.html", league=league, form=form,
                               forget=ForgetForm(), carried=carried), 403
    except TooManyAttempts as error:
        form.edit_code.errors = [error.message]
        return render_template("leagues/unlock.html", league=league, form=form,
                               forget=ForgetForm(), carried=carried), \
            429, {"Retry-After": str(error.retry_after)}
    flash(_("This device may now change the league's games."), "success")
    back = safe_next(form.next.data or "")
    if back and form.repost.data:
        return redirect(back, POST_AGAIN)
    return redirect(back or url_for("leagues.league", league_id=league.id), SEE_OTHER)


@bp.post("/leagues/<league_id>/forget")
def forget_league_code(league_id: str) -> ResponseReturnValue:
    """Make this device ask for the league's edit code again; 404 for no such league."""
    if not ForgetForm().validate_on_submit():
        abort(400)
    league = leagues.get_league(league_id)
    keys = session.get(SESSION_KEY) or {}
    session[SESSION_KEY] = {k: v for k, v in keys.items() if k != league.id}
    flash(_("This device will ask for the edit code again."), "success")
    return redirect(url_for("leagues.league", league_id=league.id), SEE_OTHER)


