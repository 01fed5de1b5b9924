"""The HTML pages people use at the card table: one blueprint, one module per concern."""

from flask import Blueprint

bp = Blueprint("web", __name__)

from handfoot_score.web import games_setup, views  # noqa: E402,F401  (registers routes on bp)
from handfoot_score.web import rules_pages  # noqa: E402,F401
from handfoot_score.web import meld_calculator  # noqa: E402,F401
from handfoot_score.web import tally  # noqa: E402,F401
from handfoot_score.web import formats, play, results  # noqa: E402,F401
from handfoot_score.web import leagues, league_access  # noqa: E402,F401
from handfoot_score.web import join, live  # noqa: E402,F401
from handfoot_score.web import theme  # noqa: E402,F401

__all__ = ["bp"]
