"""JSON API v1: rules, scoring, the meld checker, games and leagues."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")

from . import errors, games, leagues, views  # noqa: E402,F401  (registers routes on bp)
