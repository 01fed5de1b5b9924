"""JSON API v1: rules, scoring, the meld checker, games and leagues.

Each module of the API is a blueprint of its own, nested in ``bp``, which gives them the
``/api/v1`` prefix and answers their errors as JSON; so an endpoint is named
``api.<module>.<view>``: ``api.games.game``, ``api.leagues.join``, ``api.views.score``."""

from flask import Blueprint

from . import club_nights, errors, games, leagues, views

bp = Blueprint("api", __name__, url_prefix="/api/v1")
errors.register_error_handlers(bp)

#: The API's modules' blueprints, each nested in ``bp``.
PARTS = (games.bp, leagues.bp, club_nights.bp, views.bp)
for part in PARTS:
    bp.register_blueprint(part)
