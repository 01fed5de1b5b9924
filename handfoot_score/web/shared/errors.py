"""The pages' answers to what the services refuse, registered for the whole app in one place.

The JSON API answers the same errors in its own words (``api/errors.py``): a blueprint's
handler comes before the app's, so these only answer the pages.
"""

from __future__ import annotations

from flask import Flask, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import NotFound, ServiceUnavailable

from handfoot_score.engine.errors import UnknownRules
from handfoot_score.services import leagues
from handfoot_score.services.edit_codes import EditCodeRequired, TooManyAttempts
from handfoot_score.services.locking import DatabaseBusy
from handfoot_score.services.words import gettext as _
from handfoot_score.web.shared.edit_codes import (
    ForgetForm,
    UnlockForm,
    back_here,
    carried_fields,
    edit_code_for,
)
from handfoot_score.web.shared.redirects import SEE_OTHER


def register_error_handlers(app: Flask) -> None:
    """Answer the services' refusals on the pages."""
    app.register_error_handler(UnknownRules, unknown_rules)
    app.register_error_handler(EditCodeRequired, ask_for_edit_code)
    app.register_error_handler(TooManyAttempts, wait_for_edit_code)
    app.register_error_handler(DatabaseBusy, busy)


def unknown_rules(error: UnknownRules) -> ResponseReturnValue:
    """Rules no one has made: the page-not-found page."""
    message = _("There are no rules called \u201c%(name)s\u201d.", name=error.rules_id)
    return render_template("error.html", error=NotFound(), message=message), 404


def ask_for_edit_code(error: EditCodeRequired) -> ResponseReturnValue:
    """A page tried to change a protected league's game: ask for the code, then come back.

    A form posted without the code is carried through the question in hidden fields, and
    posted again once the code is right: what the player typed is not lost."""
    if edit_code_for(error.league_id) is not None:
        flash(error.message, "error")
    if request.method == "POST":
        form = UnlockForm(formdata=None, next=request.path, repost="1")
        return render_template("leagues/unlock.html", league=leagues.get_league(error.league_id),
                               form=form, forget=ForgetForm(), carried=carried_fields(),
                               remembered=edit_code_for(error.league_id) is not None), 403
    return redirect(url_for("league_access.unlock_league", league_id=error.league_id,
                            next=back_here()), SEE_OTHER)


def wait_for_edit_code(error: TooManyAttempts) -> ResponseReturnValue:
    """Too many wrong codes lately: say how long to wait, on the unlock page."""
    flash(error.message, "error")
    return redirect(url_for("league_access.unlock_league", league_id=error.league_id,
                            next=back_here()), SEE_OTHER)


def busy(error: DatabaseBusy) -> ResponseReturnValue:
    """Other phones' writes kept the database locked: say so, and that nothing was saved."""
    page = render_template("error.html", error=ServiceUnavailable(), message=error.message)
    return page, 503, {"Retry-After": str(error.retry_after)}
