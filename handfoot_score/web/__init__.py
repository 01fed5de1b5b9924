"""The HTML pages people use at the card table: a package per feature, each holding its
blueprint's routes (``routes.py``, or a module named for its page), its forms and view
models, and ``shared/`` for what two features share; ``create_app`` registers each
feature's blueprint by name. No feature imports another (``tests/test_web_features.py``)."""

from flask import Flask

from handfoot_score.web.home.routes import remember_game
from handfoot_score.web.play.live import location_for_scripts
from handfoot_score.web.shared.errors import register_error_handlers
from handfoot_score.web.shared.filters import register_filters
from handfoot_score.web.shared.hooks import register_hooks
from handfoot_score.web.shared.templating import configure_templates


def register_web(app: Flask) -> None:
    """Register what every page shares: the pages' error handlers, filters and hooks."""
    register_error_handlers(app)
    register_filters(app)
    configure_templates(app)
    # Remember the games this device opens, and answer live.js's saves with where to go.
    # A save's redirect becomes an answer before a game is remembered, as when both were
    # the one blueprint's.
    register_hooks(app, remember_game, location_for_scripts)
