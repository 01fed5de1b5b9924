"""A league's edit code on the pages: asked once per device, then remembered in its session.

The session keeps the key ``leagues.unlock`` gives for the code, never the code itself. Pages
that change a league's games pass ``edit_code_for(league_id)`` (or ``edit_code_for_game``)
to the games service; when the service refuses, the web's error handlers
(``shared/errors.py``) send the player to the unlock page (``leagues/access.py``) and back.
"""

from __future__ import annotations

from flask import request, session
from wtforms import HiddenField, PasswordField
from wtforms.validators import InputRequired, Length

from handfoot_score.services import leagues
from handfoot_score.services.edit_codes import MAX_EDIT_CODE
from handfoot_score.services.words import lazy_gettext as _l
from handfoot_score.web.shared.flask_form import FlaskForm
from handfoot_score.web.shared.redirects import safe_next

SESSION_KEY = "league_keys"
#: A device keeps the keys of this many leagues at most, the latest unlocked.
MAX_REMEMBERED = 20
#: The unlock form's own fields; every other field posted to it is the form being carried.
_UNLOCK_FIELDS = ("csrf_token", "edit_code", "next", "repost")
SESSION_LISTED = "my_leagues"
#: A device lists this many leagues at most, the latest opened: the cookie stays small.
MAX_LISTED = 15


class UnlockForm(FlaskForm):
    """The edit code, and the page to go back to."""

    edit_code = PasswordField(_l("Edit code"), validators=[
        InputRequired(_l("Type the league's edit code.")), Length(max=MAX_EDIT_CODE)])
    next = HiddenField()
    repost = HiddenField()


class ForgetForm(FlaskForm):
    """A button that makes this device ask for the code again."""


def edit_code_for(league_id: str | None) -> str | None:
    """What this device remembers of a league's edit code, to pass to the games service."""
    if league_id is None:
        return None
    keys = session.get(SESSION_KEY)
    return keys.get(league_id) if isinstance(keys, dict) else None


def checked_edit_code_for(league_id: str) -> str:
    """What this device remembers of a league's edit code, checked before a form is read: a
    device that has not unlocked a protected league is asked for the code first (its form
    carried through), whatever the form holds."""
    return leagues.unlock(league_id, edit_code_for(league_id))


def edit_code_for_game(game_id: str) -> str | None:
    """What this device remembers of the edit code of the league a game is played in."""
    league = leagues.league_of_game(game_id)
    return edit_code_for(league.id) if league is not None else None


def remember(league_id: str, key: str) -> None:
    """Keep a league's key in this device's session (which then outlives the browser), and
    list the league on this device's /leagues."""
    keys = {k: v for k, v in (session.get(SESSION_KEY) or {}).items() if k != league_id}
    keys[league_id] = key
    session[SESSION_KEY] = dict(list(keys.items())[-MAX_REMEMBERED:])
    session.permanent = True
    list_league(league_id)


def list_league(league_id: str) -> None:
    """Put a league this device created, unlocked or opened on its /leagues (the list of
    leagues is this device's own: a league's link is all it takes to read it)."""
    listed = listed_leagues()
    if league_id not in listed:
        session[SESSION_LISTED] = [*listed, league_id][-MAX_LISTED:]
        session.permanent = True


def listed_leagues() -> list[str]:
    """The ids of the leagues this device created, unlocked or opened, oldest first."""
    ids = session.get(SESSION_LISTED)
    return [i for i in ids if isinstance(i, str)] if isinstance(ids, list) else []


def carried_fields() -> list[tuple[str, str]]:
    """The fields of the posted form that are not the unlock form's own, in order."""
    return [(name, value) for name, value in request.form.items(multi=True)
            if name not in _UNLOCK_FIELDS]


def back_here() -> str:
    """Where to return once unlocked: this page, or for a form, the page that showed it."""
    if request.method == "GET":
        return request.full_path.rstrip("?")
    return safe_next(request.referrer or "") or ""


