"""JSON API v1: rules, scoring, the meld checker and games."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")

from . import errors, games, views  # noqa: E402,F401  (registers routes and handlers on bp)
