"""The HTML pages people use at the card table: one blueprint, one module per concern."""

from flask import Blueprint

bp = Blueprint("web", __name__)

from handfoot_score.web import views  # noqa: E402,F401  (registers the routes on bp)
from handfoot_score.web import meld_calculator  # noqa: E402,F401

__all__ = ["bp"]
