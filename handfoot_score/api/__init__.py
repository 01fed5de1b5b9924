"""JSON API v1: rules, scoring and the meld checker (games come with #3)."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")

from . import errors, views  # noqa: E402,F401  (registers routes and handlers on bp)
