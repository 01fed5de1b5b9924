"""Light or dark pages: the phone's setting, unless this device chose one here.

The choice is a cookie the pages read to put ``data-theme`` on ``<html>``; the switch is a
form at the foot of every page, so it works without JavaScript; like every form, it carries
its CSRF token, so another site cannot post it.
"""

from __future__ import annotations

from flask import Blueprint, redirect, request, url_for
from flask.typing import ResponseReturnValue

from handfoot_score.web.home.language import ONE_YEAR, remember_language
from handfoot_score.web.shared.redirects import SEE_OTHER, safe_next
from handfoot_score.web.shared.themes import COOKIE, THEMES

bp = Blueprint("theme", __name__)



@bp.post("/theme")
def set_theme() -> ResponseReturnValue:
    """Remember this device's choice of light or dark, or of its language, then go back to the
    page it came from."""
    answer = redirect(safe_next(request.form.get("next", "")) or url_for("home.home"), SEE_OTHER)
    if "language" in request.form:
        return remember_language(answer, request.form["language"])
    theme = request.form.get("theme", "auto")
    if theme not in THEMES:
        theme = "auto"
    if theme == "auto":
        answer.delete_cookie(COOKIE)
    else:
        answer.set_cookie(COOKIE, theme, max_age=ONE_YEAR, samesite="Lax", httponly=True,
                          secure=request.is_secure)
    return answer

