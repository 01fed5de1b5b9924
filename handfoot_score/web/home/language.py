"""The language picker at the foot of every page, beside the light/dark switch and sent by
the same form (one form keeps every page light), so it works without JavaScript.

The choice is a cookie that ``handfoot_score.languages.i18n.select_locale`` reads before the phone's
own language, so a shared tablet stays in the language the table chose.
"""

from __future__ import annotations

from flask import request
from werkzeug.wrappers import Response

from handfoot_score.languages.i18n import COOKIE, LOCALES

#: The choice is remembered for a year.
ONE_YEAR = 365 * 24 * 3600


def remember_language(answer: Response, language: str) -> Response:
    """Have ``answer`` remember this device's language, if it is one of ours."""
    if language in LOCALES:
        answer.set_cookie(COOKIE, language, max_age=ONE_YEAR, samesite="Lax", httponly=True,
                          secure=request.is_secure)
    return answer
