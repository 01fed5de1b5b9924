"""Every API error is JSON: ``{"errors": [{"team", "field", "message"}]}``."""

from __future__ import annotations

from flask import jsonify
from flask.typing import ResponseReturnValue

from handfoot_score.engine.errors import EngineError, UnknownRules
from handfoot_score.services.games import GameConflict, GameNotFound

from . import bp


@bp.errorhandler(EngineError)
def unprocessable(error: EngineError) -> ResponseReturnValue:
    """A rule set, tally, meld or field that cannot be: 422 naming each team and field."""
    return jsonify({"errors": [p.as_dict() for p in error.problems]}), 422


@bp.errorhandler(UnknownRules)
def unknown_rules(error: UnknownRules) -> ResponseReturnValue:
    """An id that names no preset: 404."""
    message = f"There are no rules with id {error.rules_id!r}."
    return jsonify({"errors": [{"team": None, "field": "rules", "message": message}]}), 404


@bp.errorhandler(GameNotFound)
def unknown_game(error: GameNotFound) -> ResponseReturnValue:
    """A game id that names no game: 404."""
    message = "There is no game at this address."
    return jsonify({"errors": [{"team": None, "field": None, "message": message}]}), 404


@bp.errorhandler(GameConflict)
def conflict(error: GameConflict) -> ResponseReturnValue:
    """A write that does not fit the game as it stands now: 409."""
    return jsonify({"errors": [{"team": None, "field": error.field,
                                "message": error.message}]}), 409
