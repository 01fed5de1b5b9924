"""Every API error is JSON: ``{"errors": [{"team", "field", "message"}]}``.

The messages are in the language the request asks for (``Accept-Language``, else English);
the keys, the fields and the codes stay as they are in every language. An id that names
nothing stored (``services.errors.NotFound``) is answered by the app's one handler
(``serving/errors.py`` ``not_found``), in the same shape."""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from handfoot_score.engine.errors import EngineError, UnknownRules
from handfoot_score.services.edit_codes import EditCodeRequired, TooManyAttempts
from handfoot_score.services.games import GameConflict
from handfoot_score.services.locking import DatabaseBusy
from handfoot_score.services.words import say


def unprocessable(error: EngineError) -> ResponseReturnValue:
    """A rule set, tally, meld or field that cannot be: 422 naming each team and field."""
    return jsonify({"errors": [{**p.as_dict(), "message": say(p)} for p in error.problems]}), 422


def unknown_rules(error: UnknownRules) -> ResponseReturnValue:
    """An id that names no preset: 404."""
    message = _("There are no rules with id %(id)s.", id=repr(error.rules_id))
    return jsonify({"errors": [{"team": None, "field": "rules", "message": message}]}), 404


def conflict(error: GameConflict) -> ResponseReturnValue:
    """A write that does not fit the game as it stands now: 409, with what another phone
    stored meanwhile (``current``) when a stale version was the reason."""
    body: dict[str, object] = {"errors": [{"team": None, "field": error.field,
                                           "message": error.message}]}
    current = error.current_data()
    if current is not None:
        body["current"] = current
    return jsonify(body), 409


def busy(error: DatabaseBusy) -> ResponseReturnValue:
    """Other writers kept the database locked (or other heavy reads run): 503, nothing
    saved, try again when Retry-After says."""
    body = {"errors": [{"team": None, "field": None, "message": error.message}]}
    return jsonify(body), 503, {"Retry-After": str(error.retry_after)}


def edit_code_required(error: EditCodeRequired) -> ResponseReturnValue:
    """A change to a protected league without its edit code, or with a wrong one: 403."""
    return jsonify({"errors": [{"team": None, "field": "edit_code",
                                "message": error.message}]}), 403


def too_many_attempts(error: TooManyAttempts) -> ResponseReturnValue:
    """Too many wrong edit codes lately: 429, and when to try again."""
    body = {"errors": [{"team": None, "field": "edit_code", "message": error.message}]}
    return jsonify(body), 429, {"Retry-After": str(error.retry_after)}


def register_error_handlers(api: Blueprint) -> None:
    """Answer the errors of every request under ``api`` (its nested blueprints too) as JSON."""
    api.register_error_handler(EngineError, unprocessable)
    api.register_error_handler(UnknownRules, unknown_rules)
    api.register_error_handler(GameConflict, conflict)
    api.register_error_handler(DatabaseBusy, busy)
    api.register_error_handler(EditCodeRequired, edit_code_required)
    api.register_error_handler(TooManyAttempts, too_many_attempts)
